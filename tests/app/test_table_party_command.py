"""The party at the table chosen as an undoable command: undo puts the earlier choice back and
marks the session-log line undone; it refuses when another window chose since."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.party_bridge import PartyBridge, SetTableParty
from refkit.app.undo import UndoConflictError
from refkit.store import CharacterRepository, Database
from tests.app.test_party_bridge import SAMPLE_PARTY, WREN, Table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(tmp_path / "refkit.sqlite3")
    table.service.start(dungeon="The Drowned Crypt")
    table.characters.create_party("Night watch", [WREN])
    yield table
    table.close()


def settings_log(table: Table) -> list[tuple[str, bool]]:
    entries = table.service.store.session_log.entries(kinds=["settings"], include_undone=True)
    return [(entry.text, entry.undone) for entry in entries]


def test_choosing_undoes_to_not_chosen_and_redoes(table: Table) -> None:
    heard: list[str] = []
    table.bridge.add_listener(lambda: heard.append(str(table.bridge.party_name())))
    command = SetTableParty(table.bridge, "night WATCH")
    assert command.text == "Party at the table: Night watch"
    command.do()
    assert table.bridge.to_dict() == {"party": "Night watch", "members": [WREN]}
    assert heard == ["Night watch"]
    command.undo()
    assert table.bridge.choice().chosen is False  # as before: two parties, none chosen
    assert table.bridge.party_name() is None
    assert settings_log(table) == [("Party in the dungeon: Night watch (Wren Ashdown)", True)]
    command.do()
    assert table.bridge.party_name() == "Night watch"
    assert settings_log(table) == [("Party in the dungeon: Night watch (Wren Ashdown)", False)]


def test_nobody_at_the_table_undoes_to_the_party_before(table: Table) -> None:
    table.bridge.set_party(SAMPLE_PARTY)
    command = SetTableParty(table.bridge, None)
    assert command.text == "Party at the table: nobody"
    command.do()
    assert table.bridge.party_name() is None
    command.undo()
    assert table.bridge.party_name() == SAMPLE_PARTY


def test_an_unknown_party_makes_no_command(table: Table) -> None:
    with pytest.raises(ValueError, match="no party called 'Lost souls'"):
        SetTableParty(table.bridge, "Lost souls")
    assert table.bridge.choice().chosen is False


def test_undo_refuses_when_another_window_chose_since(table: Table) -> None:
    command = SetTableParty(table.bridge, "Night watch")
    command.do()
    with Database.open(str(table.path)) as other:
        PartyBridge(CharacterService(CharacterRepository(other))).set_party(SAMPLE_PARTY)
    with pytest.raises(UndoConflictError, match="changed since"):
        command.undo()
    assert table.bridge.party_name() == SAMPLE_PARTY  # nothing changed
    assert settings_log(table)[0][1] is False


def test_the_miasma_switch_is_no_conflict_and_is_kept(table: Table) -> None:
    command = SetTableParty(table.bridge, "Night watch")
    command.do()
    table.bridge.set_rest_in_miasma(True)
    command.undo()
    assert table.bridge.party_name() is None
    assert table.bridge.rest_in_miasma is True
