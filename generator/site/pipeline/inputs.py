"""The first stage: read and check everything a build uses, each file once.

Whatever would stop a build stops here, before a page is rendered: a
broken scenario, a rule set, a page file, a catalog, a static file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ...content.catalogs import (
    SOURCE_LANGUAGE,
    Messages,
    Problem,
    catalog_path,
    check_messages,
    discover_languages,
    locale_of,
    read_catalog_file,
)
from ...content.errors import ContentError, Problems
from ...content.files import InputFiles
from ...content.rulesets import RuleSets
from ...content.wording import WORDING, Wording, load_wording, wording_problems
from ...verify import Checked, Mismatch, by_id
from ...verify.coverage import Coverage
from ..page import LoadContext, Page, discover_pages
from ..rendering.audit import ASSETS
from ..rendering.blocks import Context
from ..rendering.i18n import Language
from ..rendering.settings import SiteSettings, load_settings
from ..rendering.statements import covered
from ..rendering.vocabulary import Vocabulary, load_vocabulary
from .cache import Cache
from .output import static_files
from .project import Project
from .records import rules_digest
from .verified import Demonstrations, verified_scenarios
from .workers import run_all


@dataclass(frozen=True)
class Inputs:
    """Everything a build reads, each read and checked once."""

    project: Project
    settings: SiteSettings
    vocabulary: Vocabulary
    rulesets: RuleSets
    checked: tuple[Checked, ...]
    pages: tuple[Page, ...]
    languages: tuple[Language, ...]
    static: tuple[Path, ...]  # below templates/static
    # For each option value a page states, the example that shows it at work.
    coverage: Coverage
    # Where what was checked and drawn is kept across builds.
    cache: Cache

    @property
    def home(self) -> Page:
        return self.pages[0]

    @property
    def source(self) -> Language:
        return self.languages[0]


def shows(templates: Path, files: InputFiles) -> list[str]:
    """The tables `show:` blocks can draw: one template `show_<name>.html` each
    (show_card-values.html draws the table `card-values`).

    Below `templates/` (its `static/` apart) there are templates and nothing else:
    `.html` files, never links. Any other file would be published by no page, or
    (a `sitemap.xml` opening with an XSL stylesheet) mistaken for one of the site's.
    """
    found = []
    for path in files.walk(templates):
        relative = path.relative_to(templates)
        if relative.parts[0] == "static":
            continue
        if path.suffix != ".html":
            raise ContentError(path, None, "not a template: templates/ holds .html templates only")
        if len(relative.parts) == 1 and path.stem.startswith("show_"):
            found.append(path.stem.removeprefix("show_"))
    return sorted(found)


def load_languages(
    project: Project,
    settings: SiteSettings | None = None,
    cache: Cache | None = None,
    workers: int = 1,
) -> list[Language]:
    """English, then every catalog's language; a broken translation stops the build.

    A catalog read and checked before (the same bytes, the same code) is taken
    from the cache, compiled (`.mo` bytes): Babel does not parse it again. The
    others are read and checked on `workers` cores (60 ms each: a second for
    sixty languages).
    """
    return _languages_ahead(project, settings, cache, workers)()


def _languages_ahead(
    project: Project,
    settings: SiteSettings | None = None,
    cache: Cache | None = None,
    workers: int = 1,
) -> Callable[[], list[Language]]:
    """`load_languages`, its workers checking catalogs from now on; call the result for
    the languages."""
    files = project.files
    store = cache = cache or Cache()
    settings = settings or SiteSettings("")
    languages: list[Language | None] = [
        Language.source(locale_of(SOURCE_LANGUAGE, project.locales), settings.grouping("en"))
    ]
    wording_path = project.content / WORDING
    wording: Wording | None = None
    wording_bytes = b""
    if os.path.lexists(wording_path):
        wording_bytes = files.read_bytes(wording_path)
        wording = cache.recall(
            Cache.name("wording", wording_bytes), lambda: load_wording(wording_path, files)
        )
    # Where each goes in the list, its code, file, grouping and name in the cache.
    unchecked: list[tuple[int, str, Path, int, str]] = []
    for lang in discover_languages(project.locales)[1:]:
        path = catalog_path(project.locales, lang)
        grouping = settings.grouping(lang)
        # A catalog passed the wording checks of this wording file: another rechecks it.
        name = Cache.name("catalog", lang, files.read_bytes(path), wording_bytes)
        # A resident process decodes a catalog once per version of its bytes and keeps its
        # language in place of the bytes (both would hold every message twice), with what
        # was worked out from its messages (which it translates, its name).
        kept = cache.remembered(name)
        if isinstance(kept, Language) and kept.min_grouping == grouping:
            languages.append(kept)
            continue
        messages = _cached_messages(cache.get(name))
        if messages is not None:
            language = Language.with_messages(lang, messages, path, grouping)
            cache.remember(name, language)
            languages.append(language)
            continue
        unchecked.append((len(languages), lang, path, grouping, name))
        languages.append(None)
    # A catalog costs as much as eight pages to check: from two on, workers pay.
    checked = run_all(
        lambda job: _checked_catalog(job[2], job[1], files, wording), unchecked, workers, 2
    )

    def finish() -> list[Language]:
        problems: list[Mismatch | Problem] = []
        for (place, lang, path, grouping, name), (found, compiled) in zip(
            unchecked, checked, strict=True
        ):
            problems += found
            language = Language.with_messages(lang, Messages.from_mo(compiled), path, grouping)
            # Only a catalog that passed every check is kept; a broken one is read again.
            if not found:
                store.put(name, compiled)
                store.remember(name, language)
            languages[place] = language
        if problems:
            raise Problems(problems)
        return [language for language in languages if language is not None]

    return finish


def _checked_catalog(
    path: Path, lang: str, files: InputFiles, wording: Wording | None
) -> tuple[list[Problem], bytes]:
    """A catalog's problems, and its messages compiled (`.mo` bytes)."""
    file = read_catalog_file(path, lang, files)
    found = check_messages(file)
    if wording is not None:
        found += wording_problems(file, lang, wording)
    return found, Messages.compiled(file.catalog)


def _cached_messages(data: bytes | None) -> Messages | None:
    """A catalog this machine checked and compiled before; None for anything else."""
    try:
        return None if data is None else Messages.from_mo(data)
    except (ValueError, KeyError, TypeError, UnicodeError):
        return None


def _rulesets(project: Project, cache: Cache) -> RuleSets:
    """Every rule set, checked, used or not. A resident process keeps them while their
    files are unchanged: what it kept from earlier builds points at these very objects."""
    found = RuleSets(project.content / "rulesets", project.files)

    def checked() -> RuleSets:
        for ruleset_id in found.available():
            found.find(ruleset_id)
        return found

    return cache.recall(Cache.name("rule sets loaded", rules_digest(found)), checked)


def _covered(
    pages: tuple[Page, ...], checked: tuple[Checked, ...], rulesets: RuleSets, cache: Cache
) -> Coverage:
    """The example that shows each stated value at work. A resident process searches again
    only when what the search reads has changed: a page's statements (its content under
    its rule set) or examples, or a scenario (the very objects it keeps for unchanged files).
    """
    read = tuple(item for page in pages for item in (page.content, page.rules, page.examples))
    kept = cache.remembered("coverage")
    if isinstance(kept, tuple) and _same(kept[0], read) and _same(kept[1], checked):
        found: Coverage = kept[2]
        return found
    demonstrations = Demonstrations(cache, rulesets, rulesets.files)
    try:
        found = covered(pages, checked, demonstrations)
    finally:
        demonstrations.save()  # what was asked is kept, even where a statement is refused
    cache.remember("coverage", (read, checked, found))
    return found


def _same(these: tuple[object, ...], those: tuple[object, ...]) -> bool:
    return len(these) == len(those) and all(a is b for a, b in zip(these, those, strict=True))


def load_inputs(project: Project, cache: Cache | None = None, workers: int = 1) -> Inputs:
    """Read and check everything, verifying each scenario once; raise on bad input or mismatch.

    Catalogs and scenario files checked before, unchanged, are taken from the cache;
    `workers` cores check the others' catalogs.
    """
    cache = cache or Cache()
    files = project.files
    settings = load_settings(project.content / "site.yaml", files)
    # The catalogs are checked in workers while this process verifies the content.
    languages = _languages_ahead(project, settings, cache, workers)
    rulesets = _rulesets(project, cache)
    checked = verified_scenarios(project.content, rulesets, files, cache)
    mismatches: list[Mismatch | Problem] = [m for c in checked for m in c.mismatches]
    if mismatches:
        raise Problems(mismatches)
    vocabulary = load_vocabulary(project.content / "vocabulary.yaml", files)
    context = LoadContext(
        rulesets,
        Context(by_id(checked), shows(project.templates, files)),
        files,
        project.content,
        cache,
    )
    pages = tuple(discover_pages(context))
    found = _covered(pages, tuple(checked), rulesets, cache)
    reserved = frozenset(path.name for path in ASSETS.iterdir())
    static = static_files(project.templates / "static", files, reserved)
    return Inputs(
        project,
        settings,
        vocabulary,
        rulesets,
        tuple(checked),
        pages,
        tuple(languages()),
        tuple(static),
        found,
        cache,
    )
