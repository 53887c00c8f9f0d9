"""What a build may take from the last one: each output keyed by everything it is made from.

A page's key hashes the generator's code, the settings from the
environment, every input the whole site shares (templates, rule sets,
vocabulary, site settings, the static files, and what any page may show of
another: the list of pages with their titles, their examples' ids and titles,
the anchors they offer, and the example that shows each stated value at work),
the page's own files and the scenarios it shows, the languages
the site advertises, and, in a translated language, the translations of
exactly the messages the page looks up. An output whose key is the one the
last build recorded, and whose file is still as that build wrote it, is
taken over unchanged: the same bytes and the same modification time.

The messages a page looks up come from rendering it in English; a page
whose English key has not changed looks up what it looked up last time.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...content.catalogs import Key, Messages
from ...verify.coverage import Coverage
from ..page import Page
from ..rendering.i18n import Language
from ..rendering.memo import per_value
from .cache import code_stamp, digest
from .manifest import Manifest, Stamp, environment
from .project import Project

# The inputs some page names (its files), the scenario files (whose scenarios enter the
# key of the pages showing them, one by one), and the catalogs, which enter a page's key
# message by message; every other input is shared by all pages.
_OWN_FOLDERS = ("scenarios",)


def key_of(*parts: Any) -> str:
    """The key of some values (their JSON's digest)."""
    return digest(json.dumps(parts, ensure_ascii=False, sort_keys=True, default=str))


def sorted_keys(keys: Iterable[Key]) -> list[Key]:
    return sorted(keys, key=lambda key: (key[0] or "", key[1]))


@dataclass(frozen=True)
class Keys:
    """The keys of this build's outputs, from its input stamps."""

    project: Project
    stamps: Mapping[str, Stamp]  # input path (relative to the project) -> stamp and hash
    shared: str  # the key of everything every page depends on
    # Every page, for the pages a page draws on (PageKind.draws_on).
    pages: tuple[Page, ...] = ()

    @staticmethod
    def of(
        project: Project, stamps: Mapping[str, Stamp], pages: Sequence[Page], coverage: Coverage
    ) -> Keys:
        own = [_relative(project, project.content / folder) for folder in _OWN_FOLDERS]
        own.append(_relative(project, project.locales))
        named = {path for page in pages for path in _files_named(project, page)}
        shared_files = [
            (name, stamp.sha256)
            for name, stamp in sorted(stamps.items())
            if not any(name == path or _below(name, path) for path in named)
            and not any(_below(name, folder) for folder in own)
        ]
        # What a page shows of the others: navigation and the home page's cards show every
        # page's title; the comparison links to examples, a "see it worked" link to the
        # example that shows a stated value at work, by its title, a rule set's line to the
        # anchor some page offers. A change to one is a change to all.
        listing = [
            (
                page.key,
                page.kind.name,
                page.title,
                page.order,
                page.description,
                [(example.id, example.title) for example in page.examples],
                list(page.anchors),
            )
            for page in pages
        ]
        witnesses = sorted(
            (path, rules, None if found is None else found.id)
            for (path, rules), found in coverage.shown_by.items()
        )
        shared = key_of(code_stamp(), environment(), shared_files, listing, witnesses)
        return Keys(project, stamps, shared, tuple(pages))

    def content(self, page: Page) -> str:
        """The key of the page before any language: what it says in English, its pictures:
        the files of the pages it draws on (its own among them) and the scenarios they show."""
        drawn = page.kind.draws_on(page, self.pages)
        paths = {path for other in drawn for path in _files_named(self.project, other)}
        files = sorted(
            (name, stamp.sha256)
            for name, stamp in self.stamps.items()
            if any(name == path or _below(name, path) for path in paths)
        )
        shown = sorted(
            (example.id, example.scenario.written) for other in drawn for example in other.examples
        )
        return key_of(self.shared, page.key, files, shown)

    @staticmethod
    def output(
        content: str, language: Language, advertised: Sequence[str], used: Sequence[Key]
    ) -> str:
        """One page in one language: its content, the language menu, and its translations
        (`used`: the messages it looks up, in `sorted_keys` order, sorted once per page)."""
        known = _translation_digests(language.messages)
        translations = hashlib.sha256()
        for key in used:
            # A message the language does not translate is keyed by its id alone.
            translations.update(known.get(key) or _message_digest(key, None))
        return key_of(content, language.code, list(advertised), translations.hexdigest())


def _message_digest(key: Key, forms: tuple[str, ...] | None) -> bytes:
    return hashlib.sha256(repr((key, forms)).encode()).digest()


@per_value
def _translation_digests(messages: Messages | None) -> dict[Key, bytes]:
    """Each translated message's digest, made once per catalog for every page's key (and,
    in `serve --watch`, which keeps a catalog's messages while its bytes are unchanged,
    once per version of the catalog)."""
    if messages is None:
        return {}
    return {key: _message_digest(key, forms) for key, forms in messages.entries.items()}


def _files_named(project: Project, page: Page) -> list[str]:
    """A page's inputs (its page file, the files it read), relative to the project."""
    return [_relative(project, path) for path in page.inputs]


def _relative(project: Project, path: Path) -> str:
    return os.path.relpath(path, project.root)


def _below(name: str, folder: str) -> bool:
    return name.startswith(folder.rstrip("/") + "/")


def reusable(manifest: Manifest, out: Path, path: str, key: str) -> bool:
    """Whether the last build's file for `path` has this key and is still as it wrote it."""
    if manifest.keys.get(path) != key:
        return False
    recorded = manifest.outputs.get(path)
    try:
        info = os.stat(out / path, follow_symlinks=False)
    except OSError:
        return False
    return recorded == [info.st_size, info.st_mtime_ns]
