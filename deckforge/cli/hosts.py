"""The address ``deckforge referee --host`` listens on, checked before any server starts."""

from __future__ import annotations

import ipaddress
import re

import click

MAX_HOST_NAME = 253  # bytes of a DNS name (RFC 1035)
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_DOTTED_NUMBERS = re.compile(r"[0-9.]+")


def host_problem(host: str) -> str | None:
    """Why ``host`` cannot be listened on, or None: an IP address or a host name."""
    if not host.strip():
        return "give an address, e.g. 127.0.0.1 (this computer) or 0.0.0.0 (the network)"
    try:
        ipaddress.ip_address(host)
        return None
    except ValueError:
        pass
    if ":" in host:
        before, _, after = host.rpartition(":")
        if after.isdigit() and before and ":" not in before:
            return f"give the port with --port, not in the address (--host {before} --port {after})"
        return "not an IPv4 or IPv6 address"
    if _DOTTED_NUMBERS.fullmatch(host):
        return "not an IPv4 address (four numbers from 0 to 255, e.g. 192.168.1.20)"
    if len(host.encode("utf-8", "replace")) > MAX_HOST_NAME:
        return f"a host name has at most {MAX_HOST_NAME} characters"
    if not all(_LABEL.fullmatch(label) for label in host.removesuffix(".").split(".")):
        return "not an IP address or a host name (letters, digits, hyphens and dots)"
    return None


def checked_host(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """The ``--host`` value without IPv6 brackets, or a usage error saying what is wrong."""
    host = value.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    problem = host_problem(host)
    if problem is not None:
        shown = value if len(value) <= 60 else value[:57] + "..."
        raise click.BadParameter(f"{shown!r}: {problem}")
    return host


def url_host(host: str) -> str:
    """``host`` as written in a URL: an IPv6 address in brackets, once."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
