"""The Stworze table tracker from the fact file's vectors (rulebook lines in the comments): the
Action pairs under the Events, Vitality locks, Influence tokens played into Villages and tallied,
bets, Stworze tokens from Duels, Missions and the winner."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.games.stworze.players import Player, StworzeTableError
from refkit.games.stworze.resolver import Influence
from refkit.games.stworze.table import DEFAULT_PAIRS, StworzeTable, village_of

FEAR, FAVOR = Influence.FEAR, Influence.FAVOR


def _table(*names: str, **values) -> StworzeTable:
    table = StworzeTable()
    for name in names or ("Rusalka", "Leshy", "Likho", "Mara"):
        table = table.added(Player.new(name, 7, fear=3, favor=3, **values))
    return table.set_up().next_round()


def test_a_chosen_pair_moves_to_the_right_end_turned_over() -> None:  # vector 8, L273-275
    table = _table()
    pairs = [
        ("Here I Am", "Track"),
        ("Duel", "Influence"),
        ("Track", "Duel"),
        ("Quest", "Influence"),
        ("Warrior/Mage", "Here I Am"),
    ]
    table = table.set_up(pairs=tuple(pairs))
    table = table.chosen(2)  # the Quest pair, under the fourth Event
    assert table.pairs[-2:] == (("Warrior/Mage", "Here I Am"), ("Influence", "Quest"))
    assert table.dice == (5, 5, 5, 4, 5)
    assert table.said == "Rusalka chooses Quest; Forefathers' Eve counts down"


def test_positions_locked_by_vitality_cannot_be_chosen_and_nothing_moves() -> None:  # L154-156
    table = _table(lock1=3, lock2=1).vitality_lost("Rusalka", 4)  # 3 left: position 1 shut
    assert table.player("Rusalka").locked == 1
    with pytest.raises(StworzeTableError, match="position 1 is locked"):
        table.chosen(1)
    assert table.chosen(2).dice == (5, 5, 5, 4, 5)
    table = table.vitality_lost("Rusalka", 2)
    assert table.player("Rusalka").locked == 2


def test_a_die_counted_to_zero_fires_in_phase_4_and_goes_back_to_the_start() -> None:  # vector 7
    table = _table().die_set(5, 1).chosen(1)
    assert table.dice[4] == 0 and table.said.endswith("fires in phase 4")
    table = table.events_resolved()
    assert table.dice[4] == 5 and table.said == "resolve: Event 5"


def test_tokens_played_go_to_the_village_of_the_area_and_modifiers_to_the_pool() -> None:  # L118
    table = _table().spent("Rusalka", FEAR, "Lake Raduń").spent("Rusalka", FAVOR, None)
    assert (table.village("The Wharf").fear, table.village("The Wharf").tokens) == (1, 1)
    assert (table.player("Rusalka").fear, table.player("Rusalka").favor) == (2, 2)
    assert village_of("dead marshes") == "Ravenswood"
    with pytest.raises(StworzeTableError, match="holds 0 Fear tokens, so cannot give 1"):
        StworzeTable().added(Player.new("Mara", 5)).spent("Mara", FEAR, "The Burgh")


def test_the_tally_counts_what_was_played_and_settles_the_bets() -> None:  # vectors 9-11
    table = _table().bet("Mara", FEAR, "The Wharf").bet("Likho", FAVOR, "The Wharf")
    for name, side in (
        ("Rusalka", FEAR),
        ("Leshy", FEAR),
        ("Leshy", FAVOR),
        ("Rusalka", FEAR),
        ("Mara", FAVOR),
    ):
        table = table.spent(name, side, "The Wharf")
    table = table.tallied()
    wharf = table.village("The Wharf")
    assert (wharf.tokens, wharf.impact, wharf.fear_bet, wharf.favor_bet) == (0, FEAR, None, None)
    assert table.player("Mara").completed == 1 and table.player("Mara").completed_this_round
    assert table.player("Likho").influence == 5  # a wrong Favor bet costs an Influence token
    tie = _table().bet("Mara", FEAR, "The Burgh")
    for name, side in (
        ("Rusalka", FEAR),
        ("Leshy", FEAR),
        ("Leshy", FAVOR),
        ("Likho", FAVOR),
        ("Likho", FAVOR),
    ):
        tie = tie.spent(name, side, "The Burgh")
    tie = tie.tallied()  # 2 Fear, 3 Favor at 5: Favor
    assert tie.village("The Burgh").impact is FAVOR
    assert tie.player("Mara").vitality == 6  # a wrong Fear bet costs a Vitality


def test_a_tie_changes_no_impact_and_every_bet_there_is_lost() -> None:  # vector 11, L309
    table = StworzeTable()
    for name in ("Rusalka", "Leshy"):
        table = table.added(Player.new(name, 5, fear=2, favor=2))
    table = table.bet("Rusalka", FEAR, "Ravenswood").bet("Leshy", FAVOR, "Ravenswood")
    for side in (FEAR, FEAR, FAVOR, FAVOR):
        table = table.spent("Leshy" if side is FAVOR else "Rusalka", side, "Ravenswood")
    table = table.tallied()  # 2 players: limit 4
    assert table.village("Ravenswood").impact is None and table.village("Ravenswood").tokens == 0
    assert table.player("Rusalka").vitality == 4 and table.player("Leshy").favor == 0


def test_one_mission_a_round_and_the_active_player_wins_a_shared_finish() -> None:  # vector 12
    table = _table(missions=1)
    table = table.completed("Likho")
    with pytest.raises(StworzeTableError, match="already completed a Mission this round"):
        table.changed("Likho", completed=0).completed("Likho")
    table = table.completed("Rusalka")  # Rusalka is active
    assert table.winner == "Rusalka"
    later = _table(missions=1).next_round().completed("Likho").completed("Mara")
    assert later.active == "Leshy" and later.winner == "Likho"  # first to Leshy's left


def test_duels_move_stworze_tokens_and_three_complete_a_mission_at_round_end() -> None:  # L424-431
    table = _table()
    for loser in ("Leshy", "Likho", "Mara"):
        table = table.duel_won("Rusalka", loser)
    assert table.player("Rusalka").foreign_tokens == 3
    assert len(table.player("Leshy").tokens) == 3
    table = table.next_round()
    assert table.player("Rusalka").completed == 1
    assert table.player("Rusalka").tokens == ("Rusalka",) * 4
    assert all(len(table.player(n).tokens) == 4 for n in ("Leshy", "Likho", "Mara"))
    last = _table("Rusalka", "Leshy")
    for _ in range(3):
        last = last.duel_won("Rusalka", "Leshy")
    assert len(last.player("Leshy").tokens) == 1
    assert "cannot take it" in last.duel_won("Rusalka", "Leshy").said


def test_a_shortfall_is_paid_in_the_other_kind_and_nothing_when_nothing_is_left() -> None:
    table = StworzeTable().added(Player.new("Mara", 2, fear=1, favor=0))
    table = table.vitality_lost("Mara", 3)  # L168
    assert (table.player("Mara").vitality, table.player("Mara").fear) == (0, 0)
    table = table.influence_lost("Mara", 2, FAVOR)  # L170: nothing happens
    assert table.player("Mara").influence == 0 and "no Influence token" in table.said
    bar = StworzeTable().added(Player.new("Mara", 3, fear=1, influence_bar=3)).drawn("Mara", 2, 2)
    assert bar.player("Mara").influence == 3 and "2 go back to the Pool" in bar.said  # L90


@given(
    st.lists(
        st.tuples(st.integers(1, 5), st.integers(0, 3), st.booleans()), min_size=1, max_size=30
    )
)
def test_the_event_row_as_a_state_machine(choices) -> None:
    """Whatever the choices: the ten cards stay the same ten, a chosen pair lands turned over at
    position 1, only the die above it counts down, locked positions refuse and change nothing,
    and phase 4 brings every die that came off back to the start."""
    table = _table("Rusalka")
    cards = sorted(card for pair in DEFAULT_PAIRS for card in pair)
    for position, locked, resolve in choices:
        table = table.changed("Rusalka", lock1=None, lock2=None, lock3=None)
        if locked:
            table = table.changed("Rusalka", **{f"lock{locked}": 7})
        before = table
        if position <= locked or before.dice[5 - position] == 0:
            with pytest.raises(StworzeTableError):
                table.chosen(position)
            continue
        table = table.chosen(position)
        chosen = before.pairs[5 - position]
        assert table.pairs[-1] == (chosen[1], chosen[0])
        assert table.pairs[:-1] == before.pairs[: 5 - position] + before.pairs[6 - position :]
        diff = [b - a for a, b in zip(table.dice, before.dice, strict=True)]
        assert diff == [1 if slot == 5 - position else 0 for slot in range(5)]
        assert sorted(card for pair in table.pairs for card in pair) == cards
        if resolve:
            table = table.events_resolved()
            assert 0 not in table.dice
        assert StworzeTable.from_dict(table.to_dict()) == table


def test_an_event_renamed_keeps_its_die_and_names_are_checked() -> None:
    table = StworzeTable().die_set(2, 1).event_renamed(2, "  Dziady ")
    assert table.events[1] == "Dziady" and table.dice[1] == 1
    assert "is now Dziady" in table.said
    with pytest.raises(StworzeTableError):
        table.event_renamed(2, "   ")
    with pytest.raises(StworzeTableError):
        table.event_renamed(6, "Kupala")
