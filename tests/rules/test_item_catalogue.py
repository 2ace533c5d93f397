"""Refkit's item catalogue: the rulebook's facts hold, entries are checked, items come out right."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.rules.inventory.catalogue import (
    CatalogueError,
    find_catalogue_item,
    load_item_catalogue,
)
from refkit.rules.inventory.model import BACKPACK, BELT, HAND, MAGIC, Inventory
from refkit.rules.inventory.moves import add_item, refuel
from refkit.rules.usage_dice import UsageDiceMode


@pytest.fixture(scope="module")
def catalogue():
    return load_item_catalogue()


def test_the_catalogue_has_at_least_forty_items_with_unique_names(catalogue) -> None:
    names = [entry.name.casefold() for entry in catalogue]
    assert len(names) >= 40
    assert len(set(names)) == len(names)
    assert all(entry.notes for entry in catalogue)


def test_a_lantern_has_two_usage_dice_refuelled_by_lantern_oil(catalogue) -> None:
    lantern = find_catalogue_item(catalogue, "Lantern")
    assert lantern.usage_dice.count == 2
    assert lantern.usage_dice.modes == {UsageDiceMode.REFUEL, UsageDiceMode.DT}
    assert lantern.usage_dice.refuel_with.casefold() == "lantern oil"
    assert lantern.usage_dice_text == "2 (Refuel with lantern oil; DT)"


@pytest.mark.parametrize(
    ("name", "kind", "limit"),
    [("Lantern oil", "lantern oil", 2), ("Healing potion", "potion", 5), ("Lock", "lock", 3)],
)
def test_the_rulebook_stack_limits_hold(catalogue, name: str, kind: str, limit: int) -> None:
    stack = find_catalogue_item(catalogue, name).stack
    assert (stack.kind, stack.limit) == (kind, limit)


def test_every_potion_stacks_as_a_potion(catalogue) -> None:
    potions = [entry for entry in catalogue if "potion" in entry.tags]
    assert len(potions) >= 2
    assert all(entry.stack is not None and entry.stack.kind == "potion" for entry in potions)
    assert all(entry.stack.limit == 5 for entry in potions)


def test_candle_and_torch_burn_down_at_the_end_of_each_dt(catalogue) -> None:
    candle = find_catalogue_item(catalogue, "candle")
    assert candle.usage_dice.count == 1
    assert candle.usage_dice.modes == {UsageDiceMode.USELESS, UsageDiceMode.DT}
    torch = find_catalogue_item(catalogue, "Torch")
    assert UsageDiceMode.DT in torch.usage_dice.modes and "light" in torch.tags


def test_armour_shields_and_weapons_carry_their_numbers(catalogue) -> None:
    suits = [entry for entry in catalogue if entry.is_armor]
    shields = [entry for entry in catalogue if entry.is_shield]
    weapons = [entry for entry in catalogue if "weapon" in entry.tags]
    assert suits and shields and len(weapons) >= 8
    assert all(entry.ad is not None and entry.ad > 0 for entry in suits + shields)
    assert all(entry.damage is not None for entry in weapons)
    assert all(entry.damage.tier3 >= entry.damage.tier2 for entry in weapons)
    assert any(entry.slots > 1 for entry in suits)  # heavy armour takes several slots
    assert find_catalogue_item(catalogue, "Longsword").damage.text == "3 / 5"


def test_a_catalogue_entry_becomes_an_inventory_item(catalogue) -> None:
    armour = find_catalogue_item(catalogue, "Leather armour").to_item(BACKPACK, 1)
    assert (armour.area, armour.at, armour.slots) == (BACKPACK, 1, 2)
    assert armour.armor.ad == armour.armor.max_ad == 3 and not armour.armor.worn
    potions = find_catalogue_item(catalogue, "Healing potion").to_item(BELT, 2, count=4)
    assert potions.count == 4 and potions.stack.limit == 5
    lantern = find_catalogue_item(catalogue, "Lantern").to_item(HAND, 1)
    assert lantern.usage_dice.current == lantern.usage_dice.max == 2
    ring = find_catalogue_item(catalogue, "Rope").to_item(MAGIC, "finger")
    assert ring.magic_slot == "finger" and ring.at is None
    with pytest.raises(ValueError, match="does not stack"):
        find_catalogue_item(catalogue, "Rope").to_item(BELT, 1, count=2)


def test_catalogue_oil_refuels_a_catalogue_lantern(catalogue) -> None:
    kit = Inventory()
    kit = add_item(kit, find_catalogue_item(catalogue, "Lantern").to_item(item_id="lantern"))
    kit = add_item(kit, find_catalogue_item(catalogue, "Lantern oil").to_item(item_id="oil"))
    lantern = kit.find("lantern")
    kit = kit.replaced(replace(lantern, usage_dice=replace(lantern.usage_dice, current=0)))
    refuelled = refuel(kit, "lantern", "oil")
    assert refuelled.find("lantern").usage_dice.current == 2
    assert "oil" not in refuelled.ids()


def test_every_catalogue_item_fits_an_empty_inventory(catalogue) -> None:
    for entry in catalogue:
        placed = add_item(Inventory(), entry.to_item())
        assert placed.items and placed.check() == [], entry.name


def test_unknown_find_names_the_item(catalogue) -> None:
    with pytest.raises(KeyError, match="no item called 'Phlogiston'"):
        find_catalogue_item(catalogue, "Phlogiston")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('name = "Rope"\nslot = 1', "item 1 (Rope): unknown key 'slot'"),
        ('name = "Rope"\nslots = 0', "item 1 (Rope): slots must be 1 or more"),
        ('name = "Rope"\nstack = { kind = "rope" }', "item 1 (Rope): stack must be a table"),
        ('name = "Lamp"\nusage_dice = "two"', "item 1 (Lamp): cannot read usage-dice entry"),
        ('name = "Lamp"\nusage_dice = "2 (Refuel; DT)"', "item 1 (Lamp): usage_dice has Refuel"),
        ('name = "Lamp"\nusage_dice = "2 (Refuel with tallow)"', "refuels with 'tallow'"),
        ('name = "Axe"\ndamage = "2 to 4"', 'item 1 (Axe): damage must read "tier 2 / tier 3"'),
        ('name = "Axe"\ndamage = "2 / 4"\nattack = "X"', "item 1 (Axe): attack must be one of"),
        ('name = "Board"\ntags = ["shield"]', "item 1 (Board): a shield needs an ad value"),
        ("slots = 1", "item 1: name must be non-empty text"),
    ],
)
def test_bad_entries_are_named(entry: str, message: str) -> None:
    with pytest.raises(CatalogueError) as caught:
        load_item_catalogue(f"[[item]]\n{entry}\n", "test.toml")
    assert message in str(caught.value)
    assert str(caught.value).startswith("test.toml: ")


def test_duplicate_names_and_empty_catalogues_are_refused() -> None:
    with pytest.raises(
        CatalogueError, match="item 2 \\(rope\\): the name is already used by item 1"
    ):
        load_item_catalogue('[[item]]\nname = "Rope"\n[[item]]\nname = "rope"\n', "test.toml")
    with pytest.raises(CatalogueError, match="no \\[\\[item\\]\\] entries"):
        load_item_catalogue("", "test.toml")
    with pytest.raises(CatalogueError, match="not valid TOML"):
        load_item_catalogue("[[item", "test.toml")
