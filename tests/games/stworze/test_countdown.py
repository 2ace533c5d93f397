"""The Event row: countdown dice and the Action pairs, from the fact file's example round."""

from __future__ import annotations

import pytest

from refkit.games.stworze import ActionPair, EventRow, countdown_start, village_limit

EVENTS = ["Koliada", "Midsummer Night", "Harvest Festival", "Forefathers' Eve", "Event 5"]


@pytest.mark.parametrize(("players", "start"), [(1, 3), (2, 4), (3, 4), (4, 5), (5, 5)])
def test_the_start_value_and_village_limit_follow_the_player_count(
    players: int, start: int
) -> None:
    assert countdown_start(players) == start
    assert village_limit(players) == start


@pytest.mark.parametrize("players", [0, 6])
def test_a_player_count_outside_one_to_five_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="1 to 5 players"):
        countdown_start(players)


def _example_row() -> EventRow:
    """Four players; the Quest pair sits at position 2, under the Harvest Festival showing 1."""
    pairs = [
        ActionPair("Here I Am", "Track"),
        ActionPair("Duel", "Warrior/Mage"),
        ActionPair("Hunter/Lost Children", "Influence"),
        ActionPair("Quest", "Influence"),
        ActionPair("Track", "Quest"),
    ]
    events = ["Koliada", "Midsummer Night", "Forefathers' Eve", "Harvest Festival", "Event 5"]
    row = EventRow(events, countdown_start(4), pairs)
    row.set_die(3, 1)
    return row


def test_choosing_the_quest_counts_down_the_event_above_it_to_firing() -> None:
    row = _example_row()
    old_first = row.pair_at(1)
    assert row.choose(2, locked=1) == "Quest"  # at 3 Vitality position 1 is shut, 2 is open
    assert row.dice[3] == 0
    assert row.firing() == (3,)
    assert row.pair_at(1) == ActionPair("Influence", "Quest")  # turned: Influence shows now
    assert row.pair_at(2) == old_first
    assert row.resolve() == ("Harvest Festival",)
    assert row.dice[3] == 5  # back at the 4-player start value
    assert row.firing() == ()


def test_a_locked_position_cannot_be_chosen_and_nothing_changes() -> None:
    row = _example_row()
    before = (list(row.dice), list(row.pairs or []))
    with pytest.raises(ValueError, match="position 1 is locked"):
        row.choose(1, locked=1)
    assert (row.dice, row.pairs) == before


def test_a_die_counts_down_once_per_choice_and_fires_at_zero() -> None:
    row = EventRow(EVENTS, countdown_start(2))
    assert [row.count_down(0) for _ in range(4)] == [False, False, False, True]
    with pytest.raises(ValueError, match="Koliada's die is already off"):
        row.count_down(0)
    assert row.resolve() == ("Koliada",)
    assert row.dice == [4, 4, 4, 4, 4]


def test_several_dice_off_resolve_left_to_right() -> None:
    row = EventRow(EVENTS, 3)
    row.set_die(4, 0)
    row.set_die(1, 0)
    assert row.resolve() == ("Midsummer Night", "Event 5")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda row: row.set_die(0, 7), "0 to 6"),
        (lambda row: row.count_down(5), "slots run from 0 to 4"),
        (lambda row: row.choose(1), "without Action pairs"),
    ],
)
def test_impossible_moves_say_why(action, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        action(EventRow(EVENTS, 4))


def test_a_row_needs_five_events() -> None:
    with pytest.raises(ValueError, match="holds 5 Events"):
        EventRow(EVENTS[:4], 4)
