"""The village tally of phase 5, from the fact file's example round and its tie rule."""

from __future__ import annotations

import pytest

from refkit.games.stworze import Influence, Village, tally_village, village_limit

LIMIT = village_limit(4)


def test_ravenswood_favor_wins_again_and_likhos_fear_bet_is_lost() -> None:
    ravenswood = Village("Ravenswood", fear=2, favor=3, impact=Influence.FAVOR, fear_bet="Likho")
    tally = tally_village(ravenswood, LIMIT)
    assert tally.counted
    assert tally.winner is Influence.FAVOR
    assert tally.impact is Influence.FAVOR
    assert tally.to_pool == 5
    (bet,) = tally.bets
    assert (bet.bettor, bet.right, bet.cost) == ("Likho", False, "1 Vitality token")
    assert tally.after == Village("Ravenswood", impact=Influence.FAVOR)


def test_the_wharf_fear_majority_places_a_fear_impact_and_maras_bet_is_right() -> None:
    wharf = Village("The Wharf", fear=4, favor=2, fear_bet="Mara")
    tally = tally_village(wharf, LIMIT)
    assert tally.impact is Influence.FEAR
    (bet,) = tally.bets
    assert (bet.bettor, bet.right, bet.cost) == ("Mara", True, None)


def test_a_tie_changes_no_impact_and_loses_every_bet() -> None:
    village = Village(
        "The Burgh",
        fear=2,
        favor=2,
        impact=Influence.FEAR,
        fear_bet="Leshy",
        favor_bet="Mara",
    )
    tally = tally_village(village, village_limit(2))
    assert tally.counted and tally.winner is None
    assert tally.impact is Influence.FEAR
    assert tally.to_pool == 4
    assert [(bet.bettor, bet.right, bet.cost) for bet in tally.bets] == [
        ("Leshy", False, "1 Vitality token"),
        ("Mara", False, "1 Influence token"),
    ]


def test_a_tie_with_no_impact_places_none() -> None:
    assert tally_village(Village("The Burgh", fear=2, favor=2), 4).impact is None


def test_a_village_under_the_limit_is_not_counted() -> None:
    village = Village("The Outskirts", fear=4, impact=Influence.FAVOR, fear_bet="Likho")
    tally = tally_village(village, LIMIT)
    assert not tally.counted
    assert (tally.impact, tally.bets, tally.to_pool) == (Influence.FAVOR, (), 0)


def test_one_player_cannot_hold_both_bets_in_a_village() -> None:
    with pytest.raises(ValueError, match="different players"):
        Village("The Wharf", fear_bet="Mara", favor_bet="Mara")


def test_a_negative_token_count_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot hold -1 Fear tokens"):
        Village("The Wharf", fear=-1)
