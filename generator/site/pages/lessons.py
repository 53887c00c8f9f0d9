"""Small lessons with one goal each: a few checked positions to answer, and a completion mark.

Each lesson names its goal (one rule) and the play examples that practise it;
the reader taps a card in each (static/try.js). A lesson is complete once
every one of its positions was answered with an allowed card at the first
try: the mark is kept in the reader's browser, and the list at the top of
the page shows which lessons are done, as lichess's learn pages do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...content.errors import excerpt
from ...content.nodes import Source
from ...verify.claims import stated
from ..page import SLUG, LoadContext, Page, PageKind
from ..rendering.blocks import Example, parse_example

LESSON_KEYS = frozenset({"id", "title", "goal", "examples"})
# A lesson practises its goal more than once: one position could be answered by luck.
FEWEST_POSITIONS = 2


@dataclass(frozen=True)
class Lesson:
    id: str  # its anchor on the page and its key in the reader's browser
    title: str  # a message
    goal: str  # a message: the one rule it practises
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class Lessons:
    intro: str  # a message
    lessons: tuple[Lesson, ...]


class LessonsKind(PageKind):
    name = "lessons"
    template = "lessons.html"
    keys = frozenset({"slug", "title", "intro", "lessons"})
    required = keys

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        lessons: list[Lesson] = []
        for item in given["lessons"].items("lessons"):
            fields = item.fields("a lesson", LESSON_KEYS, LESSON_KEYS)
            lesson_id = fields["id"].text("id")
            if not SLUG.fullmatch(lesson_id) or "/" in lesson_id:
                raise fields["id"].error(
                    f"lesson id {excerpt(lesson_id)} must be lower-case letters, digits and dashes"
                )
            if any(lesson.id == lesson_id for lesson in lessons):
                raise fields["id"].error(f"lesson {lesson_id} is given twice")
            examples = tuple(
                parse_example(example, context.blocks, kinds={"play"})
                for example in fields["examples"].items("examples")
            )
            if len(examples) < FEWEST_POSITIONS:
                raise fields["examples"].error(
                    f"a lesson practises its goal in at least {FEWEST_POSITIONS} positions"
                )
            lessons.append(
                Lesson(
                    lesson_id,
                    stated(fields["title"], None),
                    stated(fields["goal"], None),
                    examples,
                )
            )
        content = Lessons(intro=stated(given["intro"], None), lessons=tuple(lessons))
        return [
            self.titled(
                source,
                given,
                order,
                content,
                examples=tuple(example for lesson in lessons for example in lesson.examples),
            )
        ]


KIND = LessonsKind()
