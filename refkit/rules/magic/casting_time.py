"""How long a casting takes (L993–996): an action, a maneuver, a reaction to its trigger, or out
of combat (not in combat rounds; ten in-game minutes)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from refkit.rules.magic.words import SpellFieldError, plain_words

OUT_OF_COMBAT_MINUTES = 10


class CastingKind(StrEnum):
    ACTION = "action"
    MANEUVER = "maneuver"
    REACTION = "reaction"
    OUT_OF_COMBAT = "out of combat"


@dataclass(frozen=True)
class CastingTime:
    """The casting time; a reaction says what triggers it."""

    kind: CastingKind
    trigger: str = ""

    def __post_init__(self) -> None:
        if self.kind is CastingKind.REACTION and not self.trigger.strip():
            raise SpellFieldError("a reaction spell needs its trigger")
        if self.kind is not CastingKind.REACTION and self.trigger.strip():
            raise SpellFieldError(
                f"only a reaction has a trigger, not a casting time of {self.kind}"
            )

    @property
    def in_game_minutes(self) -> int:
        """The in-game minutes a casting takes outside combat rounds (0 for a combat casting)."""
        return OUT_OF_COMBAT_MINUTES if self.kind is CastingKind.OUT_OF_COMBAT else 0

    @property
    def text(self) -> str:
        if self.kind is CastingKind.REACTION:
            return f"reaction ({self.trigger})"
        return str(self.kind)


def parse_casting_time(text: str, trigger: str = "") -> CastingTime:
    wanted = plain_words(text).replace("-", " ")
    for kind in CastingKind:
        if kind.value == wanted:
            return CastingTime(kind, trigger.strip())
    names = ", ".join(kind.value for kind in CastingKind)
    raise SpellFieldError(f"unknown casting time {text!r} (expected one of {names})")
