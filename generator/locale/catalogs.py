"""The translators' catalogs, managed with Babel: extract, add a language, update.

Updating leaves a clean diff: a catalog (or the template) is rewritten only
when its bytes are not what this module writes for it, and keeps its creation
date (its revision date moves only when a message changed). Every file is
written in one layout, Babel's with lines wrapped at WIDTH columns, so a
catalog re-saved by a PO editor that wraps otherwise (Poedit, Weblate,
msgcat: 79 or 77 columns) is brought back by `locale update`. A new catalog
carries the project's name and the site's contact, not Babel's placeholders.
"""

from __future__ import annotations

import io
import re
from datetime import datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .. import __version__
from ..content.catalogs import (
    LOCALE_CODE,
    SOURCE_LANGUAGE,
    catalog_path,
    discover_languages,
    locale_of,
    read_catalog,
)
from ..content.errors import ContentError, excerpt
from ..content.files import InputFiles
from .extraction import MAPPING, babel_cfg, extracted
from .header import PROJECT, TRANSLATORS, contact_of, fill_addresses, template_header
from .placeholders import TAG, notes

POT = Path("locales") / "messages.pot"
# Babel's default, which the committed catalogs have always had: keeping it
# means adopting no other tool's rules, which Babel cannot reproduce exactly.
WIDTH = 76


def _messages(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalog says, without its dates: to tell whether rewriting it changes anything."""
    return [
        (
            message.id,
            message.context,
            message.string,
            sorted(message.flags),
            message.auto_comments,
            message.user_comments,
            message.locations,
        )
        for message in catalog
        if message.id
    ]


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


# A previous msgid as msgmerge, Poedit and Weblate keep it (`#| msgid "..."`):
# Babel does not read these, and would write each back as a translator's
# comment (`# | msgid "..."`) for good.
_PREVIOUS = re.compile(r'\|\s*(?:(?:msgctxt|msgid|msgid_plural)\s+)?"')


def _drop_previous(catalog: Catalog) -> None:
    for message in catalog:
        message.user_comments = [c for c in message.user_comments if not _PREVIOUS.match(c)]


def _layout(catalog: Catalog) -> bytes:
    """A catalog's bytes in the project's one layout."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH)
    return buffer.getvalue()


def _write(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".new")
    temporary.write_bytes(data)
    temporary.replace(path)


def extract(project: Path) -> Path:
    """Collect every message of templates and content into locales/messages.pot, by the
    extraction map (extraction.py), and write that map as babel.cfg for pybabel.

    The template is rewritten only when a message, a location or the site's
    contact changed: its header is fixed text (header.py).
    """
    contact = contact_of(project)
    catalog = extracted(project, (TAG,))
    for message in catalog:
        texts = message.id if isinstance(message.id, tuple) else (message.id,)
        for note in notes(str(text) for text in texts):
            if note not in message.auto_comments:
                message.auto_comments.append(note)
    _write_if_changed(project / MAPPING, babel_cfg().encode("utf-8"))
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, omit_header=True, sort_output=True)
    text = template_header(contact) + buffer.getvalue().decode("utf-8")
    pot = project / POT
    pot.parent.mkdir(parents=True, exist_ok=True)
    _write_if_changed(pot, text.encode("utf-8"))
    return pot


def _write_if_changed(path: Path, data: bytes) -> None:
    if not path.is_file() or path.read_bytes() != data:
        _write(path, data)


def check_locale_code(lang: str) -> Locale:
    if not LOCALE_CODE.fullmatch(lang):
        raise ContentError(
            Path("locales"), None, f"{excerpt(lang)} is not a locale code (like fr, sk, pt_BR)"
        )
    return locale_of(lang, Path("locales"))


def add_language(project: Path, lang: str) -> Path:
    """Create the catalog of a new language, with the plural rule CLDR gives it."""
    locale = check_locale_code(lang)
    if lang == SOURCE_LANGUAGE:
        raise ContentError(
            Path("locales"), None, "English is the source language: it has no catalog"
        )
    target = catalog_path(project / "locales", lang)
    if target.exists():
        raise ContentError(target, None, "this language already has a catalog")
    template = _read(extract(project))
    catalog = Catalog(
        locale=locale,
        project=PROJECT,
        version=__version__,
        copyright_holder=TRANSLATORS,
        last_translator=TRANSLATORS,
        language_team=_team(locale),
        header_comment=(
            f"# {locale.english_name} translation of belote-site.\n"
            "# Translate each msgstr; keep every %(name)s placeholder (see CONTRIBUTING.md).\n#"
        ),
        fuzzy=False,
    )
    catalog.creation_date = datetime.now().astimezone().replace(microsecond=0)
    catalog.revision_date = catalog.creation_date
    fill_addresses(catalog, contact_of(project), _team(locale))
    catalog.update(template, update_header_comment=False, update_creation_date=False)
    target.parent.mkdir(parents=True, exist_ok=True)
    _write(target, _layout(catalog))
    return target


def _team(locale: Locale) -> str:
    """A language team's name: the language's own ("français")."""
    return str(locale.get_display_name(locale) or locale)


def update_languages(project: Path) -> list[str]:
    """Re-extract and merge into every catalog (Babel marks near matches fuzzy).

    Every catalog is also brought to the project's layout, and its header's
    missing addresses filled in. Returns the languages whose catalog
    changed; the others are left untouched, byte for byte.
    """
    template = _read(extract(project))
    contact = contact_of(project)
    files = InputFiles.project(project)
    changed = []
    for lang in discover_languages(project / "locales")[1:]:
        path = catalog_path(project / "locales", lang)
        catalog = read_catalog(path, lang, files)
        _drop_previous(catalog)  # layout, not a revision: before the comparison
        before = _messages(catalog)
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        catalog.obsolete.clear()
        fill_addresses(catalog, contact, _team(locale_of(lang, path)))
        if _messages(catalog) != before:
            # Only a change of message is a revision: a new layout or address is not.
            catalog.revision_date = datetime.now().astimezone().replace(microsecond=0)
        data = _layout(catalog)
        if data != files.read_bytes(path):
            _write(path, data)
            changed.append(lang)
    return changed
