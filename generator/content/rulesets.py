"""Rule sets from `content/rulesets/<id>.yaml`."""

from __future__ import annotations

import re
from pathlib import Path

from ..engine import VALUE_KINDS, CardValues, Direction, Rank, RuleSet, Seat, TrumpMode
from .errors import ContentError
from .nodes import Source, read_yaml

_OPTIONS = frozenset(
    {
        "name",
        "description",
        "seats",
        "direction",
        "partnerships",
        "beat_partner_on_trump_lead",
        "beat_partner_in_all_trumps",
        "partner_winning_frees",
        "must_undertrump",
        "last_trick_bonus",
        "values",
        "mode_line",
    }
)
_MODES = frozenset(mode.value for mode in TrumpMode)
_FLAGS = (
    "beat_partner_on_trump_lead",
    "beat_partner_in_all_trumps",
    "partner_winning_frees",
    "must_undertrump",
)
_RANKS = {rank.value: rank for rank in Rank}


def _seat(source: Source) -> Seat:
    name = source.text("a seat")
    try:
        return Seat(name)
    except ValueError:
        raise source.error(f"unknown seat {name!r} (north, east, south or west)") from None


def _value_table(source: Source, kind: str) -> dict[Rank, int]:
    fields = source.fields(f"values.{kind}", frozenset(_RANKS), frozenset(_RANKS))
    return {
        _RANKS[name]: value.typed(int, f"the value of {name}") for name, value in fields.items()
    }


def _values(source: Source) -> CardValues:
    kinds = frozenset(VALUE_KINDS)
    fields = source.fields("values", kinds, kinds)
    return CardValues(**{kind: _value_table(fields[kind], kind) for kind in VALUE_KINDS})


def parse_mode_lines(ruleset_id: str, source: Source) -> dict[TrumpMode, str]:
    """The page's line naming game mode, rule set and trump, one message per mode."""
    fields = source.fields(f"rule set {ruleset_id}", _OPTIONS)
    if "mode_line" not in fields:
        raise source.error(f"rule set {ruleset_id} lacks 'mode_line'")
    lines = fields["mode_line"].fields("mode_line", _MODES, _MODES)
    found = {}
    for mode, line in lines.items():
        text = line.text(f"mode_line.{mode}")
        if "%(trump)s" not in text:
            raise line.error(f"mode_line.{mode} must contain %(trump)s, where the trump goes")
        found[TrumpMode(mode)] = text
    return found


def parse_ruleset(ruleset_id: str, source: Source) -> RuleSet:
    fields = source.fields(f"rule set {ruleset_id}", _OPTIONS, _OPTIONS - {"description"})
    seats = tuple(_seat(item) for item in fields["seats"].items("seats"))
    if len(set(seats)) != len(seats) or not 2 <= len(seats) <= 4:
        raise fields["seats"].error("seats must name two, three or four different seats")
    direction_name = fields["direction"].text("direction")
    try:
        direction = Direction(direction_name)
    except ValueError:
        raise fields["direction"].error(
            f"unknown direction {direction_name!r} (clockwise or anticlockwise)"
        ) from None
    pairs = []
    for item in fields["partnerships"].items("partnerships"):
        pair = frozenset(_seat(seat) for seat in item.items("a partnership"))
        if len(pair) != 2:
            raise item.error("a partnership is two different seats")
        pairs.append(pair)
    partnered = [seat for pair in pairs for seat in pair]
    if pairs and sorted(partnered, key=str) != sorted(seats, key=str):
        raise fields["partnerships"].error(
            "partnerships must pair every seat once, or be [] when each plays for himself"
        )
    return RuleSet(
        id=ruleset_id,
        name=fields["name"].text("name"),
        description=fields["description"].text("description") if "description" in fields else "",
        seats=seats,
        direction=direction,
        partnerships=tuple(pairs),
        values=_values(fields["values"]),
        last_trick_bonus=fields["last_trick_bonus"].typed(int, "last_trick_bonus"),
        **{flag: fields[flag].typed(bool, flag) for flag in _FLAGS},
    )


class RuleSets:
    """The rule sets of a content folder, each read on first use."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._loaded: dict[str, RuleSet] = {}
        self._mode_lines: dict[str, dict[TrumpMode, str]] = {}

    def available(self) -> list[str]:
        return sorted(path.stem for path in self.folder.glob("*.yaml"))

    def find(self, ruleset_id: str) -> RuleSet | None:
        """The rule set of that id, or None when the folder has no such file."""
        if ruleset_id not in self._loaded:
            path = self.folder / f"{ruleset_id}.yaml"
            if not re.fullmatch(r"[a-z0-9-]+", ruleset_id) or not path.is_file():
                return None
            source = read_yaml(path)
            if source is None:
                raise ContentError(path, None, "the rule set file is empty")
            self._loaded[ruleset_id] = parse_ruleset(ruleset_id, source)
            self._mode_lines[ruleset_id] = parse_mode_lines(ruleset_id, source)
        return self._loaded[ruleset_id]

    def mode_line(self, rules: RuleSet, mode: TrumpMode) -> str:
        """The untranslated mode line of a loaded rule set."""
        return self._mode_lines[rules.id][mode]

    def get(self, ruleset_id: str, wanted_by: Source) -> RuleSet:
        """The rule set a content file names, or an error at the line that names it."""
        found = self.find(ruleset_id)
        if found is None:
            known = ", ".join(self.available()) or "none"
            raise wanted_by.error(f"unknown rule set {ruleset_id!r} (known: {known})")
        return found

    def all(self) -> list[RuleSet]:
        return [rules for name in self.available() if (rules := self.find(name))]
