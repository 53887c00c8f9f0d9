"""The fifth stage: what a build did, for its summary line."""

from __future__ import annotations

from dataclasses import dataclass, field

from .inputs import Inputs
from .plan import Advertised, Plan
from .publish import Published


@dataclass(frozen=True)
class Report:
    """What a build did, for its summary line."""

    scenarios: int = 0
    stated: int = 0  # option values the pages state, each shown at work by an example
    pages: int = 0
    pages_kept: int = 0  # taken over from the last build unchanged
    pictures_drawn: int = 0
    pictures_reused: int = 0
    picture_bytes: int = 0
    languages: dict[str, float] = field(default_factory=dict)  # code -> percent translated
    unadvertised: list[str] = field(default_factory=list)
    seconds: float = 0.0


def report(
    inputs: Inputs, plan: Plan, advertised: Advertised, published: Published | None, seconds: float
) -> Report:
    """The summary of a build (or of a check: nothing published)."""
    shown = {name for names in (published.pictures if published else {}).values() for name in names}
    drawn = len(published.drawn) if published else 0
    return Report(
        scenarios=len(inputs.checked),
        stated=len(inputs.coverage.shown_by),
        pages=plan.pages + 1,  # and the root page
        pages_kept=plan.kept_pages,
        pictures_drawn=drawn,
        pictures_reused=len(shown) - drawn,
        picture_bytes=published.picture_bytes if published else 0,
        languages=dict(advertised.percent),
        unadvertised=list(advertised.hidden),
        seconds=seconds,
    )
