"""The sitemap, written by the generator itself.

A template could begin the sitemap with a processing instruction
(`<?xml-stylesheet type="text/xsl" href="static/x.css"?>`): served over HTTP,
Chromium then runs the stylesheet's script on the site's origin, where no page
policy applies. The sitemap needs no design, so it is no template: its every
byte is written here, the web addresses escaped as XML text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape as xml_text
from xml.sax.saxutils import quoteattr

HEADER = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
)


@dataclass(frozen=True)
class Entry:
    """One page in one language, and the same page's addresses in every advertised language."""

    url: str
    alternates: tuple[tuple[str, str], ...]  # (language tag, address)
    x_default: str


def sitemap(entries: Sequence[Entry]) -> str:
    parts = [HEADER]
    for entry in entries:
        parts.append(f"  <url>\n    <loc>{xml_text(entry.url)}</loc>\n")
        for tag, url in (*entry.alternates, ("x-default", entry.x_default)):
            link = f"hreflang={quoteattr(tag)} href={quoteattr(url)}"
            parts.append(f'    <xhtml:link rel="alternate" {link}/>\n')
        parts.append("  </url>\n")
    parts.append("</urlset>\n")
    return "".join(parts)
