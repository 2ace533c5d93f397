"""The dungeon turn starts each DT for the party at the table: greed per dungeon and per party,
and a party renamed keeps its visits (so no bonus twice)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.bridge import PartyBridge, dungeon_service_with_party
from refkit.store import CharacterRepository, Database, DungeonTurnStore

START = 1_900_000_000.0


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[DungeonTurnService, PartyBridge, CharacterService]]:
    db = Database.open(str(tmp_path / "refkit.sqlite3"))
    characters = CharacterService(CharacterRepository(db))
    characters.create_party("Crows")
    characters.create_party("Gravediggers")
    service, bridge = dungeon_service_with_party(
        DungeonTurnStore(db), characters, clock=lambda: START
    )
    yield service, bridge, characters
    bridge.close()
    db.close()


def test_each_party_at_the_table_gets_its_own_first_visit(table) -> None:
    service, bridge, _characters = table
    bridge.set_party("Crows")
    assert service.start(dungeon="Crypt").status["greed_percent"] == 30
    service.stop()
    bridge.set_party("Gravediggers")
    assert service.start(dungeon="Crypt").status["greed_percent"] == 30
    assert service.view().clock.party == "Gravediggers"
    service.stop()
    bridge.set_party("Crows")
    assert service.start().status["greed_percent"] == 0  # coming back: a revisit


def test_a_renamed_party_gets_no_bonus_twice(table) -> None:
    service, bridge, characters = table
    bridge.set_party("Crows")
    service.start(dungeon="Crypt")
    service.stop()
    characters.rename_party("Crows", "Ravens")
    assert bridge.party_name() == "Ravens"
    assert service.view().clock.party == "Ravens"
    assert service.start(dungeon="Crypt").status["greed_percent"] == 0
