"""The build's one cache (generator/site/pipeline/cache.py): a thing is named by the hash of the
bytes it was computed from and of the code, so a copy of the project finds everything
its original computed, and an edited input is a name not asked for before."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.project import built_fixture, run_captured

from generator.site.pages import practice
from generator.site.pipeline import cache as module
from generator.site.pipeline import inputs, verified
from generator.site.pipeline.cache import Cache
from generator.site.pipeline.project import Project


def test_a_name_is_the_hash_of_the_bytes_and_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    name = Cache.name("catalog", "fr", b"msgid")
    assert name == Cache.name("catalog", "fr", b"msgid")
    assert name != Cache.name("catalog", "fr", b"msgid ")  # a changed byte
    assert name != Cache.name("catalog", "frm", b"sgid")  # parts cannot shift
    assert name != Cache.name("catalog", "fr")
    # The same in every process: a name never follows the process's string hashing.
    script = (
        "from generator.site.pipeline.cache import Cache; "
        "print(Cache.name('catalog', 'fr', b'msgid'))"
    )
    found = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in range(3)
    }
    assert found == {name}
    # Changed code names everything anew.
    monkeypatch.setattr(module, "code_stamp", lambda: "other code")
    assert Cache.name("catalog", "fr", b"msgid") != name


def test_a_build_in_a_copy_of_the_project_reuses_everything(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing is named by where a project is: a second checkout, a test's copy, verifies,
    compiles, draws and searches nothing its original did."""
    project = built_fixture(tmp_path_factory, "original")
    copy = tmp_path_factory.mktemp("copy") / "project"
    shutil.copytree(project, copy)
    assert Project(copy).cache != Project(project).cache  # its own manifest: a full build

    def computed(what: str) -> None:
        raise AssertionError(f"{what} computed again")

    monkeypatch.setattr(verified, "check_all", lambda *_: computed("a scenario"))
    monkeypatch.setattr(inputs, "read_catalog_file", lambda *_: computed("a catalog"))
    monkeypatch.setattr(practice, "draw", lambda *_: computed("a practice"))
    monkeypatch.setattr(verified, "demonstrates", lambda *_: computed("the witness search"))
    status, _, err = run_captured(copy, "build", "--out", copy.parent / "site")
    assert status == 0, err
    assert "(0 unchanged)" in err and "0 pictures drawn" in err


def test_put_is_whole_or_nothing_and_get_takes_only_a_file_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = Cache(tmp_path / "records")
    cache.put("a", b"bytes")
    assert cache.get("a") == b"bytes" and cache.get("b") is None
    # A full disk: nothing half-written is left, nor taken for the thing.
    real = Path.write_bytes

    def full_disk(path: Path, data: bytes) -> int:
        real(path, data[:2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    cache.put("c", b"bytes")
    monkeypatch.undo()
    assert cache.get("c") is None
    assert sorted(path.name for path in (tmp_path / "records").iterdir()) == ["a"]
    # A link (to anything) and a file with a second name are not the cache's.
    (tmp_path / "records" / "d").symlink_to(tmp_path / "records" / "a")
    os.link(tmp_path / "records" / "a", tmp_path / "elsewhere")
    assert cache.get("d") is None and cache.get("a") is None
    # What a killed build left (its process gone) is swept; a live one's is not.
    (tmp_path / "records" / ".e.999999999").write_bytes(b"half")
    (tmp_path / "records" / f".e.{os.getpid()}").write_bytes(b"being written")
    cache.sweep()
    assert not (tmp_path / "records" / ".e.999999999").exists()
    assert (tmp_path / "records" / f".e.{os.getpid()}").exists()


def test_a_build_sweeps_its_caches_once_a_day(tmp_path: Path) -> None:
    """Each build sweeps with `daily`: a folder swept less than a day ago is not looked
    through again (a machine's records grow to tens of thousands of files)."""
    cache = Cache(tmp_path / "records")
    (tmp_path / "records").mkdir()
    left = tmp_path / "records" / ".e.999999999"
    left.write_bytes(b"half")
    cache.sweep(daily=True)
    assert not left.exists()
    left.write_bytes(b"half")
    cache.sweep(daily=True)
    assert left.exists()  # swept less than a day ago
    day_ago = time.time() - 25 * 3600
    os.utime(tmp_path / "records" / ".swept", (day_ago, day_ago))
    cache.sweep(daily=True)
    assert not left.exists()


def test_nothing_is_cached_in_a_folder_others_may_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An XDG_CACHE_HOME pointed at a shared folder: another user could plant a record."""
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "belote-site").mkdir(mode=0o777)
    os.chmod(shared / "belote-site", 0o777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared))
    cache = Cache(shared / "belote-site" / "records")
    cache.put("a", b"bytes")
    assert cache.folder is None and cache.get("a") is None
    assert cache.memo("b", lambda: 1) == 1 and cache.computed == 1
