"""How hard the randomised tests try: sized for `make test`, or ten times more.

Hypothesis's profile decides (`HYPOTHESIS_PROFILE`, registered in
tests/conftest.py): `ci`, the default, fits the suite's 15-minute budget;
`thorough` (`make test-thorough`) runs every property, fuzzer and kill test
ten times longer. A test states the examples it needs under `ci`.
"""

from __future__ import annotations

import os

PROFILES = {"ci": 1, "thorough": 10}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
if PROFILE not in PROFILES:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: choose one of {', '.join(PROFILES)}")


def examples(count: int) -> int:
    """The examples for a test that needs `count` of them under the `ci` profile."""
    return count * PROFILES[PROFILE]
