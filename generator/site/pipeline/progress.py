"""How far a language is translated: one measure for the build and for `locale stats`.

A language's share is `Language.completeness` of the messages the site's
pages show (not of every message of the template: some are on no page).
The build advertises a language from that share, prints it in its summary,
and `locale stats` prints the same number the same way.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Set

from ...content.catalogs import Key


def site_messages(pages: Mapping[str, Set[Key]]) -> set[Key]:
    """Every message some page shows, once."""
    return set().union(*pages.values())


def percent_text(share: float) -> str:
    """A share as `97 %`, rounded down: 100 % only when nothing is missing, and a language
    below the advertising threshold never reads as reaching it."""
    return f"{math.floor(share)} %"
