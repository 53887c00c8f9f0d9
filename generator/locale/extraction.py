"""What `locale update` extracts, file pattern by file pattern: code, not a file to read.

The map is handed to Babel's extractor as it stands here. babel.cfg, the
same map as pybabel reads it (`pybabel extract -F babel.cfg -o
locales/messages.pot .`), is written from it by `locale update` for people
who run pybabel by hand; nothing of the project ever reads it, so a pull
request that edits it changes nothing (the next `locale update` writes it
back). A new extracted key comes with a new page kind, a code change.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

MAPPING = "babel.cfg"
# The extractors, by the names babel.cfg gives them.
EXTRACTORS: Mapping[str, str] = {
    "jinja2": "jinja2.ext:babel_extract",
    "belote_content": "generator.locale.extract:extract_content",
}
# (method, file pattern, options), in the order Babel tries them on a file.
EXTRACTION: tuple[tuple[str, str, Mapping[str, str]], ...] = (
    (
        "jinja2",
        "templates/**.html",
        {"silent": "false", "trimmed": "true", "extensions": "jinja2.ext.i18n"},
    ),
    ("belote_content", "content/site.yaml", {"keys": "name"}),
    (
        "belote_content",
        "content/pages/**.yaml",
        {
            "keys": "title summary intro heading text texts items played app_view section "
            "description term goal",
            "skip": "choose show link scenario slug rules numbered when see french id printable",
        },
    ),
    (
        "belote_content",
        "content/variants/**.yaml",
        {"keys": "name goal intro levels title text", "skip": "scenario rules"},
    ),
    ("belote_content", "content/rulesets/**.yaml", {"keys": "mode_line name description source"}),
    (
        "belote_content",
        "content/options.yaml",
        {
            "keys": "absent label values value none",
            "option_contexts": "value values none",
            "skip": "example",
        },
    ),
    ("belote_content", "content/vocabulary.yaml", {"contexts": "true"}),
    ("python", "generator/site/**.py", {}),
)


def babel_cfg() -> str:
    """The extraction map as babel.cfg, for pybabel."""
    lines = [
        "# Written by `belote-site locale update` from generator/locale/extraction.py, which",
        "# is what the project extracts by: edit that, not this. For pybabel by hand:",
        "#   pybabel extract -F babel.cfg -o locales/messages.pot .",
        "",
        "[extractors]",
        *(f"{name} = {target}" for name, target in EXTRACTORS.items()),
    ]
    for method, pattern, options in EXTRACTION:
        lines += ["", f"[{method}: {pattern}]", *(f"{k} = {v}" for k, v in options.items())]
    return "\n".join(lines) + "\n"


def extracted(project: Path, comment_tags: tuple[str, ...]) -> Catalog:
    """Every message of the project, located by its path below the project."""
    catalog = Catalog()
    for path, line, message, comments, context in _extract(project, comment_tags):
        # A message of the generator's code is located by its file alone: an edit of the
        # code above it must not put every catalog out of date. Content and templates keep
        # their lines, which translators follow to the sentence. (Line 0 is Babel's "no
        # line": its writer prints the file alone.)
        where = (path, 0 if path.endswith(".py") else line)
        catalog.add(message, None, [where], auto_comments=comments, context=context)
    return catalog


def _extract(
    project: Path, comment_tags: tuple[str, ...]
) -> Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]]:
    methods = [(pattern, EXTRACTORS.get(method, method)) for method, pattern, _ in EXTRACTION]
    options = {pattern: dict(given) for _, pattern, given in EXTRACTION}
    found = extract_from_dir(
        project, methods, options, keywords=DEFAULT_KEYWORDS, comment_tags=comment_tags
    )
    for filename, line, message, comments, context in found:
        yield Path(filename).as_posix(), line, message, comments, context
