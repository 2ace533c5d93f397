"""Crits on the crafting roll (issue 26 item 4): a crow with Smithing Epiphany crits on a natural
18-20 on a blacksmithing card; the odds shown before the roll count it, and a crow without the
trait (or on another expertise's card) keeps 19-20."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.inventory.catalogue import find_catalogue_item
from refkit.rules.inventory.model import BACKPACK, Inventory
from tests.app.crafting.doing import doing

EPIPHANY = "Blacksmithing: Smithing Epiphany"


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
            items=Inventory((tools,)),
            background="Blacksmith",
            traits=("Blacksmithing: Double Duty", EPIPHANY),
        )
        built.characters.create(smith)
        built.characters.create(replace(smith, name="Wren", traits=("Blacksmithing: Double Duty",)))
        yield built


def test_a_natural_18_crits_for_the_crow_with_the_epiphany_only(services: Services) -> None:
    crafting = doing(services)
    crafting.start("Knife", ["Brannoc", "Wren"])
    crafting.roll("Knife", "Brannoc", rest="town, day 1", faces=(9, 9, 1, 1))
    crafting.roll("Knife", "Wren", rest="town, day 1", faces=(9, 9))
    brannoc, wren = crafting.view("Knife").project.rolls
    assert len(brannoc.rolls) == 2 and brannoc.rolls[0].crit  # the crit gave another roll
    assert len(wren.rolls) == 1 and not wren.rolls[0].crit


def test_the_odds_before_the_roll_count_the_wider_crit(services: Services) -> None:
    crafting = doing(services)
    crafting.start("Knife", ["Brannoc", "Wren"])
    with_trait = crafting.odds("Knife", "Brannoc")
    without = crafting.odds("Knife", "Wren")
    assert without.crit == pytest.approx(0.03)  # 19-20 on 2d10: 3 of 100
    assert with_trait.crit == pytest.approx(0.06)  # 18-20: 6 of 100
