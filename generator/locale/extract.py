"""A Babel extractor for the YAML content files.

Registered in babel.cfg, so that the standard
`pybabel extract -F babel.cfg -o locales/messages.pot .` collects content
messages with their file and line. Which keys hold messages is said per
file pattern in babel.cfg:

    [belote_content: content/pages/**.yaml]
    keys = title summary intro heading text

    [belote_content: content/vocabulary.yaml]
    contexts = true

`keys`: a string under one of these keys (at any depth, or in a list under
one) is a message, unless a key on its way is listed in `skip` (option
names, ids, links, a block's `when:` guard). `contexts = true`: every
string is a message whose gettext context is its top-level key.
`option_contexts = value values none` (content/options.yaml): a message
under one of these keys of `options > <option>` has that option's own
context, as the comparison page looks it up.

A comment line `# TRANSLATORS: ...` right above a message's key goes to
the translators with the message, as the same tag does in templates and
Python code.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from ..content.nodes import Node, parse_yaml
from ..site.pages.compare import sentence_context
from .placeholders import TAG

Extracted = tuple[int, str | None, str | tuple[str, str], list[str]]


def _walk(node: Node, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Node]]:
    if node.kind == "mapping":
        for key, value in node.value:
            yield from _walk(value, (*path, str(key.value)))
    elif node.kind == "list":
        for item in node.value:
            yield from _walk(item, path)
    elif isinstance(node.value, str):
        yield path, node


def extract_content(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: list[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """Yield `(line, funcname, message, comments)` as Babel's extractors do."""
    # The same strict reader as the build: no aliases, no tags, bounded depth.
    name = Path(getattr(fileobj, "name", "content.yaml"))
    text = fileobj.read().decode("utf-8")
    root = parse_yaml(text, name)
    if root is None:
        return
    keys = set(str(options.get("keys", "")).split())
    skip = set(str(options.get("skip", "")).split())
    by_context = str(options.get("contexts", "")).lower() in {"true", "yes", "1"}
    option_keys = set(str(options.get("option_contexts", "")).split())
    lines = text.splitlines()
    for path, node in _walk(root, ()):
        line = node.line
        comment = [" > ".join(path)] if path else []
        comment += _tagged(lines, line)
        if by_context and path:
            yield line, "pgettext", (path[0], node.value), comment
        elif keys & set(path) and not skip & set(path):
            if len(path) > 2 and path[0] == "options" and path[2] in option_keys:
                yield line, "pgettext", (sentence_context(path[1]), node.value), comment
            else:
                yield line, None, node.value, comment


def _tagged(lines: list[str], line: int) -> list[str]:
    """The `# TRANSLATORS:` comment lines just above line `line` (1-based), in order."""
    found: list[str] = []
    index = line - 2
    while index >= 0 and lines[index].strip().startswith("#"):
        found.insert(0, lines[index].strip().lstrip("#").strip())
        index -= 1
    # Only a block of comments that starts with the tag is meant for translators.
    return found if found and found[0].startswith(TAG) else []
