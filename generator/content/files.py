"""Reading input files as untrusted data: only regular files, inside the project, of bounded size.

Content, catalogs and templates arrive in pull requests from people we do
not know. A symbolic link could lead to `/proc/self/environ` or to a folder
outside the checkout, a FIFO would hang the build, `/dev/zero` would fill
memory: so every input is opened without blocking, checked to be a regular
file whose real location is inside an allowed folder, and read up to a limit.
"""

from __future__ import annotations

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


def inside(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """Whether `path` is `folder` or below it, by name (resolve links first where they count)."""
    path, folder = os.fspath(path), os.fspath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


@dataclass(frozen=True)
class InputFiles:
    """The folders input may be read from: the project, and any path named on the command line."""

    roots: tuple[Path, ...]

    @staticmethod
    def of(*roots: Path) -> InputFiles:
        return InputFiles(tuple(Path(os.path.realpath(root)) for root in roots))

    def allowing(self, *paths: Path) -> InputFiles:
        """The same, also allowing `paths` (files or folders named by the user)."""
        return InputFiles(self.roots + InputFiles.of(*paths).roots)

    def check_inside(self, path: Path) -> str:
        """The real location of `path`, refused when a link leads outside every root."""
        real = os.path.realpath(path)
        if not any(inside(real, root) for root in self.roots):
            raise ContentError(
                path, None, "a symbolic link that leads outside the project is not read"
            )
        return real

    def read_bytes(self, path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
        """The bytes of a regular file inside the roots, at most `limit` of them."""
        real = self.check_inside(path)
        try:
            # O_NONBLOCK: opening a FIFO must not wait for a writer.
            fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        except OSError as error:
            raise ContentError(path, None, f"cannot read: {error.strerror}") from None
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

    def walk(self, folder: Path, _seen: frozenset[str] = frozenset()) -> Iterator[Path]:
        """Every file below `folder`, sorted; a linked folder only if it stays inside the roots."""
        real = self.check_inside(folder)
        if real in _seen:
            raise ContentError(folder, None, "a symbolic link leads back into a folder above it")
        seen = _seen | {real}
        for top, folders, names in os.walk(folder):
            folders.sort()
            for name in sorted(names):
                yield Path(top) / name
            for name in folders:
                if os.path.islink(os.path.join(top, name)):
                    yield from self.walk(Path(top) / name, seen)


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
