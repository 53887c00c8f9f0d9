"""The build cache under `.cache/`: only ever what this machine's builds wrote there.

A pull request could commit a `.cache/` of its own: pictures that were
never drawn, a manifest saying an attacker's site is up to date, compiled
templates that would run outside the sandbox. So the cache belongs to the
machine that made it: its folder holds a random token, and the same token
is kept outside the project (under `$XDG_CACHE_HOME/belote-site/`). A
cache whose token is missing or does not match is not this machine's: it
is emptied before use, and a cache with files committed to the project's
repository is refused outright. A test that copies a project with its
cache adopts the copy with `adopt`.

Standard library only: the no-op check uses it before anything heavy is
imported.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import shutil
import subprocess
from pathlib import Path

from ..content.errors import ContentError
from .project import Project, machine_cache

_TOKEN = "owner"


def _record(cache: Path) -> Path:
    name = hashlib.sha256(os.fsencode(os.path.realpath(cache))).hexdigest()
    return machine_cache() / "owners" / name


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    temporary.write_text(text, encoding="ascii")
    os.replace(temporary, path)


def owned(project: Project) -> bool:
    """Whether the project's cache is this machine's own (its token matches the record)."""
    cache = project.cache
    token = _read(cache / _TOKEN)
    return token is not None and hmac.compare_digest(token, _read(_record(cache)) or "")


def committed(project: Project) -> list[str]:
    """Files under the cache that the project's git repository tracks (none without git)."""
    if not (project.root / ".git").exists() or shutil.which("git") is None:
        return []
    try:
        done = subprocess.run(
            ["git", "-C", str(project.root), "ls-files", "-z", "--", ".cache"],
            capture_output=True,
            check=False,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [name for name in os.fsdecode(done.stdout).split("\0") if name]


def claim(project: Project) -> Path:
    """The project's cache, this machine's: a stranger's (or none) is emptied and claimed.

    Where no record can be kept outside the project, the cache is emptied on
    every build: slower, never trusting what it cannot vouch for.
    """
    cache = project.cache
    tracked = committed(project)
    if tracked:
        raise ContentError(
            project.root / tracked[0],
            None,
            "the build cache is committed to the repository: it must be the build's own "
            "(remove .cache/ from the repository)",
        )
    if owned(project):
        return cache
    if cache.is_symlink() or cache.is_file():
        cache.unlink()
    elif cache.is_dir():
        shutil.rmtree(cache)
    cache.mkdir(parents=True, exist_ok=True)
    token = secrets.token_hex(16)
    try:
        _write(_record(cache), token)
    except OSError:
        return cache
    _write(cache / _TOKEN, token)
    return cache


def adopt(project: Project) -> None:
    """Vouch for a cache copied from one of this machine's own (a test's project copy)."""
    cache = project.cache
    token = secrets.token_hex(16)
    _write(_record(cache), token)
    _write(cache / _TOKEN, token)


def machine_key() -> bytes:
    """The machine's key: what it signed (pictures, catalogs) can be trusted back.

    Made once, kept outside every project (mode 0600), and made atomically: two
    builds starting at once agree on one key.
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


def signing_key(project: Project) -> bytes:
    """The machine's key, for a project cache this machine owns; empty for any other."""
    return machine_key() if owned(project) else b""
