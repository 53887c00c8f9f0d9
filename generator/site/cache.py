"""The machine's key: what this machine's builds signed can be trusted back.

Every cache lives outside the project (generator/site/project.py,
`machine_cache`), where no pull request can put a file. The key adds a
second wall: a cached picture or catalog is used only if it carries this
machine's signature, so a cache copied in from elsewhere is never believed.

Standard library only: the no-op check imports this before anything heavy.
"""

from __future__ import annotations

import dataclasses
import hmac
import os
import secrets
import shutil
import time
from collections.abc import Mapping
from pathlib import Path

from .project import machine_cache


def machine_key() -> bytes:
    """The machine's key, made once, kept outside every project (mode 0600).

    Made atomically: two builds starting at once agree on one key.
    """
    path = machine_cache() / "key"
    key = _read(path)
    if key is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(f".key.{os.getpid()}")
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="ascii") as handle:
                handle.write(secrets.token_hex(32))
            try:
                os.link(temporary, path)  # fails if another build made it first: theirs is kept
            except FileExistsError:
                pass
            finally:
                temporary.unlink()
        except OSError:
            return b""
        key = _read(path) or ""
    try:
        return bytes.fromhex(key) if len(key) == 64 else b""
    except ValueError:
        return b""


def signature(key: bytes, *parts: bytes) -> str:
    """The machine's signature of some bytes (each part length-prefixed, so they cannot shift)."""
    digest = hmac.new(key, digestmod="sha256")
    for part in parts:
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()


def _read(path: os.PathLike[str]) -> str | None:
    try:
        with open(path, encoding="ascii") as handle:
            return handle.read().strip()
    except (OSError, UnicodeDecodeError):
        return None


# A cache is swept only once its project has been gone this long: a build running now
# is never caught between making its folder and noting whose it is.
SWEEP_AFTER_SECONDS = 3600


def claim(project_root: Path, cache: Path) -> None:
    """Note whose cache this is, and sweep the caches of projects long gone.

    A project's cache is named after its folder; each names its folder in a
    file, so that the caches of deleted copies (a test's, a scratch checkout's)
    do not pile up in the machine's cache.
    """
    cache.mkdir(parents=True, exist_ok=True)
    note = cache / "root"
    temporary = cache / f".root.{os.getpid()}"
    temporary.write_text(os.fsdecode(os.path.realpath(project_root)), encoding="utf-8")
    os.replace(temporary, note)
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


def canonical(value: object) -> str:
    """A value written the same in every process, to name what a cache holds: a set's
    repr follows the process's string hashing (PYTHONHASHSEED), its sorted items do not."""
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(canonical(item) for item in value)) + "}"
    if isinstance(value, (tuple, list)):
        return "[" + ",".join(canonical(item) for item in value) + "]"
    if isinstance(value, Mapping):
        pairs = sorted(f"{canonical(k)}:{canonical(v)}" for k, v in value.items())
        return "{" + ",".join(pairs) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return canonical({f.name: getattr(value, f.name) for f in dataclasses.fields(value)})
    return repr(value)
