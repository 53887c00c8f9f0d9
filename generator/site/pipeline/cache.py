"""The build's one cache, and its one rule.

A cached thing is named by the hash of the bytes it was computed from and
of the generator's code (`code_stamp`): a name can only ever stand for the
one value those bytes give, so nothing is invalidated, a changed input is
merely a name not asked for yet. Every cache lives in the machine's folder
(`machine_cache`), outside every project: a pull request can choose which
name a build asks for, never what a name holds.

Standard library only: the no-op check imports this before anything heavy.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import shutil
import stat
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

from .project import machine_cache

T = TypeVar("T")
# A thing no build has asked for in this long is swept; one asked for is marked as used
# at most once a day.
_UNUSED_SECONDS = 30 * 24 * 3600
_FRESH_SECONDS = 24 * 3600
# When the folder was last swept (its modification time).
_SWEPT = ".swept"
# What a resident process keeps in memory, at most (names: a few per input file).
_RESIDENT = 4096
_CODE = Path(__file__).resolve().parents[2]


@functools.cache
def code_stamp() -> str:
    """A stamp of the generator's own code (each module's path, size and modification time),
    made once per process: a changed module names every cached thing anew."""
    lines = []
    for folder, _, names in sorted(os.walk(_CODE)):
        for name in sorted(names):
            if name.endswith(".py"):
                info = os.stat(os.path.join(folder, name))
                relative = os.path.relpath(os.path.join(folder, name), _CODE)
                lines.append(f"{relative} {info.st_size} {info.st_mtime_ns}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def digest(*parts: bytes | str) -> str:
    """The hash of some bytes, each part length-prefixed so that parts cannot shift."""
    found = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        found.update(len(data).to_bytes(8, "big") + data)
    return found.hexdigest()


def _usable(folder: Path) -> bool:
    """Whether the machine's folder is this user's own, and no one else may write into it
    (an `XDG_CACHE_HOME` pointed at a shared folder is not): else nothing is cached."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return False
    own = stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
    return own and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


class Cache:
    """One folder of cached things: `name` them, `get` and `put` their bytes, or `memo` a value.

    Without a folder (`Cache()`: a check, a dry build) nothing is kept and
    everything is computed.
    """

    def __init__(self, folder: Path | None = None, *, resident: bool = False) -> None:
        self.folder = folder if folder is not None and _usable(machine_cache()) else None
        self.computed = 0  # values `memo` computed in this process (not found kept)
        # In a process that builds again and again (`serve --watch`), what it read or
        # computed under each name, kept in memory: a name stands for one value only, so
        # the value kept is the value the disk would give, without reading or decoding it.
        self.resident: OrderedDict[str, object] | None = OrderedDict() if resident else None
        self._used: set[str] = set()  # names asked for since `forget_unused`

    @staticmethod
    def name(*parts: bytes | str) -> str:
        """The name of what is computed from these bytes by this code."""
        return digest(code_stamp(), *parts)[:40]

    def recall(self, name: str, compute: Callable[[], T]) -> T:
        """`compute()`, done once per name in a resident process; in any other, every time.

        For values that hold objects of the build (its rule sets, its scenarios), the
        name includes what they hold (`id` of the rule sets the value points at)."""
        if self.resident is None:
            return compute()
        value = cast(T, self.resident[name]) if name in self.resident else compute()
        self.remember(name, value)
        return value

    def remembered(self, name: str) -> object | None:
        """What a resident process remembers under `name` (None: nothing, or not resident)."""
        if self.resident is None:
            return None
        self._used.add(name)
        return self.resident.get(name)

    def remember(self, name: str, value: object) -> None:
        if self.resident is not None:
            self.resident[name] = value
            self.resident.move_to_end(name)
            self._used.add(name)
            if len(self.resident) > _RESIDENT:
                self.resident.popitem(last=False)

    def forget_unused(self) -> None:
        """Keep in memory only what was asked for since the last call: after a good build,
        what it used. An edited file's older versions (its scenarios, pages, catalog) are
        never asked for again, and a long `serve --watch` would otherwise hold them all."""
        if self.resident is not None:
            for name in [name for name in self.resident if name not in self._used]:
                del self.resident[name]
        self._used.clear()

    def get(self, name: str) -> bytes | None:
        """What `put` kept under this name, or None. Only a regular file with one link counts:
        a link in the cache could lead anywhere."""
        kept = None if self.resident is None else self.resident.get(name)
        if isinstance(kept, bytes):
            self._used.add(name)
            return kept
        data = self._read(name)
        if data is not None:
            self.remember(name, data)
        return data

    def _read(self, name: str) -> bytes | None:
        if self.folder is None:
            return None
        try:
            handle = os.open(self.folder / name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return None
        with os.fdopen(handle, "rb") as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
                return None
            if time.time() - info.st_mtime > _FRESH_SECONDS:
                with contextlib.suppress(OSError):
                    os.utime(file.fileno())  # still in use: not for `sweep`
            return file.read()

    def put(self, name: str, data: bytes) -> None:
        """Keep the bytes, whole or not at all (the one atomic write of the build's caches);
        a cache that cannot be written is merely a slower next build."""
        self.remember(name, data)
        if self.folder is None:
            return
        target = self.folder / name
        temporary = target.with_name(f".{target.name}.{os.getpid()}")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(data)
            os.replace(temporary, target)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink()

    def memo(
        self,
        name: str,
        compute: Callable[[], T],
        dump: Callable[[T], bytes] = pickle.dumps,
        load: Callable[[bytes], T] = pickle.loads,
    ) -> T:
        """The value kept under `name`, or `compute()`'s, kept for the next build.

        What cannot be read back (another format, a value that no longer
        loads) is computed again; what cannot be written is not kept.
        """
        data = self.get(name)
        if data is not None:
            with contextlib.suppress(Exception):
                return load(data)
        value = compute()
        self.computed += 1
        if self.folder is not None:
            with contextlib.suppress(pickle.PicklingError, TypeError, AttributeError):
                self.put(name, dump(value))
        return value

    def sweep(self, *, daily: bool = False) -> None:
        """Remove what processes that were killed while writing left half-written, and
        what no build has asked for in a month (the records of inputs edited since).

        `daily`: unless this folder was swept in the last day. A machine's records
        number tens of thousands after some months of builds (37,000 here, 0.15 s to
        look through), and a build, or `serve --watch` after every edit, would pay that
        each time for what is at most a day's leftovers.
        """
        if self.folder is None:
            return
        stamp = self.folder / _SWEPT
        try:
            swept = os.stat(stamp).st_mtime
        except OSError:
            swept = 0.0
        now = time.time()
        if daily and now - swept < _FRESH_SECONDS:
            return
        with contextlib.suppress(OSError):
            stamp.touch()
        try:
            # One entry at a time: a list of every entry of so large a folder is megabytes.
            with os.scandir(self.folder) as entries:
                for entry in entries:
                    pid = entry.name.rsplit(".", 1)[-1]
                    with contextlib.suppress(OSError):
                        if entry.name.startswith(".") and pid.isdigit():
                            if not _alive(int(pid)):
                                os.unlink(entry.path)
                        elif now - entry.stat(follow_symlinks=False).st_mtime > _UNUSED_SECONDS:
                            os.unlink(entry.path)
        except OSError:
            return


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# A cache is swept only once its project has been gone this long: a build running now
# is never caught between making its folder and noting whose it is.
SWEEP_AFTER_SECONDS = 3600


def claim(project_root: Path, cache: Path) -> None:
    """Note whose cache this is, and sweep the caches of projects long gone.

    A project's cache is named after its folder; each names its folder in a
    file, so that the caches of deleted copies (a test's, a scratch checkout's)
    do not pile up in the machine's cache.
    """
    Cache(cache).put("root", os.fsencode(os.path.realpath(project_root)))
    try:
        entries = list(os.scandir(cache.parent))
    except OSError:
        return
    now = time.time()
    for entry in entries:
        path = os.path.join(entry.path, "root")
        try:
            if now - os.stat(path).st_mtime < SWEEP_AFTER_SECONDS:
                continue
            with open(path, encoding="utf-8") as handle:
                root = handle.read()
        except (OSError, UnicodeDecodeError):
            continue  # no note yet: being made
        if entry.is_dir(follow_symlinks=False) and root and not os.path.isdir(root):
            shutil.rmtree(entry.path, ignore_errors=True)
