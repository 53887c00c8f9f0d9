"""The second stage, pure: which pages to render, which to take over, and their keys.

Nothing here reads a file or renders a page. What the plan needs to know
of the world comes in as values (the last build's manifest, the messages
each page uses) or as a question it may ask (`reusable`: is the last
build's file for this path still as it wrote it?).

Planning has two steps because a translated page's key covers the messages
it looks up, which only its English render says:

1. `plan_english`: the pages whose English render is needed now (their
   content changed, or the last build did not say what they use);
2. `advertise`, then `plan_outputs`: every file of the site, each taken
   over, already rendered, or to render.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ...content.catalogs import Key
from ..page import Page
from ..rendering.i18n import Language
from .keys import Keys, key_of, sorted_keys
from .manifest import Manifest
from .progress import site_messages


@dataclass(frozen=True)
class Job:
    """One page to render in one language, with the menu of languages it offers."""

    page: Page
    language: Language
    menu: tuple[Language, ...]
    # The messages the page looks up, when known before rendering (its English render's).
    used: frozenset[Key] | None = None

    @property
    def path(self) -> str:
        return self.page.path(self.language.code) + "index.html"


@dataclass(frozen=True)
class Rendered:
    """A page as rendered in one language, and what went into it."""

    path: str  # below the site's root
    html: str
    used: frozenset[Key]  # the catalog messages it looked up
    pictures: frozenset[str]  # the pictures it shows
    drawn: frozenset[str] = frozenset()  # the pictures drawn for it (not found in the cache)


@dataclass(frozen=True)
class EnglishPlan:
    """The pages to render in English first, and the messages of the others (from last time)."""

    render: tuple[Page, ...]
    known: Mapping[str, frozenset[Key]]


def plan_english(
    pages: Sequence[Page], content_keys: Mapping[str, str], last: Manifest
) -> EnglishPlan:
    """A page whose content key is the last build's looks up what it looked up then."""
    render: list[Page] = []
    known: dict[str, frozenset[Key]] = {}
    for page in pages:
        key = content_keys.get(page.key)
        unchanged = key is not None and last.content_keys.get(page.key) == key
        recorded = last.used(page.key) if unchanged else None
        if recorded is not None:
            known[page.key] = recorded
            continue
        render.append(page)
    return EnglishPlan(tuple(render), known)


@dataclass(frozen=True)
class Advertised:
    """How far each language is translated, and which ones the site offers."""

    percent: Mapping[str, float]  # language code -> percent of the site's messages translated
    menu: tuple[Language, ...]
    hidden: tuple[str, ...]  # codes built but not offered


def advertise(
    languages: Sequence[Language], used: Mapping[str, frozenset[Key]], threshold: float
) -> Advertised:
    """The languages translated at least `threshold` percent of what the pages look up."""
    everything = site_messages(used)
    percent = {lang.code: lang.completeness(everything) for lang in languages}
    menu = tuple(lang for lang in languages if lang.is_source or percent[lang.code] >= threshold)
    hidden = tuple(lang.code for lang in languages if lang not in menu)
    return Advertised(percent, menu, hidden)


@dataclass(frozen=True)
class Kept:
    """A page of the last build taken over unchanged, with the pictures it shows."""

    path: str
    pictures: tuple[str, ...]


# The files every site has beside its pages: the root page (which sends a browser on to
# its language), the page a host serves for an unknown address, and the sitemap. They
# list every advertised language, the sitemap every page.
SITE_FILES = ("index.html", "404.html", "sitemap.xml")


@dataclass(frozen=True)
class Plan:
    """Every file of the site, each in exactly one list, and the keys to record."""

    kept: tuple[Kept, ...] = ()
    ready: tuple[Rendered, ...] = ()  # rendered while planning, usable as they are
    render: tuple[Job, ...] = ()
    site: tuple[str, ...] = SITE_FILES  # of SITE_FILES, those to render (not kept)
    keys: Mapping[str, str] = field(default_factory=dict)  # output path -> key
    used: Mapping[str, frozenset[Key]] = field(default_factory=dict)  # page key -> messages

    @property
    def kept_pages(self) -> int:
        return sum(1 for kept in self.kept if kept.path not in SITE_FILES)

    @property
    def pages(self) -> int:
        return self.kept_pages + len(self.ready) + len(self.render)


# Asked of the last build: whether its file for a path has this key and is still as it
# wrote it (and the pictures it showed are still there).
Reusable = Callable[[str, str], bool]


def plan_outputs(
    pages: Sequence[Page],
    languages: Sequence[Language],
    menu: Sequence[Language],
    used: Mapping[str, frozenset[Key]],
    english: Mapping[str, Rendered],
    *,
    content_keys: Mapping[str, str] | None = None,
    last: Manifest | None = None,
    reusable: Reusable | None = None,
) -> Plan:
    """Every page in every language: taken over if its key is unchanged and its file intact,
    the English render reused if it had the final menu, rendered otherwise."""
    codes = [lang.code for lang in menu]
    full_menu = len(menu) == len(languages)
    kept: list[Kept] = []
    ready: list[Rendered] = []
    render: list[Job] = []
    keys: dict[str, str] = {}
    ordered = {page.key: sorted_keys(used[page.key]) for page in pages}
    for language in languages:
        for page in pages:
            job = Job(page, language, tuple(menu), None if language.is_source else used[page.key])
            path = job.path
            if content_keys is not None:
                key = Keys.output(content_keys[page.key], language, codes, ordered[page.key])
                keys[path] = key
                if last is not None and reusable is not None and reusable(path, key):
                    kept.append(Kept(path, tuple(last.pictures.get(path, []))))
                    continue
            provisional = english.get(page.key) if language.is_source else None
            if provisional is not None and full_menu:
                ready.append(provisional)  # rendered with every language in its menu
                continue
            render.append(job)
    site: list[str] = []
    for name in SITE_FILES:
        if content_keys is not None:
            # What they list: every page (its content key covers its title) in every
            # advertised language, and the settings every content key covers.
            keys[name] = key_of(name, sorted(content_keys.items()), codes)
            if last is not None and reusable is not None and reusable(name, keys[name]):
                kept.append(Kept(name, ()))
                continue
        site.append(name)
    return Plan(tuple(kept), tuple(ready), tuple(render), tuple(site), keys, dict(used))
