"""A TCP proxy in front of the referee that loses what a room's Wi-Fi loses.

``drop_replies(path)``: every POST whose path contains ``path`` reaches the referee
(which records it), and its answer is thrown away and the connection closed, so the
browser gets no reply (as when the Wi-Fi drops on the way back). ``go_down()`` closes every
connection and every new request at once (the referee unreachable); ``come_up()``
lets them through again. Counts say what happened, so tests wait on them, not on time.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit


class LossyProxy:
    def __init__(self, target_url: str) -> None:
        parts = urlsplit(target_url)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.dropping: str | None = None
        self.down = False
        self.dropped = 0  # replies cut off
        self.refused = 0  # POSTs refused while down
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    # -- what a test asks -----------------------------------------------------------------

    def drop_replies(self, path: str | None) -> None:
        self.dropping = path

    def go_down(self) -> None:
        self.down = True
        with self._lock:
            sockets = list(self._open)
        for sock in sockets:
            self._shut(sock)

    def come_up(self) -> None:
        self.down = False

    def close(self) -> None:
        self._closed = True
        self.go_down()
        self.listener.close()

    # -- the proxy ------------------------------------------------------------------------

    def _shut(self, sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            sock.close()
        with self._lock:
            self._open.discard(sock)

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        try:
            upstream = socket.create_connection(self.target)
        except OSError:
            self._shut(client)
            return
        with self._lock:
            self._open.update((client, upstream))
        cut = threading.Event()  # the answer to the request just sent is to be lost
        threading.Thread(target=self._answers, args=(upstream, client, cut), daemon=True).start()
        self._requests(client, upstream, cut)

    def _requests(
        self, client: socket.socket, upstream: socket.socket, cut: threading.Event
    ) -> None:
        while True:
            try:
                data = client.recv(65536)
            except OSError:
                data = b""
            if not data:
                break
            if data[:5] == b"POST ":
                if self.down:
                    self.refused += 1
                    break
                line = data.split(b"\r\n", 1)[0].decode("latin-1")
                if self.dropping and self.dropping in line:
                    cut.set()
            elif self.down and data[:4] in (b"GET ", b"HEAD"):
                break
            try:
                upstream.sendall(data)
            except OSError:
                break
        self._shut(client)
        self._shut(upstream)

    def _answers(
        self, upstream: socket.socket, client: socket.socket, cut: threading.Event
    ) -> None:
        while True:
            try:
                data = upstream.recv(65536)
            except OSError:
                data = b""
            if not data:
                break
            if cut.is_set():
                # the referee has answered, so the change is recorded: the browser gets
                # nothing of the answer, its connection closes
                self.dropped += 1
                break
            try:
                client.sendall(data)
            except OSError:
                break
        self._shut(client)
        self._shut(upstream)
