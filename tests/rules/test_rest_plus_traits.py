"""The rest-changing traits' rules (characters facts §4.4, RA+): which trait gives a second
crafting roll on which craft, what the rest's preview says of it, and the lore-book study."""

from __future__ import annotations

from dataclasses import replace

from refkit.rules.character.build_data import load_build_data
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import parse_activity, plan_rest, rest_preview
from refkit.rules.character.trait_rest_plus import craft_targets, second_roll_trait
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo

BUILD = load_build_data()


def crow(name: str, *traits: str, items: tuple[Item, ...] = ()) -> Character:
    ration = Item("Ration", area=BACKPACK, at=9, count=2, stack=StackInfo("ration", 6), id="r")
    base = Character(
        name, Characteristics(0, 1, 2), Stamina(9, 9), items=Inventory((ration, *items), ())
    )
    return replace(base, traits=tuple(BUILD.trait(t).key for t in traits))


def test_each_second_roll_trait_belongs_to_its_craft() -> None:
    alchemist = crow("Ada", "Midnight Oil")
    smith = crow("Bren", "Double Duty")
    enchanter = crow("Cy", "Twice Enchanted")
    assert second_roll_trait(alchemist, "Alchemy") == "Midnight Oil"
    assert second_roll_trait(alchemist, "blacksmithing") == ""
    assert second_roll_trait(smith, "blacksmithing") == "Double Duty"
    assert second_roll_trait(enchanter, "enchanting") == "Twice Enchanted"
    assert second_roll_trait(crow("Dee"), "alchemy") == ""
    assert craft_targets(" Knife ,  Great  axe") == ("Knife", "Great axe")


def test_the_preview_of_craft_names_the_second_roll() -> None:
    smith = crow("Bren", "Double Duty")
    plan = plan_rest([smith], {"Bren": parse_activity("craft:Knife")})["Bren"]
    assert rest_preview(smith, plan).endswith(
        "one crafting roll for Knife (Double Duty: a second on a blacksmithing item)"
    )
    alchemist = crow("Ada", "Midnight Oil")
    plan = plan_rest([alchemist], {"Ada": parse_activity("craft")})["Ada"]
    assert rest_preview(alchemist, plan).endswith(
        "one crafting roll (Midnight Oil: a second on an alchemy item)"
    )
    plain = crow("Cy")
    plan = plan_rest([plain], {"Cy": parse_activity("craft:Knife")})["Cy"]
    assert rest_preview(plain, plan).endswith("one crafting roll for Knife")
