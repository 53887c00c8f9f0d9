"""The fourth stage: the planned and rendered files written into a fresh folder, then
swapped in whole (generator/site/output.py holds the lock and the swap).

A file the last build wrote with the same bytes is taken over by a hard
link, keeping its modification time, so that an unchanged page looks
unchanged to every tool that copies the site on.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...content.errors import ContentError
from ..audit import ASSETS
from ..output import copy_static
from ..pictures.store import PictureStore
from ..project import Project, machine_cache
from ..runtime import FOLDER


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


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_out(project: Project, out: Path) -> None:
    """Refuse an output that is, or holds, or lies inside the project's inputs."""
    target = Path(os.path.realpath(out))
    root = Path(os.path.realpath(project.root))
    for folder in (*project.inputs(), project.root / "generator", project.cache, machine_cache()):
        real = Path(os.path.realpath(folder))
        if _inside(target, real):
            raise ContentError(
                out,
                None,
                f"the output would be inside the inputs ({folder}): choose another folder",
            )
    if _inside(root, target):
        raise ContentError(
            out, None, "the output would hold the project itself: choose another folder"
        )


def publish(
    fresh: Path,
    old: Path | None,
    produced: Iterable[Produced],
    project: Project,
    static: Iterable[Path],
    store: PictureStore,
    runtime: Mapping[str, bytes] | None = None,
) -> Published:
    """Write every produced file, the static files, the runtime's files (the engine in the
    browser, generator/site/runtime.py) and the pictures the pages show."""
    files = 0
    pictures: dict[str, tuple[str, ...]] = {}
    drawn: set[str] = set()
    for item in produced:
        _write(fresh, old, item.path, item.text)
        files += 1
        if item.path.endswith(".html"):
            pictures[item.path] = tuple(sorted(item.pictures))
        drawn |= item.drawn
    folder = fresh / "static"
    copied = copy_static(project.templates / "static", folder, project.files, list(static), ASSETS)
    for name, data in (runtime or {}).items():
        path = folder / FOLDER / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        copied.append(path.relative_to(folder))
    for relative in copied:
        _keep_if_same(fresh, old, folder / relative)
    shown = {name for names in pictures.values() for name in names}
    previous = old / "img" if old is not None else None
    size = store.copy_into(fresh / "img", shown, previous)
    return Published(files, pictures, frozenset(drawn), size)


def _take_over(old: Path, target: Path) -> bool:
    """Link the last build's file into the new site: its bytes and modification time kept."""
    try:
        os.link(old, target, follow_symlinks=False)
    except OSError:
        return False
    return True


def _write(fresh: Path, old: Path | None, path: str, text: str | None) -> None:
    """Write one file of the new site, taking over the last build's where it is the same."""
    target = fresh / path
    target.parent.mkdir(parents=True, exist_ok=True)
    previous = old / path if old is not None else None
    if text is None:
        if previous is None or not _take_over(previous, target):
            raise OSError(f"cannot take over {path} from the last build")
        return
    data = text.encode("utf-8")
    if previous is not None and _same_bytes(previous, data) and _take_over(previous, target):
        return
    target.write_bytes(data)


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        if os.stat(path, follow_symlinks=False).st_size != len(data):
            return False
        return path.read_bytes() == data
    except OSError:
        return False


def _keep_if_same(fresh: Path, old: Path | None, copied: Path) -> None:
    """A static file copied again: the last build's, if the same, keeps its time."""
    if old is None:
        return
    path = copied.relative_to(fresh)
    previous = old / path
    if _same_bytes(previous, copied.read_bytes()):
        copied.unlink()
        if not _take_over(previous, copied):
            shutil.copyfile(previous, copied)
