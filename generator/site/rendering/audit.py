"""Every built page held against what the site's templates make, before it is published.

Templates, catalogs and content all come from pull requests; whatever got
past the sandbox and the escaping, a page is published only if a real HTML
parser (lexbor, the WHATWG algorithm a browser runs) finds nothing but the
elements, attributes and URLs the site uses: no event handler, no
`javascript:` or `data:` URL, no `<base>`, `<iframe>`, `<object>`, SVG or
`<template>`, no `<meta http-equiv>` but the site's own policy, and no
`<script>` but the site's own files, loaded from `static/`. Every page opens
its head with the Content-Security-Policy, so a browser refuses whatever
script the audit could still have missed.
"""

from __future__ import annotations

import re
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser, LexborNode

from ...content.errors import excerpt
from ...content.text import describe, hidden

# Only the site's own files, and nothing inline; `form-action` for the practice
# page's score form, which its script answers without sending anything.
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-src 'none'"
)
# The pages that run the engine in the browser (a page kind's `runtime`) compile its
# WebAssembly Python runtime: they, and only they, allow that compile (docs/security.md).
RUNTIME_POLICY = POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
# The scripts the site ships: files of the generator itself, reviewed as code.
ASSETS = Path(__file__).parent.parent / "assets"

ELEMENTS = frozenset(
    {
        "html",
        "head",
        "body",
        "title",
        "meta",
        "link",
        "script",
        "main",
        "header",
        "footer",
        "nav",
        "section",
        "article",
        "aside",
        "div",
        "span",
        "p",
        "a",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "ul",
        "ol",
        "li",
        "dl",
        "dt",
        "dd",
        "table",
        "caption",
        "thead",
        "tbody",
        "tfoot",
        "tr",
        "th",
        "td",
        "colgroup",
        "col",
        "figure",
        "figcaption",
        "picture",
        "source",
        "img",
        "button",
        "input",
        "label",
        "form",
        "details",
        "summary",
        "strong",
        "em",
        "b",
        "i",
        "small",
        "sub",
        "sup",
        "abbr",
        "code",
        "kbd",
        "br",
        "hr",
        "blockquote",
        "q",
        "cite",
        "time",
        "mark",
        "output",
        "fieldset",
        "legend",
    }
)
ATTRIBUTES = frozenset(
    {
        "id",
        "class",
        "lang",
        "dir",
        "title",
        "role",
        "tabindex",
        "hidden",
        "href",
        "hreflang",
        "rel",
        "src",
        "srcset",
        "sizes",
        "alt",
        "width",
        "height",
        "loading",
        "decoding",
        "type",
        "name",
        "content",
        "charset",
        "defer",
        "colspan",
        "rowspan",
        "scope",
        "headers",
        "open",
        "for",
        "value",
        "min",
        "max",
        "step",
        "inputmode",
        "disabled",
        "checked",
        "placeholder",
        "autocomplete",
        "datetime",
        "start",
        "reversed",
        "media",
        "http-equiv",
    }
)
URLS = frozenset({"href", "src", "srcset"})
LINK_RELATIONS = frozenset({"canonical", "alternate", "icon", "stylesheet", "prev", "next"})
# A <link> may name another host only to say where the page is (or is in another language):
# the browser loads nothing for these. A stylesheet or an icon is the site's own.
NAVIGATION = frozenset({"canonical", "alternate"})
# What a page's bytes may hold below space: tab, line feed, carriage return. An escape byte
# would switch an ISO-2022 decoder, which the page's one charset (UTF-8) never uses.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# The charset a page must declare, within the first 1024 bytes where browsers look for it.
_CHARSET_BYTES = 1024
META_NAMES = frozenset({"viewport", "description"})
# A URL's scheme as a browser finds it: leading spaces and controls dropped, tabs and
# newlines removed anywhere.
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
_IGNORED = re.compile(r"[\t\n\r]")
_C0 = "".join(chr(code) for code in range(0x21))
_HEAD = re.compile(r"<head(?:\s[^>]*)?>", re.IGNORECASE)
_SCRIPT_SRC = re.compile(r"(?:\.\./)*static/([a-z0-9-]+\.js)")


def page_policy(runtime: bool) -> str:
    """The policy of a page: the runtime's for a page that runs the engine."""
    return RUNTIME_POLICY if runtime else POLICY


def shipped_scripts() -> frozenset[str]:
    return frozenset(path.name for path in ASSETS.glob("*.js"))


def with_policy(html: str, policy: str = POLICY) -> str:
    """The page with the site's Content-Security-Policy first in its head."""
    found = _HEAD.search(html)
    if found is None:
        return html  # the audit refuses a page whose head does not open with the policy
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    return f"{html[: found.end()]}\n{meta}{html[found.end() :]}"


def _scheme(url: str) -> str | None:
    cleaned = url.strip(_C0)
    if "\t" in cleaned or "\n" in cleaned or "\r" in cleaned:
        cleaned = _IGNORED.sub("", cleaned)
    found = _SCHEME.match(cleaned)
    if found:
        return found.group(1).lower()
    # `//host` and its backslashed spellings leave the site without a scheme.
    return "//" if cleaned[:2].replace("\\", "/") == "//" else None


def _url_problem(tag: str, attr: str, value: str, navigation: bool) -> str | None:
    urls = (
        [part.strip().split(" ")[0] for part in value.split(",")] if attr == "srcset" else [value]
    )
    for url in urls:
        scheme = _scheme(url)
        # Links may leave the site over https; everything a page loads is the site's own.
        leaving = tag == "a" or (tag == "link" and attr == "href" and navigation)
        if scheme is None or (leaving and scheme in ("https", "http")):
            continue
        return f"a {scheme}: URL in {attr} of <{tag}> ({excerpt(url, 60)})"
    return None


def _first_element(node: LexborNode | None) -> LexborNode | None:
    child = node.child if node is not None else None
    while child is not None and (child.tag or "-").startswith(("-", "_")):
        child = child.next
    return child


def _element_problem(node: LexborNode, scripts: frozenset[str], policy: bool) -> str | None:
    tag = node.tag or ""
    if tag not in ELEMENTS:
        return f"an element <{excerpt(tag, 30)}> the site does not use"
    attributes = node.attributes
    # A <link>'s relations: whether it only says where the page is (NAVIGATION).
    relations = set((attributes.get("rel") or "").lower().split()) if tag == "link" else set()
    for name, value in attributes.items():
        if value is not None and (invisible := hidden(value)) is not None:
            return f"an invisible or reordering character ({invisible[1]}) in {excerpt(name, 30)}"
        if name.startswith("on"):
            return f"an event handler ({excerpt(name, 30)}) on <{tag}>"
        if name not in ATTRIBUTES and not name.startswith(("data-", "aria-")):
            return f"an attribute {excerpt(name, 30)} on <{tag}> the site does not use"
        if name in URLS and value is not None:
            problem = _url_problem(tag, name, value, bool(relations) and relations <= NAVIGATION)
            if problem:
                return problem
    if tag == "script":
        found = _SCRIPT_SRC.fullmatch(attributes.get("src") or "")
        if found is None or found.group(1) not in scripts or node.text(deep=True).strip():
            return "a script the site does not ship (only its own files, from static/)"
    if tag == "meta":
        if "http-equiv" in attributes and not policy:
            return "a <meta http-equiv> besides the site's own policy"
        charset = attributes.get("charset")
        if "charset" in attributes and (charset or "").strip().lower() != "utf-8":
            return f"a charset other than UTF-8 ({excerpt(charset, 30)})"
        meta_name = attributes.get("name")
        if meta_name is not None and meta_name not in META_NAMES:
            return f"a <meta name={excerpt(meta_name, 30)}> the site does not use"
    if tag == "link" and not relations <= LINK_RELATIONS:
        return f"a <link rel={excerpt(attributes.get('rel'), 30)}> the site does not use"
    return None


def audit(html: str, scripts: frozenset[str], policy: str = POLICY) -> str | None:
    """What in a built page the site never makes, or None when there is nothing; `policy`
    is the one the page must open with."""
    if (control := _CONTROL.search(html)) is not None:
        return f"a control character ({describe(control.group())}): a page is UTF-8 text"
    tree = LexborHTMLParser(html)
    first_meta = _first_element(tree.head)
    if (
        first_meta is None
        or first_meta.tag != "meta"
        or first_meta.attributes.get("http-equiv") != "Content-Security-Policy"
        or first_meta.attributes.get("content") != policy
    ):
        return "does not open its head with the site's Content-Security-Policy"
    root = tree.root
    if root is None:
        return "is empty"
    charsets = tree.css("meta[charset]")
    if len(charsets) != 1 or html.find("<meta charset=", 0, _CHARSET_BYTES) < 0:
        return 'does not declare UTF-8 once, in its first 1024 bytes (<meta charset="utf-8">)'
    if (invisible := hidden(root.text(deep=True, separator=""))) is not None:
        return f"an invisible or reordering character ({invisible[1]}) in its text"
    first = True
    for node in root.traverse(include_text=False):
        if (node.tag or "-").startswith(("-", "_")):
            continue
        # The policy is the first <meta> (checked above): the only one with http-equiv.
        is_policy = first and node.tag == "meta"
        first = first and node.tag != "meta"
        problem = _element_problem(node, scripts, is_policy)
        if problem:
            return problem
    return None
