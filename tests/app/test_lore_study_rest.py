"""Study a Lore Book at a rest: the reader's lore uses until its next rest are kept in the rest
records, and with Shared Knowledge the crow it read to gets the same (and the report says so);
the next rest without a study clears them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.party.rest import CrowRestCommand, read_records
from refkit.compose import Services
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import ActivityChoice, parse_activity
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo


def crow(name: str, *items: Item, traits: tuple[str, ...] = ()) -> Character:
    rations = Item("Ration", area=BACKPACK, at=9, count=3, stack=StackInfo("ration", 6), id="r")
    made = Character(
        name, Characteristics(0, 1, 2), Stamina(5, 5), items=Inventory((rations, *items), ())
    )
    return replace(made, traits=traits)


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        book = Item("Lore book", area=BACKPACK, at=2, notes="(Monster Lore)", id="book")
        built.characters.create(crow("Ada", book, traits=("Knowledge: Shared Knowledge",)))
        built.characters.create(crow("Wren"))
        yield built


def rest(services: Services, choices: dict[str, ActivityChoice]) -> CrowRestCommand:
    command = CrowRestCommand(
        services.characters,
        services.party.prompts,
        [services.characters.get("Ada"), services.characters.get("Wren")],
        in_miasma=False,
        choices=choices,
    )
    command.do()
    return command


def test_shared_knowledge_gives_the_listener_the_same_until_its_next_rest(services) -> None:
    command = rest(services, {"Ada": parse_activity("study:Monster Lore>Wren")})
    records = read_records(services.characters.repository)
    assert records["ada"]["studied"] == "+1 Monster Lore use"
    assert records["wren"]["studied"] == "+1 Monster Lore use"
    assert command.step is not None
    ada, wren = command.step.entries
    assert "read aloud: Wren gains the same" in ada.activity_result
    assert wren.activity_result == (
        "heard Ada's lore book read aloud: +1 Monster Lore use until the next rest"
    )
    command.undo()
    assert read_records(services.characters.repository) == {}
    rest(services, {"Ada": parse_activity("study")})
    rest(services, {})
    assert read_records(services.characters.repository) == {}


def monster_lore(services: Services, name: str) -> tuple[int, int] | None:
    for expertise in services.characters.get(name).expertises:
        if expertise.name == "Monster Lore":
            return expertise.uses, expertise.spent
    return None


def test_the_studied_uses_are_on_the_expertises_and_go_with_the_undo(services) -> None:
    command = rest(services, {"Ada": parse_activity("study:Monster Lore>Wren")})
    assert monster_lore(services, "Ada") == (1, 0)
    assert monster_lore(services, "Wren") == (1, 0)
    command.undo()
    assert monster_lore(services, "Ada") is None
    assert monster_lore(services, "Wren") is None
    command.do()  # redo: the same uses again
    assert monster_lore(services, "Ada") == (1, 0)
