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
from .project import Project

_TOKEN = "owner"


def machine_cache() -> Path:
    """The machine's own folder for belote-site, outside every project (no pull request's)."""
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return home / "belote-site"


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


def signing_key(project: Project) -> bytes:
    """The machine's key, for a cache this machine owns: what it signed can be trusted back.

    One key per machine, kept outside every project, so that the copies of a
    project (a test's, a second checkout) trust the same pictures and catalogs;
    empty where the cache is not this machine's or no key can be kept.
    """
    if not owned(project):
        return b""
    path = machine_cache() / "key"
    key = _read(path)
    if key is None:
        try:
            _write(path, secrets.token_hex(32))
            path.chmod(0o600)  # a secret: whoever reads it can sign a cache
        except OSError:
            return b""
        key = _read(path) or ""
    return bytes.fromhex(key) if len(key) == 64 else b""
