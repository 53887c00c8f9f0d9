"""Rule sets from `content/rulesets/<id>.yaml`.

A rule set may `extends:` another and change only some options; groups of
options (`values`, `declarations`, `scoring`, `mode_line`) are merged key by
key, the extending file winning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..engine import VALUE_KINDS, CardValues, Direction, Rank, RuleSet, Seat, TrumpMode
from ..engine.rules import (
    BothOverTarget,
    Comparison,
    DeclarationRules,
    ExactTie,
    Rounding,
    ScoringRules,
    Tie,
)
from .errors import ContentError
from .nodes import Source, read_yaml

_FLAGS = (
    "beat_partner_on_trump_lead",
    "beat_partner_in_all_trumps",
    "partner_winning_frees",
    "must_undertrump",
)
_GROUPS: dict[str, frozenset[str]] = {
    "values": frozenset(VALUE_KINDS),
    "declarations": frozenset(
        {"enabled", "sequences", "carres", "comparison", "exact_tie", "belote"}
    ),
    "scoring": frozenset(
        {
            "capot",
            "belote_kept_on_failure",
            "tie",
            "rounding",
            "target",
            "short_target",
            "both_over_target",
        }
    ),
    "mode_line": frozenset(mode.value for mode in TrumpMode),
}
_PLAIN = frozenset(
    {
        "name",
        "description",
        "seats",
        "direction",
        "partnerships",
        "modes",
        "last_trick_bonus",
        "coinche",
    }
)
_KEYS = _PLAIN | frozenset(_FLAGS) | frozenset(_GROUPS) | {"extends"}
_RANKS = {rank.value: rank for rank in Rank}
E = TypeVar("E")


@dataclass(frozen=True)
class Layers:
    """A rule set's options looked up through its `extends` chain, nearest file first."""

    name: str
    top: Source
    layers: tuple[dict[str, Source], ...]

    def get(self, key: str) -> Source:
        for layer in self.layers:
            if key in layer:
                return layer[key]
        raise self.top.error(f"{self.name} lacks {key!r} (and extends no rule set that has it)")

    def has(self, key: str) -> bool:
        return any(key in layer for layer in self.layers)

    def group(self, key: str) -> Layers:
        nested = tuple(
            layer[key].fields(f"{key}", _GROUPS[key]) for layer in self.layers if key in layer
        )
        if not nested:
            raise self.top.error(f"{self.name} lacks {key!r}")
        return Layers(f"{self.name}: {key}", self.top, nested)


def _enum(source: Source, kind: Callable[[str], E], what: str, known: list[str]) -> E:
    name = source.text(what)
    try:
        return kind(name)
    except ValueError:
        raise source.error(f"unknown {what} {name!r} ({' | '.join(known)})") from None


def _seat(source: Source) -> Seat:
    return _enum(source, Seat, "seat", [s.value for s in Seat])


def _rank_table(source: Source, what: str, required: bool) -> dict[Rank, int]:
    keys = frozenset(_RANKS)
    fields = source.fields(what, keys, keys if required else frozenset())
    return {
        _RANKS[name]: value.typed(int, f"the value of {name}") for name, value in fields.items()
    }


def _values(layers: Layers) -> CardValues:
    return CardValues(
        **{
            kind: _rank_table(layers.get(kind), f"values.{kind}", required=True)
            for kind in VALUE_KINDS
        }
    )


def _declarations(layers: Layers) -> DeclarationRules:
    sequences: dict[int, int] = {}
    for key, value in layers.get("sequences").pairs("declarations.sequences"):
        length = key.value()
        if length not in (3, 4, 5):
            raise key.error("sequence lengths are 3, 4 and 5 (five or more)")
        sequences[length] = value.typed(int, "a sequence's points")
    if set(sequences) != {3, 4, 5}:
        raise layers.get("sequences").error("declarations.sequences needs lengths 3, 4 and 5")
    return DeclarationRules(
        enabled=layers.get("enabled").typed(bool, "declarations.enabled"),
        sequences=sequences,
        carres=_rank_table(layers.get("carres"), "declarations.carres", required=False),
        comparison=_enum(
            layers.get("comparison"), Comparison, "comparison", [c.value for c in Comparison]
        ),
        exact_tie=_enum(
            layers.get("exact_tie"), ExactTie, "exact_tie", [t.value for t in ExactTie]
        ),
        belote_points=layers.get("belote").typed(int, "declarations.belote"),
    )


def _scoring(layers: Layers) -> ScoringRules:
    return ScoringRules(
        capot_points=layers.get("capot").typed(int, "scoring.capot"),
        belote_kept_on_failure=layers.get("belote_kept_on_failure").typed(
            bool, "scoring.belote_kept_on_failure"
        ),
        tie=_enum(layers.get("tie"), Tie, "tie", [t.value for t in Tie]),
        rounding=_enum(layers.get("rounding"), Rounding, "rounding", [r.value for r in Rounding]),
        target=layers.get("target").typed(int, "scoring.target"),
        short_target=layers.get("short_target").typed(int, "scoring.short_target")
        if layers.has("short_target")
        else None,
        both_over_target=_enum(
            layers.get("both_over_target"),
            BothOverTarget,
            "both_over_target",
            [b.value for b in BothOverTarget],
        ),
    )


def _mode_lines(layers: Layers) -> dict[TrumpMode, str]:
    """The page's line naming game mode, rule set and trump, one message per mode."""
    found = {}
    for mode in TrumpMode:
        line = layers.get(mode.value)
        text = line.text(f"mode_line.{mode.value}")
        if "%(trump)s" not in text:
            raise line.error(f"mode_line.{mode.value} must contain %(trump)s, where the trump goes")
        found[mode] = text
    return found


def parse_ruleset(ruleset_id: str, layers: Layers) -> RuleSet:
    seats = tuple(_seat(item) for item in layers.get("seats").items("seats"))
    if len(set(seats)) != len(seats) or not 2 <= len(seats) <= 4:
        raise layers.get("seats").error("seats must name two, three or four different seats")
    direction = _enum(layers.get("direction"), Direction, "direction", [d.value for d in Direction])
    pairs = []
    for item in layers.get("partnerships").items("partnerships"):
        pair = frozenset(_seat(seat) for seat in item.items("a partnership"))
        if len(pair) != 2:
            raise item.error("a partnership is two different seats")
        pairs.append(pair)
    partnered = [seat for pair in pairs for seat in pair]
    if pairs and sorted(partnered, key=str) != sorted(seats, key=str):
        raise layers.get("partnerships").error(
            "partnerships must pair every seat once, or be [] when each plays for himself"
        )
    modes = tuple(
        _enum(item, TrumpMode, "mode", [m.value for m in TrumpMode])
        for item in layers.get("modes").items("modes")
    )
    if not modes:
        raise layers.get("modes").error("a rule set offers at least one trump mode")
    return RuleSet(
        id=ruleset_id,
        name=layers.get("name").text("name"),
        description=layers.get("description").text("description")
        if layers.has("description")
        else "",
        seats=seats,
        direction=direction,
        partnerships=tuple(pairs),
        modes=modes,
        coinche=layers.get("coinche").typed(bool, "coinche"),
        values=_values(layers.group("values")),
        last_trick_bonus=layers.get("last_trick_bonus").typed(int, "last_trick_bonus"),
        declarations=_declarations(layers.group("declarations")),
        scoring=_scoring(layers.group("scoring")),
        **{flag: layers.get(flag).typed(bool, flag) for flag in _FLAGS},
    )


class RuleSets:
    """The rule sets of a content folder, each read on first use."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._loaded: dict[str, RuleSet] = {}
        self._mode_lines: dict[str, dict[TrumpMode, str]] = {}
        self._layers: dict[str, Layers] = {}

    def available(self) -> list[str]:
        return sorted(path.stem for path in self.folder.glob("*.yaml"))

    def _read_layers(self, ruleset_id: str, chain: tuple[str, ...] = ()) -> Layers | None:
        if ruleset_id in self._layers:
            return self._layers[ruleset_id]
        path = self.folder / f"{ruleset_id}.yaml"
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", ruleset_id) or not path.is_file():
            return None
        source = read_yaml(path)
        if source is None:
            raise ContentError(path, 1, "the rule set file is empty")
        fields = source.fields(f"rule set {ruleset_id}", _KEYS)
        layers: tuple[dict[str, Source], ...] = (fields,)
        if "extends" in fields:
            parent_id = fields["extends"].text("extends")
            if parent_id in (*chain, ruleset_id):
                raise fields["extends"].error(
                    f"rule sets extend each other in a circle ({parent_id})"
                )
            parent = self._read_layers(parent_id, (*chain, ruleset_id))
            if parent is None:
                raise fields["extends"].error(f"unknown rule set {parent_id!r} to extend")
            layers += parent.layers
        found = Layers(f"rule set {ruleset_id}", source, layers)
        self._layers[ruleset_id] = found
        return found

    def find(self, ruleset_id: str) -> RuleSet | None:
        """The rule set of that id, or None when the folder has no such file."""
        if ruleset_id not in self._loaded:
            layers = self._read_layers(ruleset_id)
            if layers is None:
                return None
            self._loaded[ruleset_id] = parse_ruleset(ruleset_id, layers)
            self._mode_lines[ruleset_id] = _mode_lines(layers.group("mode_line"))
        return self._loaded[ruleset_id]

    def get(self, ruleset_id: str, wanted_by: Source) -> RuleSet:
        """The rule set a content file names, or an error at the line that names it."""
        found = self.find(ruleset_id)
        if found is None:
            known = ", ".join(self.available()) or "none"
            raise wanted_by.error(f"unknown rule set {ruleset_id!r} (known: {known})")
        return found

    def all(self) -> list[RuleSet]:
        return [rules for name in self.available() if (rules := self.find(name))]

    def mode_line(self, rules: RuleSet, mode: TrumpMode) -> str:
        """The untranslated mode line of a loaded rule set."""
        return self._mode_lines[rules.id][mode]
