"""Warcrow odds: icepool's exact answers checked against counting every face combination."""

from __future__ import annotations

import itertools
from fractions import Fraction

from refkit.games.warcrow import (
    Colour,
    Pool,
    States,
    Symbol,
    Symbols,
    build_pool,
    face_to_face,
    shipped_faces,
)
from refkit.games.warcrow.odds import (
    chance_of_at_least,
    count_distribution,
    face_to_face_odds,
)

R, OR, Y = Colour.RED, Colour.ORANGE, Colour.YELLOW
G, U, K = Colour.GREEN, Colour.BLUE, Colour.BLACK
FACES = shipped_faces()


def every_roll(pool: Pool, expertise: bool = False) -> list[tuple[int, int]]:
    """(Successes, Blocks) of every equally likely combination of faces, counted one by one."""

    def counts(symbols: Symbols) -> tuple[int, int]:
        symbols = symbols.with_expertise() if expertise else symbols
        return symbols.success, symbols.block

    base = counts(pool.automatic)
    per_die = [[counts(Symbols.of(face)) for face in FACES.of(colour)] for colour in pool.dice]
    return [
        (base[0] + sum(f[0] for f in faces), base[1] + sum(f[1] for f in faces))
        for faces in itertools.product(*per_die)
    ]


def brute_at_least(rolls: list[tuple[int, int]], needed: int) -> Fraction:
    return Fraction(sum(1 for success, _ in rolls if success >= needed), len(rolls))


def test_at_least_n_successes_matches_counting() -> None:
    pool = build_pool([R, OR, Y, K], Symbols(success=1))
    for expertise in (False, True):
        rolls = every_roll(pool, expertise)
        for needed in range(0, 7):
            chance = chance_of_at_least(pool, FACES, needed, expertise=expertise)
            assert chance == brute_at_least(rolls, needed)


def test_one_red_die_odds_by_hand() -> None:
    # 7 of 8 red faces show a Success; 2 of them show two.
    assert chance_of_at_least(build_pool([R]), FACES, 1) == Fraction(7, 8)
    assert count_distribution(build_pool([R]), FACES) == {
        0: Fraction(1, 8),
        1: Fraction(5, 8),
        2: Fraction(2, 8),
    }


def test_a_fixed_die_is_certain() -> None:
    number = FACES.of(R).index((Symbol.SUCCESS, Symbol.SUCCESS)) + 1
    pool = build_pool([R, OR])
    fixed = chance_of_at_least(pool, FACES, 3, fixed={0: number})
    assert fixed == brute_at_least(every_roll(build_pool([OR], Symbols(success=2))), 3)


def test_face_to_face_wounds_match_counting() -> None:
    character, enemy = build_pool([Y, Y, K]), build_pool([K, Y])
    odds = face_to_face_odds(character, enemy, FACES)
    counts: dict[tuple[int, int], int] = {}
    for my_success, my_block in every_roll(character):
        for their_success, their_block in every_roll(enemy):
            result = face_to_face(
                Symbols(success=my_success, block=my_block),
                Symbols(success=their_success, block=their_block),
            )
            key = (result.wounds_to_enemy, result.wounds_to_character)
            counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    assert odds.both == {key: Fraction(n, total) for key, n in sorted(counts.items())}
    assert sum(odds.wounds_to_enemy.values()) == 1
    assert odds.success == sum(p for (to_enemy, _), p in odds.both.items() if to_enemy > 0)


def test_stunned_and_vulnerable_shift_the_odds_as_counting_does() -> None:
    pool = build_pool([R, OR, G])
    stunned = States(stunned=True)
    rolls = [(max(0, s - 1), b) for s, b in every_roll(pool)]
    for needed in range(4):
        chance = chance_of_at_least(pool, FACES, needed, states=stunned)
        assert chance == brute_at_least(rolls, needed)
    character, enemy = build_pool([R, G]), build_pool([OR, U])
    odds = face_to_face_odds(
        character, enemy, FACES, character_states=States(vulnerable=True), enemy_states=stunned
    )
    counts: dict[tuple[int, int], int] = {}
    for my_success, my_block in every_roll(character):
        for their_success, their_block in every_roll(enemy):
            mine = States(vulnerable=True).apply(Symbols(success=my_success, block=my_block))
            theirs = stunned.apply(Symbols(success=their_success, block=their_block))
            result = face_to_face(mine, theirs)
            key = (result.wounds_to_enemy, result.wounds_to_character)
            counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    assert odds.both == {key: Fraction(n, total) for key, n in sorted(counts.items())}
