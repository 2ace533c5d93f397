"""Exact Warcrow odds with icepool: at least N of a symbol, and the wounds of a face-to-face.

Every face of a die is equally likely. Fixed dice and automatic symbols are certain, so they
shift the counts; Expertise counts hollow symbols as full ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from refkit.games.warcrow.dice import DiceFaces, Face
from refkit.games.warcrow.pool import Pool
from refkit.games.warcrow.resolve import States, Switch
from refkit.games.warcrow.symbols import SYMBOL_ORDER, Symbol, Symbols

if TYPE_CHECKING:
    import icepool


def _face_vector(face: Face, expertise: bool) -> tuple[int, int]:
    symbols = Symbols.of(face)
    if expertise:
        symbols = symbols.with_expertise()
    return symbols.success, symbols.block


def _die(faces: tuple[Face, ...], expertise: bool) -> icepool.Die[Any]:
    import icepool

    return icepool.Die([icepool.Vector(_face_vector(face, expertise)) for face in faces])


def _pool_die(
    pool: Pool, faces: DiceFaces, expertise: bool, fixed: Mapping[int, int]
) -> icepool.Die[Any]:
    """The (Successes, Blocks) the pool shows, as one icepool die over pairs."""
    import icepool

    certain = pool.automatic.with_expertise() if expertise else pool.automatic
    total: icepool.Die[Any] = icepool.Die([icepool.Vector((certain.success, certain.block))])
    for index, colour in enumerate(pool.dice):
        if index in fixed:
            face = faces.face(colour, fixed[index])
            total = total + icepool.Vector(_face_vector(face, expertise))
        else:
            total = total + _die(faces.of(colour), expertise)
    return total


def _distribution(outcomes: Mapping[tuple[int, int], int], part: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for (success, block), quantity in outcomes.items():
        value = (success, block)[part]
        counts[value] = counts.get(value, 0) + quantity
    denominator = sum(counts.values())
    return {value: Fraction(counts[value], denominator) for value in sorted(counts)}


def count_distribution(
    pool: Pool,
    faces: DiceFaces,
    *,
    symbol: Symbol = Symbol.SUCCESS,
    expertise: bool = False,
    fixed: Mapping[int, int] | None = None,
    states: States | None = None,
    switches: Sequence[Switch] = (),
) -> dict[int, Fraction]:
    """The chance of each number of ``symbol`` (Success or Block) the pool can show, after the
    ``switches`` (each paid, in order, whenever the roll can afford it) and any Stunned or
    Vulnerable."""
    if symbol not in (Symbol.SUCCESS, Symbol.BLOCK):
        raise ValueError("odds are counted for Successes or Blocks")
    part = 0 if symbol is Symbol.SUCCESS else 1
    counts = _side_counts(pool, faces, expertise, dict(fixed or {}), states or States(), switches)
    return _distribution(counts, part)


def at_least(distribution: Mapping[int, Fraction], needed: int) -> Fraction:
    """The chance of ``needed`` or more, from a distribution of counts."""
    return sum((p for value, p in distribution.items() if value >= needed), Fraction(0))


def chance_of_at_least(
    pool: Pool,
    faces: DiceFaces,
    needed: int,
    *,
    symbol: Symbol = Symbol.SUCCESS,
    expertise: bool = False,
    fixed: Mapping[int, int] | None = None,
    states: States | None = None,
    switches: Sequence[Switch] = (),
) -> Fraction:
    """The exact chance the pool shows at least ``needed`` of ``symbol``."""
    distribution = count_distribution(
        pool,
        faces,
        symbol=symbol,
        expertise=expertise,
        fixed=fixed,
        states=states,
        switches=switches,
    )
    return at_least(distribution, needed)


@dataclass(frozen=True)
class FaceToFaceOdds:
    """The chance of each number of wounds to either side, and of the Character succeeding."""

    wounds_to_enemy: Mapping[int, Fraction]
    wounds_to_character: Mapping[int, Fraction]
    both: Mapping[tuple[int, int], Fraction]

    @property
    def success(self) -> Fraction:
        return at_least(self.wounds_to_enemy, 1)

    def mean(self, side: str) -> Fraction:
        table = self.wounds_to_enemy if side == "enemy" else self.wounds_to_character
        return sum((value * p for value, p in table.items()), Fraction(0))


def face_to_face_odds(
    character: Pool,
    enemy: Pool,
    faces: DiceFaces,
    *,
    character_fixed: Mapping[int, int] | None = None,
    enemy_fixed: Mapping[int, int] | None = None,
    character_states: States | None = None,
    enemy_states: States | None = None,
    character_switches: Sequence[Switch] = (),
    enemy_switches: Sequence[Switch] = (),
) -> FaceToFaceOdds:
    """Exact wounds of a face-to-face: Blocks cancel Successes one for one, both ways.

    icepool gives each side's (Successes, Blocks) distribution; the two are then paired here
    with whole-number counts. Pairing with ``icepool.map`` calls a Python function and builds
    a Vector for each of the up to ~40,000 pairs of two full pools, over a second; this loop
    does the same sum in a few tens of milliseconds.
    """
    mine = _side_counts(
        character,
        faces,
        False,
        dict(character_fixed or {}),
        character_states or States(),
        character_switches,
    )
    theirs = _side_counts(
        enemy, faces, False, dict(enemy_fixed or {}), enemy_states or States(), enemy_switches
    )
    counts: dict[tuple[int, int], int] = {}
    for (my_success, my_block), my_count in mine.items():
        for (their_success, their_block), their_count in theirs.items():
            key = (max(0, my_success - their_block), max(0, their_success - my_block))
            counts[key] = counts.get(key, 0) + my_count * their_count
    denominator = sum(counts.values())
    both = {key: Fraction(counts[key], denominator) for key in sorted(counts)}
    return FaceToFaceOdds(
        wounds_to_enemy=_marginal(both, 0),
        wounds_to_character=_marginal(both, 1),
        both=both,
    )


def _counts(die: icepool.Die[Any], states: States) -> dict[tuple[int, int], int]:
    """A pool die's (Successes, Blocks) outcomes, after the States, with how many rolls give
    each."""
    counts: dict[tuple[int, int], int] = {}
    for outcome, quantity in die.items():
        key = states.apply_counts(int(outcome[0]), int(outcome[1]))
        counts[key] = counts.get(key, 0) + int(quantity)
    return counts


def _side_counts(
    pool: Pool,
    faces: DiceFaces,
    expertise: bool,
    fixed: Mapping[int, int],
    states: States,
    switches: Sequence[Switch],
) -> dict[tuple[int, int], int]:
    """One side's (Successes, Blocks) outcomes with how many rolls give each: after the
    Switches (when there are any: counted over every symbol, since a Switch may spend a
    Special or a hollow symbol) and the States."""
    if not switches:
        return _counts(_pool_die(pool, faces, expertise, fixed), states)
    counts: dict[tuple[int, int], int] = {}
    for outcome, quantity in _symbol_die(pool, faces, expertise, fixed).items():
        symbols = Symbols.from_counts(dict(zip(SYMBOL_ORDER, map(int, outcome), strict=True)))
        for switch in switches:
            if symbols.covers(switch.cost):
                symbols = symbols.minus(switch.cost) + switch.gain
        key = states.apply_counts(symbols.success, symbols.block)
        counts[key] = counts.get(key, 0) + int(quantity)
    return counts


def _symbol_vector(symbols: Symbols, expertise: bool) -> tuple[int, ...]:
    if expertise:
        symbols = symbols.with_expertise()
    return tuple(symbols.count(symbol) for symbol in SYMBOL_ORDER)


def _symbol_die(
    pool: Pool, faces: DiceFaces, expertise: bool, fixed: Mapping[int, int]
) -> icepool.Die[Any]:
    """Every symbol the pool shows, as one icepool die over six-count vectors."""
    import icepool

    certain = _symbol_vector(pool.automatic, expertise)
    total: icepool.Die[Any] = icepool.Die([icepool.Vector(certain)])
    for index, colour in enumerate(pool.dice):
        if index in fixed:
            face = Symbols.of(faces.face(colour, fixed[index]))
            total = total + icepool.Vector(_symbol_vector(face, expertise))
        else:
            sides = [
                icepool.Vector(_symbol_vector(Symbols.of(f), expertise)) for f in faces.of(colour)
            ]
            total = total + icepool.Die(sides)
    return total


def _marginal(both: Mapping[tuple[int, int], Fraction], part: int) -> dict[int, Fraction]:
    table: dict[int, Fraction] = {}
    for key, p in both.items():
        table[key[part]] = table.get(key[part], Fraction(0)) + p
    return dict(sorted(table.items()))
