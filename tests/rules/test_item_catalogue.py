"""Refkit's item catalogue: the Playtest 2 cards' numbers and the rulebook's facts hold, entries
are checked, items come out right."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from refkit.rules.inventory.catalogue import (
    CatalogueError,
    CatalogueItem,
    find_catalogue_item,
    item_table,
    load_item_catalogue,
    read_item_table,
)
from refkit.rules.inventory.model import BACKPACK, BELT, HAND, MAGIC, Inventory
from refkit.rules.inventory.moves import add_item, move, refuel
from refkit.rules.usage_dice import UsageDiceMode

FACTS_COPY = Path(__file__).with_name("items_facts_table.md")
SHARED_FACTS = Path(__file__).parents[3] / "shared" / "rules" / "items-facts.md"
_ROW = re.compile(r"^\| \d+ \|")
# Print quirks the fact file records (all sources read them the same way); Refkit spells them out.
MATERIAL_QUIRKS = {
    "1 monster par (any)": "1 monster part (any)",
    "2 monster part (any)": "2 monster parts (any)",
}


def _fact_rows(path: Path) -> list[list[str]]:
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in path.read_text(encoding="utf-8").splitlines()
        if _ROW.match(line)
    ]


@dataclass(frozen=True)
class Card:
    """One row of the fact table, in the terms the catalogue uses."""

    name: str
    category: str
    slots: int
    stack: int
    usage_dice: str
    ad: str
    damage: str
    keywords: str
    range: str
    price: str
    crafting: tuple[str, str, str, str]

    @classmethod
    def from_row(cls, row: list[str]) -> Card:
        name = row[1].replace("†", "")
        if name.startswith("Lore Book"):
            name = "Lore Book"  # one card for the four subjects
        return cls(name, row[2], int(row[3]), int(row[4]), *row[5:11], tuple(row[11:15]))


CARDS = [Card.from_row(row) for row in _fact_rows(FACTS_COPY)]


@pytest.fixture(scope="module")
def catalogue():
    return load_item_catalogue()


def test_the_fact_copy_is_the_shared_fact_table() -> None:
    if not SHARED_FACTS.exists():
        pytest.skip("the shared fact file is not beside this checkout")
    assert _fact_rows(FACTS_COPY) == _fact_rows(SHARED_FACTS)


def test_the_catalogue_ships_every_playtest_2_card_once(catalogue) -> None:
    names = [entry.name.casefold() for entry in catalogue]
    assert len(CARDS) == 136
    assert sorted(names) == sorted(card.name.casefold() for card in CARDS)
    assert all(entry.notes for entry in catalogue)


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card.name)
def test_a_shipped_item_has_its_cards_numbers(catalogue, card: Card) -> None:
    entry = find_catalogue_item(catalogue, card.name)
    assert entry.slots == card.slots
    if card.stack == 1:
        assert entry.stack is None
    else:
        assert entry.stack is not None and entry.stack.limit == card.stack
    _check_usage_dice(entry, card.usage_dice)
    assert entry.ad == (None if card.ad == "—" else int(card.ad))
    _check_damage(entry, card)
    assert entry.attack_range == ("" if card.range == "—" else card.range)
    _check_price(entry, card.price)
    _check_crafting(entry, card.crafting)


def _check_usage_dice(entry: CatalogueItem, printed: str) -> None:
    if printed == "—":
        assert entry.usage_dice is None
        return
    match = re.match(r"(\d+): (\w+)(?: \((\w+)\))?, (\w+)", printed)
    assert match is not None and entry.usage_dice is not None
    assert entry.usage_dice.count == int(match[1])
    assert entry.usage_dice.modes == {UsageDiceMode.parse(match[2]), UsageDiceMode.parse(match[4])}
    if match[3] == "oil":
        assert entry.usage_dice.refuel_with == "Oil flask"


def _check_damage(entry: CatalogueItem, card: Card) -> None:
    weapon = re.match(r"^(\d+)\+(A/S|A|S) / (\d+)\+(A/S|A|S)$", card.damage)
    spell = re.search(r"T2 (\d+)\+M.*T3 (\d+)\+M", card.damage)
    if weapon:
        tiers, characteristic = (int(weapon[1]), int(weapon[3])), weapon[2]
    elif spell and card.category == "spellbook":
        tiers, characteristic = (int(spell[1]), int(spell[2])), "M"
    else:
        assert entry.damage is None
        return
    assert entry.damage is not None
    assert (entry.damage.tier2, entry.damage.tier3) == tiers
    assert entry.damage.characteristic == characteristic
    assert entry.damage.card_text == f"{tiers[0]}+{characteristic} / {tiers[1]}+{characteristic}"
    if card.category == "weapon":
        printed = card.keywords.split("; magic")[0].replace("†", "").replace(" (needs 2 hands)", "")
        assert entry.keywords == tuple(word.strip() for word in printed.split(","))
        assert ("magic" in entry.tags) == card.keywords.endswith("; magic")


def _check_price(entry: CatalogueItem, printed: str) -> None:
    match = re.match(r"^([\d,]+)[†‡]?(?: \(F ([\d,]+) / MW ([\d,]+)\)‡?)?$", printed)
    if match is None:
        assert entry.price is None, printed  # no price printed, or a unique item valued in XP
        return
    assert entry.price is not None

    def gc(text: str | None) -> int | None:
        return None if text is None else int(text.replace(",", ""))

    assert (entry.price.gc, entry.price.fine, entry.price.masterwork) == (
        gc(match[1]),
        gc(match[2]),
        gc(match[3]),
    )


def _check_crafting(entry: CatalogueItem, printed: tuple[str, str, str, str]) -> None:
    expertise, uses, materials, goal = printed
    if expertise == "—":
        assert entry.crafting is None
        return
    assert entry.crafting is not None
    assert entry.crafting.expertise == expertise
    assert entry.crafting.uses == int(uses.split()[0])  # the normal item of a Fine/MW ladder
    assert entry.crafting.materials == MATERIAL_QUIRKS.get(materials, materials)
    assert entry.crafting.goal == int(goal.split()[0].rstrip("†"))


def test_a_shield_and_a_sword_take_one_slot_and_a_greatsword_two(catalogue) -> None:
    # Booklet L288: a shield, a sword and a crowbar take a single slot each.
    for name in ("Shield", "Sword", "Crowbar"):
        assert find_catalogue_item(catalogue, name).slots == 1, name
    assert find_catalogue_item(catalogue, "Greatsword").slots == 2
    assert not any(entry.name in ("Tower shield", "Longsword") for entry in catalogue)
    hands = add_item(Inventory(), find_catalogue_item(catalogue, "Sword").to_item(item_id="s"))
    hands = move(hands, "s", HAND, 1)
    hands = add_item(hands, find_catalogue_item(catalogue, "Shield").to_item(item_id="sh"))
    hands = move(hands, "sh", HAND, 2)
    assert hands.check() == [] and [i.id for i in hands.armor_sources()] == ["sh"]


def test_a_lockpick_set_is_not_used_up_and_a_damaged_one_takes_a_bane(catalogue) -> None:
    # Booklet L169: a damaged set is not used up; tests with it take a bane until repaired.
    entry = find_catalogue_item(catalogue, "Lockpick set")
    assert entry.usage_dice is None
    picks = entry.to_item(BELT, 4)
    assert picks.banes == 0 and not picks.damaged
    damaged = picks.with_damage()
    assert damaged.banes == 1 and damaged.damaged
    assert damaged.usage_dice is None  # nothing to run out
    assert damaged.with_damage(False) == picks  # repaired at a rest, it is the set it was


def test_the_missing_kinds_are_shipped(catalogue) -> None:
    tools = {"Alchemist's tools": "alchemy", "Blacksmith's tools": "blacksmithing"}
    tools["Enchanter's tools"] = "enchanting"
    for name, expertise in tools.items():
        assert expertise in find_catalogue_item(catalogue, name).notes
    books = [entry for entry in catalogue if "spellbook" in entry.tags]
    assert len(books) == 27
    assert all(book.usage_dice is not None and book.usage_dice.count == 1 for book in books)
    quiver = find_catalogue_item(catalogue, "Quiver of 20 arrows")
    assert quiver.usage_dice_text == "2 (Useless; Activate)"
    assert find_catalogue_item(catalogue, "Case of 20 crossbow bolts").usage_dice is not None
    assert find_catalogue_item(catalogue, "Fire bomb").stack.limit == 2


def test_a_lantern_has_two_usage_dice_refuelled_by_an_oil_flask(catalogue) -> None:
    lantern = find_catalogue_item(catalogue, "Lantern")
    assert lantern.usage_dice.count == 2
    assert lantern.usage_dice.modes == {UsageDiceMode.REFUEL, UsageDiceMode.DT}
    assert lantern.usage_dice_text == "2 (Refuel with Oil flask; DT)"


@pytest.mark.parametrize(
    ("name", "kind", "limit"),
    [("Oil flask", "oil flask", 2), ("Healing potion", "potion", 5), ("Padlock", "padlock", 3)],
)
def test_the_rulebook_stack_limits_hold(catalogue, name: str, kind: str, limit: int) -> None:
    # Booklet L290: a slot holds 5 potions, 3 locks or 2 flasks of lantern oil.
    stack = find_catalogue_item(catalogue, name).stack
    assert (stack.kind, stack.limit) == (kind, limit)


def test_every_potion_stacks_as_a_potion(catalogue) -> None:
    potions = [entry for entry in catalogue if "potion" in entry.tags]
    assert len(potions) >= 5
    assert all(entry.stack is not None and entry.stack.kind == "potion" for entry in potions)
    assert all(entry.stack.limit == 5 for entry in potions)


def test_candle_and_torch_burn_down_at_the_end_of_each_dt(catalogue) -> None:
    for name in ("candle", "Torch"):
        light = find_catalogue_item(catalogue, name)
        assert light.usage_dice.count == 1
        assert light.usage_dice.modes == {UsageDiceMode.USELESS, UsageDiceMode.DT}
        assert "light" in light.tags


def test_a_catalogue_entry_becomes_an_inventory_item_with_its_card(catalogue) -> None:
    armour = find_catalogue_item(catalogue, "Light armor").to_item(BACKPACK, 1)
    assert (armour.area, armour.at, armour.slots) == (BACKPACK, 1, 2)
    assert armour.armor.ad == armour.armor.max_ad == 5 and not armour.armor.worn
    potions = find_catalogue_item(catalogue, "Healing potion").to_item(BELT, 2, count=4)
    assert potions.count == 4 and potions.stack.limit == 5
    lantern = find_catalogue_item(catalogue, "Lantern").to_item(HAND, 1)
    assert lantern.usage_dice.current == lantern.usage_dice.max == 2
    ring = find_catalogue_item(catalogue, "Life ring").to_item(MAGIC, "finger")
    assert ring.magic_slot == "finger" and ring.at is None
    knife = find_catalogue_item(catalogue, "Knife").to_item(HAND, 1)
    assert knife.keywords == ("slashing", "disengage", "light", "parry 2")
    assert knife.attack_range == "melee 1 / thrown 5"
    assert knife.price.text == "10 gc"
    assert knife.crafting.text == "Blacksmithing 1 | 1 iron bar | 5"
    lantern_price = find_catalogue_item(catalogue, "Lantern").price
    assert lantern_price.text == "25 gc (Fine 1,000 · MW 2,000)"
    with pytest.raises(ValueError, match="does not stack"):
        find_catalogue_item(catalogue, "Rope").to_item(BELT, 1, count=2)


def test_catalogue_oil_refuels_a_catalogue_lantern(catalogue) -> None:
    kit = Inventory()
    kit = add_item(kit, find_catalogue_item(catalogue, "Lantern").to_item(item_id="lantern"))
    kit = add_item(kit, find_catalogue_item(catalogue, "Oil flask").to_item(item_id="oil"))
    lantern = kit.find("lantern")
    kit = kit.replaced(replace(lantern, usage_dice=replace(lantern.usage_dice, current=0)))
    refuelled = refuel(kit, "lantern", "oil")
    assert refuelled.find("lantern").usage_dice.current == 2
    assert "oil" not in refuelled.ids()


def test_every_entry_reads_back_from_its_own_table(catalogue) -> None:
    # An own item is stored as these keys; every field a card has comes back.
    for entry in catalogue:
        assert read_item_table(item_table(entry)) == entry, entry.name


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
        ('name = "Axe"\nprice = -1', "item 1 (Axe): price must be 0 or more"),
        (
            'name = "Axe"\nfine_price = 5',
            "item 1 (Axe): fine_price and masterwork_price need a price",
        ),
        ('name = "Axe"\nkeywords = "parry 4"', "item 1 (Axe): keywords must be a list"),
        ('name = "Axe"\nrange = 5', "item 1 (Axe): range must be text"),
        ('name = "Axe"\ncrafting = { expertise = "x" }', "item 1 (Axe): crafting must be a table"),
        (
            'name = "Axe"\ncrafting = { expertise = "x", uses = 0, materials = "y", goal = 1 }',
            "item 1 (Axe): crafting.uses must be 1 or more",
        ),
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


def test_the_shipped_catalogue_is_read_once_and_handed_out_as_a_fresh_list() -> None:
    first = load_item_catalogue()
    first.clear()  # a caller's own list: changing it changes nothing for the next caller
    second = load_item_catalogue()
    assert len(second) == 136
    assert second[0] is load_item_catalogue()[0]  # the same frozen entries, not read again
