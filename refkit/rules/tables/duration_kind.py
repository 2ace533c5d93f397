"""How long a table row's effect lasts, read from its ``duration`` text, and whether it stacks.

A row's ``duration`` names one kind — ``instant``, ``end of DT``, ``N UD``, ``until a rest``,
``until removed``, ``permanent`` or ``condition`` — optionally followed by flags after a comma or
semicolon: ``stacks`` (rolling the same row again while it is active adds to it) and
``on a creature`` (the effect needs a creature; it falls on the caster when the spell targeted an
object). ``2 UD, stacks`` reads as two usage dice that stack. The kind drives the backlash repeat
rule: only a lasting effect that does not stack, and is not a condition, is rolled again.

The text stays the one stored form, so tables saved before kinds were read still load, and a row
whose duration is empty or unreadable simply has no kind (:func:`row_duration` says why).
"""

from __future__ import annotations

import re
from enum import StrEnum

from refkit.errors import DomainError
from refkit.rules.common.slot_record import SlotRecord

MOST_DURATION_DICE = 20
"""The most usage dice a row's duration may give (a tracked effect holds at most 20)."""


class DurationKind(StrEnum):
    INSTANT = "instant"
    END_OF_DT = "end of DT"
    USAGE_DICE = "UD"
    UNTIL_REST = "until a rest"
    UNTIL_REMOVED = "until removed"
    PERMANENT = "permanent"
    CONDITION = "condition"


KIND_WORDS: tuple[str, ...] = (
    "instant",
    "end of DT",
    "N UD",
    "until a rest",
    "until removed",
    "permanent",
    "condition",
)
"""The kinds as a user writes them, for messages and pickers."""

FLAG_STACKS = "stacks"
FLAG_ON_A_CREATURE = "on a creature"


class DurationKindError(DomainError, ValueError):
    """A duration text names no kind Refkit knows; the message says what was expected."""


class RowDuration(SlotRecord):
    """A row's duration read: its kind, the usage dice of an ``N UD`` row, and its flags (a
    frozen record, not a dataclass: ``refkit cast`` leaves ``dataclasses`` unimported)."""

    FIELDS = ("kind", "usage_dice", "stacks", "on_a_creature")
    __slots__ = FIELDS
    kind: DurationKind
    usage_dice: int
    stacks: bool
    on_a_creature: bool

    def __init__(
        self,
        kind: DurationKind,
        usage_dice: int = 0,
        stacks: bool = False,
        on_a_creature: bool = False,
    ) -> None:
        self._fill(kind, usage_dice, stacks, on_a_creature)

    @property
    def lasting(self) -> bool:
        """True when the effect outlives the moment it happens."""
        return self.kind is not DurationKind.INSTANT

    @property
    def rolled_again_when_active(self) -> bool:
        """The repeat rule: the same row rolled while it is still active is rolled again when it
        lasts, does not stack, and is not a condition (a condition cannot be had twice)."""
        return self.lasting and not self.stacks and self.kind is not DurationKind.CONDITION

    @property
    def text(self) -> str:
        """The duration as Refkit writes it back: ``2 UD, stacks``."""
        words = [f"{self.usage_dice} UD" if self.kind is DurationKind.USAGE_DICE else self.kind]
        if self.stacks:
            words.append(FLAG_STACKS)
        if self.on_a_creature:
            words.append(FLAG_ON_A_CREATURE)
        return ", ".join(str(word) for word in words)


_USAGE_DICE = r"^(\d{1,3})\s*(?:ud|usage dice|usage die)$"  # compiled at first use (re keeps it)
_KINDS = {
    "instant": DurationKind.INSTANT,
    "end of dt": DurationKind.END_OF_DT,
    "end of the dt": DurationKind.END_OF_DT,
    "dt": DurationKind.END_OF_DT,
    "until a rest": DurationKind.UNTIL_REST,
    "until rest": DurationKind.UNTIL_REST,
    "until the next rest": DurationKind.UNTIL_REST,
    "until removed": DurationKind.UNTIL_REMOVED,
    "permanent": DurationKind.PERMANENT,
    "condition": DurationKind.CONDITION,
}
_FLAGS = {"stacks": FLAG_STACKS, "on a creature": FLAG_ON_A_CREATURE}


def parse_row_duration(text: str) -> RowDuration:
    """Read ``text`` (any case and spacing). Raises DurationKindError naming what was expected."""
    parts = [" ".join(part.split()).casefold() for part in re.split(r"[;,]", text)]
    head, flags = parts[0], [part for part in parts[1:] if part]
    if not head:
        raise DurationKindError(_expected(text))
    usage_dice = 0
    match = re.match(_USAGE_DICE, head)
    if match is not None:
        kind = DurationKind.USAGE_DICE
        usage_dice = int(match[1])
        if not 1 <= usage_dice <= MOST_DURATION_DICE:
            raise DurationKindError(
                f"duration {text.strip()!r}: an effect lasts 1 to {MOST_DURATION_DICE} usage dice"
            )
    elif head in _KINDS:
        kind = _KINDS[head]
    else:
        raise DurationKindError(_expected(text))
    unknown = [flag for flag in flags if flag not in _FLAGS]
    if unknown:
        raise DurationKindError(
            f"duration {text.strip()!r}: {unknown[0]!r} is not a flag Refkit knows "
            f"(after the kind: {FLAG_STACKS!r} or {FLAG_ON_A_CREATURE!r})"
        )
    return RowDuration(
        kind=kind,
        usage_dice=usage_dice,
        stacks=FLAG_STACKS in flags,
        on_a_creature=FLAG_ON_A_CREATURE in flags,
    )


def row_duration(text: str) -> RowDuration | None:
    """The duration read from ``text``, or None when it names no kind (an older or blank row)."""
    try:
        return parse_row_duration(text)
    except DurationKindError:
        return None


def _expected(text: str) -> str:
    kinds = ", ".join(KIND_WORDS)
    shown = text.strip()
    what = f"duration {shown!r}" if shown else "an empty duration"
    return f"{what} names no duration kind (expected one of: {kinds})"
