"""Stworze's test odds: the fact file's vectors, and the formula against every possible draw."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.games.stworze import Deck, Icon, TimeOfDay, best_icon_chances, pass_chance
from refkit.games.stworze.odds import pass_chance_counts


def _deck(*counts: int) -> Deck:
    return Deck(
        TimeOfDay.NIGHT,
        tuple(Icon(f"Night icon {rank}", rank, cards) for rank, cards in enumerate(counts, 1)),
    )


def _brute_force(deck: Deck, difficulty: Icon, cards: int) -> Fraction:
    """Every way to draw ``cards`` distinct cards, counted one by one."""
    pile = deck.cards()
    drawn = min(cards, len(pile))
    hands = list(combinations(range(len(pile)), drawn))
    passing = sum(1 for hand in hands if any(pile[i].rank >= difficulty.rank for i in hand))
    return Fraction(passing, len(hands))


@pytest.mark.parametrize(
    ("size", "reaching", "cards", "expected"),
    [
        (8, 4, 2, Fraction(11, 14)),
        (8, 2, 1, Fraction(1, 4)),
        (8, 2, 6, Fraction(27, 28)),
        (8, 0, 3, Fraction(0)),
        (7, 1, 6, Fraction(6, 7)),  # the optional rule: one best card taken out
    ],
)
def test_the_fact_files_vectors(size: int, reaching: int, cards: int, expected: Fraction) -> None:
    assert pass_chance_counts(size, reaching, cards) == expected


def test_the_shipped_proposal_at_half_moon_with_two_cards() -> None:
    deck = _deck(2, 2, 2, 2)
    assert pass_chance(deck, deck.icons[2], 2) == Fraction(11, 14)


@given(
    counts=st.lists(st.integers(0, 3), min_size=1, max_size=4).filter(lambda c: sum(c) > 0),
    difficulty=st.integers(0, 3),
    cards=st.integers(1, 6),
)
def test_the_formula_matches_every_possible_draw(
    counts: list[int], difficulty: int, cards: int
) -> None:
    deck = _deck(*counts)
    icon = deck.icons[min(difficulty, len(deck.icons) - 1)]
    assert pass_chance(deck, icon, cards) == _brute_force(deck, icon, cards)


def test_the_formula_matches_icepools_deal() -> None:
    deck = _deck(2, 2, 2, 2)
    for cards in range(1, 7):
        hand = icepool.Deck({icon.rank: icon.cards for icon in deck.icons}).deal(cards)
        best = hand.highest(1).sum()  # the exact distribution of the best icon drawn
        chances = best_icon_chances(deck, cards)
        for icon in deck.icons:
            assert pass_chance(deck, icon, cards) == Fraction(best.probability(">=", icon.rank))
            assert chances[icon] == Fraction(best.probability(icon.rank))


def test_drawing_more_cards_than_the_deck_holds_draws_it_all() -> None:
    deck = _deck(0, 0, 0, 1)
    assert pass_chance(deck, deck.icons[3], 6) == 1


def test_best_icon_chances_add_up_and_match_brute_force() -> None:
    deck = _deck(2, 2, 2, 2)
    chances = best_icon_chances(deck, 2)
    assert sum(chances.values()) == 1
    # both cards from the easiest icon: 1 way in C(8, 2) = 28
    assert chances[deck.icons[0]] == Fraction(1, 28)
    assert chances[deck.icons[3]] == pass_chance(deck, deck.icons[3], 2)


@pytest.mark.parametrize(
    ("size", "reaching", "cards", "message"),
    [(0, 0, 1, "at least one card"), (8, 9, 1, "cannot reach"), (8, 2, 0, "at least one")],
)
def test_impossible_odds_questions_say_why(
    size: int, reaching: int, cards: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        pass_chance_counts(size, reaching, cards)
