"""How long a spell lasts (L1031–1035): instant, until the end of the DT it was cast in, or a
number of usage dice of its own (separate from the book's), rolled at each DT end.

An instant spell may still leave a condition with its own duration. The caster's death ends a
spell, and the caster may end it at will.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from refkit.rules.magic.words import SpellFieldError, plain_words

MOST_SPELL_DICE = 20


class SpellDurationKind(StrEnum):
    INSTANT = "instant"
    END_OF_DT = "end of DT"
    USAGE_DICE = "UD"


@dataclass(frozen=True)
class SpellDuration:
    kind: SpellDurationKind
    usage_dice: int = 0

    @property
    def tracked(self) -> bool:
        """True when the spell lasts past its casting (a tracked effect of the dungeon turn)."""
        return self.kind is not SpellDurationKind.INSTANT

    @property
    def text(self) -> str:
        if self.kind is SpellDurationKind.USAGE_DICE:
            return f"{self.usage_dice} UD"
        return str(self.kind)


INSTANT = SpellDuration(SpellDurationKind.INSTANT)
_DICE = re.compile(r"^(\d{1,3})\s*(?:ud|usage dice|usage die)$")


def parse_spell_duration(text: str) -> SpellDuration:
    """``instant``, ``end of DT`` (or ``DT``), ``N UD``."""
    words = plain_words(text)
    if words == "instant":
        return INSTANT
    if words in ("dt", "end of dt", "end of the dt"):
        return SpellDuration(SpellDurationKind.END_OF_DT)
    match = _DICE.match(words)
    if match is None:
        raise SpellFieldError(
            f"cannot read duration {text!r}: expected 'instant', 'end of DT' or 'N UD'"
        )
    dice = int(match[1])
    if not 1 <= dice <= MOST_SPELL_DICE:
        raise SpellFieldError(f"duration {text!r}: a spell lasts 1 to {MOST_SPELL_DICE} UD")
    return SpellDuration(SpellDurationKind.USAGE_DICE, dice)
