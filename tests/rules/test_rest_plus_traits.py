"""The rest-changing traits' rules (characters facts §4.4, RA+): which trait gives a second
crafting roll on which craft, what the rest's preview says of it, and the lore-book study."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.rules.character.build_data import load_build_data
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import (
    ActivityRefused,
    parse_activity,
    plan_rest,
    rest_preview,
)
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


def book(subject: str, at: int, item_id: str, name: str = "Lore book") -> Item:
    return Item(name, area=BACKPACK, at=at, notes=f"({subject})", id=item_id)


def test_studying_a_lore_book_gives_its_lore_until_the_next_rest() -> None:
    sage = crow("Ada", items=(book("Monster Lore", 3, "b1"),))
    plan = plan_rest([sage], {"Ada": parse_activity("study")})["Ada"]
    assert plan.study is not None and plan.study.benefit() == "+1 Monster Lore use"
    assert rest_preview(sage, plan).endswith(
        "studied lore: +1 Monster Lore use until the next rest"
    )
    fine = crow("Ada", items=(book("Nature Lore", 3, "b2", "Lore book, fine"),))
    plan = plan_rest([fine], {"Ada": parse_activity("study:nature")})["Ada"]
    assert plan.study is not None and plan.study.benefit() == "+2 Nature Lore uses"
    with pytest.raises(ActivityRefused, match="no lore book on Nature Lore"):
        plan_rest([sage], {"Ada": parse_activity("study:Nature Lore")})
    with pytest.raises(ActivityRefused, match="carries no lore book"):
        plan_rest([crow("Bo")], {"Bo": parse_activity("study:Monster Lore")})


def test_cram_covers_a_second_book_and_without_it_one() -> None:
    books = (book("Monster Lore", 3, "b1"), book("Nature Lore", 4, "b2"))
    crammer = crow("Ada", "Cram", items=books)
    plan = plan_rest([crammer], {"Ada": parse_activity("study:Monster Lore,Nature Lore")})["Ada"]
    assert plan.study is not None
    assert plan.study.benefit() == "+1 Monster Lore use and +1 Nature Lore use"
    with pytest.raises(ActivityRefused, match="studies 1 lore book at a rest, not 2"):
        plan_rest([crow("Ada", items=books)], {"Ada": parse_activity("study:Monster,Nature")})


def test_shared_knowledge_reads_to_one_crow_resting_with_the_reader() -> None:
    reader = crow("Ada", "Shared Knowledge", items=(book("Monster Lore", 3, "b1"),))
    wren = crow("Wren Ashdown")
    plan = plan_rest([reader, wren], {"Ada": parse_activity("study:Monster Lore>Wren")})["Ada"]
    assert plan.study is not None and plan.study.listener == "Wren Ashdown"
    assert "(read aloud: Wren Ashdown gains the same)" in rest_preview(reader, plan)
    alone = crow("Ada", items=(book("Monster Lore", 3, "b1"),))
    with pytest.raises(ActivityRefused, match="takes the trait Shared Knowledge"):
        plan_rest([alone, wren], {"Ada": parse_activity("study:Monster Lore>Wren")})
    with pytest.raises(ActivityRefused, match="'Bo' is not resting with it"):
        plan_rest([reader, wren], {"Ada": parse_activity("study:Monster Lore>Bo")})
