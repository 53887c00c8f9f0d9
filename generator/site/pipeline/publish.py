"""The fourth stage: the planned and rendered files written into a fresh folder, then
swapped in whole (generator/site/pipeline/output.py holds the lock and the swap).

A file the last build wrote with the same bytes is taken over by a hard
link, keeping its modification time, so that an unchanged page looks
unchanged to every tool that copies the site on.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...content.errors import UserError
from ...content.files import inside
from ..pictures.store import PictureStore
from ..rendering.audit import ASSETS
from .project import Project, machine_cache
from .runtime import FOLDER, Pinned


@dataclass(frozen=True)
class Produced:
    """A file of the site: its text, or None to take over the last build's file unchanged."""

    path: str
    text: str | None
    pictures: frozenset[str] = frozenset()  # the pictures it shows
    drawn: frozenset[str] = frozenset()  # of those, the ones drawn for it


@dataclass(frozen=True)
class Published:
    """What went into the new folder."""

    files: int
    pictures: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # page -> shown
    drawn: frozenset[str] = frozenset()
    picture_bytes: int = 0


def check_out(project: Project, out: Path) -> None:
    """Refuse an output that is, or holds, or lies inside the project's inputs."""
    target = Path(os.path.realpath(out))
    root = Path(os.path.realpath(project.root))
    for folder in (*project.inputs(), project.root / "generator", project.cache, machine_cache()):
        real = Path(os.path.realpath(folder))
        if inside(target, real):
            raise UserError(
                out,
                None,
                f"the output would be inside the inputs ({folder}): choose another folder",
            )
    if inside(root, target):
        raise UserError(
            out, None, "the output would hold the project itself: choose another folder"
        )


def publish(
    fresh: Path,
    old: Path | None,
    produced: Iterable[Produced],
    project: Project,
    static: Iterable[Path],
    store: PictureStore,
    runtime: Iterable[tuple[str, bytes | Pinned]] = (),
) -> Published:
    """Write every produced file, the static files, the runtime's files (the engine in the
    browser, generator/site/pipeline/runtime.py) and the pictures the pages show."""
    files = 0
    pictures: dict[str, tuple[str, ...]] = {}
    drawn: set[str] = set()
    made: set[Path] = set()

    def place(path: str) -> Path:
        target = fresh / path
        # Each folder made once: a `mkdir` of a folder that exists costs as much as making it.
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        return target

    def write(path: str, data: bytes | None) -> None:
        """Write one file, or link the last build's where it holds the same bytes (None:
        take it over, whatever it holds): its modification time is kept."""
        target = place(path)
        if old is not None and (data is None or _same_bytes(old / path, data)):
            try:
                os.link(old / path, target, follow_symlinks=False)
                return
            except OSError:
                pass
        if data is None:
            raise OSError(f"cannot take over {path} from the last build")
        target.write_bytes(data)

    for item in produced:
        write(item.path, None if item.text is None else item.text.encode("utf-8"))
        files += 1
        if item.path.endswith(".html"):
            pictures[item.path] = tuple(sorted(item.pictures))
        drawn |= item.drawn
    # The generator's own files, then the project's (which cannot take their names).
    for asset in sorted(ASSETS.iterdir()):
        if asset.is_file():
            write(f"static/{asset.name}", asset.read_bytes())
    for relative in static:
        data = project.files.read_bytes(project.templates / "static" / relative)
        write(f"static/{relative.as_posix()}", data)
    for name, made_or_pinned in runtime:
        path = f"static/{FOLDER}/{name}"
        if not isinstance(made_or_pinned, Pinned):
            write(path, made_or_pinned)
        elif old is not None and made_or_pinned.copied_in(old / path):
            write(path, None)
        else:
            made_or_pinned.copy_to(place(path))
    size = 0
    shown = {name for names in pictures.values() for name in names}
    for file, data in store.files(shown):
        write(f"img/{file}", data)
        size += len(data) if file.endswith(".png") and "@" not in file else 0
    return Published(files, pictures, frozenset(drawn), size)


# Compared a block at a time: the runtime's files are megabytes, and reading the last
# build's copy whole would hold it twice for a moment.
_BLOCK = 1 << 20


def _same_bytes(path: Path, data: bytes) -> bool:
    """Whether `path` is a regular file (not a link) holding exactly `data`."""
    try:
        info = os.stat(path, follow_symlinks=False)
        if not stat.S_ISREG(info.st_mode) or info.st_size != len(data):
            return False
        view = memoryview(data)
        with path.open("rb") as file:
            for start in range(0, len(data), _BLOCK):
                if file.read(_BLOCK) != view[start : start + _BLOCK]:
                    return False
        return True
    except OSError:
        return False
