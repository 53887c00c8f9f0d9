"""`belote-site serve --watch`: rebuilt on every change, the watch script only on the wire.

The server runs as the real command, in a subprocess, on a copy of the
fixture project (tests/fixture/) (its site inside the copy), on a port the system picks. Waiting is
polling with a deadline: a build takes seconds, and how many depends on the
machine.
"""

from __future__ import annotations

import functools
import gc
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.project import fixture_copy
from watchfiles import Change

from generator.content.catalogs import Messages
from generator.content.errors import ContentError, Problems
from generator.content.rulesets import RuleSets
from generator.site.pipeline.build import Project, Report
from generator.site.pipeline.cache import Cache
from generator.site.pipeline.output import Output
from generator.site.rendering.i18n import Language
from generator.site.serving import watch
from generator.site.serving.serve import REQUEST_TIMEOUT, QuietHandler, local_server
from generator.site.serving.watch import (
    CLIENT,
    EVENTS,
    Hub,
    InputFilter,
    Pending,
    WatchHandler,
    rebuild,
    watching,
    with_client,
)

# Longest wait for one build, on a slow machine.
BUILD_TIMEOUT = 180.0
SCENARIO = Path("content/scenarios/examples.yaml")
# The first example of the legal-cards page, and an expectation the engine contradicts.
GOOD = "allowed: [KS, 7S]"
WRONG = "allowed: [KS]"
PAGE = "en/legal-cards/index.html"
WATCH = ("serve", "--watch", "--port", "0")


def serve_watch(project: Path) -> list[str]:
    """The command, on a port the system picks."""
    return [sys.executable, "-m", "generator", "--project", str(project), *WATCH]


def _interruptible() -> None:
    # A shell starting tests in the background may ignore SIGINT; Ctrl-C is what is tested.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Watching:
    """`belote-site serve --watch --port 0` on a project, every line it prints collected."""

    def __init__(self, project: Path) -> None:
        self.project = project
        self.lines: list[str] = []
        self._changed = threading.Condition()
        self.process = subprocess.Popen(
            serve_watch(project),
            cwd=project.parent,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=_interruptible,
        )
        self._readers = [
            threading.Thread(target=self._read, args=(stream,), daemon=True)
            for stream in (self.process.stdout, self.process.stderr)
        ]
        for reader in self._readers:
            reader.start()
        try:
            found = re.search(r" at (http://127\.0\.0\.1:\d+/)", self.line_with("serving "))
            assert found, self.lines
        except BaseException:
            self.stop()  # a server that never said where it is must not outlive the test
            raise
        self.url = found.group(1)

    def _read(self, stream: object) -> None:
        assert hasattr(stream, "readline")
        for line in iter(stream.readline, ""):
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()

    def line_with(self, text: str, after: int = 0, timeout: float = BUILD_TIMEOUT) -> str:
        """The first line printed (from line `after` on) that holds `text`."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for line in self.lines[after:]:
                    if text in line:
                        return line
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise AssertionError(f"no line with {text!r}:\n" + "\n".join(self.lines))
                self._changed.wait(min(left, 0.5))

    def edit(self, path: Path, old: str, new: str) -> int:
        """Replace `old` by `new` in a project file; return how many lines were printed before."""
        file = self.project / path
        text = file.read_text(encoding="utf-8")
        assert old in text, f"{path} no longer holds {old!r}"
        with self._changed:
            printed = len(self.lines)
        # Written beside it and renamed over it, as editors save: one change, seen once. Written
        # in place, the file is emptied then filled, and a loaded machine may see two changes
        # (two builds, the second one's build id not the one a test waits for).
        beside = file.with_name(file.name + ".tmp")  # a name the server ignores
        beside.write_text(text.replace(old, new, 1), encoding="utf-8")
        os.replace(beside, file)
        return printed

    def get(self, path: str) -> str:
        with urllib.request.urlopen(self.url + path, timeout=30) as answer:
            assert answer.status == 200
            return str(answer.read().decode("utf-8"))

    def stop(self) -> tuple[int | None, str]:
        """Ctrl-C, as a terminal sends it: (exit status, everything printed)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for reader in self._readers:
            reader.join(timeout=5)
        return self.process.returncode, "\n".join(self.lines)


class Events:
    """The server's event stream, read in a thread: every (event, data) received."""

    def __init__(self, url: str, page: str | None = None) -> None:
        """The stream of a page at `page` (its path below the site), or of no page."""
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=60)
        self.connection.request("GET", EVENTS + (f"?page=/{page}" if page else ""))
        self.answer = self.connection.getresponse()
        assert self.answer.status == 200
        assert self.answer.headers["Content-Type"] == "text/event-stream"
        self.received: list[tuple[str, str]] = []
        self._changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        name = data = ""
        try:
            for raw in self.answer:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("event: "):
                    name = line.removeprefix("event: ")
                elif line.startswith("data: "):
                    data = line.removeprefix("data: ")
                elif not line and name:
                    with self._changed:
                        self.received.append((name, data))
                        self._changed.notify_all()
                    name = data = ""
        except OSError:
            pass  # closed by close()

    def next(self, wanted: Callable[[str, str], bool], after: int = 0) -> tuple[str, str]:
        """The first event (from the `after`th on) that `wanted` accepts."""
        deadline = time.monotonic() + BUILD_TIMEOUT
        with self._changed:
            while True:
                for event in self.received[after:]:
                    if wanted(*event):
                        return event
                left = deadline - time.monotonic()
                assert left > 0, f"no such event among {self.received}"
                self._changed.wait(min(left, 0.5))

    def count(self) -> int:
        with self._changed:
            return len(self.received)

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Watching]:
    server = Watching(fixture_copy(tmp_path_factory.mktemp("watch") / "project"))
    yield server
    server.stop()


def test_served_pages_have_the_watch_script_and_the_built_files_never(live: Watching) -> None:
    assert f'<script src="{CLIENT}"' in live.get(PAGE)
    assert f'<script src="{CLIENT}"' in live.get("en/legal-cards/")
    assert "EventSource" in live.get(CLIENT.lstrip("/"))
    site = live.project / "site"
    built = [path for path in site.rglob("*") if path.is_file()]
    assert any(path.suffix == ".html" for path in built)
    holding = [path for path in built if b"__watch" in path.read_bytes()]
    assert holding == []


def test_a_bad_edit_leaves_the_server_answering_and_a_fix_reloads(live: Watching) -> None:
    events = Events(live.url)
    try:
        _, served = events.next(lambda name, _: name == "hello")
        before = live.get(PAGE)
        printed = live.edit(SCENARIO, GOOD, WRONG)
        line = live.line_with("scenario follow-led-suit", after=printed)
        assert line.startswith(str(live.project / SCENARIO)), line
        assert "expected [KS], computed [KS, 7S]" in line
        live.line_with("build stopped, nothing was written: 1 problem", after=printed)
        _, data = events.next(lambda name, _: name == "problem")
        assert json.loads(data) == [line]
        assert live.process.poll() is None
        assert live.get(PAGE) == before, "the last good site is no longer served"
        waited = events.count()
        live.edit(SCENARIO, WRONG, GOOD)
        _, rebuilt = events.next(lambda name, _: name == "reload", after=waited)
        assert rebuilt != served
        assert f'data-build="{rebuilt}"' in live.get(PAGE)
    finally:
        events.close()


def test_an_edited_example_text_is_served_after_the_reload(live: Watching) -> None:
    """Issue 35 saw `serve --watch` keep a page whose example's English text was edited."""
    events = Events(live.url)
    try:
        events.next(lambda name, _: name == "hello")
        waited = events.count()
        page = Path("content/pages/legal-cards.yaml")
        live.edit(page, "West leads a spade.", "West leads a spade, the ace.")
        events.next(lambda name, _: name == "reload", after=waited)
        assert "West leads a spade, the ace." in live.get(PAGE)
    finally:
        events.close()


def test_an_open_page_reloads_before_the_build_and_again_after_it(live: Watching) -> None:
    """The page a browser shows is rendered ahead of the site (`reload` with `preview`) and
    served, edited, from then on; the build's own `reload` follows. A stream that names no
    page is told only when the build is done."""
    shown, other = Events(live.url, PAGE), Events(live.url)
    try:
        _, served = shown.next(lambda name, _: name == "hello")
        other.next(lambda name, _: name == "hello")
        waited, others = shown.count(), other.count()
        live.edit(Path("templates/base.html"), '<main id="main">', '<main id="main" class="seen">')
        shown.next(lambda name, data: (name, data) == ("reload", "preview"), after=waited)
        assert '<main id="main" class="seen">' in live.get(PAGE)
        _, rebuilt = shown.next(lambda name, data: name == "reload" and data != "preview")
        assert rebuilt != served
        assert f'data-build="{rebuilt}"' in live.get(PAGE)
        # The other stream is told too, in its own time: waited for, then nothing more.
        other.next(lambda name, _: name == "reload", after=others)
        assert [data for name, data in other.received[others:] if name == "reload"] == [rebuilt]
    finally:
        shown.close()
        other.close()


def test_ctrl_c_stops_cleanly(live: Watching) -> None:
    status, printed = live.stop()
    assert status == 0, printed
    assert "Traceback" not in printed


def test_a_failed_first_build_without_a_site_ends_like_build(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    project = fixture_copy(tmp_path_factory.mktemp("broken") / "project")
    scenario = project / SCENARIO
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(GOOD, WRONG, 1))
    done = subprocess.run(
        serve_watch(project),
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "scenario follow-led-suit" in done.stdout
    assert done.stderr.strip() == "build stopped, nothing was written: 1 problem"


def test_the_script_goes_before_the_last_end_of_body() -> None:
    page = b"<html><body><p>a</p></BODY >\n</html>"
    assert with_client(page, "b1") == (
        b'<html><body><p>a</p><script src="/__watch/client.js" data-build="b1"></script>'
        b"</BODY >\n</html>"
    )
    assert with_client(b"<p>a", "b1").startswith(b"<p>a<script ")


def test_the_filter_ignores_the_output_the_cache_catalogs_and_editor_files(
    tmp_path: Path,
) -> None:
    site, cache = tmp_path / "site", tmp_path / ".cache"
    keep = InputFilter(site, cache)
    content = tmp_path / "content"
    assert keep(Change.modified, str(content / "pages" / "legal-cards.yaml"))
    assert keep(Change.modified, str(tmp_path / "site-notes" / "x.yaml"))
    for ignored in (
        site / "en" / "index.html",
        cache / "pictures" / "a.png",
        tmp_path / "locales" / "fr" / "LC_MESSAGES" / "messages.mo",
        content / ".legal-cards.yaml.swp",
        content / "legal-cards.yaml~",
        content / "4913",
        content / "#legal-cards.yaml#",
    ):
        assert not keep(Change.modified, str(ignored)), ignored


def test_changes_during_a_build_make_one_more_build() -> None:
    pending = Pending()
    pending.mark()
    assert pending.take(0)  # a build begins
    pending.mark()
    pending.mark()  # two changes during it
    assert pending.take(0)  # one more build
    assert not pending.take(0.1), "a third build without a change"


def _save(path: Path, text: str) -> None:
    # As editors save: a new file renamed over the old one.
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(text)
    os.replace(fresh, path)


def test_a_file_saved_by_replacing_it_is_still_watched(tmp_path: Path) -> None:
    project = Project(tmp_path)
    for folder in project.inputs():
        folder.mkdir()
    config = project.content / "site.yaml"
    config.write_text("base_url: https://example.org/\n")
    with watching(project, tmp_path / "site") as pending:
        # Until the watch is set up (a moment after it starts), a save may go unseen.
        started = time.monotonic()
        while not pending.take(0.5):
            assert time.monotonic() - started < 30, "the watch never started"
            _save(config, "# starting\n")
        while pending.take(0.5):
            pass  # the last of those saves
        for text in ("# one\n", "# two\n", "# three\n"):
            _save(config, text)
            assert pending.take(30), f"the save of {text!r} went unseen"
        (project.templates / "base.html").write_text("<p>")
        assert pending.take(30)
        (project.locales / "messages.mo").write_text("")
        (project.content / ".page.yaml.swp").write_text("")
        assert not pending.take(1.0), "a compiled catalog or a swap file made a build"


# ---------------------------------------------------------------------------
# who may ask: only this machine by name (DNS rebinding), and no client for ever


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<html><body><p>home</p></body></html>")
    return tmp_path


def _port(url: str) -> int:
    return int(url.rstrip("/").rsplit(":", 1)[1])


def _ask(url: str, path: str, host: str) -> tuple[int, str, str]:
    """GET `path` with this Host header: (status, Content-Type, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", _port(url), timeout=10)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host)
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, answer.headers["Content-Type"], answer.read().decode()
    finally:
        connection.close()


@pytest.mark.parametrize(
    "host",
    ["evil.example", "evil.example:{port}", "127.0.0.1.evil.example", "localhost:1", ""],
)
def test_a_request_for_another_host_is_refused(site: Path, host: str) -> None:
    with local_server(site) as url:
        status, kind, body = _ask(url, "/", host.format(port=_port(url)))
    assert status == 403
    assert kind.startswith("text/plain")
    assert "<" not in body and len(body) < 200, body
    assert "home" not in body


@pytest.mark.parametrize(
    "host", ["localhost:{port}", "127.0.0.1:{port}", "[::1]:{port}", "localhost", "LocalHost"]
)
def test_a_request_for_this_machine_is_answered(site: Path, host: str) -> None:
    with local_server(site) as url:
        status, _, body = _ask(url, "/", host.format(port=_port(url)))
    assert status == 200
    assert "home" in body


def test_the_watch_events_are_refused_to_another_host(site: Path) -> None:
    """A rebinding page must not read the problem lines, which quote the content."""
    hub = Hub()
    hub.failed(["error: content/pages/secret.yaml:1: something private"])
    with local_server(site, handler=functools.partial(WatchHandler, hub=hub)) as url:
        try:
            status, _, body = _ask(url, EVENTS, "evil.example")
            assert status == 403
            assert "private" not in body
            status, _, body = _ask(url, "/", "evil.example")
            assert (status, "home" in body) == (403, False)
        finally:
            hub.close()


def test_the_server_has_a_request_timeout() -> None:
    assert QuietHandler.timeout == REQUEST_TIMEOUT
    assert 0 < REQUEST_TIMEOUT <= 30


def test_an_idle_client_neither_blocks_others_nor_stays_connected(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert QuietHandler.timeout is not None, "an idle client would hold its thread for ever"
    monkeypatch.setattr(QuietHandler, "timeout", 1.0)  # the real one, shortened for the test
    with local_server(site) as url:
        idle = socket.create_connection(("127.0.0.1", _port(url)), timeout=10)
        try:
            started = time.monotonic()
            with urllib.request.urlopen(url, timeout=2) as answer:
                assert answer.status == 200
            assert time.monotonic() - started < 2
            # Closed by the server once its timeout is past: the read ends, empty.
            assert idle.recv(1024) == b""
            assert time.monotonic() - started < 5
        finally:
            idle.close()


def test_the_event_stream_outlives_the_request_timeout(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QuietHandler, "timeout", 0.5)
    monkeypatch.setattr(watch, "KEEPALIVE_SECONDS", 0.2)
    hub = Hub()
    with local_server(site, handler=functools.partial(WatchHandler, hub=hub)) as url:
        events = Events(url)
        try:
            events.next(lambda name, _: name == "hello")
            time.sleep(1.5)  # three times the timeout, with keep-alive comments meanwhile
            hub.built()
            events.next(lambda name, _: name == "reload")
        finally:
            hub.close()
            events.close()


# ---------------------------------------------------------------------------
# two servers on one project: the one that finds the other building waits


class _Console:
    def __init__(self) -> None:
        self.failures: list[ContentError | Problems] = []
        self.builds = 0

    def serving(self, url: str) -> None:
        pass

    def built(self, report: Report) -> None:
        self.builds += 1

    def failed(self, failure: ContentError | Problems) -> list[str]:
        self.failures.append(failure)
        return [f"error: {failure}"]


def _locking_build(calls: list[float]) -> Callable[..., Report]:
    """A build that takes the output's lock as a real one does, and does nothing else."""

    def fake(project: Project, out: Path, **_: object) -> Report:
        calls.append(time.monotonic())
        with Output(out).locked():
            return Report()

    return fake


def _hold_lock(out: Path, seconds: float) -> tuple[threading.Thread, threading.Event]:
    taken = threading.Event()

    def hold() -> None:
        with Output(out).locked():
            taken.set()
            time.sleep(seconds)

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    assert taken.wait(10)
    return thread, taken


def _problem_shown(hub: Hub) -> bool:
    with hub.listen() as listener:
        events = []
        while not listener.empty():
            events.append(listener.get())
    return any(event and event.startswith("event: problem") for event in events)


def _rebuild_while_locked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: float, **wait: float
) -> tuple[int, list[float], Hub, _Console]:
    """A rebuild while another build holds the lock for `held` seconds."""
    calls: list[float] = []
    monkeypatch.setattr(watch, "build", _locking_build(calls))
    monkeypatch.setattr(watch, "LOCK_POLL_SECONDS", 0.05)
    out = tmp_path / "site"
    hub, console = Hub(), _Console()
    holder, _ = _hold_lock(out, held)
    status = rebuild(Project(tmp_path), out, hub, console, **wait)
    holder.join()
    return status, calls, hub, console


def test_a_build_that_finds_another_building_waits_and_builds_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, calls, hub, console = _rebuild_while_locked(tmp_path, monkeypatch, 0.5)
    assert status == 0
    assert console.failures == [], "the other build's lock was shown as a failure"
    assert (console.builds, len(calls)) == (1, 2)
    assert calls[1] - calls[0] >= 0.3, "built again before the other build ended"
    assert not _problem_shown(hub)


def test_a_lock_held_past_the_wait_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, hub, console = _rebuild_while_locked(tmp_path, monkeypatch, 1.5, wait=0.3)
    assert status == 2
    [failure] = console.failures
    assert isinstance(failure, ContentError)
    assert failure.message.startswith(watch.LOCK_TAKEN)
    assert _problem_shown(hub)


def test_another_failure_is_not_retried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def broken(project: Project, out: Path, **_: object) -> Report:
        calls.append(1)
        raise ContentError(tmp_path / "content" / "site.yaml", 3, "bad")

    monkeypatch.setattr(watch, "build", broken)
    console = _Console()
    assert rebuild(Project(tmp_path), tmp_path / "site", Hub(), console) == 2
    assert (len(calls), len(console.failures)) == (1, 1)


def test_a_long_preview_keeps_only_what_its_last_build_used(tmp_path: Path) -> None:
    """Each edit makes new records (the edited file's scenarios, the pages that show
    them); the resident process forgets the older versions after each good build, so
    that a long session does not hold every version it ever built."""
    project = fixture_copy(tmp_path / "project")
    site, records, console = (
        tmp_path / "site",
        Cache(Project(project).records, resident=True),
        _Console(),
    )
    assert watch.rebuild(Project(project), site, Hub(), console, records=records) == 0
    scenario = project / SCENARIO
    original = scenario.read_text(encoding="utf-8")
    hands = ["7S, KS, JH, 9C, 10D", "JH, KS, 7S, 9C, 10D", "9C, JH, KS, 7S, 10D"]
    hands += ["10D, 9C, JH, KS, 7S"]
    held = []
    for hand in hands:
        scenario.write_text(original.replace("KS, 7S, JH, 9C, 10D", hand, 1), encoding="utf-8")
        assert watch.rebuild(Project(project), site, Hub(), console, records=records) == 0
        assert records.resident is not None
        held.append(len(records.resident))
    assert console.builds == 5
    assert held[1:] == held[:1] * 3, held


def test_a_long_preview_holds_no_older_version_of_an_edited_catalog_or_rule_set(
    tmp_path: Path,
) -> None:
    """What a build computed from a catalog or a rule set (the tables, the translations'
    digests) is remembered for the next build while they are unchanged; once one is edited,
    nothing keeps its older versions alive after the next good build."""
    project = fixture_copy(tmp_path / "project")
    site, records, console = (
        tmp_path / "site",
        Cache(Project(project).records, resident=True),
        _Console(),
    )
    catalog = project / "locales/fr/LC_MESSAGES/messages.po"
    rules = project / "content/rulesets/maison.yaml"
    texts = {path: path.read_text(encoding="utf-8") for path in (catalog, rules)}
    earlier: list[weakref.ref[object]] = []
    for edit in range(4):
        catalog.write_text(
            texts[catalog].replace('"Carte par carte"', f'"Carte par carte ({"abcd"[edit]})"'),
            encoding="utf-8",
        )
        rules.write_text(f"{texts[rules]}\n# edit {edit}\n", encoding="utf-8")
        assert watch.rebuild(Project(project), site, Hub(), console, records=records) == 0
        assert records.resident is not None
        built: list[object] = [
            value for value in records.resident.values() if isinstance(value, (Language, RuleSets))
        ]
        assert {type(value) for value in built} == {Language, RuleSets}
        built += [rules for value in built if isinstance(value, RuleSets) for rules in value.all()]
        built += [value.messages for value in built if isinstance(value, Language)]
        assert any(isinstance(value, Messages) for value in built)
        gc.collect()
        assert [ref() for ref in earlier] == [None] * len(earlier)
        earlier += [weakref.ref(value) for value in built]
        del built
