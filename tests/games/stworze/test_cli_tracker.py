"""``refkit stworze tracker``: the table kept in the campaign's database, a step a command."""

from __future__ import annotations

import pytest


@pytest.fixture
def table(game_cli):
    return game_cli("stworze", "tracker")


def test_a_round_from_the_command_line(table) -> None:
    table("add", "Rusalka", "--vitality", "5", "--fear", "2", "--favor", "1", "--lock1", "3")
    table("add", "Leshy", "--vitality", "6", "--fear", "3")
    state = table(
        "setup",
        "--pairs",
        "Here I Am/Track,Duel/Influence,Lost Children/Hunter/Track,Warrior/Mage/Duel,"
        "Quest/Influence",
    )
    assert [e["top"] for e in state["events"]][2:4] == ["Lost Children/Hunter", "Warrior/Mage"]
    assert [e["die"] for e in state["events"]] == [4] * 5  # 2 players
    assert table("next")["active"] == "Rusalka"
    state = table("choose", "1")
    assert state["events"][-1]["top"] == "Influence" and state["events"][-1]["die"] == 3
    table("spend", "Rusalka", "fear", "--at", "Silent Hills")
    table("bet", "Leshy", "fear", "--at", "The Burgh")
    for _ in range(3):
        table("spend", "Leshy", "fear", "--at", "The Burgh")
    state = table("tally")
    burgh = next(v for v in state["villages"] if v["village"] == "The Burgh")
    assert (burgh["fear"], burgh["impact"], burgh["fear_bet"]) == (0, "fear", None)
    assert state["players"][1]["completed"] == 1
    state = table("lose", "Rusalka", "vitality", "2")
    assert state["players"][0]["locked"] == 1
    error = table("choose", "1", code=2)
    assert "position 1 is locked" in error
    assert "no Location called 'Krakow'" in table(
        "spend", "Rusalka", "fear", "--at", "Krakow", code=2
    )
    assert "Action card called 'Nap'" in table(
        "setup", "--pairs", "Nap/Quest," * 4 + "Nap/Quest", code=2
    )
    assert table("show")["players"][0]["vitality"] == 3
