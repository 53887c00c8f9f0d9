"""What a pull request can change without touching Python: babel.cfg and the catalogs.

babel.cfg is written from the code and never read, so an edited one runs
nothing; a catalog's Language header must be its folder's; a code
that names no language, and a catalog for English, are refused; and every
refusal is one line naming the file (and its line), as `check` prints
problems, never a traceback. Each test works on a copy of the project.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.project import ROOT, cli, copy_project, po_path

from generator.content.catalogs import discover_languages
from generator.content.errors import ContentError
from generator.locale.extraction import babel_cfg

SCENARIO = Path("content/scenarios/legal-cards/seed.yaml")
TAG_SOURCE = 'msgstr "Karta po karte"'
TAG_BROKEN = 'msgstr "<b>Karta</b> po karte"'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project's inputs (no pictures: nothing here builds the site)."""
    return copy_project(tmp_path / "project")


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def _one_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: "), err
    assert "Traceback" not in err
    return lines[0]


# ---------------------------------------------------------------------------
# babel.cfg: written from the code, never read


def test_babel_cfg_is_the_extraction_map_written_out() -> None:
    """pybabel users get the map the project extracts by (generator/locale/extraction.py)."""
    assert (ROOT / "babel.cfg").read_text(encoding="utf-8") == babel_cfg()


def test_a_babel_cfg_a_pull_request_edits_runs_nothing_and_is_written_back(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = project / "babel.cfg"
    config.write_text(
        "[extractors]\nevil = os:system\n\n[evil: **.yaml]\n[evil: **.html]\n", encoding="utf-8"
    )
    pot = project / "locales" / "messages.pot"
    before = pot.read_bytes()
    status, _, err = cli(capsys, project, "locale", "update")
    assert status == 0, err
    assert pot.read_bytes() == before
    assert config.read_text(encoding="utf-8") == babel_cfg()


# ---------------------------------------------------------------------------
# catalogs


def test_a_language_header_that_is_not_the_folders_is_refused(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = po_path(project, "sk")
    text = path.read_text(encoding="utf-8")
    assert '"Language: sk\\n"' in text
    text = text.replace('"Language: sk\\n"', '"Language: cs\\n"', 1)
    path.write_text(text, encoding="utf-8")
    status, out, err = cli(capsys, project, "check", path)
    assert (status, out) == (2, "")
    error = _one_error(err)
    line = _line_of(text, '"Language: cs')
    assert error.startswith(f"error: {path}:{line}: the Language header says 'cs'"), error


@pytest.mark.parametrize("header", ['"Language: sk-SK\\n"', '"Language: \\n"'])
def test_a_language_header_must_name_exactly_the_folders_language(
    project: Path, capsys: pytest.CaptureFixture[str], header: str
) -> None:
    path = po_path(project, "sk")
    text = path.read_text(encoding="utf-8").replace('"Language: sk\\n"', header, 1)
    path.write_text(text, encoding="utf-8")
    status, _, err = cli(capsys, project, "check", path)
    assert status == 2
    error = _one_error(err)
    assert error.startswith(f"error: {path}:{_line_of(text, header)}: the Language header")


@pytest.mark.parametrize("code", ["und", "root", "zxx", "mul", "mis", "iw", "und_FR"])
def test_locale_add_refuses_a_code_that_names_no_language(
    project: Path, capsys: pytest.CaptureFixture[str], code: str
) -> None:
    before = sorted(path.name for path in (project / "locales").iterdir())
    status, out, err = cli(capsys, project, "locale", "add", code)
    assert (status, out) == (2, "")
    _one_error(err)
    assert sorted(path.name for path in (project / "locales").iterdir()) == before


def test_a_catalog_for_english_is_refused(tmp_path: Path) -> None:
    catalog = po_path(tmp_path, "en")
    catalog.parent.mkdir(parents=True)
    catalog.write_text('msgid ""\nmsgstr ""\n"Language: en\\n"\n', encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        discover_languages(tmp_path / "locales")
    assert refused.value.path == catalog
    assert "English is the source language" in refused.value.message


def test_a_catalog_for_english_stops_check_in_one_line(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = po_path(project, "en")
    catalog.parent.mkdir(parents=True)
    catalog.write_bytes(po_path(project, "sk").read_bytes())
    status, out, err = cli(capsys, project, "check", project / SCENARIO)
    assert (status, out) == (2, "")
    assert _one_error(err).startswith(f"error: {catalog}: English is the source language")


# ---------------------------------------------------------------------------
# locale stats on a broken catalog: the lines `check` prints


def test_locale_stats_reports_a_broken_catalog_as_check_does(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = po_path(project, "sk")
    text = path.read_text(encoding="utf-8")
    assert TAG_SOURCE in text
    path.write_text(text.replace(TAG_SOURCE, TAG_BROKEN, 1), encoding="utf-8")
    checked = cli(capsys, project, "check", path)
    assert checked[0] == 2
    status, out, err = cli(capsys, project, "locale", "stats")
    assert "Traceback" not in err
    assert (status, out, err) == checked
    assert err.startswith(f"error: {path}:"), err


# A catalog Babel cannot read at all: each edit is (old, new) on the Slovak catalog's text.
UNREADABLE = {
    "a-string-that-never-ends": ('msgstr "Karta po karte"', 'msgstr "Karta po karte'),
    "a-plural-rule-that-does-not-parse": ("plural=", "plural=(n >;"),
    "a-byte-that-is-not-utf-8": ('msgstr "Karta po karte"', 'msgstr "Karta \udce9"'),
}


@pytest.mark.parametrize("case", list(UNREADABLE))
def test_locale_stats_reports_an_unreadable_catalog_as_check_does(
    project: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    old, new = UNREADABLE[case]
    path = po_path(project, "sk")
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_bytes(text.replace(old, new, 1).encode("utf-8", "surrogateescape"))
    checked = cli(capsys, project, "check", path)
    assert checked[0] == 2
    status, out, err = cli(capsys, project, "locale", "stats")
    assert (status, out, err) == checked
    assert _one_error(err).startswith(f"error: {path}:"), err
