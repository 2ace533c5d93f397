"""``refkit warcrow tracker``: the tracker kept in the campaign's database, one step a command."""

from __future__ import annotations

import pytest


@pytest.fixture
def tracker(game_cli):
    return game_cli("warcrow", "tracker")


def test_the_books_round_played_from_the_command_line(tracker) -> None:  # L398-420
    tracker("add", "Marked", "--initiative", "4", "--vitality", "2", "--enemy")
    tracker("add", "Nayra", "--initiative", "4", "--vitality", "5")
    tracker("add", "Darach", "--initiative", "3", "--vitality", "5")
    state = tracker("combat")
    assert state["stacks"] == {"3": ["Darach"], "4": ["Marked", "Nayra"]}
    assert (state["round"], state["dial"]) == (2, 1)
    for expected in ("Darach", "Nayra", "Marked", "Darach", "Marked", "Darach", "Nayra"):
        state = tracker("show")
        if state["active"] is None:
            state = tracker("next")
        assert state["active"] == expected
        if expected == "Nayra" and state["dial"] == 4:
            tracker("move", "Nayra", "1")
        tracker("done", expected)
    state = tracker("next")
    assert state["stacks"] == {"2": ["Marked", "Darach"], "3": ["Nayra"]}
    assert (state["round"], state["dial"]) == (3, 1)


def test_counters_states_and_tinge_are_stored(tracker) -> None:
    tracker("add", "Nayra", "--initiative", "4", "--vitality", "5", "--energy", "4")
    tracker("set", "Nayra", "--stain", "12", "--energy", "2")
    tracker("wound", "Nayra", "9")
    tracker("state", "Nayra", "focus")
    tracker("state", "Nayra", "bleeding")
    state = tracker("tinge", "Nayra")
    (nayra,) = state["figures"]
    assert nayra["wounds"] == 5 and nayra["unconscious"]
    assert (nayra["stain"], nayra["tinge"], nayra["energy"]) == (2, 1, 2)
    assert nayra["states"] == ["focus", "bleeding"]
    (nayra,) = tracker("heal", "Nayra", "2")["figures"]
    assert nayra["wounds"] == 3


def test_refusals_name_what_and_change_nothing(tracker) -> None:
    tracker("add", "Nayra", "--initiative", "4", "--vitality", "5")
    assert "Nayra is at the table already" in tracker(
        "add", "nayra", "--initiative", "3", "--vitality", "3", code=2
    )
    assert "Wounds must be a whole number from 0 to 5" in tracker(
        "set", "Nayra", "--wounds", "6", code=2
    )
    assert "unknown State 'sad'" in tracker("state", "Nayra", "sad", code=2)
    assert "a Tinge card comes at 10 Stain" in tracker("tinge", "Nayra", code=2)
    assert "not on the Initiative tracker" in tracker("done", "Nayra", code=2)
    assert tracker("show")["figures"][0]["wounds"] == 0
