"""Pages and languages as templates see them: their values, not where they came from.

A `Page` knows its source file and its kind (which reads files); a
`Language` holds its compiled catalog. Templates get these views instead,
so that nothing a page is rendered with leads back to a file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import RuleSet
from ..page import Page
from .blocks import Example, Link
from .i18n import Language


@dataclass(frozen=True)
class PageView:
    key: str
    title: str  # a message
    description: str | None
    content: Any
    rules: RuleSet | None
    examples: tuple[Example, ...]
    links: tuple[Link, ...]
    is_home: bool

    @staticmethod
    def of(page: Page) -> PageView:
        return PageView(
            page.key,
            page.title,
            page.description,
            page.content,
            page.rules,
            page.examples,
            page.links,
            page.is_home,
        )


@dataclass(frozen=True)
class LanguageView:
    code: str
    tag: str
    direction: str
    own_name: str

    @staticmethod
    def of(language: Language) -> LanguageView:
        return LanguageView(language.code, language.tag, language.direction, language.own_name)
