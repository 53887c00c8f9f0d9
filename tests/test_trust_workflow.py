"""What a pull request can change without touching Python: babel.cfg and the catalogs.

babel.cfg may name only the project's own extractors and patterns inside
the project; a catalog's Language header must be its folder's; a code
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
from generator.locale.mapping import check_mapping

MAPPING = (ROOT / "babel.cfg").read_text(encoding="utf-8")
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
# babel.cfg


def test_the_projects_own_babel_cfg_is_accepted() -> None:
    check_mapping(Path("babel.cfg"), MAPPING)


def _extra_extractor(text: str) -> str:
    return text.replace("[extractors]\n", "[extractors]\nevil = subprocess:getoutput\n", 1)


def _own_name_other_target(text: str) -> str:
    return text.replace("generator.locale.extract:extract_content", "os:system", 1)


def _duplicate_section(text: str) -> str:
    return text + "\n[python: generator/site/**.py]\n"


def _duplicate_option(text: str) -> str:
    return text.replace("silent = false\n", "silent = false\nsilent = true\n", 1)


# Each edit, the text of the line that must be named, and what the message says.
REFUSED = {
    "another extractor": (_extra_extractor, "evil = subprocess:getoutput", "extractor 'evil'"),
    "an own name, another target": (
        _own_name_other_target,
        "belote_content = os:system",
        "is not the project's own",
    ),
    "a dotted method": (
        lambda text: text + "\n[os.system: content/**.yaml]\n",
        "[os.system:",
        "the extraction method 'os.system'",
    ),
    "a module:function method": (
        lambda text: text + "\n[subprocess:getoutput: content/**.yaml]\n",
        "[subprocess:getoutput:",
        "the extraction method 'subprocess'",
    ),
    "a method Babel has but the project does not use": (
        lambda text: text + "\n[javascript: templates/**.js]\n",
        "[javascript:",
        "the extraction method 'javascript'",
    ),
    "a Jinja2 extension that is not Jinja2's": (
        lambda text: text.replace("extensions = jinja2.ext.i18n", "extensions = os.system", 1),
        "extensions = os.system",
        "extension 'os.system'",
    ),
    "a DEFAULT section": (
        lambda text: "[DEFAULT]\nextensions = os.system\n" + text,
        "[DEFAULT]",
        "[DEFAULT] section",
    ),
    "a duplicate section": (
        _duplicate_section,
        "[python: generator/site/**.py]",
        "is given twice",
    ),
    "a duplicate option": (_duplicate_option, "silent = true", "silent is given twice"),
    "an absolute pattern": (
        lambda text: text + "\n[python: /etc/**.py]\n",
        "[python: /etc/",
        "reaches outside the project",
    ),
    "a pattern with ..": (
        lambda text: text + "\n[python: content/../../**.py]\n",
        "[python: content/../",
        "reaches outside the project",
    ),
    "a section without a method": (
        lambda text: text + "\n[content/**.yaml]\n",
        "[content/**.yaml]",
        "is not [method: pattern]",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_babel_cfg_may_name_only_the_projects_extractors(case: str) -> None:
    edit, needle, said = REFUSED[case]
    text = edit(MAPPING)
    # The last line holding the needle: a duplicate is reported where it is given again.
    line = max(n for n, row in enumerate(text.splitlines(), start=1) if needle in row)
    with pytest.raises(ContentError) as refused:
        check_mapping(Path("babel.cfg"), text)
    assert refused.value.line == line, refused.value
    assert said in refused.value.message, refused.value
    assert str(refused.value).startswith(f"babel.cfg:{line}: "), refused.value


def test_babel_cfg_may_ignore_files() -> None:
    check_mapping(Path("babel.cfg"), MAPPING + "\n[ignore: content/drafts/**.yaml]\n")


@pytest.mark.parametrize("action", ["update", "stats"])
@pytest.mark.parametrize("case", ["another extractor", "a duplicate section", "a pattern with .."])
def test_locale_commands_refuse_a_babel_cfg_in_one_line(
    project: Path, capsys: pytest.CaptureFixture[str], action: str, case: str
) -> None:
    edit, needle, said = REFUSED[case]
    config = project / "babel.cfg"
    text = edit(config.read_text(encoding="utf-8"))
    config.write_text(text, encoding="utf-8")
    line = max(n for n, row in enumerate(text.splitlines(), start=1) if needle in row)
    pot = project / "locales" / "messages.pot"
    before = pot.read_bytes()
    status, out, err = cli(capsys, project, "locale", action)
    assert status == 2, err
    assert out == ""
    error = _one_error(err)
    assert error.startswith(f"error: {config}:{line}: "), error
    assert said in error
    assert pot.read_bytes() == before
    assert not list(pot.parent.glob(".messages.*")), "extraction left a file behind"


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
