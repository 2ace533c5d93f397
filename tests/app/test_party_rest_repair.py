"""Repair Armor on the dungeon-turn rest path: the party rest mends the armour each crow's player
chose (L473), one item per crow, and a choice the rules refuse is said without losing the rest."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.rest import party_rest
from refkit.app.party.wound_prompts import WoundPrompts
from tests.wound_crows import BRAM, IDA, party_table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[CharacterService, DungeonTurnService]]:
    with party_table(tmp_path / "refkit.sqlite3") as opened:
        yield opened


def test_the_party_rest_repairs_the_chosen_armour(table) -> None:
    characters, service = table
    bram = characters.get(BRAM).take_damage(5, armour_order=["shirt", "shield"]).character
    characters.save(bram)
    ida = characters.get(IDA).take_damage(1).character  # leather armour AD 2→1
    characters.save(ida)
    step = party_rest(
        characters,
        WoundPrompts(characters.repository),
        [bram, ida],
        service,
        in_miasma=False,
        repairs={BRAM.upper(): "shirt"},  # names match ignoring case, as everywhere
    )
    after = characters.get(BRAM)
    assert after.items.find("shirt").armor.ad == 4  # type: ignore[union-attr]
    assert after.items.find("shield").armor.ad == 1  # type: ignore[union-attr]
    assert characters.get(IDA).items.find("suit").armor.ad == 1  # type: ignore[union-attr]
    assert "repaired Chain shirt to full AD" in step.entries[0].line()
    assert step.entries[0].to_dict()["repaired"] == "Chain shirt"
    step.undo()
    assert characters.get(BRAM).items.find("shirt").armor.ad == 0  # type: ignore[union-attr]


def test_a_refused_repair_is_said_and_the_rest_still_counts(table) -> None:
    characters, service = table
    ida = characters.get(IDA)
    characters.save(ida.take_damage(3, piercing=True).character)
    step = party_rest(
        characters,
        WoundPrompts(characters.repository),
        [characters.get(IDA)],
        service,
        in_miasma=False,
        repairs={IDA: "suit"},  # the leather armour is whole
    )
    (entry,) = step.entries
    assert entry.rested and entry.stamina_regained == 3
    assert "no Repair Armor: Leather armour is at full AD" in entry.line()
    assert characters.get(IDA).stamina.current == 5
