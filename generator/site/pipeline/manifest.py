"""What the last build read and wrote: a build that finds nothing changed does nothing.

The manifest (`manifest.json` in the project's cache, safe to delete) stamps every
input file (size, modification and change times, content hash), the code
of the generator, the settings taken from the environment, and every file
of the output. A build whose inputs, code and output all match it prints
the last summary and stops, without reading a page or importing Jinja,
Babel or Pillow: this module uses the standard library only.

A file whose times changed but whose content did not (a checkout, a
`touch`) still counts as unchanged: its hash decides.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from .cache import Cache, code_stamp
from .output import Output
from .project import Project

VERSION = 2
# Environment variables a build reads (the published address).
ENVIRONMENT = ("BELOTE_SITE_URL",)

Stat = tuple[int, int, int]  # size, mtime_ns, ctime_ns


class Stamp(NamedTuple):
    """An input file as the last build read it: its stat, and its content's hash."""

    size: int
    mtime_ns: int
    ctime_ns: int
    sha256: str

    @property
    def stat(self) -> Stat:
        return (self.size, self.mtime_ns, self.ctime_ns)


def stats(folders: Iterable[Path], base: Path) -> dict[str, Stat]:
    """Every file below the folders, by its path relative to `base`, with its stat stamp."""
    found: dict[str, Stat] = {}
    # A stack, not recursion: however deep a folder nests, the walk ends. Each folder
    # carries its path relative to `base`, extended by a name per entry: relpath per file
    # was a third of a no-op build at 1,000 pages.
    pending = [(os.fspath(f), os.path.relpath(f, base)) for f in reversed([*folders])]
    while pending:
        folder, relative = pending.pop()
        prefix = "" if relative == os.curdir else relative + os.sep
        try:
            entries = list(os.scandir(folder))
        except (FileNotFoundError, NotADirectoryError, PermissionError):
            continue
        for entry in entries:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISDIR(info.st_mode):
                pending.append((entry.path, prefix + entry.name))
            else:
                found[prefix + entry.name] = (info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    return found


# Inputs larger than this are refused by the build anyway (content/files.py): not hashed.
_MAX_HASHED = 4 * 1024 * 1024


def content_hash(path: Path) -> str:
    """A file's content hash; a link, a pipe, a device or an oversized file is only named.

    Never opened: a FIFO would block, a link to /dev/zero never end. The build
    itself refuses such inputs with their own error.
    """
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            return "link:" + os.readlink(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_HASHED:
            return f"special:{info.st_mode}:{info.st_size}"
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        return f"unreadable:{error.errno}"
    with os.fdopen(handle, "rb") as file:
        return hashlib.sha256(file.read(_MAX_HASHED + 1)).hexdigest()


def environment() -> dict[str, str]:
    return {name: os.environ.get(name, "") for name in ENVIRONMENT}


MANIFEST = "manifest.json"
# The record is two JSON lines: first what a no-op build compares (a tenth of it at 1,000
# pages), then what only a build reads. The no-op decodes the first line alone.
_STAMPS = ("out", "code", "environment", "inputs", "outputs", "pages")


@dataclass
class Manifest:
    """The last build: its inputs, its outputs, and what each output was built from."""

    out: str = ""
    code: str = ""
    environment: dict[str, str] = field(default_factory=dict)
    # Input path (relative to the project) -> its stamp (a list in the file).
    inputs: dict[str, Stamp] = field(default_factory=dict)
    # Output path (relative to the output) -> [size, mtime_ns].
    outputs: dict[str, list[int]] = field(default_factory=dict)
    # Output path -> the key of everything it was built from (generator/site/pipeline/keys.py).
    keys: dict[str, str] = field(default_factory=dict)
    # Page key -> the key of the page's content before any language.
    content_keys: dict[str, str] = field(default_factory=dict)
    # Page key -> the catalog messages the page looks up, as [context, msgid] pairs.
    messages: dict[str, list[list[Any]]] = field(default_factory=dict)
    # Output path -> the pictures it shows (published again with a page taken over).
    pictures: dict[str, list[str]] = field(default_factory=dict)
    pages: int = 0  # what the last build wrote, for the line a no-op build prints

    def used(self, page_key: str) -> frozenset[tuple[Any, Any]] | None:
        """The messages the page looked up in the last build, if it recorded them."""
        found = self.messages.get(page_key)
        return None if found is None else frozenset((context, msgid) for context, msgid in found)

    @staticmethod
    def load(project: Project, *, stamps_only: bool = False) -> Manifest:
        """The last build's manifest, or an empty one (no build yet, or a stale format).
        `stamps_only`: what a no-op build compares, without what only a build reads."""
        stamps, _, rest = (Cache(project.cache).get(MANIFEST) or b"").partition(b"\n")
        try:
            data = json.loads(stamps)
            if not stamps_only and isinstance(data, dict):
                data.update(json.loads(rest))
        except (ValueError, TypeError):
            return Manifest()
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return Manifest()
        try:
            found = Manifest(**{key: value for key, value in data.items() if key != "version"})
            found.inputs = {name: Stamp(*stamp) for name, stamp in found.inputs.items()}
        except (TypeError, AttributeError):
            return Manifest()
        return found

    def save(self, project: Project) -> None:
        """Written whole or not at all: a build killed while saving leaves the old manifest."""
        whole = {"version": VERSION, **self.__dict__}
        stamps = {key: whole.pop(key) for key in ("version", *_STAMPS)}
        # JSON writes a line feed in a string as \n: each part is one line.
        lines = (json.dumps(part, ensure_ascii=False) for part in (stamps, whole))
        Cache(project.cache).put(MANIFEST, "\n".join(lines).encode())


def input_stamps(project: Project, previous: Mapping[str, Stamp]) -> dict[str, Stamp]:
    """Every input's stamp; a file's hash is reused from `previous` when its stat is the same."""
    stamps: dict[str, Stamp] = {}
    for name, stat_now in stats(project.inputs(), project.root).items():
        old = previous.get(name)
        if old is not None and old.stat == stat_now:
            stamps[name] = old
        else:
            stamps[name] = Stamp(*stat_now, content_hash(project.root / name))
    return stamps


def output_stamps(out: Path) -> dict[str, list[int]]:
    return {name: [size, mtime] for name, (size, mtime, _) in stats([out], out).items()}


def same_inputs(project: Project, manifest: Manifest) -> bool:
    """Whether every input is as the manifest has it (a changed stat, the same content, counts)."""
    found = stats(project.inputs(), project.root)
    if found.keys() != manifest.inputs.keys():
        return False
    for name, stat_now in found.items():
        old = manifest.inputs[name]
        if old.stat != stat_now and content_hash(project.root / name) != old.sha256:
            return False
    return True


def unchanged(project: Project, out: Path) -> Manifest | None:
    """The last build's manifest if nothing it read or wrote has changed since, else None."""
    manifest = Manifest.load(project, stamps_only=True)
    if not manifest.pages or manifest.out != os.path.realpath(out):
        return None
    if manifest.environment != environment() or manifest.code != code_stamp():
        return None
    output = Output(out)
    # What a killed build left (a swap half done, a half-made site) is for the
    # next build to finish or sweep, a build under way is for the lock to refuse,
    # and a state file nobody's build writes is for the full build to refuse.
    stray = any(os.path.lexists(state) for state in output.state_files)
    if output.busy() or stray or output.leftovers():
        return None
    if output_stamps(out) != manifest.outputs:
        return None
    return manifest if same_inputs(project, manifest) else None
