"""Usage dice (UD): a pool of d6s; roll them all and remove every die that shows 1 or 2.

An item card's UD entry reads like ``UD: 2 (Refuel w oil; DT)``: a die count and the modes that say
when the dice are rolled or restored (Useless, Refuel, Rest, Activate, DT).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from enum import Enum

from refkit.rules.checks.crows_test import check_die
from refkit.rules.common.file_bounds import USAGE_DICE
from refkit.rules.common.slot_record import SlotRecord
from refkit.rules.common.whole_numbers import require_not_negative

REMOVED_FACES = frozenset({1, 2})


class UsageDiceMode(Enum):
    """When an item's usage dice are rolled, or what restores them."""

    USELESS = "Useless"  # at 0 UD the item is useless for good
    REFUEL = "Refuel"  # spending the named item restores the maximum
    REST = "Rest"  # finishing a rest restores the maximum
    ACTIVATE = "Activate"  # rolled after each use of the item
    DT = "DT"  # rolled at the end of each dungeon turn

    @classmethod
    def parse(cls, text: str) -> UsageDiceMode:
        """The mode named by ``text``, ignoring case and surrounding spaces."""
        wanted = text.strip().casefold()
        for mode in cls:
            if mode.value.casefold() == wanted:
                return mode
        names = ", ".join(mode.value for mode in cls)
        raise ValueError(f"unknown usage-dice mode {text.strip()!r} (expected one of {names})")


def parse_usage_dice_mode(text: str) -> UsageDiceMode:
    """Same as :meth:`UsageDiceMode.parse`."""
    return UsageDiceMode.parse(text)


class UsageDiceRoll(SlotRecord):
    """A roll of a usage-dice pool: the count before, each face rolled, the count after (a
    frozen record, not a dataclass: ``refkit cast`` leaves ``dataclasses`` unimported)."""

    FIELDS = ("before", "rolled", "after")
    __slots__ = FIELDS
    before: int
    rolled: tuple[int, ...]
    after: int

    def __init__(self, before: int, rolled: tuple[int, ...], after: int) -> None:
        self._fill(before, rolled, after)


class UsageDiceEntry(SlotRecord):
    """A parsed UD entry: the maximum dice, the modes, and the refuelling item if one is named
    (a frozen record, not a dataclass)."""

    FIELDS = ("count", "modes", "refuel_with")
    __slots__ = FIELDS
    count: int
    modes: frozenset[UsageDiceMode]
    refuel_with: str | None

    def __init__(
        self, count: int, modes: frozenset[UsageDiceMode], refuel_with: str | None = None
    ) -> None:
        self._fill(count, modes, refuel_with)

    @property
    def rolls_at_dt_end(self) -> bool:
        return UsageDiceMode.DT in self.modes

    @property
    def rolls_on_use(self) -> bool:
        return UsageDiceMode.ACTIVATE in self.modes

    def is_useless(self, current: int) -> bool:
        """True when the dice have run out and the entry has the Useless mode."""
        require_not_negative("current usage dice", current)
        return current == 0 and UsageDiceMode.USELESS in self.modes

    def after_rest(self, current: int) -> int:
        """The dice after the carrier finishes a rest: the maximum with Rest, else unchanged."""
        require_not_negative("current usage dice", current)
        if UsageDiceMode.REST in self.modes and not self.is_useless(current):
            return self.count
        return current

    def refuel(self, current: int, fuel: str | None = None) -> int:
        """The dice after spending ``fuel`` to refuel: the maximum.

        Raises ValueError when the entry has no Refuel mode, when the item is useless, or when
        ``fuel`` is given and is not the item the entry names.
        """
        require_not_negative("current usage dice", current)
        if UsageDiceMode.REFUEL not in self.modes:
            raise ValueError("this item has no Refuel mode; its usage dice cannot be refuelled")
        if self.is_useless(current):
            raise ValueError("this item is useless at 0 usage dice and cannot be refuelled")
        if (
            fuel is not None
            and self.refuel_with is not None
            and fuel.strip().casefold() != self.refuel_with.casefold()
        ):
            raise ValueError(f"this item refuels with {self.refuel_with!r}, not {fuel.strip()!r}")
        return self.count


def usage_dice_from_faces(before: int, faces: Sequence[int]) -> UsageDiceRoll:
    """Resolve a usage-dice roll from the faces already rolled (one d6 per die in the pool)."""
    require_not_negative("usage dice", before)
    faces = tuple(faces)
    if len(faces) != before:
        raise ValueError(f"{before} usage dice need exactly {before} faces, got {len(faces)}")
    for position, face in enumerate(faces, start=1):
        check_die(f"usage die {position}", face, 6)
    after = sum(1 for face in faces if face not in REMOVED_FACES)
    return UsageDiceRoll(before=before, rolled=faces, after=after)


def roll_usage_dice(before: int, rng: random.Random) -> UsageDiceRoll:
    """Roll every die of a pool of ``before`` usage dice with ``rng``."""
    require_not_negative("usage dice", before)
    faces = tuple(rng.randint(1, 6) for _ in range(before))
    return usage_dice_from_faces(before, faces)


# Patterns compiled at their first use (re keeps them): a cast reads no item's entry.
_ENTRY = r"""^\s*(?:UD\s*:?\s*)?      # optional "UD" or "UD:" label
        (?P<count>\d+)\s*
        (?:\((?P<modes>[^()]*)\))?\s*$"""
_REFUEL = r"^refuel(?:\s+(?:w/?|with)\s+(?P<item>.+?))?$"


def parse_usage_dice_entry(text: str) -> UsageDiceEntry:
    """Parse an item card's UD entry, e.g. ``2 (Refuel w oil; DT)`` or ``UD 1 (Rest; Activate)``.

    Modes are separated by ``;`` or ``,`` and matched without regard to case. Refuel may name its
    fuel with ``w``, ``w/`` or ``with``. Raises ValueError naming what could not be read.
    """
    match = re.match(_ENTRY, text, re.IGNORECASE | re.VERBOSE)
    if match is None:
        raise ValueError(
            f"cannot read usage-dice entry {text!r}: expected a die count and optional "
            "modes in brackets, e.g. '2 (Refuel w oil; DT)'"
        )
    most = USAGE_DICE[1]
    count = int(match["count"]) if len(match["count"]) <= 6 else most + 1
    if count > most:
        raise ValueError(
            f"usage-dice entry {text.strip()[:40]!r}: an item has at most {most} usage dice"
        )
    modes: set[UsageDiceMode] = set()
    refuel_with: str | None = None
    for raw in re.split(r"[;,]", match["modes"] or ""):
        part = " ".join(raw.split())
        if not part:
            continue
        refuel = re.match(_REFUEL, part, re.IGNORECASE)
        if refuel is not None:
            modes.add(UsageDiceMode.REFUEL)
            if refuel["item"]:
                refuel_with = refuel["item"]
            continue
        try:
            modes.add(UsageDiceMode.parse(part))
        except ValueError as error:
            raise ValueError(f"{error} in usage-dice entry {text.strip()!r}") from None
    return UsageDiceEntry(count=count, modes=frozenset(modes), refuel_with=refuel_with)
