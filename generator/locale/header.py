"""The headers the translators' tools need: the template's, and the addresses of a catalog's.

The template's header is fixed text, with no date, so that extracting twice
gives the same bytes; it exists at all because GNU gettext reads the
charset from it (without one, `msginit` takes the file for ASCII and
mangles every non-ASCII message, and `msgfmt -c` refuses the file). The addresses come from
`translations_contact` in content/site.yaml, never Babel's placeholders.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog

from .. import __version__
from ..content.files import InputFiles
from ..site.rendering.settings import load_settings

PROJECT = "belote-site"
TRANSLATORS = "the belote-site translators"
# What Babel and gettext write where nobody gave an address, or a team's name.
_PLACEHOLDERS = ("", "EMAIL@ADDRESS", "LL@li.org")
_NO_NAME = ("", "LANGUAGE", "none")


def contact_of(project: Path) -> str | None:
    """The site's `translations_contact` (content/site.yaml, as babel.cfg's patterns read it)."""
    settings = load_settings(project / "content" / "site.yaml", InputFiles.project(project))
    return settings.translations_contact


def _quoted(field: str, value: str) -> str:
    return f'"{field}: {value}\\n"\n'


def template_header(contact: str | None) -> str:
    """The template's header entry and its comment, ending with the blank line before messages.

    No Language and no PO-Revision-Date: a template has neither (msgfmt -c
    warns that they are missing, and accepts the file); msginit and PO
    editors write them, and their own Last-Translator, into the catalog
    they make.
    """
    team = f"{TRANSLATORS} <{contact}>" if contact else TRANSLATORS
    # With the version, as Babel reads the field (a lone word would be read as a version).
    fields = [("Project-Id-Version", f"{PROJECT} {__version__}")]
    if contact:
        fields.append(("Report-Msgid-Bugs-To", contact))
    fields += [
        ("Last-Translator", TRANSLATORS),
        ("Language-Team", team),
        ("MIME-Version", "1.0"),
        ("Content-Type", "text/plain; charset=UTF-8"),
        ("Content-Transfer-Encoding", "8bit"),
    ]
    return (
        # Copied by msginit into the catalogs it makes: true of a catalog too.
        "# The messages of belote-site, to translate (CONTRIBUTING.md).\n"
        "# The template: locales/messages.pot, from `belote-site locale update`.\n"
        'msgid ""\n'
        'msgstr ""\n' + "".join(_quoted(field, value) for field, value in fields) + "\n"
    )


def _address(team: str) -> str:
    """The address of a `Name <address>` header value ("" when it has none)."""
    rest = team.partition("<")[2]
    return rest.rstrip().removesuffix(">").strip()


def fill_addresses(catalog: Catalog, contact: str | None, team_name: str) -> None:
    """Put the contact where the header has no address (an empty one or a placeholder).

    A translator's own addresses are kept: only what no one wrote is filled
    (without a contact, a placeholder and an empty `<>` are taken out).
    """
    if catalog.msgid_bugs_address.strip() in _PLACEHOLDERS:
        catalog.msgid_bugs_address = contact or ""
    if _address(catalog.language_team) in _PLACEHOLDERS:
        name = catalog.language_team.partition("<")[0].strip()
        if name in _NO_NAME:
            name = team_name
        catalog.language_team = f"{name} <{contact}>" if contact else name
