"""Rolling a Warcrow pool: fixed dice, rerolls and single-die repeats (each die once), totals."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from refkit.errors import DomainError
from refkit.games.warcrow.dice import Colour, DiceFaces, Face
from refkit.games.warcrow.pool import Pool
from refkit.games.warcrow.symbols import Symbols


class RerollError(DomainError, ValueError):
    """A reroll, repeat or fix the rules do not allow; the message names the die."""


@dataclass(frozen=True)
class RolledDie:
    """One die after the roll: its colour, the face it shows (1-based) and what was done to it."""

    colour: Colour
    face_number: int
    face: Face
    rerolled: bool = False
    fixed: bool = False

    @property
    def symbols(self) -> Symbols:
        return Symbols.of(self.face)


@dataclass(frozen=True)
class Roll:
    """A rolled pool: its dice and the pool's automatic symbols."""

    dice: tuple[RolledDie, ...]
    automatic: Symbols = field(default_factory=Symbols)

    def symbols(self, *, expertise: bool = False) -> Symbols:
        """Every symbol on the faces plus the automatic ones; Expertise fills hollow symbols."""
        total = self.automatic
        for die in self.dice:
            total = total + die.symbols
        return total.with_expertise() if expertise else total

    def faces(self) -> tuple[int, ...]:
        return tuple(die.face_number for die in self.dice)


def _face_count(faces: DiceFaces, colour: Colour) -> int:
    return len(faces.of(colour))


def check_fixed(pool: Pool, faces: DiceFaces, fixed: Mapping[int, int]) -> None:
    for index, number in fixed.items():
        if not 0 <= index < len(pool.dice):
            raise RerollError(f"cannot fix die {index + 1}: the pool has {len(pool.dice)} dice")
        colour = pool.dice[index]
        count = _face_count(faces, colour)
        if not 1 <= number <= count:
            raise RerollError(
                f"die {index + 1} ({colour.value}) has faces 1 to {count}, not {number}"
            )


def roll_pool(
    pool: Pool,
    faces: DiceFaces,
    rng: random.Random,
    *,
    fixed: Mapping[int, int] | None = None,
) -> Roll:
    """Roll every die of ``pool`` except the ``fixed`` ones (die index → face number), which
    count as showing the face chosen before the roll and are never rolled."""
    fixed = dict(fixed or {})
    check_fixed(pool, faces, fixed)
    dice = []
    for index, colour in enumerate(pool.dice):
        rolled = index not in fixed
        number = rng.randrange(_face_count(faces, colour)) + 1 if rolled else fixed[index]
        dice.append(RolledDie(colour, number, faces.face(colour, number), fixed=index in fixed))
    return Roll(tuple(dice), pool.automatic)


def given_roll(pool: Pool, faces: DiceFaces, numbers: Sequence[int]) -> Roll:
    """The roll whose dice show face ``numbers[i]`` (1-based), typed by the user."""
    if len(numbers) != len(pool.dice):
        raise RerollError(f"expected {len(pool.dice)} face numbers, got {len(numbers)}")
    check_fixed(pool, faces, dict(enumerate(numbers)))
    dice = tuple(
        RolledDie(colour, number, faces.face(colour, number))
        for colour, number in zip(pool.dice, numbers, strict=True)
    )
    return Roll(dice, pool.automatic)


def reroll(roll: Roll, indices: Iterable[int], faces: DiceFaces, rng: random.Random) -> Roll:
    """Reroll the dice at ``indices`` (a full Reroll names many, Repeat a die names one).

    A die is rerolled at most once per roll, and a fixed die is never rolled: asking again is a
    RerollError that names the die, and nothing is rerolled.
    """
    chosen = list(indices)
    if not chosen:
        raise RerollError("choose at least one die to reroll")
    if len(set(chosen)) != len(chosen):
        raise RerollError("each die can be rerolled only once; a die was named twice")
    for index in chosen:
        if not 0 <= index < len(roll.dice):
            raise RerollError(f"there is no die {index + 1} to reroll")
        die = roll.dice[index]
        if die.rerolled:
            raise RerollError(
                f"die {index + 1} ({die.colour.value}) was already rerolled; "
                f"each die can be rerolled only once"
            )
        if die.fixed:
            raise RerollError(f"die {index + 1} ({die.colour.value}) is fixed; it is not rolled")
    dice = list(roll.dice)
    for index in sorted(chosen):
        die = dice[index]
        number = rng.randrange(_face_count(faces, die.colour)) + 1
        dice[index] = replace(
            die, face_number=number, face=faces.face(die.colour, number), rerolled=True
        )
    return Roll(tuple(dice), roll.automatic)
