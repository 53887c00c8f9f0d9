"""Finding one's way in a built site: which file a page, an address or a link is."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urldefrag, urlsplit

from babel import Locale

from .html import Element, parse


def own_name(lang: str) -> str:
    """A language's name in itself, as CLDR gives it (the site capitalises it in CSS)."""
    name = Locale.parse(lang).get_display_name(lang)
    assert name
    return name


def page_file(site: Path, lang: str, page: str) -> Path:
    return site / lang / page / "index.html"


def url_file(site: Path, base_url: str, url: str) -> Path:
    """The built file an absolute address of the site points at."""
    assert url.startswith(base_url), (url, base_url)
    rest = url[len(base_url) :]
    if not rest or rest.endswith("/"):
        return site / rest / "index.html"
    return site / rest  # a file named in full: the not-found page's links, its stylesheet


def link_file(page: Path, href: str) -> Path:
    """The file a relative link of `page` leads to (a folder means its index.html)."""
    path = urlsplit(urldefrag(href)[0]).path
    target = (page.parent / path).resolve()
    return target / "index.html" if path.endswith("/") or target.is_dir() else target


def head_links(page: Element, rel: str) -> list[Element]:
    return [link for link in page.find_all("link") if link.attrs.get("rel") == rel]


def base_url_of(site: Path) -> str:
    """The address the site is published at: the root page's canonical link."""
    links = head_links(parse(site / "index.html"), "canonical")
    assert len(links) == 1
    url = links[0].attrs["href"]
    assert url.startswith(("https://", "http://")) and url.endswith("/"), url
    return url


def tag(code: str) -> str:
    """A language's BCP 47 tag (pt-BR), as lang and hreflang attributes write its folder (pt_BR)."""
    return code.replace("_", "-")


def code(tag_: str) -> str:
    """The folder of a language, from its tag ("x-default" stays as it is)."""
    return tag_ if tag_ == "x-default" else tag_.replace("-", "_")


def switcher(page: Element) -> dict[str, Element]:
    """The language switcher's links, by the language's folder."""
    navs = [nav for nav in page.find_all("nav") if "languages" in nav.classes]
    assert len(navs) == 1
    return {code(a.attrs["hreflang"]): a for a in navs[0].find_all("a")}


def alternates(page: Element) -> dict[str, str]:
    """The language's folder (or x-default) -> address, from the page's head."""
    return {
        code(link.attrs["hreflang"]): link.attrs["href"]
        for link in head_links(page, "alternate")
        if "hreflang" in link.attrs
    }


def notice(page: Element) -> list[Element]:
    """The "translation is incomplete" notice, if the page has it."""
    return [p for p in page.find_all("p") if "notice" in p.classes]
