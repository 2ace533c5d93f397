"""Dungeon, effect and owner names refuse control characters in the app, not only the CLI."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.store import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore


@pytest.fixture
def service(tmp_path: Path) -> Iterator[DungeonTurnService]:
    with Database.open(str(tmp_path / "refkit.sqlite3")) as database:
        yield DungeonTurnService(DungeonTurnStore(database))


def test_a_dungeon_name_with_escape_is_refused_and_no_dt_starts(service) -> None:
    with pytest.raises(ValueError, match=r"dungeon's name holds the control character U\+001B"):
        service.start(dungeon="Crypt\x1b[2J")
    assert service.status()["dt"] == 0


@pytest.mark.parametrize(
    ("name", "owner", "what"),
    [("Torch\u202e", "", "effect's name"), ("Torch", "Mara\x00", "owner's name")],
)
def test_an_effect_or_owner_with_a_control_character_is_refused(
    service, name: str, owner: str, what: str
) -> None:
    with pytest.raises(ValueError, match=f"{what} holds the control character"):
        service.add_effect(name, 2, "DT", owner=owner)
    assert not service.effects()
