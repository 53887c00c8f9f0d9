"""Writing the built site: into a fresh folder, swapped in whole, one build at a time.

- A build writes a new folder beside the output and exchanges the two in
  one atomic step (Linux's renameat2 with RENAME_EXCHANGE), so there is
  never a moment without a complete site. Where the system has no such
  call, the swap is two renames; a build killed between them left the old
  site in a folder named `.<out>.old-*`, which the next build moves back.
- Nothing of this is read from a file: the lock lives in the machine's
  cache, outside every project, and the folders beside the output are
  found by their names and taken only if they are real folders, never
  links, so no path a pull request writes is ever followed. A state file
  beside the output (`.site.lock`, `.site.swap`) is not the build's own:
  it is refused.
- Temporary folders a killed build left behind are swept by the next build.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from ...content.errors import ContentError, excerpt
from ...content.files import InputFiles
from .project import machine_cache

# Left in every built site, so that a later build may replace the folder.
MARKER = ".belote-site"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically; False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


# The lock descriptors this process holds. A flock belongs to the open file, which a
# forked render worker shares: a worker outliving a killed build would keep the lock.
_HELD: set[int] = set()


def _drop_inherited_locks() -> None:
    for handle in _HELD:
        with contextlib.suppress(OSError):
            os.close(handle)
    _HELD.clear()


os.register_at_fork(after_in_child=_drop_inherited_locks)


class Output:
    """The output folder of a build, and the folders kept beside it while it is swapped."""

    def __init__(self, out: Path) -> None:
        self.out = Path(os.path.abspath(out))
        self.parent = self.out.parent
        name = self.out.name
        digest = hashlib.sha256(os.fsencode(os.path.realpath(self.out))).hexdigest()[:32]
        self.lock_path = machine_cache() / "locks" / f"{digest}.lock"
        # Names earlier versions kept beside the output: never written now, never read.
        self.state_files = (self.parent / f".{name}.lock", self.parent / f".{name}.swap")
        self.prefix_new = f".{name}.new-"
        self.prefix_old = f".{name}.old-"

    def check_target(self) -> None:
        out = self.out
        for state in self.state_files:
            if state.is_symlink() or state.exists():
                raise ContentError(
                    state,
                    None,
                    "a build state file beside the output: build state is never committed "
                    "(remove it; builds keep their state in the machine's cache)",
                )
        if out.is_symlink() or (out.exists() and not out.is_dir()):
            raise ContentError(out, None, "the output is not a folder: give --out a folder")
        if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
            raise ContentError(out, None, "refusing to replace a folder that is not a built site")

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the output's lock for the block; a second build fails in one line."""
        try:
            self.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ContentError(
                self.out, None, f"cannot write beside the output: {error.strerror}"
            ) from None
        try:
            self.lock_path.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        except OSError as error:
            raise ContentError(
                self.lock_path, None, f"cannot take the build's lock: {error.strerror}"
            ) from None
        _HELD.add(handle)
        try:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise ContentError(
                    self.out, None, "another build is writing this folder; try again when it ends"
                ) from None
            yield
        finally:
            _HELD.discard(handle)
            os.close(handle)

    def busy(self) -> bool:
        """Whether another build holds the lock now: its half-made output says nothing yet."""
        try:
            handle = os.open(self.lock_path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            return False
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(handle)
        return False

    def recover(self) -> None:
        """Undo a swap a killed build left half done, and sweep its leftovers."""
        if not os.path.lexists(self.out):
            # Killed between the two renames: the old site waits in an `old` folder.
            kept = [
                entry / "site"
                for entry in self.leftovers(self.prefix_old)
                if _real_folder(entry / "site") and (entry / "site" / MARKER).is_file()
            ]
            if kept:
                newest = max(kept, key=lambda path: os.lstat(path).st_mtime_ns)
                newest.rename(self.out)
        for entry in self.leftovers():
            shutil.rmtree(entry, ignore_errors=True)

    def leftovers(self, prefix: str | None = None) -> list[Path]:
        """The half-made and half-removed sites a killed build left beside the output."""
        prefixes = (prefix,) if prefix else (self.prefix_new, self.prefix_old)
        try:
            entries = list(self.parent.iterdir())
        except OSError:
            return []
        return [
            entry for entry in entries if entry.name.startswith(prefixes) and _real_folder(entry)
        ]

    def fresh(self) -> Path:
        return Path(tempfile.mkdtemp(prefix=self.prefix_new, dir=self.parent))

    def swap_in(self, fresh: Path) -> None:
        """Make `fresh` the output, the old site gone, with never a moment without one."""
        (fresh / MARKER).write_text("built by belote-site; replaced whole by the next build\n")
        fresh.chmod(0o755)
        if not self.out.exists():
            fresh.rename(self.out)
            return
        if _exchange(fresh, self.out):
            shutil.rmtree(fresh, ignore_errors=True)  # `fresh` now holds the old site
            return
        old = Path(tempfile.mkdtemp(prefix=self.prefix_old, dir=self.parent))
        self.out.rename(old / "site")
        fresh.rename(self.out)
        shutil.rmtree(old, ignore_errors=True)


def _real_folder(path: Path) -> bool:
    """A folder itself, not a link to one (a link could lead out of the project)."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


# What a pull request may ship as it is: styles, images and fonts. Scripts, pages and
# SVG (which can carry script) are the generator's own files (`ASSETS`), reviewed as code.
STATIC_SUFFIXES = frozenset(
    {".css", ".png", ".webp", ".jpg", ".jpeg", ".gif", ".ico", ".woff", ".woff2", ".txt"}
)


def static_files(source: Path, files: InputFiles, reserved: frozenset[str]) -> list[Path]:
    """The static files to publish (below `source`): regular files of inert types only."""
    found: list[Path] = []
    if not source.is_dir():
        return found
    for path in files.walk(source):
        relative = path.relative_to(source)
        if any(part.startswith(".") for part in relative.parts):
            continue  # editor and system files (.DS_Store) are not published
        if path.suffix.lower() not in STATIC_SUFFIXES:
            raise ContentError(
                path,
                None,
                f"a static file of type {excerpt(path.suffix or path.name, 20)} is not published: "
                "static/ holds styles, images and fonts (the site's scripts are the generator's)",
            )
        if relative.as_posix() in reserved:
            raise ContentError(path, None, "this name is one of the generator's own files")
        found.append(relative)
    return found
