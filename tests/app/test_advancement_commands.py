"""Advancement purchases are undoable edits: do, undo and redo restore exact states; a refused
purchase makes no command at all."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.characters import advancement
from refkit.compose import open_character_service
from refkit.rules.character.advancement import AdvanceRefused
from tests.app.test_character_commands import assert_round_trip

WREN = "Wren Ashdown"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(db_path)) as opened:
        yield opened


def test_xp_and_a_trait_undo_and_redo(service: CharacterService, db_path: Path) -> None:
    award = advancement.award_xp(service, WREN, 700)
    assert_round_trip(service, db_path, award)
    buy = advancement.buy_trait(service, WREN, "Archery: Point Blank")
    assert buy.text == "Wren Ashdown learns Archery: Point Blank"
    assert_round_trip(service, db_path, buy)
    assert service.get(WREN).traits == ("Archery: Point Blank",)
    assert service.get(WREN).xp.spendable == 200
    buy.undo()
    assert service.get(WREN).xp.spendable == 700 and service.get(WREN).traits == ()


def test_bonuses_undo(service: CharacterService, db_path: Path) -> None:
    advancement.award_xp(service, WREN, 5000).do()
    for make in (
        lambda: advancement.add_stamina(service, WREN),
        lambda: advancement.add_expertise_use(service, WREN, "Lift"),
        lambda: advancement.add_expertise_use(service, WREN, "Lift", with_stamina=True),
        lambda: advancement.raise_characteristic(service, WREN, "strength"),
    ):
        assert_round_trip(service, db_path, make())


def test_a_refused_purchase_makes_no_command(service: CharacterService) -> None:
    before = service.get(WREN)
    with pytest.raises(AdvanceRefused, match="needs Point Blank or Range Finder or Prone"):
        advancement.buy_trait(service, WREN, "Archery: Aim")
    with pytest.raises(AdvanceRefused, match="costs 500 XP"):
        advancement.buy_trait(service, WREN, "Archery: Point Blank")
    assert service.get(WREN) == before
