"""The traits that change slots and stacks without a new slot (characters facts §4.4, S):
Second Skin, Stacks on Stacks, Share Food, Labeled Inventory / Out of the Pack — in the move
rules, the character check (so the character file) and the draw odds; the others said as text."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from refkit.rules.character.build_data import fold, load_build_data
from refkit.rules.character.file_format import check_character
from refkit.rules.character.model import Character, Characteristics, Stamina, rule_problems
from refkit.rules.character.slot_traits import (
    SLOT_TRAIT_TEXT,
    SLOT_TRAITS,
    inventory_rules,
    slot_trait_lines,
)
from refkit.rules.inventory.model import BACKPACK, BELT, GROUND, Armor, Inventory, Item, StackInfo
from refkit.rules.inventory.moves import MoveRefused, draw_chance, draw_from_pack, move

BUILD = load_build_data()
FACTS = Path(__file__).resolve().parents[3] / "shared" / "rules" / "characters-facts.md"


def crow(*traits: str, items: tuple[Item, ...] = ()) -> Character:
    placed = tuple(i for i in items if i.area != GROUND)
    ground = tuple(i for i in items if i.area == GROUND)
    base = Character(
        "Vale", Characteristics(0, 1, 2), Stamina(9, 9), items=Inventory(placed, ground)
    )
    return replace(base, traits=tuple(BUILD.trait(t).key for t in traits))


def ration(count: int, area: str = BELT, at: int | None = 1, item_id: str = "r") -> Item:
    return Item("Ration", area=area, at=at, count=count, stack=StackInfo("ration", 6), id=item_id)


def feed(count: int, area: str = BELT, at: int | None = 1) -> Item:
    return Item("Animal feed", area=area, at=at, count=count, stack=StackInfo("feed", 6), id="feed")


def armour(worn: bool = True) -> Item:
    return Item(
        "Light armor", area=BACKPACK, at=1, slots=2, armor=Armor(5, 5, worn=worn), id="armour"
    )


def codes(character: Character) -> list[str]:
    return [p.code for p in rule_problems(character)]


def test_every_slot_trait_of_the_fact_file_is_known() -> None:
    tagged = {fold(t.key) for t in BUILD.traits if "S" in t.tags}
    assert len(tagged) == 15
    assert tagged == set(SLOT_TRAITS) | set(SLOT_TRAIT_TEXT)


def test_stacks_on_stacks_raises_a_stack_limit_above_one() -> None:
    seven = (ration(7),)
    assert "stack_limit" in codes(crow(items=seven))
    assert "stack_limit" not in codes(crow("Stacks on Stacks", items=seven))
    assert "stack_limit" in codes(crow("Stacks on Stacks", items=(ration(8),)))
    one = Item("Lantern", area=BELT, at=1, count=2, stack=StackInfo("lantern", 1), id="l")
    assert "stack_limit" in codes(crow("Stacks on Stacks", items=(one,)))
    more = crow("Stacks on Stacks", items=(ration(6), ration(1, GROUND, None, "r2")))
    items = move(more.items, "r2", BELT, 1, rules=inventory_rules(more))
    assert sum(i.count for i in items.items if i.area == BELT) == 7
    with pytest.raises(MoveRefused, match="full stack"):
        plain = crow(items=(ration(6), ration(1, GROUND, None, "r2")))
        move(plain.items, "r2", BELT, 1, rules=inventory_rules(plain))


def test_share_food_lets_rations_and_animal_feed_share_a_slot() -> None:
    both = (ration(3), feed(2))
    assert "overlap" in codes(crow(items=both))
    fed = crow("Share Food", items=both)
    assert codes(fed) == []
    assert "stack_limit" in codes(crow("Share Food", items=(ration(4), feed(3))))
    loose = crow("Share Food", items=(ration(3), feed(2, GROUND, None)))
    moved = move(loose.items, "feed", BELT, 1, rules=inventory_rules(loose))
    assert [i.at for i in moved.items] == [1, 1]


def test_second_skin_worn_armour_takes_one_slot_fewer() -> None:
    rope = Item("Rope", area=BACKPACK, at=2, id="rope")
    assert "overlap" in codes(crow(items=(armour(), rope)))
    assert codes(crow("Second Skin", items=(armour(), rope))) == []
    assert "overlap" in codes(crow("Second Skin", items=(armour(worn=False), rope)))
    skin = crow("Second Skin", items=(armour(), Item("Rope", id="rope")))
    placed = move(skin.items, "rope", BACKPACK, 2, rules=inventory_rules(skin))
    assert placed.find("rope").at == 2
    assert check_character(replace(skin, items=placed)).valid


def test_labeled_inventory_and_out_of_the_pack_draw_one_lower() -> None:
    knife = Item("Knife", area=BACKPACK, at=4, id="knife")
    plain, labeled = crow(items=(knife,)), crow("Labeled Inventory", items=(knife,))
    both = crow("Labeled Inventory", "Out of the Pack", items=(knife,))
    assert draw_chance(knife, inventory_rules(plain)) == Fraction(7, 10)
    assert draw_chance(knife, inventory_rules(labeled)) == Fraction(8, 10)
    assert draw_chance(knife, inventory_rules(both)) == Fraction(8, 10)  # they do not add up
    assert not draw_from_pack(plain.items, "knife", 3, rules=inventory_rules(plain)).success
    drawn = draw_from_pack(labeled.items, "knife", 3, rules=inventory_rules(labeled))
    assert drawn.success and drawn.needed == 3
    first = Item("Torch", area=BACKPACK, at=1, id="torch")
    pack = crow("Out of the Pack", items=(first,))
    assert draw_chance(first, inventory_rules(pack)) == Fraction(1)


def test_the_board_and_sheet_lines_say_each_slot_trait() -> None:
    lines = slot_trait_lines(crow("Scabbard", "Bursting Purse", "Second Skin", "Double Quiver"))
    assert lines == (
        "Scabbard: belt slot 5, slashing weapons only",
        "Bursting Purse: a coin purse holds 500 gc more",
        "Second Skin: worn armour takes 1 slot fewer",
        "Double Quiver: two quivers of 20 arrows share 1 slot (40 arrows)",
    )
    assert slot_trait_lines(crow()) == ()
