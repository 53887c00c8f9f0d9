"""`belote-site serve --watch`: build, serve, rebuild on every change, reload the open pages.

The pages are served with one extra script (`CLIENT`), added as they are
sent, never written into the built files. It listens to Server-Sent Events
(`EVENTS`, naming the page it is on): `hello` with the build the server now
serves (a page from an older build reloads), `reload` after each good build,
and `problem` with the lines of a failed build, shown in a box at the top of
the page while the last good site stays served.

The open pages are rendered first (`pipeline/preview.py`): after an edit they
are served from memory and reload (`reload` with `preview`) while the whole
site is built again, then reload once more when it is.

The server is resident, as Hugo's is: its builds share one process and
keep in memory what they read (rule sets, verified scenarios, each page
file's pages, decoded catalogs, compiled templates), each under the name of
the bytes it came from, so an edit reads and checks again only the file it
changed and what depends on it, and renders only the outputs whose keys
changed. Only the inputs are watched (content, templates, catalogs): the
generator's own code is already imported, so a change to it needs a restart.

Two servers watching one project both rebuild on an edit, and one finds the
other writing the site: it waits for that build to end and builds again,
rather than showing the lock as a failure while the site is current.
"""

from __future__ import annotations

import functools
import io
import json
import os
import queue
import re
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol
from urllib.parse import parse_qs, unquote, urlsplit

import watchfiles
from watchfiles import Change, DefaultFilter

from ...content.errors import ContentError, Problems
from ...content.files import inside
from ..pipeline.build import Report, build
from ..pipeline.cache import Cache
from ..pipeline.output import Output
from ..pipeline.preview import preview
from ..rendering.memo import forget_unused as forget_unused_answers
from .serve import QuietHandler, local_server

if TYPE_CHECKING:
    from ..pipeline.project import Project

EVENTS = "/__watch/events"
CLIENT = "/__watch/client.js"
# The id of the box that shows why the last build failed.
OVERLAY_ID = "belote-watch-problem"
# A comment sent to an idle page now and then, so that a closed tab is noticed and let go
# (and shorter than nothing: the connection's timeout bounds only a write the page never takes).
KEEPALIVE_SECONDS = 15.0
# How long a build that finds another build writing the site waits for it to end, in
# all, and how often it looks: past that, the lock is shown as the failure it then is.
LOCK_WAIT_SECONDS = 600.0
LOCK_POLL_SECONDS = 0.25
# How Output.locked words the lock another build holds (the only failure worth a retry).
LOCK_TAKEN = "another build is writing this folder"
# Name patterns of files no build reads: compiled catalogs, and what editors write
# beside a file while saving it (vim's `4913` probe, emacs' `#autosave#`, ...).
IGNORED_NAMES = (
    r"\.mo$",
    r"^4913$",
    r"^#.*#$",
    r"\.tmp$",
    r"\.kate-swp$",
    r"^\.goutputstream-",
    r"\.crswap$",
)

CLIENT_JS = """\
// Added by `belote-site serve --watch` to the pages it serves, never to the
// built files: reloads the page after each rebuild, and shows why a build
// failed in a box at the top of the page.
(() => {
  "use strict";
  const served = document.currentScript.dataset.build;
  const events = new EventSource("@EVENTS@?page=" + encodeURIComponent(location.pathname));
  const reload = () => {
    events.close();
    location.reload();
  };
  const show = (lines) => {
    let box = document.getElementById("@OVERLAY@");
    if (!box) {
      box = document.createElement("div");
      box.id = "@OVERLAY@";
      box.setAttribute("role", "alert");
      box.style.cssText =
        "position:fixed;top:0;left:0;right:0;z-index:2147483647;margin:0;" +
        "padding:0.75em 1em;background:#7f1d1d;color:#fff;" +
        "font:14px/1.4 monospace;white-space:pre-wrap;overflow-wrap:anywhere";
      document.body.prepend(box);
    }
    // textContent, never innerHTML: the lines quote content files.
    box.textContent = lines.join("\\n");
  };
  events.addEventListener("hello", (event) => {
    if (event.data !== served) reload();
  });
  events.addEventListener("reload", reload);
  events.addEventListener("problem", (event) => show(JSON.parse(event.data)));
})();
""".replace("@EVENTS@", EVENTS).replace("@OVERLAY@", OVERLAY_ID)

_BODY_END = re.compile(rb"</body\s*>", re.IGNORECASE)


class Console(Protocol):
    """What the command line prints: the lines `belote-site build` prints, and the address."""

    def serving(self, url: str) -> None: ...

    def built(self, report: Report) -> None: ...

    def failed(self, failure: ContentError | Problems) -> list[str]:
        """Print why the build failed; return the same lines, for the pages."""
        ...


def with_client(html: bytes, build_id: str) -> bytes:
    """The page with the watch script before its last `</body>` (or at its end)."""
    tag = f'<script src="{CLIENT}" data-build="{build_id}"></script>'.encode()
    ends = list(_BODY_END.finditer(html))
    at = ends[-1].start() if ends else len(html)
    return html[:at] + tag + html[at:]


def _event(name: str, data: str) -> str:
    # `data` is one line (a build id, or JSON, which escapes its newlines).
    return f"event: {name}\ndata: {data}\n\n"


Listener = queue.SimpleQueue[str | None]  # events to send; None ends the stream


class Hub:
    """The build being served, the last build's problem, every open page listening (and
    the page it is on), and the open pages rendered ahead of the build."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[Listener, str | None] = {}
        self._build = secrets.token_hex(8)
        self._problem: str | None = None
        self._closed = False
        self._previewed: dict[str, bytes] = {}

    @property
    def build_id(self) -> str:
        with self._lock:
            return self._build

    @contextmanager
    def listen(self, page: str | None = None) -> Iterator[Listener]:
        """Events for one page (its path below the site's root, if known), starting with the
        current state (so none is missed)."""
        listener: Listener = queue.SimpleQueue()
        with self._lock:
            listener.put(_event("hello", self._build))
            if self._problem is not None:
                listener.put(self._problem)
            if self._closed:
                listener.put(None)
            self._listeners[listener] = page
        try:
            yield listener
        finally:
            with self._lock:
                self._listeners.pop(listener, None)

    def open_pages(self) -> set[str]:
        with self._lock:
            return {page for page in self._listeners.values() if page is not None}

    def previewed(self, files: dict[str, bytes]) -> None:
        """Serve these files ahead of the build; reload the pages among them."""
        with self._lock:
            self._previewed = files
            for listener, page in self._listeners.items():
                if page in files:
                    listener.put(_event("reload", "preview"))

    def preview_of(self, path: str) -> bytes | None:
        with self._lock:
            return self._previewed.get(path)

    def built(self) -> None:
        with self._lock:
            self._build = secrets.token_hex(8)
            self._problem = None
            self._previewed = {}
            self._send(_event("reload", self._build))

    def failed(self, lines: Sequence[str]) -> None:
        with self._lock:
            self._problem = _event("problem", json.dumps(list(lines)))
            self._previewed = {}
            self._send(self._problem)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._send(None)

    def _send(self, event: str | None) -> None:
        for listener in self._listeners:
            listener.put(event)


class WatchHandler(QuietHandler):
    """Serves the site with the watch script in every page, and the events stream."""

    def __init__(self, *args: Any, hub: Hub, **kwargs: Any) -> None:
        self.hub = hub  # before super().__init__, which handles the request
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        if self._route() == EVENTS:
            self._stream()
        else:
            super().do_GET()

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        route = self._route()
        if route == CLIENT:
            return self._answer(CLIENT_JS.encode(), "text/javascript; charset=utf-8")
        path = site_path(route)
        ahead = self.hub.preview_of(path)
        if ahead is not None:  # an open page, rendered ahead of the build, or its picture
            if path.endswith(".html"):
                html = with_client(ahead, self.hub.build_id)
                return self._answer(html, "text/html; charset=utf-8")
            return self._answer(ahead, self.guess_type(path))
        page = self._page(route)
        if page is None:
            return super().send_head()
        try:
            html = page.read_bytes()
        except OSError:
            return super().send_head()  # swapped away by a build meanwhile: the usual answer
        return self._answer(with_client(html, self.hub.build_id), "text/html; charset=utf-8")

    def end_headers(self) -> None:
        # A reload must fetch the rebuilt page and pictures, not the browser's cached ones.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def _route(self) -> str:
        return urlsplit(self.path).path

    def _page(self, route: str) -> Path | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not route.endswith("/"):
                return None  # the usual redirect to the folder's own URL
            path = path / "index.html"
        return path if path.suffix == ".html" and path.is_file() else None

    def _answer(self, body: bytes, kind: str) -> io.BytesIO:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def _stream(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        pages = parse_qs(urlsplit(self.path).query).get("page")
        with self.hub.listen(site_path(pages[0]) if pages else None) as listener:
            while (event := _next(listener)) is not None:
                try:
                    self.wfile.write(event.encode())
                    self.wfile.flush()
                except OSError:
                    return  # the page went away


def site_path(route: str) -> str:
    """A page's or file's path below the site's root, from the path of its address."""
    path = unquote(route).lstrip("/")
    return path + "index.html" if not path or path.endswith("/") else path


def _next(listener: Listener) -> str | None:
    try:
        return listener.get(timeout=KEEPALIVE_SECONDS)
    except queue.Empty:
        return ": keepalive\n\n"


class InputFilter(DefaultFilter):
    """watchfiles' usual ignores (editors' swap files, caches), compiled catalogs, the output."""

    ignore_entity_patterns = (*DefaultFilter.ignore_entity_patterns, *IGNORED_NAMES)

    def __init__(self, *ignored: Path) -> None:
        super().__init__()
        self._ignored = tuple(os.path.abspath(folder) for folder in ignored)

    def __call__(self, change: Change, path: str) -> bool:
        if any(inside(path, folder) for folder in self._ignored):
            return False
        return super().__call__(change, path)


class Pending(threading.Event):
    """Whether anything changed since the last build began: many changes make one build."""

    mark = threading.Event.set

    def take(self, timeout: float | None = None) -> bool:
        """Wait for a change (up to `timeout` s); if one came, count every change so far as seen."""
        if not self.wait(timeout):
            return False
        self.clear()
        return True


def _watch(
    folders: Sequence[Path], keep: InputFilter, pending: Pending, stop: threading.Event
) -> None:
    for _ in watchfiles.watch(*folders, watch_filter=keep, stop_event=stop, raise_interrupt=False):
        pending.mark()


@contextmanager
def watching(project: Project, out: Path) -> Iterator[Pending]:
    """Watch the project's inputs in a thread for the block; yield what it marks."""
    pending = Pending()
    stop = threading.Event()
    # The folders a build reads, but the generator's code (a change to it needs a restart).
    # Folders, never files: editors save a file by replacing it, which ends a watch on it.
    folders = [Path(os.path.abspath(folder)) for folder in project.inputs() if folder.is_dir()]
    keep = InputFilter(out, project.cache)
    thread = threading.Thread(target=_watch, args=(folders, keep, pending, stop), daemon=True)
    thread.start()
    try:
        yield pending
    finally:
        stop.set()
        thread.join(timeout=2)


def _lost_lock(failure: ContentError | Problems, out: Path) -> bool:
    """Whether the build failed only because another build holds the output's lock."""
    return (
        isinstance(failure, ContentError)
        and failure.path == Output(out).out
        and failure.message.startswith(LOCK_TAKEN)
    )


def _lock_freed(out: Path, deadline: float) -> bool:
    """Wait until no build holds the output's lock; False if one still does at the deadline."""
    output = Output(out)
    while time.monotonic() < deadline:
        time.sleep(LOCK_POLL_SECONDS)
        if not output.busy():
            return True
    return False


def rebuild(
    project: Project,
    out: Path,
    hub: Hub,
    console: Console,
    wait: float = LOCK_WAIT_SECONDS,
    records: Cache | None = None,
) -> int:
    """Build once; tell the pages to reload, or show them why not. The build's exit status.

    Another build writing the site (a second server on the project) is waited
    for, up to `wait` s, and the build made again once it has ended: what the
    pages show is this build's outcome, not the other's lock.
    """
    deadline = time.monotonic() + wait
    open_pages = hub.open_pages()
    if open_pages and records is not None:
        try:
            ahead = preview(project, open_pages, records)
        except (ContentError, Problems, OSError):
            ahead = {}  # what is wrong, the build says below, in its own words
        if ahead:
            hub.previewed(ahead)
    while True:
        try:
            report = build(project, out, records=records)
        except (ContentError, Problems) as failure:
            if _lost_lock(failure, out) and _lock_freed(out, deadline):
                continue
            hub.failed(console.failed(failure))
            return failure.exit_code
        hub.built()  # before the line that says so: a page fetched after it is the build's
        console.built(report)
        if records is not None:
            records.forget_unused()
            forget_unused_answers()
        return 0


def serve_watching(project: Project, out: Path, port: int, console: Console) -> int:
    """Build, serve `out` on 127.0.0.1, rebuild on every change until Ctrl-C.

    A first build that fails stops here, unless an earlier site is there to serve.
    """
    hub = Hub()
    handler = functools.partial(WatchHandler, hub=hub)
    # The server's builds keep what they read in memory (rule sets, scenarios, pages,
    # catalogs, compiled templates): an edit reads and checks again only what it changed.
    records = Cache(project.records, resident=True)
    with local_server(out, port, handler) as url:
        try:
            # Watching from before the first build: an edit made during it is not lost.
            with watching(project, out) as pending:
                status = rebuild(project, out, hub, console, records=records)
                if status and not (out / "index.html").is_file():
                    return status
                console.serving(url)
                while True:
                    pending.take()
                    rebuild(project, out, hub, console, records=records)
        except KeyboardInterrupt:
            return 0
        finally:
            hub.close()
