"""End DT runs the fight's DT-end step (L351: the knocked out wake; blessed, vulnerable and
weakened end) in its one unit of work and one undo step, wired by the composition root for the
window and the command line alike."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.dungeon_turn_commands import EndTurnCommand
from refkit.compose import Services


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        yield built


def fight_entries(services: Services) -> list[tuple[str, bool]]:
    return [
        (e.text, e.undone)
        for e in services.session_log.entries(kinds=["fight"], include_undone=True)
    ]


def test_end_dt_wakes_the_knocked_out_and_ends_dt_conditions_in_one_undo_step(
    services: Services,
) -> None:
    fight = services.fight
    fight.add_creatures("Tunnel ghoul", 2).do()
    fight.damage("Tunnel ghoul 1", 20, knock_out=True)[0].do()
    fight.toggle_condition("Tunnel ghoul 2", "vulnerable").do()
    fight.toggle_condition("Tunnel ghoul 2", "prone").do()
    before = fight.state
    assert before.combatant("Tunnel ghoul 1").standing == "knocked_out"
    services.dungeon.start()

    end = EndTurnCommand(services.dungeon, 5)
    end.do()

    after = services.fight.state
    assert after.combatant("Tunnel ghoul 1").standing == "fighting"
    assert after.combatant("Tunnel ghoul 2").conditions == ("prone",)  # prone is not a DT one
    assert ("The DT ends: its conditions end in the fight", False) in fight_entries(services)

    end.undo()  # the fight comes back with the DT, in the one step
    assert services.fight.state == before
    assert services.dungeon.store.load().clock.dt == 1
    assert ("The DT ends: its conditions end in the fight", True) in fight_entries(services)
    end.do()
    assert services.fight.state == after


def test_a_dt_ending_with_no_fight_writes_no_fight_step(services: Services) -> None:
    services.dungeon.start()
    EndTurnCommand(services.dungeon, 5).do()
    assert "fight" not in services._built  # no bestiary read for a fight never started
    assert fight_entries(services) == []
    assert services.fight.state.combatants == ()


def test_end_dt_acts_on_the_stored_fight_after_the_command_line_moved_it(
    tmp_path: Path,
) -> None:
    url = str(tmp_path / "refkit.sqlite3")
    with Services(db_url=url) as window, Services(db_url=url) as other:
        window.fight.add_creatures("Cellar rat").do()
        window.dungeon.start()
        # Another program knocks the rat out: the window's copy of the fight is stale.
        other.fight.reload()
        other.fight.damage("Cellar rat 1", 5, knock_out=True)[0].do()
        EndTurnCommand(window.dungeon, 5).do()  # neither refused nor acting on the stale copy
        stored = other.fight.reload().combatant("Cellar rat 1")
        assert stored.standing == "fighting"
        assert window.fight.state.combatant("Cellar rat 1") == stored
