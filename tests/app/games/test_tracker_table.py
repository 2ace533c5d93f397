"""The Krynn and Stworze trackers are versioned ``app_state`` documents: steps stored, undone
and redone; a step worked out from a stale read is refused (ConflictError) writing nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.games.krynn_table import krynn_table
from refkit.errors import ConflictError
from refkit.games.warriors_of_krynn.tracker import Hero, KrynnTrackerError
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.runner import run


@pytest.fixture
def two_programs(tmp_path: Path) -> Iterator[tuple[Database, Database]]:
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path)) as first, Database.open(str(path)) as second:
        yield first, second


def test_krynn_steps_are_stored_undone_and_a_stale_one_refused(two_programs) -> None:
    first, second = two_programs
    table = krynn_table(CharacterRepository(first))
    add = run(first, table.step("Add Sturm", lambda t: t.added(Hero("Sturm", 5))))
    add.do()
    other = krynn_table(CharacterRepository(second))
    assert [h.name for h in other.read()[0].heroes] == ["Sturm"]
    shown = table.read()[1]
    run(second, other.step("Stress", lambda t: t.stressed("Sturm", 2))).do()
    stale = run(first, table.step("Stress", lambda t: t.stressed("Sturm", 1), shown=shown))
    with pytest.raises(ConflictError, match="Warriors of Krynn tracker"):
        stale.do()
    assert other.read()[0].hero("Sturm").stress == 2
    with pytest.raises(KrynnTrackerError, match="no hero's turn"):
        table.step("Move", lambda t: t.move(False))


def test_stworze_steps_are_stored_and_a_stale_one_refused(two_programs) -> None:
    from refkit.app.games.stworze_table import stworze_table
    from refkit.games.stworze.players import Player

    first, second = two_programs
    table = stworze_table(CharacterRepository(first))
    run(first, table.step("Add", lambda t: t.added(Player.new("Mara", 5, fear=2)))).do()
    other = stworze_table(CharacterRepository(second))
    shown = table.read()[1]
    step = run(second, other.step("Play", lambda t: t.spent("Mara", _fear(), "The Burgh")))
    step.do()
    assert other.read()[0].village("The Burgh").fear == 1
    stale = run(
        first, table.step("Play", lambda t: t.spent("Mara", _fear(), "Ravenswood"), shown=shown)
    )
    with pytest.raises(ConflictError, match="Stworze tracker"):
        stale.do()
    step.undo()
    assert table.read()[0].village("The Burgh").fear == 0


def _fear():
    from refkit.games.stworze.resolver import Influence

    return Influence.FEAR
