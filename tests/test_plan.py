"""The build's plan, as plain functions: what is rendered, what is taken over, and why.

No site is built here: pages, languages and the last build's manifest are
made by hand, and each test says what the plan must decide for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.messages.catalog import Catalog

from generator.content.catalogs import Key, Messages
from generator.site.page import Page, page_kinds
from generator.site.pipeline.keys import Keys
from generator.site.pipeline.manifest import Manifest, Stamp
from generator.site.pipeline.plan import Rendered, advertise, plan_english, plan_outputs
from generator.site.pipeline.project import Project
from generator.site.rendering.i18n import Language
from generator.verify.coverage import Coverage

ARTICLE = page_kinds()["article"]
HOME = page_kinds()["home"]
TITLE: Key = (None, "Rules")
INTRO: Key = (None, "Intro")


def page(key: str) -> Page:
    return Page(key, HOME if not key else ARTICLE, key or "Home", 1, Path(f"{key}.yaml"))


def language(code: str, translations: dict[Key, str]) -> Language:
    catalog = Catalog(locale=code)
    for (context, msgid), text in translations.items():
        catalog.add(msgid, text, context=context)
    return Language.with_messages(code, Messages.of(catalog), Path(code))


ENGLISH = Language.source(Locale.parse("en"))
NO_WITNESS = Coverage({})
HOME_PAGE, RULES = page(""), page("rules")
PAGES = (HOME_PAGE, RULES)


def rendered(at: Page, used: frozenset[Key]) -> Rendered:
    return Rendered(at.path("en") + "index.html", "<html>", used, frozenset())


def test_a_page_whose_content_is_unchanged_looks_up_what_it_did_last_time() -> None:
    last = Manifest(content_keys={"": "a", "rules": "b"}, messages={"": [[None, "Rules"]]})
    plan = plan_english(PAGES, {"": "a", "rules": "b"}, last)
    # Home: same key, messages recorded; rules: same key but no messages recorded.
    assert plan.render == (RULES,)
    assert plan.known == {"": frozenset({TITLE})}


def test_a_changed_page_is_rendered_in_english_first() -> None:
    last = Manifest(content_keys={"": "a", "rules": "b"}, messages={"": [], "rules": []})
    plan = plan_english(PAGES, {"": "a", "rules": "changed"}, last)
    assert plan.render == (RULES,)
    # Without keys (a check, or no manifest) every page is rendered.
    assert plan_english(PAGES, {}, last).render == PAGES


def test_a_language_below_the_threshold_is_built_but_not_offered() -> None:
    french = language("fr", {TITLE: "Règles", INTRO: "Intro"})
    czech = language("cs", {TITLE: "Pravidla"})
    used = {"": frozenset({TITLE}), "rules": frozenset({TITLE, INTRO})}
    advertised = advertise((ENGLISH, french, czech), used, 90)
    assert advertised.percent == {"en": 100.0, "fr": 100.0, "cs": 50.0}
    assert advertised.menu == (ENGLISH, french)
    assert advertised.hidden == ("cs",)


def test_without_keys_every_page_is_rendered_and_english_is_reused_with_the_full_menu() -> None:
    french = language("fr", {TITLE: "Règles"})
    used = {"": frozenset({TITLE}), "rules": frozenset({TITLE})}
    english = {"": rendered(HOME_PAGE, used[""])}
    languages = (ENGLISH, french)
    plan = plan_outputs(PAGES, languages, languages, used, english)
    assert plan.ready == (english[""],)
    assert [(job.page.key, job.language.code) for job in plan.render] == [
        ("rules", "en"),
        ("", "fr"),
        ("rules", "fr"),
    ]
    assert plan.kept == () and plan.keys == {} and plan.pages == 4
    # A translated page knows its messages beforehand; an English one finds them out.
    assert [job.used for job in plan.render] == [None, used[""], used["rules"]]


def test_an_english_render_with_a_shorter_menu_is_rendered_again() -> None:
    czech = language("cs", {})
    used = {"": frozenset(), "rules": frozenset()}
    english = {"": rendered(HOME_PAGE, frozenset())}
    plan = plan_outputs(PAGES, (ENGLISH, czech), (ENGLISH,), used, english)
    assert plan.ready == ()
    assert all(job.menu == (ENGLISH,) for job in plan.render)
    assert len(plan.render) == 4


def test_an_output_whose_key_is_unchanged_and_whose_file_is_intact_is_taken_over() -> None:
    french = language("fr", {TITLE: "Règles"})
    used = {"": frozenset({TITLE}), "rules": frozenset()}
    content = {"": "home-key", "rules": "rules-key"}
    languages = (ENGLISH, french)
    first = plan_outputs(PAGES, languages, languages, used, {}, content_keys=content)
    assert set(first.keys) == {
        "en/index.html",
        "en/rules/index.html",
        "fr/index.html",
        "fr/rules/index.html",
        "index.html",
        "404.html",
        "sitemap.xml",
    }
    last = Manifest(keys=dict(first.keys), pictures={"fr/index.html": ["abc"]})
    intact = {"fr/index.html", "en/rules/index.html"}

    def reusable(path: str, key: str) -> bool:
        return path in intact and last.keys[path] == key

    plan = plan_outputs(
        PAGES, languages, languages, used, {}, content_keys=content, last=last, reusable=reusable
    )
    assert {(kept.path, kept.pictures) for kept in plan.kept} == {
        ("fr/index.html", ("abc",)),
        ("en/rules/index.html", ()),
    }
    assert {job.path for job in plan.render} == {"en/index.html", "fr/rules/index.html"}
    assert plan.keys == first.keys


def test_a_translated_key_follows_the_translations_of_the_messages_used_only() -> None:
    used = [TITLE]
    before = Keys.output("c", language("fr", {TITLE: "Règles"}), ["en", "fr"], used)
    other_message = Keys.output(
        "c", language("fr", {TITLE: "Règles", INTRO: "Présentation"}), ["en", "fr"], used
    )
    retranslated = Keys.output("c", language("fr", {TITLE: "Règle"}), ["en", "fr"], used)
    menu = Keys.output("c", language("fr", {TITLE: "Règles"}), ["en", "fr", "cs"], used)
    content = Keys.output("d", language("fr", {TITLE: "Règles"}), ["en", "fr"], used)
    assert before == other_message
    assert len({before, retranslated, menu, content}) == 4


def test_the_root_page_and_sitemap_are_kept_while_no_page_or_menu_changes() -> None:
    french = language("fr", {TITLE: "Règles"})
    used = {"": frozenset({TITLE}), "rules": frozenset()}
    content = {"": "home-key", "rules": "rules-key"}
    languages = (ENGLISH, french)
    first = plan_outputs(PAGES, languages, languages, used, {}, content_keys=content)
    assert first.site == ("index.html", "404.html", "sitemap.xml")  # no last build: both rendered
    last = Manifest(keys=dict(first.keys))

    def reusable(path: str, key: str) -> bool:
        return last.keys[path] == key

    def plan(content: dict[str, str], menu: tuple[Language, ...]) -> tuple[str, ...]:
        kept = plan_outputs(
            PAGES, languages, menu, used, {}, content_keys=content, last=last, reusable=reusable
        )
        return kept.site

    assert plan(content, languages) == ()
    # A page's content (its title among it), or a language leaving the menu: both again.
    assert plan({**content, "rules": "retitled"}, languages) == (
        "index.html",
        "404.html",
        "sitemap.xml",
    )
    assert plan(content, (ENGLISH,)) == ("index.html", "404.html", "sitemap.xml")
    # Kept files are not pages: the count is of pages only.
    assert (
        plan_outputs(
            PAGES,
            languages,
            languages,
            used,
            {},
            content_keys=content,
            last=last,
            reusable=reusable,
        ).pages
        == 4
    )


def test_a_file_a_page_names_is_its_own_and_every_other_input_is_every_pages() -> None:
    """A variant file (named by its variant's page) enters that page's key only, and the
    home page's, which draws on every page; a file no page names (a rule set) enters all.
    (Formerly proved by editing a variant file of the real site in test_incremental.)"""
    from generator.site.pipeline.manifest import Stamp
    from generator.site.pipeline.project import Project

    project = Project(Path("/project"))
    variant = Path("/project/content/variants/coinche.yaml")
    card = Page("variants/coinche", ARTICLE, "Coinche", 1, variant, inputs=(variant,))
    pages = (HOME_PAGE, RULES, card)
    stamps = {
        "content/variants/coinche.yaml": Stamp(1, 1, 1, "variant"),
        "content/rulesets/maison.yaml": Stamp(1, 1, 1, "rules"),
    }
    keys = Keys.of(project, stamps, pages, NO_WITNESS)
    edited = Keys.of(
        project,
        {**stamps, "content/variants/coinche.yaml": Stamp(2, 2, 2, "v2")},
        pages,
        NO_WITNESS,
    )
    changed = {p.key for p in pages if keys.content(p) != edited.content(p)}
    assert changed == {"variants/coinche", ""}
    ruled = Keys.of(
        project,
        {**stamps, "content/rulesets/maison.yaml": Stamp(2, 2, 2, "r2")},
        pages,
        NO_WITNESS,
    )
    assert all(keys.content(p) != ruled.content(p) for p in pages)


def test_what_a_page_shows_of_another_enters_every_pages_key() -> None:
    """A page links to an anchor another page offers (a rule set's column, a term), and to
    the example that shows one of its stated values at work: a change to either is a
    change to every page, though no file of theirs changed. (The title of that example
    is proved by the fixture's "example title" edit, tests/test_incremental.py.)"""
    from types import SimpleNamespace

    from generator.site.pipeline.project import Project

    project = Project(Path("/project"))
    offering = Page(
        "rule-sets", ARTICLE, "Rule sets", 2, Path("c.yaml"), anchors=(("rules-a", "A"),)
    )
    pages = (HOME_PAGE, RULES, offering)
    keys = Keys.of(project, {}, pages, NO_WITNESS)
    relabelled = Page(
        "rule-sets", ARTICLE, "Rule sets", 2, Path("c.yaml"), anchors=(("rules-a", "B"),)
    )
    anchored = Keys.of(project, {}, (HOME_PAGE, RULES, relabelled), NO_WITNESS)
    witness: Any = SimpleNamespace(id="an-example")
    witnessed = Keys.of(project, {}, pages, Coverage({("play.partner", "maison"): witness}))
    for page in pages:
        assert anchored.content(page) != keys.content(page), page.key
        assert witnessed.content(page) != keys.content(page), page.key


def test_a_scenario_enters_the_keys_of_the_pages_that_show_it_not_its_files() -> None:
    """Two pages show two scenarios of one file: an edit to one scenario changes the key of
    the page that shows it (and the home page's, which shows every page's examples), not
    the other's, though the file's bytes changed for both."""
    from types import SimpleNamespace

    from generator.site.pipeline.manifest import Stamp
    from generator.site.pipeline.project import Project

    def showing(key: str, written: str) -> Page:
        example: Any = SimpleNamespace(id=key, title=key, scenario=SimpleNamespace(written=written))
        return Page(key, ARTICLE, key, 1, Path(f"{key}.yaml"), examples=(example,))

    project = Project(Path("/project"))
    stamps = {"content/scenarios/both.yaml": Stamp(1, 1, 1, "both")}
    pages = (HOME_PAGE, showing("first", "a"), showing("second", "b"))
    keys = Keys.of(project, stamps, pages, NO_WITNESS)
    edited_pages = (HOME_PAGE, showing("first", "a2"), showing("second", "b"))
    edited_stamps = {"content/scenarios/both.yaml": Stamp(2, 2, 2, "both, edited")}
    edited = Keys.of(project, edited_stamps, edited_pages, NO_WITNESS)
    changed = {
        before.key
        for before, after in zip(pages, edited_pages, strict=True)
        if keys.content(before) != edited.content(after)
    }
    assert changed == {"", "first"}


def test_a_no_op_reads_the_manifests_stamps_and_a_build_reads_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "project").mkdir()
    project = Project(tmp_path / "project")
    made = Manifest(
        out="/site",
        code="c",
        environment={"BELOTE_SITE_URL": ""},
        inputs={"content/a.yaml": Stamp(1, 2, 3, "ab")},
        outputs={"en/index.html": [4, 5]},
        keys={"en/index.html": "k"},
        content_keys={"": "ck"},
        messages={"": [[None, "Rules\nand more"]]},  # a line feed in a string stays in it
        pictures={"en/index.html": ["p.png"]},
        pages=1,
    )
    made.save(project)
    assert Manifest.load(project) == made
    stamps = Manifest.load(project, stamps_only=True)
    assert (stamps.out, stamps.inputs, stamps.outputs, stamps.pages) == (
        "/site",
        made.inputs,
        made.outputs,
        1,
    )
    assert (stamps.keys, stamps.messages, stamps.pictures) == ({}, {}, {})
