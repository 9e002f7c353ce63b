"""The real nginx in front of a test's referee: its own configuration in a temporary
folder (pid file, error log, temporary paths inside it, ``daemon off``), listening on
127.0.0.1, run by an unprivileged user.

The ``location /`` block is read from docs/hosting.md, so the tests exercise the
configuration the docs give. nginx's workers would switch to ``nobody`` when started by
root; when the tests run as root (CI) nginx itself runs through ``runuser`` as
``DECKFORGE_NGINX_USER`` (``nobody`` unless given). Without nginx the tests that need it
skip with a message saying how to run them; with ``CI=true`` they fail instead.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

PORTS = range(6050, 6100)  # the range this project's nginx tests may listen on
DOCS = Path(__file__).parents[1] / "docs" / "hosting.md"
HOW_TO_RUN = (
    "nginx is not installed here, so the reverse-proxy tests are skipped: install it"
    " (Debian: apt-get install nginx; macOS: brew install nginx) so that nginx is on PATH"
    " or in /usr/sbin, or run CI=true bash .ci/run"
)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def nginx_binary() -> str:
    """nginx's program; skips the test without it (fails it in CI)."""
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").is_file() else None
    )
    if found is None:
        if in_ci():
            pytest.fail(
                "CI=true but nginx is missing: .ci/run must install it (apt-get install nginx)"
            )
        pytest.skip(HOW_TO_RUN)
    return found


def free_port(ports: range) -> int:
    for port in ports:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {ports.start}-{ports.stop - 1}")


def docs_location_block(upstream_port: int) -> str:
    """The ``location / { ... }`` block of the docs' nginx site, passing to ``upstream_port``
    (the docs' upstream of several processes becomes the test's one referee)."""
    text = DOCS.read_text(encoding="utf-8")
    site = re.search(r"^```nginx\n(.*?)^```", text, re.M | re.S)
    assert site, "docs/hosting.md has no ```nginx block"
    block = re.search(r"^ *location / \{\n.*?^ *\}\n", site.group(1), re.M | re.S)
    assert block, "the docs' nginx site has no location / block"
    found, passes = re.subn(
        r"proxy_pass http://[^;]+;", f"proxy_pass http://127.0.0.1:{upstream_port};", block.group(0)
    )
    assert passes == 1, "the docs' location / block has no proxy_pass"
    return found


class Nginx:
    """nginx listening on 127.0.0.1:``port``, passing every request to ``upstream_port``."""

    def __init__(self, upstream_port: int) -> None:
        binary = nginx_binary()
        self.folder = Path(tempfile.mkdtemp(prefix="deckforge-nginx-"))
        self.port = free_port(PORTS)
        prefix: list[str] = []
        if os.geteuid() == 0:
            user = os.environ.get("DECKFORGE_NGINX_USER", "nobody")
            entry = pwd.getpwnam(user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
            prefix = ["runuser", "-u", user, "--"]
        config = self.folder / "nginx.conf"
        config.write_text(self._config(upstream_port), encoding="utf-8")
        os.chmod(config, 0o644)
        self.log = self.folder / "error.log"
        self.process = subprocess.Popen(
            [*prefix, binary, "-p", str(self.folder), "-c", str(config), "-e", str(self.log)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self._wait()

    def _config(self, upstream_port: int) -> str:
        folder = self.folder
        temp = "\n".join(
            f"    {kind}_temp_path {folder / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        return f"""daemon off;
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
{temp}
    server {{
        listen 127.0.0.1:{self.port};
        server_name localhost;
{docs_location_block(upstream_port)}    }}
}}
"""

    def _wait(self) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        out = (
            self.process.stdout.read()
            if self.process.poll() is not None and self.process.stdout
            else ""
        )
        log = self.log.read_text(errors="replace") if self.log.exists() else ""
        self.stop()
        raise AssertionError(f"nginx did not start:\n{out}{log}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # nginx's fast shutdown
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)
