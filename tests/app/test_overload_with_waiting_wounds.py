"""End DT's magic overload counts the wounds still waiting to be placed: when together they fill
every free backpack slot there is no choice left, so all go in at once and the crow dies."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.overload import overload_wounds
from refkit.app.party.wound_prompts import WoundPrompt, WoundPrompts
from refkit.rules.inventory.model import MAGIC, Item
from tests.wound_crows import IDA, party_table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[CharacterService, DungeonTurnService]]:
    with party_table(tmp_path / "refkit.sqlite3") as opened:
        yield opened


def test_overload_wounds_and_waiting_ones_that_fill_the_backpack_kill(table) -> None:
    characters, service = table
    items = characters.get(IDA).items
    for letter in "ab":
        items = items.with_item(Item(f"Ring {letter}", area=MAGIC, magic_slot="finger"))
    characters.save(characters.get(IDA).with_items(items).place_wounds(range(1, 7)))  # 4 free
    prompts = WoundPrompts(characters.repository)
    prompts.add(IDA, to_place=2)  # from a hit, not placed yet
    rng = random.Random(7)
    assert random.Random(7).randint(1, 6) == 3  # alone too few for 4 free slots; with 2, enough
    step = overload_wounds(characters, prompts, [characters.get(IDA)], service, 1, rng)
    assert characters.get(IDA).dead
    assert prompts.get(IDA) == WoundPrompt()
    step.undo()
    assert characters.get(IDA).wound_slots == {1, 2, 3, 4, 5, 6}
    assert prompts.get(IDA) == WoundPrompt(to_place=2)
