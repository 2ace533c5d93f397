"""A Stworze test from the fact file's vectors: the token, the draw count, the draw, the verdict."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.games.stworze import (
    Attempt,
    Influence,
    Stat,
    TimeOfDay,
    draw_count,
    duel_difficulty,
    entry_token,
    failure_cost,
    load_decks,
    resolve_test,
    shipped_decks_text,
)
from refkit.games.stworze.resolver import Draw, rival_token

DECKS = load_decks(shipped_decks_text())
NIGHT = DECKS.night
HALF_MOON = NIGHT.icon("Half-moon")
FULL_MOON = NIGHT.icon("Full moon")


def test_a_night_brutality_three_with_a_minus_one_card_draws_two() -> None:
    setup = Attempt(Stat.BRUTALITY, TimeOfDay.NIGHT, 3, card_modifier=-1)
    assert setup.cards == 2
    assert setup.entry_cost is Influence.FEAR


def test_rusalkas_lovers_tryst_adds_up_to_two_and_a_full_moon_passes() -> None:
    setup = Attempt(
        Stat.BRUTALITY,
        TimeOfDay.NIGHT,
        5,
        card_modifier=-1,
        card_effects=-2,  # Likho's "That which feeds on despair"
        own_token=True,
        rival_token=True,
    )
    assert [modifier.value for modifier in setup.modifiers()] == [-1, -2, 1, -1]
    assert (setup.total, setup.cards) == (2, 2)
    assert Draw((NIGHT.icon("Night icon 1"), FULL_MOON), HALF_MOON).passed


def test_a_card_below_the_difficulty_fails_and_one_at_it_passes() -> None:
    assert not Draw((NIGHT.icon("Night icon 2"),), HALF_MOON).passed
    assert Draw((HALF_MOON,), HALF_MOON).passed


def test_the_draw_is_never_below_one_card() -> None:
    setup = Attempt(Stat.BRUTALITY, TimeOfDay.DAY, 1, warrior_here=True, impact=Influence.FAVOR)
    assert (setup.total, setup.cards) == (-2, 1)


def test_the_draw_is_never_above_six_cards() -> None:
    setup = Attempt(
        Stat.BRUTALITY, TimeOfDay.DAY, 5, mage_here=True, impact=Influence.FEAR, own_token=True
    )
    assert (setup.total, setup.cards) == (9, 6)


@given(stat=st.integers(-20, 20), modifiers=st.lists(st.integers(-6, 6), max_size=8))
def test_the_draw_count_is_the_total_held_to_one_to_six(stat: int, modifiers: list[int]) -> None:
    total = stat + sum(modifiers)
    count = draw_count(stat, modifiers)
    assert 1 <= count <= 6
    assert count == total or (total < 1 and count == 1) or (total > 6 and count == 6)


@pytest.mark.parametrize(
    ("stat", "impact", "expected"),
    [
        (Stat.BRUTALITY, Influence.FEAR, 1),
        (Stat.CUNNING, Influence.FEAR, -1),
        (Stat.BRUTALITY, Influence.FAVOR, -1),
        (Stat.CUNNING, Influence.FAVOR, 1),
    ],
)
def test_an_impact_token_helps_its_own_stat_and_hinders_the_other(
    stat: Stat, impact: Influence, expected: int
) -> None:
    assert Attempt(stat, TimeOfDay.DAY, 3, impact=impact).total == 3 + expected


def test_the_tokens_each_stat_spends_and_what_a_failure_costs() -> None:
    assert (entry_token(Stat.BRUTALITY), rival_token(Stat.BRUTALITY)) == (
        Influence.FEAR,
        Influence.FAVOR,
    )
    assert (entry_token(Stat.CUNNING), rival_token(Stat.CUNNING)) == (
        Influence.FAVOR,
        Influence.FEAR,
    )
    assert "Vitality" in failure_cost(Stat.BRUTALITY)
    assert "Influence" in failure_cost(Stat.CUNNING)
    assert Attempt(Stat.CUNNING, TimeOfDay.DAY, 2, duel=True).entry_cost is None


def test_a_drawn_test_takes_distinct_cards_from_the_deck() -> None:
    for seed in range(50):
        result = resolve_test(NIGHT, 6, HALF_MOON, random.Random(seed))
        assert len(result.drawn) == 6
        for icon in NIGHT.icons:  # never more copies of an icon than the deck holds
            assert sum(card is icon for card in result.drawn) <= icon.cards
        assert result.passed == any(card.rank >= HALF_MOON.rank for card in result.drawn)


def test_the_same_seed_draws_the_same_cards() -> None:
    first = resolve_test(NIGHT, 3, HALF_MOON, random.Random(7))
    assert resolve_test(NIGHT, 3, HALF_MOON, random.Random(7)) == first


def test_a_difficulty_from_the_other_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="not an icon of the night deck"):
        resolve_test(NIGHT, 2, DECKS.day.icon("Solar eclipse"), random.Random(1))


def test_a_duel_defender_sets_the_difficulty_with_their_best_card() -> None:
    # Rusalka defends with Day Brutality 2: two Day cards, the better sets the difficulty.
    for seed in range(30):
        draw = duel_difficulty(DECKS.day, 2, random.Random(seed))
        assert len(draw.drawn) == 2
        assert draw.difficulty == max(draw.drawn, key=lambda card: card.rank)
        assert draw.passed


def test_an_attempt_given_plain_words_reads_them_as_the_games_terms() -> None:
    # A Qt combo box hands back "brutality" as a plain string; it must still cost Fear.
    attempt = Attempt("brutality", "day", 2, impact="fear")  # type: ignore[arg-type]
    assert attempt.stat is Stat.BRUTALITY and attempt.time is TimeOfDay.DAY
    assert attempt.entry_cost is Influence.FEAR
    assert attempt.total == 3
    assert DECKS.for_time("day") is DECKS.day  # type: ignore[arg-type]
