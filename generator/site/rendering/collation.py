"""A language's alphabetical order, from CLDR's collation tailorings (Babel carries none).

The Unicode Collation Algorithm orders words letter by letter, ignoring
accents, then by accents, then by case; each language's CLDR data tailors
it where its alphabet has letters of its own (`common/collation/<lang>.xml`:
Czech `&h<ch` sorts "ch" as one letter after "h", Slovak `&a<ä`, Croatian
`&d<dž<đ`, Vietnamese `&a<ă<â`). `content/site.yaml` keeps the primary
part of those rules (`collation:`), each chain `&d<dž<đ` written as its
letters, "d dž đ", and this module applies them to the root order,
simplified to what word lists need:

- letters are compared first, a tailored letter counting as its own letter
  after its base, every other accent set aside (Czech á sorts as a);
- spaces, hyphens and punctuation are ignored at that level, as
  dictionaries do ("dix de der" between "dedans" and "dixième");
- then accents (in the order of the letters), then the text itself, so that
  the order is total and the same on every machine (no `locale` module);
- a language's own script may come first, as CLDR's `[reorder Cyrl]` puts
  Bulgarian's Cyrillic before the Latin letters of a French word: the chain
  "reorder Cyrl" says so (ISO 15924 codes).

Base letters keep the order of their code points, which is the alphabet's
for Latin a-z and for the Cyrillic letters Bulgarian uses; a script whose
code points do not follow its alphabet would need a tailoring of its own,
and so does a letter Unicode does not decompose (đ, ł, ø sort after z
unless a chain places them, as Croatian's and Vietnamese's place đ).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

# One letter with its accents, after canonical decomposition.
_Cluster = tuple[str, tuple[str, ...]]
# ISO 15924 codes of the scripts a tailoring may put first, as Unicode names them.
SCRIPTS = {"Latn": "LATIN", "Cyrl": "CYRILLIC", "Grek": "GREEK"}


class CollationError(ValueError):
    """A tailoring that is not a list of chains of letters ("c č ć", "h ch")."""


def _clusters(text: str) -> list[_Cluster]:
    """Letters and what follows them, each with the combining marks it carries."""
    found: list[tuple[str, list[str]]] = []
    for char in unicodedata.normalize("NFD", text.lower()):
        if unicodedata.combining(char) and found:
            found[-1][1].append(char)
        else:
            found.append((char, []))
    return [(base, tuple(marks)) for base, marks in found]


@dataclass(frozen=True)
class Tailoring:
    """The letters a language sorts after a base letter: `ch` after `h` is (h, 1)."""

    # Each tailored letter as clusters, with the base it follows and its place there.
    letters: tuple[tuple[tuple[_Cluster, ...], str, int], ...] = ()
    # Scripts sorted before all others, in this order (Unicode's script names).
    first: tuple[str, ...] = ()

    @staticmethod
    def parse(chains: Sequence[str]) -> Tailoring:
        """CLDR's primary rules as chains of letters: "c č ć" is `&c<č<ć`."""
        letters: list[tuple[tuple[_Cluster, ...], str, int]] = []
        scripts: list[str] = []
        for text in chains:
            first, *chain = text.split()
            if first == "reorder":
                unknown = [code for code in chain if code not in SCRIPTS]
                if not chain or unknown:
                    raise CollationError(f"reorder names scripts ({', '.join(SCRIPTS)})")
                scripts += [SCRIPTS[code] for code in chain]
                continue
            if not chain:
                raise CollationError(f"a chain names a letter and what follows it, not {text!r}")
            base = _clusters(first)
            if len(base) != 1 or base[0][1] or not base[0][0].isalpha():
                raise CollationError(f"a chain starts at a plain letter, not {first!r}")
            for place, letter in enumerate(chain, start=1):
                if not all(char.isalpha() or unicodedata.combining(char) for char in letter):
                    raise CollationError(f"{letter!r} is not a letter")
                letters.append((tuple(_clusters(letter)), base[0][0], place))
        # The longest letters first, so that "dž" is tried before "d".
        letters.sort(key=lambda each: -sum(1 + len(marks) for _base, marks in each[0]))
        return Tailoring(tuple(letters), tuple(scripts))

    def _primary(self, base: str, place: int) -> tuple[int, int, int]:
        script = unicodedata.name(base, "").split(" ")[0]
        rank = self.first.index(script) if script in self.first else len(self.first)
        return rank, ord(base), place

    def key(self, text: str) -> tuple[object, ...]:
        """The sort key of a word or phrase in this language's alphabetical order."""
        clusters = _clusters(text)
        primary: list[tuple[int, int, int]] = []
        secondary: list[tuple[str, ...]] = []
        index = 0
        while index < len(clusters):
            matched = self._match(clusters, index)
            if matched is not None:
                length, base, place, left = matched
                primary.append(self._primary(base, place))
                secondary.append(left)
                index += length
                continue
            base, marks = clusters[index]
            if unicodedata.category(base)[0] in "LN":
                primary.append(self._primary(base, 0))
                secondary.append(marks)
            index += 1
        return (tuple(primary), tuple(secondary), unicodedata.normalize("NFC", text))

    def _match(
        self, clusters: list[_Cluster], index: int
    ) -> tuple[int, str, int, tuple[str, ...]] | None:
        """The tailored letter at `index`: its length in clusters, base, place and the
        accents it leaves over (Vietnamese ấ is â, then an acute accent)."""
        for letter, base, place in self.letters:
            if index + len(letter) > len(clusters):
                continue
            left: list[str] = []
            for (want, want_marks), (have, have_marks) in zip(
                letter, clusters[index : index + len(letter)], strict=False
            ):
                marks = list(have_marks)
                if want != have or any(mark not in marks for mark in want_marks):
                    break
                for mark in want_marks:
                    marks.remove(mark)
                left += marks
            else:
                return len(letter), base, place, tuple(left)
        return None


ROOT = Tailoring()
