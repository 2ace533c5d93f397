"""Encounter checks: roll 1d10; a roll of at least the encounter number (EN) is an encounter.

A 10 is an encounter at once. Any lower roll that still meets the EN is a sign now and an encounter
later: during the next dungeon turn in a dungeon (L435), during the travel day for a travel check
(L954). The EN is never below 1 or above 10.

How the EN is built (CONTRACT): an explicit ``en`` wins; otherwise a travel ``pace`` gives
8 / 7 / 6 (slow / normal / fast), -1 for a road all day; otherwise the dungeon's 9, -1 if the level
is crowded, -1 if the group left chaos behind. Seclude Camp then adds 1, then each modifier is
added, and the result is clamped to 1..10. Flags that do not belong to the chosen base
(``crowded``/``chaos`` with an explicit EN or a pace, ``road`` without a pace) do not change it.
An explicit ``en`` outside 1..10 is an error rather than being clamped: it is most likely a typo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from refkit.rules.checks.crows_test import check_die
from refkit.rules.common.pace import Pace

DUNGEON_EN = 9
EN_MIN = 1
EN_MAX = 10
IMMEDIATE_ROLL = 10


def _check_en(value: int, what: str = "encounter number") -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number from 1 to 10, got {value!r}")
    if not EN_MIN <= value <= EN_MAX:
        raise ValueError(f"{what} {value} is outside 1 to 10")


def encounter_number(
    *,
    en: int | None = None,
    crowded: bool = False,
    chaos: bool = False,
    seclude: bool = False,
    campsite: bool = False,
    pace: Pace | str | None = None,
    road: bool = False,
    modifiers: Sequence[int] = (),
) -> int:
    """The EN for a check, built as the module docstring says. Raises ValueError on bad input."""
    if en is not None:
        _check_en(en)
        value = en
    elif pace is not None:
        value = Pace.parse(pace).base_encounter_number - (1 if road else 0)
    else:
        value = DUNGEON_EN - (1 if crowded else 0) - (1 if chaos else 0)
    if campsite and value <= CAMPSITE_EN_MAX:  # Prepare Campsite: before resting, a low EN +1
        value += 1
    if seclude:
        value += 1
    for modifier in modifiers:
        if isinstance(modifier, bool) or not isinstance(modifier, int):
            raise ValueError(f"EN modifier must be a whole number, got {modifier!r}")
        value += modifier
    return clamp_en(value)


CAMPSITE_EN_MAX = 5
"""Prepare Campsite raises the rest's EN by 1 when it is this or lower (characters facts §4.5)."""


def clamp_en(value: int) -> int:
    """An encounter number built from modifiers, kept within 1..10."""
    return max(EN_MIN, min(EN_MAX, value))


@dataclass(frozen=True)
class EncounterCheck:
    """The result of one encounter check."""

    en: int
    roll: int
    encounter: bool
    immediate: bool

    @property
    def outcome(self) -> Literal["none", "sign", "immediate"]:
        """``none``; ``sign`` (a sign now, the encounter later: see the module docstring); or
        ``immediate``."""
        if not self.encounter:
            return "none"
        return "immediate" if self.immediate else "sign"


def check_encounter(roll: int, en: int) -> EncounterCheck:
    """Read a d10 ``roll`` against ``en`` (1..10)."""
    check_die("encounter die", roll, 10)
    _check_en(en)
    encounter = roll >= en
    return EncounterCheck(
        en=en, roll=roll, encounter=encounter, immediate=encounter and roll == IMMEDIATE_ROLL
    )


def roll_encounter(rng: random.Random, en: int, die: int | None = None) -> EncounterCheck:
    """Check for an encounter, rolling the d10 with ``rng`` unless ``die`` gives its face."""
    _check_en(en)
    roll = rng.randint(1, 10) if die is None else die
    return check_encounter(roll, en)
