"""The ready-made crows in resources/sample_party/ load, check clean and carry catalogue gear:
every item is a fresh copy of its Playtest 2 card at a legal place, and each has a kit to play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.locate import resource_path
from refkit.rules.character.file_format import (
    check_character,
    dump_character_json,
    load_character_json,
)
from refkit.rules.character.model import creation_problems, expertise_category, load_expertise_names
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import HAND, Inventory
from refkit.rules.inventory.moves import can_place_item, carried_fuel

PARTY = sorted(resource_path("sample_party").glob("*.crow.json"))


def _crow(path):
    return load_character_json(path.read_text(encoding="utf-8"), path.name)


def test_there_are_three_sample_crows() -> None:
    assert len(PARTY) == 3


@pytest.mark.parametrize("path", PARTY, ids=lambda path: path.name)
def test_a_sample_crow_is_a_legal_new_character(path) -> None:
    text = path.read_text(encoding="utf-8")
    character = load_character_json(text, path.name)
    report = check_character(character)
    assert report.valid and report.errors == () and report.warnings == ()
    assert report.speed == 5 and not report.dead
    assert creation_problems(character) == []
    assert character.items.worn_armor() is not None
    assert character.notes
    assert dump_character_json(character) == text


@pytest.mark.parametrize("path", PARTY, ids=lambda path: path.name)
def test_every_sample_item_is_its_catalogue_card_fresh_at_its_place(path) -> None:
    character = _crow(path)
    catalogue = load_item_catalogue()
    assert character.items.ground == ()
    for item in character.items:
        entry = find_catalogue_item(catalogue, item.name)  # KeyError: not a catalogue item
        fresh = entry.to_item(item.area, item.at, count=item.count, item_id=item.id)
        if fresh.armor is not None:
            fresh = replace(fresh, armor=replace(fresh.armor, worn=item.worn))
        # Same slots, stack, usage dice (full), AD (undamaged), damage, keywords, range, price,
        # crafting, tags and notes as the card.
        assert item == fresh, item.name


@pytest.mark.parametrize("path", PARTY, ids=lambda path: path.name)
def test_each_sample_item_could_be_placed_where_it_lies_by_the_move_rules(path) -> None:
    character = _crow(path)
    packed = Inventory(items=())
    for item in character.items:
        verdict = can_place_item(packed, item, item.area, item.at)
        assert verdict.ok and not verdict.warning, f"{item.label}: {verdict.reason}"
        packed = packed.with_item(item)


@pytest.mark.parametrize("path", PARTY, ids=lambda path: path.name)
def test_a_sample_crow_carries_the_starting_kit_and_listed_expertises(path) -> None:
    character = _crow(path)
    names = load_expertise_names()
    for expertise in character.expertises:
        assert expertise_category(expertise.name, names) == expertise.category
    carried = {item.name for item in character.items}
    assert {"Knife", "Rope", "Ration", "Coin purse"} <= carried  # every crow's starting kit
    assert sum(i.count for i in character.items if i.name == "Ration") == 6


@pytest.mark.parametrize("path", PARTY, ids=lambda path: path.name)
def test_a_sample_crow_carries_a_weapon_for_each_weapon_expertise(path) -> None:
    character = _crow(path)
    for expertise in character.expertises:
        if expertise.category != "weapon":
            continue
        group = expertise.name.casefold()
        assert any(group in item.keywords for item in character.items if item.damage), group
    held = character.items.items_in(HAND)
    assert any(item.damage is not None for item in held), "a weapon or attack spell in hand"


@pytest.mark.parametrize("path", PARTY, ids=lambda path: path.name)
def test_a_sample_crow_carries_a_light_and_what_keeps_it_burning(path) -> None:
    character = _crow(path)
    lights = [item for item in character.items if "light" in item.tags and item.usage_dice]
    assert lights
    for light in lights:
        if light.usage_dice is not None and light.usage_dice.refuel_with:
            assert carried_fuel(character.items, light.id) is not None, light.name
    # A torch burns out after a DT or so: who relies on torches carries a spare.
    torches = sum(item.count for item in lights if item.name == "Torch")
    assert torches != 1


def test_the_party_has_a_lit_light_in_hand_a_caster_with_a_spellbook_and_a_bow_with_arrows() -> (
    None
):
    crows = {crow.name: crow for crow in map(_crow, PARTY)}
    in_hand = [i for crow in crows.values() for i in crow.items.items_in(HAND)]
    assert any("light" in item.tags for item in in_hand)
    # The crow with the highest Mind casts: a spellbook in hand, its usage dice full.
    caster = max(crows.values(), key=lambda crow: crow.characteristics.mind)
    books = [i for i in caster.items.items_in(HAND) if "spellbook" in i.tags]
    assert books and all(book.usage_dice and book.usage_dice.current >= 1 for book in books)
    archer = crows["Wren Ashdown"]
    bow = next(i for i in archer.items.items_in(HAND) if "bow" in i.keywords)
    assert any("ammunition" in i.tags for i in archer.items)
    if "cumbersome" in bow.keywords:  # it needs both hands: the other one is free to draw
        assert archer.items.items_in(HAND) == (bow,)


def test_the_sample_crows_have_different_names() -> None:
    names = {load_character_json(p.read_text(encoding="utf-8"), p.name).name for p in PARTY}
    assert len(names) == len(PARTY)
