"""The catalogs suit the tools translators use: GNU gettext, Poedit, Weblate.

GNU gettext itself is the judge here (msgfmt, msginit, msgcat: installed by
scripts/ensure-tools; a missing tool skips these tests outside CI and fails
them in CI). The site's contact is read from content/site.yaml by the test,
the expected language names from Babel's CLDR data, never from the
generator's output. Each test works on a copy of the project's inputs.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from babel import Locale
from babel.messages.pofile import read_po
from helpers.browser import require
from helpers.project import (
    LANGUAGES,
    ROOT,
    cli,
    copy_project,
    fixture_copy,
    po_path,
    read_catalog,
    write_catalog,
)

SETTINGS = ROOT / "content" / "site.yaml"
CONTACT = yaml.safe_load(SETTINGS.read_text(encoding="utf-8"))["translations_contact"]
# A language the project has no catalog for, as a translator would add it.
NEW = next(code for code in ("pt", "de", "nl", "it") if code not in LANGUAGES)
TRANSLATED = sorted(LANGUAGES[1:])  # the committed catalogs (English has none)


def gettext_tool(name: str) -> str:
    found = shutil.which(name)
    require(found is not None, f"GNU gettext's {name}")
    assert found is not None
    return found


def run(*command: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project's inputs (nothing here builds the site)."""
    return copy_project(tmp_path / "project")


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """A copy of the small project (tests/fixture): the same templates, wording and code,
    so the same template header and catalogs, made in a second where the site takes many."""
    return fixture_copy(tmp_path / "small")


def update(capsys: pytest.CaptureFixture[str], project: Path) -> str:
    status, out, err = cli(capsys, project, "locale", "update")
    assert status == 0, err
    return out


def header_of(path: Path) -> str:
    """The text of a PO file up to its first blank line: its comment and header entry."""
    return path.read_text(encoding="utf-8").split("\n\n", 1)[0]


def header_fields(path: Path) -> dict[str, str]:
    """The header entry's fields, read as gettext reads them (strings joined, then lines)."""
    entry = header_of(path).split('msgid ""\nmsgstr ""\n', 1)[1]
    text = "".join(re.findall(r'^"(.*)"$', entry, re.M)).replace("\\n", "\n")
    return dict(line.split(": ", 1) for line in text.splitlines() if line)


def set_contact(project: Path, line: str) -> None:
    settings = project / "content" / "site.yaml"
    text = settings.read_text(encoding="utf-8")
    assert f"translations_contact: {CONTACT}\n" in text
    settings.write_text(text.replace(f"translations_contact: {CONTACT}\n", line), encoding="utf-8")


def messages(path: Path) -> set[tuple[str | None, str]]:
    with path.open("rb") as handle:
        catalog = read_po(handle)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


# ---------------------------------------------------------------------------
# the template


def test_the_template_passes_msgfmt_check(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    msgfmt = gettext_tool("msgfmt")
    update(capsys, small)
    pot = small / "locales" / "messages.pot"
    result = run(msgfmt, "-c", "--check-format", "-o", "/dev/null", pot)
    assert result.returncode == 0, result.stderr
    # All it may say is what a template lacks by nature: a language and a revision date.
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert all(
        re.search(r"header field '(PO-Revision-Date|Language)' missing", line) for line in warnings
    ), result.stderr


def test_msginit_keeps_every_non_ascii_message(
    small: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    msginit = gettext_tool("msginit")
    update(capsys, small)
    pot = small / "locales" / "messages.pot"
    made = tmp_path / f"{NEW}.po"
    result = run(msginit, "-l", NEW, "--no-translator", "-i", pot, "-o", made)
    assert result.returncode == 0, result.stderr
    assert header_fields(made)["Content-Type"] == "text/plain; charset=UTF-8"
    expected = messages(pot)
    accented = {key for key in expected if not key[1].isascii()}
    # French words are in the English text (the vocabulary's "Générale", "carré").
    assert any("Générale" in msgid for _, msgid in accented), "no non-ASCII message to keep"
    assert messages(made) == expected
    # A catalog made so (as Weblate's "new language from template" does) is one the site
    # takes, and `locale update` names its team as `locale add` would.
    path = po_path(small, NEW)
    path.parent.mkdir(parents=True)
    shutil.copy(made, path)
    status, _, err = cli(capsys, small, "check", path)
    assert status == 0, err
    update(capsys, small)
    locale = Locale.parse(NEW)
    assert header_fields(path)["Language-Team"] == f"{locale.get_display_name(locale)} <{CONTACT}>"


def test_the_template_header_is_fixed_and_names_the_sites_contact(
    small: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    update(capsys, small)
    pot = small / "locales" / "messages.pot"
    first = pot.read_bytes()
    fields = header_fields(pot)
    assert fields["Content-Type"] == "text/plain; charset=UTF-8"
    assert fields["Content-Transfer-Encoding"] == "8bit"
    assert fields["MIME-Version"] == "1.0"
    assert re.fullmatch(r"belote-site \d+\.\d+\.\d+", fields["Project-Id-Version"])
    assert fields["Report-Msgid-Bugs-To"] == CONTACT
    assert fields["Language-Team"].endswith(f"<{CONTACT}>")
    header = header_of(pot)
    assert "EMAIL@ADDRESS" not in header and "<>" not in header
    assert not re.search(r"\d{4}-\d\d-\d\d|\d\d:\d\d", header), "a date in the header"
    # Byte for byte the same on the next run, and from a copy elsewhere.
    update(capsys, small)
    assert pot.read_bytes() == first
    other = fixture_copy(tmp_path / "elsewhere" / "deeper" / "small")
    update(capsys, other)
    assert (other / "locales" / "messages.pot").read_bytes() == first


def test_without_a_contact_the_headers_hold_no_address(
    small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    set_contact(small, "")
    update(capsys, small)
    status, _, err = cli(capsys, small, "locale", "add", NEW)
    assert status == 0, err
    for path in (small / "locales" / "messages.pot", po_path(small, NEW)):
        text = path.read_text(encoding="utf-8")
        assert "EMAIL@ADDRESS" not in text and "<>" not in text and "LL@li.org" not in text
        assert "<" not in header_fields(path)["Language-Team"]
    assert "Report-Msgid-Bugs-To" not in header_fields(small / "locales" / "messages.pot")


@pytest.mark.parametrize(
    "value",
    [
        '"https://example.org/\\"\\nLanguage: en"',  # would end the header's string and line
        "javascript:alert(1)",
        "EMAIL@ADDRESS",
        "'https://example.org/ issues'",
        "http://example.org/issues",
    ],
)
def test_a_contact_that_is_no_address_is_refused_in_one_line(
    small: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    update(capsys, small)
    set_contact(small, f"translations_contact: {value}\n")
    pot = small / "locales" / "messages.pot"
    before = pot.read_bytes()
    status, out, err = cli(capsys, small, "locale", "update")
    assert (status, out) == (2, "")
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    settings = small / "content" / "site.yaml"
    line = next(
        n
        for n, row in enumerate(settings.read_text(encoding="utf-8").splitlines(), 1)
        if row.startswith("translations_contact:")
    )
    assert lines[0].startswith(f"error: {settings}:{line}: translations_contact"), err
    assert pot.read_bytes() == before


# ---------------------------------------------------------------------------
# catalogs: a new one, and the addresses of existing ones


def test_a_new_catalog_carries_the_sites_contact(
    small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    msgfmt = gettext_tool("msgfmt")
    status, _, err = cli(capsys, small, "locale", "add", NEW)
    assert status == 0, err
    path = po_path(small, NEW)
    text = path.read_text(encoding="utf-8")
    assert "EMAIL@ADDRESS" not in text and "<>" not in text
    fields = header_fields(path)
    assert fields["Report-Msgid-Bugs-To"] == CONTACT
    locale = Locale.parse(NEW)
    assert fields["Language-Team"] == f"{locale.get_display_name(locale)} <{CONTACT}>"
    result = run(msgfmt, "-c", "--check-format", "-o", "/dev/null", path)
    assert result.returncode == 0, result.stderr


def _set_addresses(path: Path, lang: str, bugs: str, team: str) -> None:
    catalog = read_catalog(path, lang)
    catalog.msgid_bugs_address, catalog.language_team = bugs, team
    write_catalog(path, catalog)


def test_update_fills_only_the_addresses_nobody_wrote(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty, own = TRANSLATED[0], TRANSLATED[1]
    _set_addresses(po_path(project, empty), empty, "", "team <>")
    _set_addresses(po_path(project, own), own, "bugs@team.example", "Our team <team@team.example>")
    assert header_fields(po_path(project, empty))["Language-Team"] == "team <>"
    update(capsys, project)
    fields = header_fields(po_path(project, empty))
    assert (fields["Report-Msgid-Bugs-To"], fields["Language-Team"]) == (
        CONTACT,
        f"team <{CONTACT}>",
    )
    fields = header_fields(po_path(project, own))
    assert (fields["Report-Msgid-Bugs-To"], fields["Language-Team"]) == (
        "bugs@team.example",
        "Our team <team@team.example>",
    )


# ---------------------------------------------------------------------------
# one layout, whatever editor saved the catalog

# How PO editors rewrap a file they save: Poedit and msgcat at 79 columns
# (gettext's rules), Weblate at 77, and Poedit's "do not wrap" setting.
EDITORS = {"poedit": (), "weblate": ("-w", "77"), "no-wrap": ("--no-wrap",)}


@pytest.mark.parametrize("editor", list(EDITORS))
def test_update_brings_a_rewrapped_catalog_back_to_the_projects_layout(
    project: Path, capsys: pytest.CaptureFixture[str], editor: str
) -> None:
    msgcat = gettext_tool("msgcat")
    update(capsys, project)  # the layout the project keeps, addresses filled in
    lang = TRANSLATED[-1]
    path = po_path(project, lang)
    canonical, kept = path.read_bytes(), messages(path)
    result = run(msgcat, *EDITORS[editor], "-o", path, path)
    assert result.returncode == 0, result.stderr
    assert path.read_bytes() != canonical, "the editor changed nothing: the test proves nothing"
    assert messages(path) == kept, "the editor changed a message"
    out = update(capsys, project)
    assert path.read_bytes() == canonical
    assert f"updated {lang}" in out
    assert "none changed" in update(capsys, project)


def test_update_drops_the_previous_msgids_an_editor_kept(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`#| msgid` lines (msgmerge --previous, Poedit, Weblate) go, and never become comments."""
    msgfmt = gettext_tool("msgfmt")
    update(capsys, project)
    lang = TRANSLATED[0]
    path = po_path(project, lang)
    canonical = path.read_bytes()
    text = canonical.decode("utf-8")
    entry = text.index('\nmsgid "', text.index("\n\n")) + 1
    edited = (
        text[:entry] + '#| msgctxt "old"\n#| msgid ""\n#| "Earlier "\n#| "words"\n' + text[entry:]
    )
    path.write_text(edited, encoding="utf-8")
    assert run(msgfmt, "-c", "-o", "/dev/null", path).returncode == 0  # gettext's own syntax
    update(capsys, project)
    assert path.read_bytes() == canonical


# ---------------------------------------------------------------------------
# what translators are told about placeholders and shared values (issue 22)

# Filled with words whose gender, number or case decides the sentence around
# them in Czech, Slovak, Croatian or Bulgarian: read off the pages by hand.
GRAMMAR_PLACEHOLDERS = (
    "side",
    "seat",
    "dealer",
    "first",
    "card",
    "cards",
    "best",
    "led",
    "trump",
    "call",
    "contract",
    "reason",
)


def _placeholders(message_id: object) -> set[str]:
    texts = message_id if isinstance(message_id, tuple) else (message_id,)
    return {name for text in texts for name in re.findall(r"%\((\w+)\)s", str(text))}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_placeholder_that_changes_grammar_is_explained_in_every_catalog(lang: str) -> None:
    catalog = read_catalog(po_path(ROOT, lang), lang)
    explained = 0
    for message in catalog:
        for name in _placeholders(message.id) & set(GRAMMAR_PLACEHOLDERS):
            notes = [c for c in message.auto_comments if c.startswith(f"TRANSLATORS: %({name})s")]
            assert notes, (lang, message.context, message.id, name)
            explained += 1
    # side, seat, card, trump, call, reason each fill several messages.
    assert explained > 40


def test_no_placeholder_reaches_translators_unclassified() -> None:
    """A new placeholder is either explained to translators or known to be a number."""
    from generator.locale.placeholders import NUMBERS, WORDS

    template = read_po((ROOT / "locales" / "messages.pot").open("rb"))
    used = set().union(*(_placeholders(m.id) for m in template if m.id))
    assert used - set(WORDS) - set(NUMBERS) == set()
    assert set(GRAMMAR_PLACEHOLDERS) <= set(WORDS)


def test_translators_comments_reach_the_template_from_yaml_templates_and_code(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    page = project / "content" / "pages" / "rules.yaml"
    text = page.read_text(encoding="utf-8")
    text = text.replace("title: ", "# TRANSLATORS: the page's title, also the menu's.\ntitle: ", 1)
    page.write_text(text, encoding="utf-8")
    template = project / "templates" / "learn.html"
    markup = template.read_text(encoding="utf-8")
    first = markup.index("{% trans %}")
    markup = markup[:first] + "{# TRANSLATORS: a button of the walk-through. #}" + markup[first:]
    template.write_text(markup, encoding="utf-8")
    update(capsys, project)
    pot = read_po((project / "locales" / "messages.pot").open("rb"))
    comments = [c for m in pot for c in m.auto_comments]
    assert "TRANSLATORS: the page's title, also the menu's." in comments
    # Jinja2's extractor gives the comment without its tag.
    assert "a button of the walk-through." in comments


def test_option_values_worded_alike_have_a_context_each() -> None:
    """ "None." says no rounding, no short game and no belote in all trumps: three options,
    three genders in some languages, so three messages."""
    template = read_po((ROOT / "locales" / "messages.pot").open("rb"))
    contexts = {m.context for m in template if m.id == "None."}
    assert None not in contexts
    assert {
        "option scoring.rounding",
        "option scoring.short_target",
        "option declarations.belote_in_all_trumps",
    } <= contexts
    points = {m.context for m in template if m.id == "%(value)s points."}
    assert None not in points and len(points) >= 10


def test_every_placeholder_numbers_included_has_its_note_in_the_template() -> None:
    """A number's note says whether it comes with its unit ("81 points") or bare ("80")."""
    template = read_po((ROOT / "locales" / "messages.pot").open("rb"))
    checked = 0
    for message in template:
        for name in _placeholders(message.id):
            notes = [c for c in message.auto_comments if c.startswith(f"TRANSLATORS: %({name})s")]
            assert notes, (message.context, message.id, name)
            checked += 1
    # About 107 uses of 39 numeric placeholders were unexplained before.
    assert checked > 200


def test_code_messages_are_located_by_file_and_page_texts_by_line() -> None:
    """An edit of the generator's code above a message leaves every catalog as it is; a
    translator still follows a page's text or a template's to its line."""
    template = read_po((ROOT / "locales" / "messages.pot").open("rb"))
    places = [place for message in template if message.id for place in message.locations]
    code = [line for path, line in places if path.endswith(".py")]
    text = [line for path, line in places if path.endswith((".yaml", ".html"))]
    assert code and not any(code)
    assert text and all(text)
