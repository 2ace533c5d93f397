"""The exact odds of a cast agree with the cast procedure run over every combination of dice."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import icepool
import pytest

from refkit.rules.magic.casting import BookEmptyError, CastDice, cast_spell
from refkit.rules.magic.odds import cast_odds
from refkit.rules.tables.defaults import BACKLASH_TABLE, load_default_tables
from refkit.rules.tables.model import find_table

TABLE = find_table(load_default_tables(), BACKLASH_TABLE)


def brute_force(mind: int, book: int, **options) -> dict[str, Fraction]:
    counts = dict.fromkeys(
        ("tier1", "tier2", "tier3", "backlash", "book_loses_die", "book_runs_out"), 0
    )
    total = 0
    for d1, d2, chaos in itertools.product(range(1, 11), range(1, 11), range(1, 7)):
        for faces in itertools.product(range(1, 7), repeat=book):
            dice = CastDice(test=(d1, d2), chaos=chaos, book=faces, backlash=(1, 1))
            result = cast_spell(
                mind=mind,
                rank=0,
                book_usage_dice=book,
                backlash_table=TABLE,
                rng=random.Random(0),
                dice=dice,
                **options,
            )
            total += 1
            counts[f"tier{result.test.tier}"] += 1
            counts["backlash"] += result.backlashed
            counts["book_loses_die"] += result.book_after < book
            counts["book_runs_out"] += result.book_after == 0
    return {name: Fraction(count, total) for name, count in counts.items()}


@pytest.mark.parametrize(
    ("mind", "book", "options"),
    [
        (0, 1, {}),
        (2, 2, {"edges": 1}),
        (-1, 1, {"banes": 2, "expertise": True}),
        (1, 1, {"conditions": ["weakened", "blessed"], "crit_min": 18}),
    ],
)
def test_exact_odds_match_every_combination_of_dice(mind, book, options) -> None:
    odds = cast_odds(mind, book_usage_dice=book, **options)
    expected = brute_force(mind, book, **options)
    for name, value in expected.items():
        assert getattr(odds, name) == value, name
    assert odds.tier1 + odds.tier2 + odds.tier3 == 1


def test_a_plain_mind_0_cast_from_a_one_die_book() -> None:
    odds = cast_odds(0, book_usage_dice=1)
    # tier 1 is a natural of 11 or less: 55/100; a doom 3/100; chaos 1 on the other 52/100.
    assert odds.tier1 == Fraction(55, 100)
    assert odds.backlash == Fraction(3, 100) + Fraction(52, 100) / 6
    assert odds.book_loses_die == Fraction(97, 100) / 3


def test_odds_of_a_book_at_0_are_refused_like_the_cast() -> None:
    with pytest.raises(BookEmptyError):
        cast_odds(0, book_usage_dice=0)


@pytest.mark.parametrize("book", range(1, 21))
def test_the_books_odds_agree_with_icepools_count_of_dice_kept(book) -> None:
    kept = book @ icepool.Die({1: 4, 0: 2})  # each die: kept on 3..6, lost on 1 or 2
    total = kept.denominator()
    odds = cast_odds(0, book_usage_dice=book, crit_min=20)  # a crit on 20 only: 1/100
    rolled = 1 - odds.crit
    assert odds.book_loses_die == rolled * (1 - Fraction(kept.quantity("==", book), total))
    assert odds.book_runs_out == rolled * Fraction(kept.quantity("==", 0), total)
