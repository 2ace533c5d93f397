"""A crow's items keep their card's print (keywords, range, price, crafting) and a tool's damage in
the character file; files written before those keys still read."""

from __future__ import annotations

import json

import pytest

from refkit.rules.character.file_format import (
    CharacterFileError,
    check_character,
    dump_character_json,
    load_character_json,
)
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import BELT, HAND, Crafting, Price
from refkit.rules.inventory.moves import add_item
from tests.old_sample import OLD_WREN_FILE

BEFORE_CARD_FIELDS = OLD_WREN_FILE  # the sample Wren as shipped before the card fields


def _entries(text: str) -> list[dict]:
    data = json.loads(text)
    return [*data["items"], *data.get("ground", [])]


def _crow_with(*names: str):
    character = load_character_json(BEFORE_CARD_FIELDS.read_text(encoding="utf-8"))
    catalogue = load_item_catalogue()
    items = character.items
    for name in names:
        items = add_item(items, find_catalogue_item(catalogue, name).to_item())
    return character.with_items(items)


def test_a_file_from_before_the_card_fields_reads_and_writes_back_unchanged() -> None:
    text = BEFORE_CARD_FIELDS.read_text(encoding="utf-8")
    assert not any(key in text for key in ('"keywords"', '"range"', '"price"', '"crafting"'))
    character = load_character_json(text)
    assert all(item.price is None and not item.keywords for item in character.items)
    assert all(not item.damaged for item in character.items)
    assert dump_character_json(character) == text
    assert check_character(character).valid


def test_a_catalogue_weapon_keeps_its_card_in_the_file() -> None:
    crow = _crow_with("Sword", "Lantern")
    text = dump_character_json(crow)
    back = load_character_json(text)
    assert back == crow
    sword = next(item for item in back.items if item.name == "Sword")
    assert sword.keywords == ("slashing", "disengage", "parry 4")
    assert sword.attack_range == "melee 1"
    assert sword.price == Price(gc=12)
    assert sword.crafting == Crafting("blacksmithing", 1, "1 iron bar", 10)
    entry = next(e for e in _entries(text) if e["name"] == "Sword")
    assert entry["keywords"] == ["slashing", "disengage", "parry 4"]
    assert entry["range"] == "melee 1"
    assert entry["price"] == {"gc": 12}
    assert entry["crafting"] == {
        "expertise": "blacksmithing",
        "uses": 1,
        "materials": "1 iron bar",
        "goal": 10,
    }
    lantern = next(e for e in _entries(text) if e["name"] == "Lantern")
    assert lantern["price"] == {"gc": 25, "fine": 1000, "masterwork": 2000}


def test_a_damaged_lockpick_set_stays_damaged_in_the_file_until_repaired() -> None:
    crow = _crow_with("Lockpick set")
    picks = next(item for item in crow.items if item.name == "Lockpick set")
    damaged = crow.with_items(crow.items.replaced(picks.with_damage()))
    back = load_character_json(dump_character_json(damaged))
    assert back.items.find(picks.id).damaged and back.items.find(picks.id).banes == 1
    entry = next(e for e in _entries(dump_character_json(back)) if e["id"] == picks.id)
    assert entry["damaged"] is True
    repaired = back.with_items(back.items.replaced(back.items.find(picks.id).with_damage(False)))
    assert '"damaged"' not in dump_character_json(repaired)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("keywords", "parry 4", "items[0].keywords must be a list"),
        ("range", 5, "items[0].range must be text"),
        ("price", 12, "items[0].price must be an object"),
        ("price", {"fine": 5}, "items[0].price.gc is missing"),
        ("price", {"gc": -1}, "items[0].price.gc"),
        ("price", {"gc": 10**30}, "items[0].price.gc"),
        ("crafting", {"expertise": "alchemy", "uses": 1, "goal": 5}, "crafting.materials"),
        ("crafting", {"expertise": "", "uses": 1, "materials": "x", "goal": 5}, "expertise"),
        ("damaged", "yes", "items[0].damaged must be true or false"),
    ],
)
def test_bad_card_fields_are_refused_by_name(field: str, value: object, message: str) -> None:
    data = json.loads(BEFORE_CARD_FIELDS.read_text(encoding="utf-8"))
    data["items"][0][field] = value
    with pytest.raises(CharacterFileError) as caught:
        load_character_json(json.dumps(data))
    assert message in str(caught.value)


def test_items_made_in_hand_and_belt_carry_the_fields_too() -> None:
    catalogue = load_item_catalogue()
    bow = find_catalogue_item(catalogue, "Crossbow").to_item(HAND, 1)
    quiver = find_catalogue_item(catalogue, "Case of 20 crossbow bolts").to_item(BELT, 1)
    assert bow.keywords == ("bow", "reload") and bow.attack_range == "ranged 15"
    assert quiver.price == Price(gc=5) and quiver.crafting is not None
