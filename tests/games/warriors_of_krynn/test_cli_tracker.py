"""``refkit krynn tracker``, ``krynn conflict|encounter --track`` and ``krynn skirmish``: the
table kept in the campaign's database, one undoable step a command; refusals change nothing."""

from __future__ import annotations

import pytest


@pytest.fixture
def krynn(game_cli):
    return game_cli("krynn")


def test_a_turn_played_from_the_command_line(krynn) -> None:
    krynn("tracker", "add", "Sturm", "--stress-max", "5", "--hand", "4")
    state = krynn("tracker", "turn", "sturm")
    assert (state["active"], state["actions_left"], state["turn"]) == ("Sturm", 4, 1)
    conflict = krynn(
        "conflict",
        "--actions",
        "2",
        "--discards",
        "1",
        "--difficulty",
        "2",
        "--hits",
        "1",
        "--woes",
        "2",
        "--track",
    )
    assert conflict["success"] is False and conflict["stress"] == 1
    (sturm,) = conflict["tracker"]["heroes"]
    assert (sturm["stress"], sturm["hand"], sturm["discarded"]) == (1, 3, 1)
    assert conflict["tracker"]["actions_left"] == 2
    error = krynn("encounter", "--value", "3", "--track", code=2)
    assert "the encounter takes 3 actions, but Sturm has 2 actions left" in error
    assert krynn("tracker", "show")["actions_left"] == 2  # nothing was spent
    state = krynn("encounter", "--value", "3", "--discards", "1", "--track")["tracker"]
    assert state["actions_left"] == 0 and state["heroes"][0]["hand"] == 2
    state = krynn("tracker", "respite", "cards")
    assert state["heroes"][0]["hand"] == 4
    error = krynn("tracker", "respite", "stress", code=2)
    assert "another respite takes 1 action, but Sturm has 0" in error
    error = krynn("tracker", "move", code=2)
    assert "moving takes 1 action" in error


def test_stress_and_the_end_of_the_scenario(krynn) -> None:
    krynn("tracker", "add", "Tanis", "--stress-max", "2")
    state = krynn("tracker", "stress", "Tanis", "3")
    assert state["heroes"][0]["dead"] is True
    assert state["ended"].startswith("Tanis has died")
    state = krynn("tracker", "stress", "Tanis", "2", "--relieve")
    assert state["heroes"][0]["stress"] == 1 and state["ended"] is None
    krynn("tracker", "turn", "Tanis")
    error = krynn("tracker", "respite", "stress", "--units", "1", code=2)
    assert "no respite on a tile with Dragon Army units" in error


def test_the_skirmish_die_typed_or_rolled(krynn) -> None:
    shown = krynn("skirmish", "--face", "6")
    assert (shown["line"], shown["commander"], shown["faces_verified"]) == ("mounted", True, False)
    assert shown["line_chances"] == {"foot": "1/3", "missile": "1/3", "mounted": "1/3"}
    rolled = krynn("skirmish", "--seed", "11")
    assert rolled["seed"] == 11 and rolled == krynn("skirmish", "--seed", "11")
    assert "faces 1 to 6, not 7" in krynn("skirmish", "--face", "7", code=2)
    assert "not both" in krynn("skirmish", "--face", "1", "--seed", "2", code=2)
