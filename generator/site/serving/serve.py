"""Serving a built site on 127.0.0.1, for the browser tests, Lighthouse and a quick look.

Only requests addressed to this machine by name are answered: a page of
another site whose name an attacker points at 127.0.0.1 (DNS rebinding)
sends its own name as Host, and is refused, so it cannot read the pages nor
the watch server's error lines. Each connection has a timeout, and each is
served in its own thread: a client that connects and says nothing neither
holds the server nor stays forever.
"""

from __future__ import annotations

import functools
import http.server
import socketserver
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http import HTTPStatus
from pathlib import Path

# What `local_server` calls for each request; `directory=` is added to it.
Handler = Callable[..., socketserver.BaseRequestHandler]
# The names this machine answers to, as a browser writes them in Host.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
# Seconds a connection may wait for a request, or for the client to take a write.
REQUEST_TIMEOUT = 10.0


def is_local_host(host: str, port: int) -> bool:
    """Whether a Host header names this machine (with the served port, or none)."""
    name = host.strip().lower()
    return any(name in (local, f"{local}:{port}") for local in LOCAL_HOSTS)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    # http.server sets it on the connection's socket: reading a request and writing
    # an answer each give up after this long (waiting for the next event does not).
    timeout = REQUEST_TIMEOUT

    def log_message(self, format: str, *args: object) -> None:
        pass

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        hosts = self.headers.get_all("Host") or []
        port = int(self.connection.getsockname()[1])  # the port the client reached
        if len(hosts) == 1 and is_local_host(hosts[0], port):
            return True
        body = b"this server answers only requests to 127.0.0.1 or localhost\n"
        self.close_connection = True
        self.send_response(HTTPStatus.FORBIDDEN)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        return False


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True  # a connection still open never holds up the end of the server

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # browsers drop connections they no longer need; that is no error


@contextmanager
def local_server(folder: Path, port: int = 0, handler: Handler = QuietHandler) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 (any free port by default); yield its base URL."""
    httpd = _Server(("127.0.0.1", port), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
