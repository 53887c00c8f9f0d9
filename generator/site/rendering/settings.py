"""Site-wide settings from `content/site.yaml`."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...content.catalogs import LOCALE_CODE
from ...content.errors import ContentError, excerpt
from ...content.files import InputFiles
from ...content.nodes import Source, read_yaml
from .collation import ROOT, CollationError, Tailoring

_KEYS = frozenset(
    {
        "base_url",
        "advertise_from",
        "minimum_grouping_digits",
        "four_colour_deck",
        "translations_contact",
        "source_files",
        "collation",
    }
)
# Where translators report a wrong English message: it goes into every catalog's
# header, so nothing that could end a header line or a quoted string.
_SAFE = r"[^\s\x00-\x1f\x7f<>\"'\\@]"
_CONTACT = re.compile(rf"https://(?:{_SAFE}|@)+|{_SAFE}+@{_SAFE}+\.{_SAFE}+")


@dataclass(frozen=True)
class SiteSettings:
    base_url: str
    # Percent of its pages' messages a language must translate to be advertised.
    advertise_from: float = 0.0
    minimum_grouping: Mapping[str, int] = field(default_factory=dict)
    # Blue diamonds and green clubs, for readers who confuse the suits.
    four_colour_deck: bool = False
    # An https address or an e-mail address (Report-Msgid-Bugs-To and Language-Team).
    translations_contact: str | None = None
    # The https address a project file's path is appended to, to read (and edit) it.
    source_files: str | None = None
    # CLDR's collation tailorings, per language: the alphabetical order of word lists.
    collation: Mapping[str, Tailoring] = field(default_factory=dict)

    def alphabet(self, lang: str) -> Tailoring:
        """A language's alphabetical order: its region's, else its own, else the root order."""
        return self.collation.get(lang) or self.collation.get(lang.split("_")[0], ROOT)

    def grouping(self, lang: str) -> int:
        """CLDR's minimum grouping digits for a language: its region's, else its own, else 1."""
        return self.minimum_grouping.get(lang) or self.minimum_grouping.get(lang.split("_")[0], 1)


def _locale_code(key: Source) -> str:
    code = key.text("a locale code")
    if not LOCALE_CODE.fullmatch(code):
        raise key.error(f"{excerpt(code)} is not a locale code (fr, pt_BR)")
    return code


def load_settings(path: Path, files: InputFiles) -> SiteSettings:
    source = read_yaml(path, files)
    if source is None:
        raise ContentError(path, 1, "the file is empty")
    given = source.fields("site settings", _KEYS, frozenset({"base_url"}))
    base_url = os.environ.get("BELOTE_SITE_URL") or given["base_url"].text("base_url")
    if not re.fullmatch(r"https?://[^\s<>\"']+", base_url):
        raise given["base_url"].error(
            f"base_url must be an http(s) address, not {excerpt(base_url)}"
        )
    advertise = 0.0
    if "advertise_from" in given:
        advertise = float(given["advertise_from"].integer("advertise_from", 0, 100))
    grouping: dict[str, int] = {}
    if "minimum_grouping_digits" in given:
        for key, value in given["minimum_grouping_digits"].pairs("minimum_grouping_digits"):
            code = _locale_code(key)
            grouping[code] = value.integer(f"minimum_grouping_digits of {code}", 1, 4)
    four = False
    if "four_colour_deck" in given:
        four = bool(given["four_colour_deck"].typed(bool, "four_colour_deck"))
    contact = None
    if "translations_contact" in given:
        contact = given["translations_contact"].text("translations_contact")
        if not _CONTACT.fullmatch(contact):
            raise given["translations_contact"].error(
                f"translations_contact must be an https address or an e-mail address, "
                f"not {excerpt(contact)}"
            )
    files_at = None
    if "source_files" in given:
        files_at = given["source_files"].text("source_files")
        if not re.fullmatch(rf"https://{_SAFE}+/", files_at):
            raise given["source_files"].error(
                f"source_files must be an https address ending in /, not {excerpt(files_at)}"
            )
    collation: dict[str, Tailoring] = {}
    if "collation" in given:
        for key, value in given["collation"].pairs("collation"):
            code = _locale_code(key)
            try:
                chains = [item.text(f"collation of {code}") for item in value.items(code)]
                collation[code] = Tailoring.parse(chains)
            except CollationError as error:
                raise value.error(f"collation of {code}: {error}") from None
    return SiteSettings(
        base_url.rstrip("/") + "/",
        advertise,
        grouping,
        four,
        contact,
        source_files=files_at,
        collation=collation,
    )
