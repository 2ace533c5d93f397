"""The Warcrow tracker is one versioned ``app_state`` document: changed by undoable steps, a
stale write refused (ConflictError, nothing written), and read back by a later program."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.games.trackers import tracker_key
from refkit.app.games.warcrow_table import WarcrowTable
from refkit.errors import ConflictError
from refkit.games.warcrow.tracker import Figure, TrackerError
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.runner import run


@pytest.fixture
def two_programs(tmp_path: Path) -> Iterator[tuple[Database, Database, Path]]:
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path)) as first, Database.open(str(path)) as second:
        yield first, second, path


def _table(db: Database) -> WarcrowTable:
    return WarcrowTable(CharacterRepository(db))


def test_a_step_is_stored_undone_and_redone(two_programs: tuple[Database, Database, Path]) -> None:
    first, second, _ = two_programs
    table = _table(first)
    add = run(first, table.step("Add Nayra", lambda t: t.added(Figure("Nayra", 4, 5))))
    add.do()
    assert [f.name for f in _table(second).read()[0].figures] == ["Nayra"]
    wound = run(first, table.step("Wound Nayra", lambda t: t.changed("Nayra", wounds=2)))
    wound.do()
    assert _table(second).read()[0].figure("Nayra").wounds == 2
    wound.undo()
    assert _table(second).read()[0].figure("Nayra").wounds == 0
    add.undo()
    assert _table(second).read()[0].figures == ()
    add.do()
    wound.do()
    assert _table(second).read()[0].figure("Nayra").wounds == 2


def test_a_step_worked_out_from_a_stale_read_is_refused_writing_nothing(
    two_programs: tuple[Database, Database, Path],
) -> None:
    first, second, _ = two_programs
    run(first, _table(first).step("Add", lambda t: t.added(Figure("Nayra", 4, 5)))).do()
    shown = _table(first).read()[1]  # what the panel shows
    run(second, _table(second).step("Energy", lambda t: t.changed("Nayra", energy=3))).do()
    stale = run(
        first, _table(first).step("Stain", lambda t: t.changed("Nayra", stain=1), shown=shown)
    )
    with pytest.raises(ConflictError, match="Warcrow Adventures tracker was changed since"):
        stale.do()
    figure = _table(second).read()[0].figure("Nayra")
    assert (figure.energy, figure.stain) == (3, 0)


def test_undo_after_another_program_changed_the_tracker_is_refused(
    two_programs: tuple[Database, Database, Path],
) -> None:
    first, second, _ = two_programs
    add = run(first, _table(first).step("Add", lambda t: t.added(Figure("Nayra", 4, 5))))
    add.do()
    run(second, _table(second).step("Energy", lambda t: t.changed("Nayra", energy=3))).do()
    with pytest.raises(ConflictError):
        add.undo()
    assert _table(second).read()[0].figure("Nayra").energy == 3


def test_a_later_start_reads_the_tracker_back(
    two_programs: tuple[Database, Database, Path],
) -> None:
    first, _, path = two_programs
    table = _table(first)
    run(first, table.step("Add", lambda t: t.added(Figure("Marked", 4, 2, enemy=True)))).do()
    run(first, table.step("Combat", lambda t: t.start_combat())).do()
    with Database.open(str(path)) as later:
        tracker = _table(later).read()[0]
    assert tracker.dial.stack(4) == ("Marked",)
    assert tracker.dial.round == 2


def test_a_refused_change_makes_no_step(two_programs: tuple[Database, Database, Path]) -> None:
    first, _, _ = two_programs
    with pytest.raises(TrackerError, match="no figure named 'Ghost'"):
        _table(first).step("Wound", lambda t: t.changed("Ghost", wounds=1))
    assert CharacterRepository(first).read_state(tracker_key("warcrow")).version == 0


def test_a_damaged_stored_tracker_is_named(two_programs: tuple[Database, Database, Path]) -> None:
    first, _, _ = two_programs
    repo = CharacterRepository(first)
    with first.unit_of_work():
        repo.write_state(tracker_key("warcrow"), json.dumps({"figures": 3}), 0)
    with pytest.raises(TrackerError, match="figures must be a list"):
        _table(first).read()


def test_the_store_names_each_game_tracker_as_the_app_does() -> None:
    from refkit.app.games.trackers import GAME_TRACKER_WHAT
    from refkit.store.versioned_state import STATE_WHAT

    for game, what in GAME_TRACKER_WHAT.items():
        assert STATE_WHAT[tracker_key(game)] == what
