"""Serving a built site on 127.0.0.1, for the browser tests, Lighthouse and a quick look."""

from __future__ import annotations

import functools
import http.server
import socketserver
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

# What `local_server` calls for each request; `directory=` is added to it.
Handler = Callable[..., socketserver.BaseRequestHandler]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
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
