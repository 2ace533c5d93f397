"""Crafting projects as use-cases: each step checked whole, written in one unit of work and
undone as one step (the project, the crows' packs and expertise uses, the session log)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.undo import UndoConflictError
from refkit.compose import Services
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.crafting.tracker import CraftingRefused
from refkit.rules.inventory.catalogue import find_catalogue_item
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.store.crafting_store import ProjectNotFoundError
from tests.app.crafting.doing import doing


def bars(count: int, at: int) -> Item:
    return Item(
        name="Iron bar",
        area=BACKPACK,
        at=at,
        count=count,
        stack=StackInfo("bar", 2),
        tags=("material",),
    )


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        catalogue = built.characters.catalogue()
        tools = find_catalogue_item(catalogue, "Blacksmith's tools").to_item().moved_to(BACKPACK, 1)
        smith = Character(
            "Brannoc",
            Characteristics(1, 1, 2),
            Stamina(5, 5),
            expertises=(Expertise("Blacksmithing", "general", 1),),
            items=Inventory((tools, bars(2, 2))),
        )
        helper = Character(
            "Wren",
            Characteristics(2, 0, -1),
            Stamina(5, 5),
            expertises=(Expertise("Blacksmithing", "general", 2),),
            items=Inventory((tools, bars(1, 3))),
        )
        built.characters.create(smith)
        built.characters.create(helper)
        yield built


def test_start_roll_and_complete_with_surplus_and_undo(services: Services) -> None:
    crafting = doing(services)
    crafting.start("Knife", ["Brannoc", "wren"])
    assert crafting.view("knife").project.crafters == ("Brannoc", "Wren")
    goal = crafting.view("Knife").project.goal
    crafting.roll("Knife", "Brannoc", rest="town, day 1", faces=(9, 9))
    crafting.roll("Knife", "Wren", rest="town, day 1", faces=(8, 9))
    project = crafting.view("Knife").project
    assert project.points == 19 + 17
    made = project.points // goal
    step = crafting.complete("Knife")
    assert step.made == min(made, 3)  # three iron bars between them
    after = crafting.view("Knife").project
    assert after.points == 36 - step.made * goal and after.copies_made == step.made
    knives = [i for i in services.characters.get("Brannoc").items if i.name == "Knife"]
    assert sum(i.count for i in knives) == step.made
    carried = sum(
        i.count
        for crow in ("Brannoc", "Wren")
        for i in services.characters.get(crow).items
        if i.name == "Iron bar"
    )
    assert carried == 3 - step.made
    step.command.undo()
    assert crafting.view("Knife").project == project
    assert not [i for i in services.characters.get("Brannoc").items if i.name == "Knife"]
    step.command.do()
    assert crafting.view("Knife").project == after


def test_a_roll_spends_the_expertise_uses_and_undo_gives_them_back(services: Services) -> None:
    crafting = doing(services)
    crafting.start("Knife", ["Wren"])
    step = crafting.roll("Knife", "Wren", rest="r1", faces=(5, 5), expertises=["Blacksmithing"])
    assert step.roll is not None and step.roll.points == 14
    (smithing,) = services.characters.get("Wren").expertises
    assert smithing.left == 1
    logged = services.dice.recent()
    assert logged[0].record.kind == "craft" and logged[0].record.total == 14
    step.command.undo()
    (smithing,) = services.characters.get("Wren").expertises
    assert smithing.left == 2 and crafting.view("Knife").project.points == 0
    entries = services.session_log.entries(include_undone=True)
    assert any(e.kind == "craft" and e.undone for e in entries)


def test_one_roll_per_crafter_per_rest_and_none_outside_a_rest(services: Services) -> None:
    crafting = doing(services)
    crafting.start("Knife", ["Brannoc"])
    with pytest.raises(CraftingRefused, match="not resting"):
        crafting.roll("Knife", "Brannoc", faces=(5, 5))
    crafting.roll("Knife", "Brannoc", rest="r1", faces=(5, 5))
    with pytest.raises(CraftingRefused, match="already made a crafting roll"):
        crafting.roll("Knife", "Brannoc", rest="r1", faces=(5, 5))


def test_the_rest_under_way_on_the_dt_clock_names_the_roll(services: Services) -> None:
    services.dungeon.start()
    services.dungeon.start_rest()
    crafting = doing(services)
    crafting.start("Knife", ["Brannoc"])
    step = crafting.roll("Knife", "Brannoc", faces=(5, 5))
    assert step.roll is not None and step.roll.rest == "the rest at DT 1"


def test_a_refused_step_writes_nothing(services: Services) -> None:
    crafting = doing(services)
    with pytest.raises(CraftingRefused, match="no crafting footer"):
        crafting.start("Blacksmith's tools", ["Brannoc"])
    with pytest.raises(CraftingRefused, match="lacks the alchemy"):
        crafting.start("Torch", ["Brannoc"])
    with pytest.raises(ProjectNotFoundError):
        crafting.view("Torch")
    crafting.start("Knife", ["Brannoc"])
    with pytest.raises(CraftingRefused, match="exists already"):
        crafting.start("Knife", ["Wren"])
    with pytest.raises(CraftingRefused, match="0 of its"):
        crafting.complete("Knife")
    assert services.session_log.count() == 1


def test_completion_without_the_materials_says_what_is_missing(services: Services) -> None:
    characters = services.characters
    brannoc = characters.get("Brannoc")
    without = [i for i in brannoc.items if i.name != "Iron bar"]
    characters.save(brannoc.with_items(Inventory(tuple(without))))
    crafting = doing(services)
    crafting.start("Knife", ["Brannoc"])
    crafting.roll("Knife", "Brannoc", rest="r1", faces=(9, 9))
    with pytest.raises(CraftingRefused, match=r"1 iron bar \(carried: 0\)"):
        crafting.complete("Knife")
    assert crafting.view("Knife").project.copies_made == 0


def test_undo_refuses_over_a_roll_made_elsewhere(services: Services) -> None:
    crafting = doing(services)
    crafting.start("Knife", ["Brannoc", "Wren"])
    first = crafting.roll("Knife", "Brannoc", rest="r1", faces=(5, 5))
    crafting.roll("Knife", "Wren", rest="r1", faces=(5, 5))
    with pytest.raises(UndoConflictError, match="changed since"):
        first.command.undo()
    assert crafting.view("Knife").project.points == 11 + 10


def test_harvest_puts_the_parts_in_the_pack_as_materials(services: Services) -> None:
    step = doing(services).harvest("Wren", "large", faces=(4, 3), creature="troll")
    assert step.parts == 7
    parts = [i for i in services.characters.get("Wren").items if i.name == "Monster part"]
    assert sum(i.count for i in parts) == 7
    assert all("troll" in i.notes for i in parts)
    assert services.dice.recent()[0].record.total == 7
    step.command.undo()
    assert not [i for i in services.characters.get("Wren").items if i.name == "Monster part"]


def test_a_harvest_of_an_unknown_size_is_refused(services: Services) -> None:
    with pytest.raises(CraftingRefused, match="size"):
        doing(services).harvest("Wren", "gigantic")
    before = services.characters.get("Wren")
    assert replace(before) == services.characters.get("Wren")
