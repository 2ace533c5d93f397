"""How far a spell reaches (L1013): the most squares to its target or its area's origin square,
with line of effect; or the caster alone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from refkit.rules.magic.words import SpellFieldError, plain_words

MOST_SQUARES = 100


class RangeKind(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"
    WITHIN = "within"  # an area's origin square, this close to the caster
    SELF = "self"


@dataclass(frozen=True)
class SpellRange:
    kind: RangeKind
    squares: int = 0

    @property
    def text(self) -> str:
        return "self" if self.kind is RangeKind.SELF else f"{self.kind} {self.squares}"


SELF = SpellRange(RangeKind.SELF)
_RANGE = re.compile(r"^(melee|ranged|within)\s+(\d{1,3})$")


def parse_spell_range(text: str) -> SpellRange:
    """``melee 1``, ``ranged 10``, ``within 1`` or ``self``."""
    words = plain_words(text)
    if words == "self":
        return SELF
    match = _RANGE.match(words)
    if match is None:
        raise SpellFieldError(
            f"cannot read range {text!r}: expected 'melee N', 'ranged N', 'within N' or 'self'"
        )
    squares = int(match[2])
    if not 1 <= squares <= MOST_SQUARES:
        raise SpellFieldError(f"range {text!r}: a range runs from 1 to {MOST_SQUARES} squares")
    return SpellRange(RangeKind(match[1]), squares)
