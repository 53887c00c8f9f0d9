"""The engine's files for the browser: the Python runtime, the engine, the rule sets.

The pages whose kind has `runtime` run `generator/engine` itself in a Worker,
under Pyodide (CPython compiled to WebAssembly), served from the site's own
`static/runtime/`. The runtime comes from the npm registry at the version
package-lock.json pins (`scripts/ensure-tools`); its files are copied only if
their bytes are the ones named here, so a changed lock file cannot put other
code into the site. The standard library is the one the runtime itself compiled
to bytecode at install time (scripts/compile-stdlib.mjs: a start that compiles no
source), cut down to what the runtime's start and the engine import; the
differential test (tests/test_runtime.py) runs the engine from these very files,
so a module missing here fails it.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ...content.errors import ContentError
from ...engine import RuleSet
from ...engine.exchange import rules_to_data

# The generator's own checkout, not the project's: the runtime is a tool, like the code.
PYODIDE = Path(__file__).resolve().parents[3] / "node_modules" / "pyodide"
VERSION = "314.0.8"
# The files served as they come, by their SHA-256 (pyodide 314.0.8 from the npm registry).
PINNED = {
    "pyodide.mjs": "1bb8cc14f9405aaa7cd4e00c12edd0a8539de9cc026618d6ee5a9663f367dc70",
    "pyodide.asm.mjs": "22514b8be6980e28a02c8b1d6387ce8dfe666fc4edf8d547cff5dce29ff4d972",
    "pyodide.asm.wasm": "e14d49ceca9b4a0e274ea918f3a898de2d3880b6e5573a6cfe1a2267ecc70329",
}
STDLIB = "python_stdlib.zip"
# Made from the pinned sources by the pinned runtime (scripts/compile-stdlib.mjs), so the
# same bytes on every machine.
BYTECODE = "python_stdlib_bytecode.zip"
BYTECODE_SHA256 = "c360274cdf894b27fb2ddce0977f61e60739c0b27439adbda7bf6510a11e452b"
LOCK = "pyodide-lock.json"
LOCK_SHA256 = "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010"
# What the runtime's start (asyncio, pyodide's own packages) and the engine import, found
# by listing `sys.modules` under Pyodide once the engine was loaded; top-level names.
KEPT = frozenset(
    [
        "__future__",
        "_collections_abc",
        "_colorize",
        "_opcode_metadata",
        "_py_warnings",
        "_pyodide",
        "_sitebuiltins",
        "_ssl",
        "_sysconfigdata__emscripten_wasm32-emscripten",
        "_weakrefset",
        "abc",
        "annotationlib",
        "ast",
        "asyncio",
        "base64",
        "bisect",
        "bz2",
        "codecs",
        "codeop",
        "collections",
        "compression",
        "concurrent",
        "contextlib",
        "contextvars",
        "copy",
        "copyreg",
        "dataclasses",
        "dis",
        "enum",
        "fnmatch",
        "functools",
        "genericpath",
        "glob",
        "heapq",
        "importlib",
        "inspect",
        "io",
        "json",
        "keyword",
        "linecache",
        "locale",
        "logging",
        "lzma",
        "ntpath",
        "opcode",
        "operator",
        "os",
        "pathlib",
        "posixpath",
        "pyodide",
        "random",
        "re",
        "reprlib",
        "selectors",
        "shutil",
        "signal",
        "site",
        "socket",
        "ssl",
        "stat",
        "string",
        "struct",
        "subprocess",
        "tempfile",
        "textwrap",
        "threading",
        "token",
        "tokenize",
        "traceback",
        "types",
        "typing",
        "warnings",
        "weakref",
        "zipfile",
        "zipimport",
    ]
)
# Of the codecs, only those the runtime's start and its text files use.
KEPT_ENCODINGS = frozenset({"__init__", "aliases", "ascii", "cp437", "latin_1", "utf_8"})
ENGINE = Path(__file__).resolve().parents[2] / "engine"
# A fixed time for every zip entry: the same engine makes the same bytes.
_EPOCH = (2020, 1, 1, 0, 0, 0)
FOLDER = "runtime"


# Read and hashed a block at a time.
_BLOCK = 1 << 20


@dataclass(frozen=True)
class Pinned:
    """A runtime file served as it comes: copied from the install a block at a time, never
    held whole (the WebAssembly alone is 9.6 MB, at the end of a build, when its memory
    is at its highest), and refused unless its bytes are the pinned ones."""

    path: Path
    sha256: str

    def copy_to(self, target: Path) -> None:
        """Copy the file, hashing what is copied; a file that is not the pinned one is
        refused and its copy removed."""
        found = hashlib.sha256()
        try:
            source = self.path.open("rb")
        except OSError:
            raise _missing(self.path) from None
        with source, target.open("wb") as copy:
            while block := source.read(_BLOCK):
                found.update(block)
                copy.write(block)
        if found.hexdigest() != self.sha256:
            target.unlink()
            _refuse_unless(self.path, found.hexdigest(), self.sha256)

    def copied_in(self, path: Path) -> bool:
        """Whether `path` is a regular file, not a link, holding the pinned bytes (the last
        build's copy, to take over)."""
        try:
            handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            return False
        with os.fdopen(handle, "rb") as file:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                return False
            return hashlib.file_digest(file, "sha256").hexdigest() == self.sha256


def runtime_files(
    rule_sets: Iterable[RuleSet], pyodide: Path = PYODIDE
) -> Iterator[tuple[str, bytes | Pinned]]:
    """The files of `static/runtime/`, by name, one at a time: 14 MB in all, which a
    build never holds at once (checking and cutting them down takes 0.05 s)."""
    for name, digest in PINNED.items():
        yield name, Pinned(pyodide / name, digest)
    yield STDLIB, _stdlib(pyodide / BYTECODE)
    yield LOCK, _lock(_pinned(pyodide / LOCK, LOCK_SHA256))
    yield "engine.zip", engine_zip()
    data = [rules_to_data(rules) for rules in sorted(rule_sets, key=lambda r: r.id)]
    yield "rulesets.json", json.dumps(data, separators=(",", ":"), sort_keys=True).encode()


def _pinned(path: Path, digest: str) -> bytes:
    try:
        data = path.read_bytes()
    except OSError:
        raise _missing(path) from None
    _refuse_unless(path, hashlib.sha256(data).hexdigest(), digest)
    return data


def _check(path: Path, digest: str) -> None:
    """Refuse the file unless it is the pinned one, hashed as it is read (the standard
    library's 9 MB zip is then read by zipfile, a member at a time)."""
    try:
        with path.open("rb") as file:
            found = hashlib.file_digest(file, "sha256").hexdigest()
    except OSError:
        raise _missing(path) from None
    _refuse_unless(path, found, digest)


def _missing(path: Path) -> ContentError:
    return ContentError(
        path,
        None,
        f"the browser's Python runtime (pyodide {VERSION}) is missing: run scripts/ensure-tools",
    )


def _refuse_unless(path: Path, found: str, digest: str) -> None:
    if found != digest:
        raise ContentError(
            path, None, f"not the pinned pyodide {VERSION} file: run scripts/ensure-tools"
        )


def _kept(name: str) -> bool:
    top = name.split("/", 1)[0].removesuffix(".pyc")
    if top == "encodings":
        return name == "encodings/" or name.removeprefix("encodings/").removesuffix(".pyc") in (
            KEPT_ENCODINGS
        )
    return top in KEPT


def _zip(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """Stored, not deflated: the host compresses what it serves, and brotli across the
    whole archive makes it smaller than deflate file by file (the standard library's
    bytecode: 1.02 MB against 1.50), with nothing to inflate at each import."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, _EPOCH)
            info.external_attr = (0o40755 if name.endswith("/") else 0o644) << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def _stdlib(path: Path) -> bytes:
    """The standard library's bytecode, checked, with only the modules kept."""
    _check(path, BYTECODE_SHA256)
    with zipfile.ZipFile(path) as archive:
        return _zip(
            (name, archive.read(name)) for name in sorted(archive.namelist()) if _kept(name)
        )


def _lock(data: bytes) -> bytes:
    """The lock file with no package: the engine needs none, and nothing is fetched."""
    lock = json.loads(data)
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode()


def engine_zip() -> bytes:
    """`generator/engine` as the package `generator.engine`, its sources only."""
    entries = [("generator/__init__.py", b"")]
    entries += [
        (f"generator/engine/{path.name}", path.read_bytes()) for path in sorted(ENGINE.glob("*.py"))
    ]
    return _zip(entries)
