"""App tests that close gaps found by mutation testing (issue 8): undoing End DT against a crow
that changed since, and overload wounds that exactly fill the free backpack slots."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.app.test_party_bridge import BRANNOC, HESPER, Table, overload, with_rings


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(tmp_path / "refkit.sqlite3")
    table.service.start(dungeon="The Drowned Crypt")
    yield table
    table.close()


# -- End DT undo keeps a condition gained since -------------------------------------------------


def test_undoing_end_dt_keeps_a_condition_the_crow_gained_since(table: Table) -> None:
    table.change(BRANNOC, conditions=("weakened",))
    command = table.end_dt()
    assert table.crow(BRANNOC).conditions == ()
    table.change(BRANNOC, conditions=("blessed",))  # the referee blesses him after End DT

    command.undo()
    # End DT's own change comes back ("weakened"); what came since ("blessed") stays
    assert set(table.stored_elsewhere(BRANNOC).conditions) == {"weakened", "blessed"}
    assert table.service.status()["dt"] == 1

    command.do()  # redo ends "weakened" again and still leaves "blessed" alone
    assert table.stored_elsewhere(BRANNOC).conditions == ("blessed",)


def test_undoing_end_dt_keeps_a_condition_gained_by_a_crow_end_dt_did_not_touch(
    table: Table,
) -> None:
    table.change(BRANNOC, conditions=("weakened",))
    command = table.end_dt()
    table.change(HESPER, conditions=("prone",))
    command.undo()
    assert table.stored_elsewhere(BRANNOC).conditions == ("weakened",)
    assert table.stored_elsewhere(HESPER).conditions == ("prone",)


# -- overload wounds that exactly fill the free slots ---------------------------------------------


def test_overload_wounds_that_exactly_fill_the_free_slots_are_placed_at_once(table: Table) -> None:
    crow = replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 8)))  # 3 slots free
    table.characters.save(crow)
    table.dice.script = [3]  # the overload d6: exactly the three free slots
    command = table.end_dt()
    (entry,) = overload(command).entries
    assert (entry.wounds, entry.to_place, entry.placed, entry.dead) == (3, 0, (8, 9, 10), True)
    assert table.stored_elsewhere(HESPER).wounds == tuple(range(1, 11))
    assert table.bridge.prompts.get(HESPER).empty  # nothing left to choose: no prompt
    command.undo()
    assert table.stored_elsewhere(HESPER) == crow


def test_overload_wounds_one_short_of_the_free_slots_wait_for_the_player(table: Table) -> None:
    crow = replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 8)))
    table.characters.save(crow)
    table.dice.script = [2]
    command = table.end_dt()
    (entry,) = overload(command).entries
    assert (entry.wounds, entry.to_place, entry.placed, entry.dead) == (2, 2, (), False)
    assert table.stored_elsewhere(HESPER).wounds == tuple(range(1, 8))
