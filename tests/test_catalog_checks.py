"""A translator's mistakes in a catalog, each refused at the catalog's own line.

Before this check, a conversion changed in a placeholder (`%(reason)d`)
passed and the build died naming a template; a catalog with plural
messages and no Plural-Forms, or another language's rule, was accepted; a
header error named the header's first line; a byte-order mark was quoted
as a strange first character. Each case reads a small catalog in process,
as `check` and the build do (no build, no project copy).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.catalogs import check_messages, read_catalog_file
from generator.content.errors import ContentError
from generator.content.files import InputFiles

HEADER = """\
# Test catalog.
msgid ""
msgstr ""
"Project-Id-Version: belote-site 1.0\\n"
"Language: {lang}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
{plural_forms}
"""
GERMAN_RULE = '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"'
CZECH_RULE = '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"'
REASON = """\
#, python-format
msgid "Allowed (%(reason)s)."
msgstr "Erlaubt (%(reason)s)."
"""
POINTS_DE = """\
#, python-format
msgid "%(num)s point"
msgid_plural "%(num)s points"
msgstr[0] "%(num)s Punkt"
msgstr[1] "%(num)s Punkte"
"""


def catalog(tmp_path: Path, text: str, lang: str = "de") -> list[str]:
    """The problems `check` reports for this catalog text, as `LINE: message`."""
    path = tmp_path / "locales" / lang / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    try:
        file = read_catalog_file(path, lang, InputFiles.of(tmp_path))
    except ContentError as error:
        return [f"{error.line}: {error.message}"]
    return [f"{problem.line}: {problem.message}" for problem in check_messages(file)]


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def german(body: str, plural_forms: str = GERMAN_RULE) -> str:
    return HEADER.format(lang="de", plural_forms=plural_forms) + "\n" + body


def test_a_sound_catalog_passes(tmp_path: Path) -> None:
    assert catalog(tmp_path, german(REASON + "\n" + POINTS_DE)) == []


def test_a_changed_conversion_is_refused_at_its_msgstr(tmp_path: Path) -> None:
    text = german(REASON.replace('"Erlaubt (%(reason)s)."', '"Erlaubt (%(reason)d)."'))
    assert catalog(tmp_path, text) == [
        f"{line_of(text, 'Erlaubt')}: 'Allowed (%(reason)s).': the translation writes "
        "%(reason)d where its source message has %(reason)s: keep the placeholder as it is"
    ]


def test_a_translation_types_no_number_its_source_does_not_state(tmp_path: Path) -> None:
    """A figure comes from its placeholder: a translator's typed 30 is refused at its line,
    while digits for the English's own numbers, in digits or words, are the language's."""
    sound = """\
msgid "Four eights score nothing; the target is 1,000, the FFB's book of 2015."
msgstr "Vier Achten zählen nichts; das Ziel ist 1.000, das Buch der FFB von 2015; 4 mal 8."

#, python-format
msgid "Belote-rebelote is worth %(belote)s."
msgstr "Belote-Rebelote zählt %(belote)s."
"""
    assert catalog(tmp_path / "sound", german(sound)) == []
    text = german(sound.replace('zählt %(belote)s."', 'zählt %(belote)s (also 30)."'))
    assert catalog(tmp_path / "typed", text) == [
        f"{line_of(text, 'also 30')}: 'Belote-rebelote is worth %(belote)s.': the translation "
        "writes 30, which its source message does not state (a figure comes from its placeholder)"
    ]


def test_a_changed_conversion_in_one_plural_form_is_refused(tmp_path: Path) -> None:
    text = german(POINTS_DE.replace('"%(num)s Punkte"', '"%(num)d Punkte"'))
    problems = catalog(tmp_path, text)
    assert len(problems) == 1
    assert problems[0].startswith(f"{line_of(text, 'msgstr[0]')}: ")
    assert "%(num)d where its source message has %(num)s" in problems[0]


def test_plural_messages_without_plural_forms_are_refused(tmp_path: Path) -> None:
    text = german(POINTS_DE, plural_forms="")
    assert catalog(tmp_path, text) == [
        f"{line_of(text, 'msgstr')}: the catalog has plural messages but no Plural-Forms "
        'header: add "Plural-Forms: nplurals=2; plural=(n != 1);\\n" (CLDR\'s rule for de)'
    ]


def test_a_catalog_without_plural_messages_needs_no_plural_forms(tmp_path: Path) -> None:
    assert catalog(tmp_path, german(REASON, plural_forms="")) == []


def test_another_languages_plural_rule_is_refused_at_its_line(tmp_path: Path) -> None:
    french_rule = '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"'
    text = german(POINTS_DE, plural_forms=french_rule)
    problems = catalog(tmp_path, text)
    assert problems == [
        f"{line_of(text, 'Plural-Forms')}: the Plural-Forms rule "
        "'nplurals=2; plural=(n > 1);' is not the rule of de: write CLDR's nplurals=2; "
        "plural=(n != 1); or gettext's nplurals=2; plural=(n != 1);"
    ]


@pytest.mark.parametrize(
    "rule",
    [
        # CLDR's, as `locale add` writes it, and gettext's, as msginit writes it.
        '"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);\\n"',
        CZECH_RULE,
    ],
)
def test_cldrs_and_gettexts_rules_are_both_accepted(tmp_path: Path, rule: str) -> None:
    body = (
        '#, python-format\nmsgid "%(num)s point"\nmsgid_plural "%(num)s points"\n'
        'msgstr[0] "%(num)s bod"\nmsgstr[1] "%(num)s body"\nmsgstr[2] "%(num)s bodů"\n'
    )
    text = HEADER.format(lang="cs", plural_forms=rule) + "\n" + body
    assert catalog(tmp_path, text, "cs") == []


def test_a_header_error_names_the_fields_own_line(tmp_path: Path) -> None:
    broken = '"Plural-Forms: nplurals=2; plural=(n != 1) ? 2 : 0;\\n"'
    text = german(POINTS_DE, plural_forms=broken)
    (problem,) = catalog(tmp_path, text)
    assert problem.startswith(f"{line_of(text, 'Plural-Forms')}: the plural expression gives")
    assert line_of(text, "Plural-Forms") != line_of(text, "msgstr")


def test_a_charset_other_than_utf8_is_refused_at_its_line(tmp_path: Path) -> None:
    text = german(REASON).replace("charset=utf-8", "charset=ISO-8859-2")
    assert catalog(tmp_path, text) == [
        f"{line_of(text, 'Content-Type')}: the Content-Type header says "
        "charset='ISO-8859-2': catalogs are UTF-8 (save the file as UTF-8 and write "
        "charset=UTF-8)"
    ]


def test_a_byte_order_mark_is_named_as_such(tmp_path: Path) -> None:
    assert catalog(tmp_path, "\ufeff" + german(REASON)) == [
        "1: the catalog starts with a byte-order mark: save it as UTF-8 without a byte-order mark"
    ]


def test_catalogs_checked_on_every_core_are_read_and_refused_as_in_one(tmp_path: Path) -> None:
    """A build with many languages checks its catalogs in workers: the same languages come
    back in the same order, and a broken catalog stops the build with its own line."""
    import shutil

    from helpers.project import ROOT

    from generator.content.errors import Problems
    from generator.site.pipeline.cache import Cache
    from generator.site.pipeline.inputs import load_languages
    from generator.site.pipeline.project import Project
    from generator.site.rendering.settings import load_settings

    for lang in ("cs", "fr", "vi"):  # three catalogs: two workers, one with two
        shutil.copytree(ROOT / "locales" / lang, tmp_path / "locales" / lang)
    (tmp_path / "content").mkdir()
    for name in ("site.yaml", "wording.yaml"):
        shutil.copy(ROOT / "content" / name, tmp_path / "content" / name)
    project = Project(tmp_path)
    settings = load_settings(project.content / "site.yaml", project.files)

    def loaded(cores: int, cache: str) -> list[tuple[str, object]]:
        languages = load_languages(project, settings, Cache(tmp_path / cache), cores)
        return [(lang.code, lang.messages and lang.messages.entries) for lang in languages]

    alone = loaded(1, "alone")
    assert [code for code, _ in alone] == ["en", "cs", "fr", "vi"]
    assert loaded(2, "shared") == alone

    french = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    text = french.read_text(encoding="utf-8")
    start = text.index('msgstr "', text.index("%(reason)s"))
    french.write_text(text[:start] + 'msgstr "%(reason)d"' + text[text.index("\n", start) :])
    with pytest.raises(Problems) as stopped:
        loaded(2, "broken")
    [problem] = stopped.value.problems
    assert problem.path == french and "reason" in problem.message
    assert problem.line == line_of(french.read_text(encoding="utf-8"), 'msgstr "%(reason)d"')

    # A catalog that cannot be read at all stops it as the build's own process would.
    french.write_text(text.replace('msgstr "', 'msgstr "unterminated\n', 1))
    with pytest.raises(ContentError) as unreadable:
        loaded(2, "unreadable")
    assert unreadable.value.path == french and "never ends" in unreadable.value.message
