"""Random sources and given die values.

Every roll takes an injected ``random.Random``. ``make_rng`` builds one from a seed and, when no
seed is given, draws a fresh one from the operating system, so a roll can always be replayed from
the seed kept in its record. ``parse_dice_values`` reads die values typed by a user
(``--dice 7,9``), which replace the random source outright.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from refkit.dice.errors import DiceValueError
from refkit.dice.limits import MAX_DICE, check_sides

SEED_BITS = 53
"""Fresh seeds are below 2**53, so they stay exact in any JSON reader (JavaScript included)."""

_SYSTEM = random.SystemRandom()
"""The operating system's random source (``os.urandom``), for fresh seeds."""
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_LONGEST_NUMBER = 20  # characters; longer numbers are refused before int() sees them


def make_rng(seed: int | None) -> tuple[random.Random, int]:
    """Return a random source and the seed it was made from.

    With ``seed=None`` a fresh seed is drawn from the operating system's source (what
    ``secrets.randbits`` draws from, without loading ``secrets``' hashing and OpenSSL, which
    cost a headless roll more than the roll itself); the returned seed replays the roll.
    """
    if seed is None:
        seed = _SYSTEM.getrandbits(SEED_BITS)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed must be a whole number or None, got {seed!r}")
    return random.Random(seed), seed


def roll_die(rng: random.Random, sides: int) -> int:
    """Roll one die with faces 1..sides (2 to 1000 sides)."""
    check_sides(sides)
    return rng.randint(1, sides)


def check_faces(
    values: Sequence[int], sides: Sequence[int], *, label: str = "dice"
) -> tuple[int, ...]:
    """Check given die values against the dice they stand for and return them as a tuple.

    ``sides[i]`` is the size of the die that ``values[i]`` was rolled on. Raises DiceValueError
    (``"<label>: expected 2 values, got 3"``, ``"<label>: 11 is not a face of a d10 (value 2)"``).
    """
    if len(values) != len(sides):
        raise DiceValueError(f"{label}: expected {_values(len(sides))}, got {len(values)}")
    for index, (value, die) in enumerate(zip(values, sides, strict=True), start=1):
        if isinstance(value, bool) or not isinstance(value, int):
            raise DiceValueError(f"{label}: {value!r} is not a whole number (value {index})")
        if not 1 <= value <= die:
            raise DiceValueError(f"{label}: {value} is not a face of a d{die} (value {index})")
    return tuple(values)


def parse_dice_values(
    text: str,
    sides: Sequence[int] | int,
    count: int | None = None,
    *,
    label: str = "--dice",
) -> tuple[int, ...]:
    """Read comma-separated die values such as ``"7,9"``.

    ``sides`` is either one die size for every value or the size of each die in order (then the
    number of values must be ``len(sides)``). ``count``, when given, is the number of values
    expected; with one die size and no count, any number from 1 to 1000 is accepted. ``label``
    starts every error message, e.g. ``--dice: 11 is not a face of a d10 (value 2)``.
    Raises DiceValueError for anything that does not fit.
    """
    if isinstance(sides, int):
        expected = count
        check_sides(sides)
    else:
        sides = tuple(sides)
        for die in sides:
            check_sides(die)
        if count is not None and count != len(sides):
            raise ValueError(f"count {count} does not match the {len(sides)} dice given")
        expected = len(sides)

    if not text.strip():
        raise DiceValueError(f"{label}: no values given")
    items = [item.strip() for item in text.split(",")]
    values: list[int] = []
    for index, item in enumerate(items, start=1):
        if not item:
            raise DiceValueError(f"{label}: value {index} is empty")
        if not _WHOLE_NUMBER.fullmatch(item):
            raise DiceValueError(f"{label}: {item!r} is not a whole number (value {index})")
        if len(item) > _LONGEST_NUMBER:
            raise DiceValueError(f"{label}: value {index} is far too large to be a die face")
        values.append(int(item))

    if expected is not None and len(values) != expected:
        raise DiceValueError(f"{label}: expected {_values(expected)}, got {len(values)}")
    if len(values) > MAX_DICE:
        raise DiceValueError(f"{label}: too many values: {len(values)} (at most {MAX_DICE})")
    die_sizes = (sides,) * len(values) if isinstance(sides, int) else sides
    return check_faces(values, die_sizes, label=label)


def _values(count: int) -> str:
    return "1 value" if count == 1 else f"{count} values"
