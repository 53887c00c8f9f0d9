"""Reading input files as untrusted data: regular files below the input folders, bounded.

Content, catalogs and templates arrive in pull requests from people we do
not know. A symbolic link is the one thing git lets a pull request plant that
makes a path mean another file: `templates/static/notes.txt` linked to
`../../.git/config` would publish CI's checkout token, and a link inside the
project is as dangerous as one leading out (`.git/`, `.venv/`). The site needs
no link, so none is followed: every input is opened component by component
from its input folder with `O_NOFOLLOW`, and a link anywhere on the way is
refused in one line naming the link, without reading what it points at. A
FIFO would hang the build and `/dev/zero` fill memory: a file is opened
without blocking, must be a regular file, and is read up to a limit.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import ContentError

# The largest input file read (content YAML, catalogs, templates, static files).
MAX_FILE_BYTES = 4 * 1024 * 1024
# Scenario files are found by this rule, in any case: `.yaml` and `.yml`.
SCENARIO_SUFFIXES = (".yaml", ".yml")

# What a build reads below a project's folder: nothing else of the checkout is an input.
INPUTS = ("content", "templates", "locales")
LINK = "a symbolic link is not read: inputs are regular files (the site needs no link)"
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# O_NONBLOCK: opening a FIFO must not wait for a writer.
_FILE = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_NOFOLLOW | os.O_CLOEXEC


def inside(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """Whether `path` is `folder` or below it, by name (resolve links first where they count)."""
    path, folder = os.fspath(path), os.fspath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


@dataclass(frozen=True)
class InputFiles:
    """The places input may be read from: the project's input folders, and any path named on
    the command line. Below them nothing is a link; above them is the user's own choice."""

    roots: tuple[Path, ...]

    @staticmethod
    def of(*roots: Path) -> InputFiles:
        return InputFiles(tuple(Path(os.path.abspath(root)) for root in roots))

    @staticmethod
    def project(root: Path) -> InputFiles:
        """A project's inputs: its content, templates and catalogs, never
        the rest of the checkout (`.git/`, `.venv/`, the tests)."""
        return InputFiles.of(*(root / name for name in INPUTS))

    def allowing(self, *paths: Path) -> InputFiles:
        """The same, also allowing `paths` (files or folders named by the user)."""
        return InputFiles(self.roots + InputFiles.of(*paths).roots)

    def _below(self, path: Path) -> tuple[Path, tuple[str, ...]]:
        """The root `path` lies in (as written, never through a link) and the steps below it."""
        written = os.path.abspath(path)
        for root in sorted(self.roots, key=lambda root: -len(str(root))):
            if inside(written, root):
                steps = Path(written).relative_to(root).parts
                return (root, steps) if steps else (root.parent, (root.name,))
        raise ContentError(path, None, "not an input of the project (content, templates, locales)")

    def _open(self, path: Path, last: int) -> int:
        """A descriptor for `path`, opened step by step from its root without following a link."""
        root, steps = self._below(path)
        try:
            folder = os.open(root, _FOLDER & ~os.O_NOFOLLOW)
        except OSError as error:
            raise ContentError(path, None, f"cannot read: {error.strerror}") from None
        walked = root
        try:
            for index, step in enumerate(steps):
                walked = walked / step
                final = index == len(steps) - 1
                try:
                    opened = os.open(step, last if final else _FOLDER, dir_fd=folder)
                except OSError as error:
                    if error.errno in (errno.ELOOP, errno.ENOTDIR) and _is_link(step, folder):
                        raise ContentError(walked, None, LINK) from None
                    raise ContentError(path, None, f"cannot read: {error.strerror}") from None
                os.close(folder)
                folder = opened
            return folder
        except BaseException:
            os.close(folder)
            raise

    def check_inside(self, path: Path) -> None:
        """Refuse `path` if it is a link, lies below one, or is not an input."""
        fd = self._open(path, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            # O_PATH with O_NOFOLLOW opens a link itself instead of failing on it.
            if stat.S_ISLNK(os.fstat(fd).st_mode):
                raise ContentError(path, None, LINK)
        finally:
            os.close(fd)

    def read_bytes(self, path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
        """The bytes of a regular file below the roots, at most `limit` of them."""
        fd = self._open(path, _FILE)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise ContentError(path, None, "not a regular file (only regular files are read)")
            if info.st_size > limit:
                raise ContentError(path, None, f"larger than the {_size(limit)} limit for input")
            chunks: list[bytes] = []
            size = 0
            while size <= limit:
                chunk = os.read(fd, min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            if size > limit:
                raise ContentError(path, None, f"larger than the {_size(limit)} limit for input")
            return b"".join(chunks)
        except OSError as error:
            raise ContentError(path, None, f"cannot read: {error.strerror}") from None
        finally:
            os.close(fd)

    def read_text(self, path: Path, limit: int = MAX_FILE_BYTES) -> str:
        """A UTF-8 text file, refused with the line of the first undecodable byte."""
        data = self.read_bytes(path, limit)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            raise ContentError(path, line, f"not UTF-8 text ({error.reason})") from None

    def walk(self, folder: Path) -> Iterator[Path]:
        """Every file below `folder`, sorted; a link among them is refused, never followed."""
        self.check_inside(folder)
        pending = [folder]
        while pending:
            top = pending.pop()
            with os.scandir(top) as found:
                entries = sorted(found, key=lambda entry: entry.name)
            folders = []
            for entry in entries:
                if entry.is_symlink():
                    raise ContentError(Path(entry.path), None, LINK)
                if entry.is_dir(follow_symlinks=False):
                    folders.append(Path(entry.path))
                else:
                    yield Path(entry.path)
            pending.extend(reversed(folders))


def _is_link(name: str, folder: int) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(name, dir_fd=folder).st_mode)
    except OSError:
        return False


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit} bytes"


def is_scenario_file(path: Path) -> bool:
    return path.suffix.lower() in SCENARIO_SUFFIXES


def scenario_files(paths: Iterable[Path], files: InputFiles) -> Iterator[Path]:
    """The scenario files under the given files and folders, by the one documented rule.

    A content folder (one that holds `scenarios/`) means its scenarios; any
    other folder is a folder of scenarios. Below it, every file ending in
    `.yaml` or `.yml` (in any case) is a scenario file, and anything else is
    refused, so that a misnamed file cannot hide a wrong expectation.
    """
    for path in paths:
        if path.is_dir():
            folder = path / "scenarios" if (path / "scenarios").is_dir() else path
            found = []
            for file in files.walk(folder):
                if not is_scenario_file(file):
                    raise ContentError(
                        file, None, "not a scenario file: scenario files end in .yaml or .yml"
                    )
                found.append(file)
            if not found:
                raise ContentError(
                    folder, None, "no scenario files in this folder of scenarios (*.yaml or *.yml)"
                )
            yield from found
        elif path.exists() or path.is_symlink():
            yield path
        else:
            raise ContentError(path, None, "no such file or folder")
