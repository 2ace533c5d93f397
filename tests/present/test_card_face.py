"""What a card shows for catalogue items, decided without Qt: facts, badge, colours, tooltip."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.present import (
    DEFAULT_KIND_COLOUR,
    KIND_COLOURS,
    USED_UP_COLOUR,
    CardFace,
    CardFact,
    accent_colour,
    card_facts,
    kind_colour,
)
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import Armor, UsageDiceState


@pytest.fixture(scope="module")
def catalogue():
    return load_item_catalogue()


def face_of(catalogue, name: str) -> CardFace:
    return CardFace.from_catalogue(find_catalogue_item(catalogue, name))


def test_a_weapon_shows_its_damage_keywords_range_price_and_crafting_in_the_weapon_red(catalogue):
    face = face_of(catalogue, "Sword")
    assert face.kind == "weapon"
    assert kind_colour(face) == accent_colour(face) == KIND_COLOURS["weapon"] == "#8c3b2a"
    assert card_facts(face) == (
        CardFact("Dmg 3+S / 6+S"),
        CardFact("Melee 1"),
        CardFact("disengage · parry 4 · slashing"),
        CardFact("12 gc", footer=True),
        CardFact("Blacksmithing 1 | 1 iron bar | 10", footer=True),
    )
    assert face.count_text == ""
    assert face.spoken() == "Sword"
    tooltip = face.tooltip()
    assert "Damage tier 2 / tier 3: 3+S / 6+S; range melee 1" in tooltip
    assert "Slashing, disengage, parry 4<br>Price 12 gc<br>Crafting: Blacksmithing 1" in tooltip


def test_a_damaged_tool_says_so_first_in_red_and_bold(catalogue):
    picks = find_catalogue_item(catalogue, "Lockpick set").to_item()
    face = CardFace.from_item(picks.with_damage())
    assert card_facts(face)[0] == CardFact("DAMAGED · bane", strong=True, used_up=True)
    assert "<b>Damaged: a bane until repaired at a rest</b>" in face.tooltip()
    assert face.spoken() == "Lockpick set, damaged"
    assert not CardFace.from_item(picks).damaged


def test_a_stack_shows_count_of_limit_and_says_it_in_the_tooltip(catalogue):
    face = face_of(catalogue, "Knife")
    assert (face.stack_limit, face.stack_kind, face.count) == (2, "knife", 1)
    assert face.count_text == "1/2"
    assert face.spoken() == "Knife, count 1/2"
    assert "Stack of 1 (up to 2 knife)" in face.tooltip()
    potion = face_of(catalogue, "Healing potion")
    assert (potion.kind, accent_colour(potion)) == ("potion", "#2e7d4f")
    assert card_facts(potion) == (
        CardFact("100 gc", footer=True),
        CardFact("Alchemy 1 | 1 monster part (any) | 20", footer=True),
    )


def test_two_slot_armour_lists_ad_then_slots_and_worn_armour_is_bold(catalogue):
    face = face_of(catalogue, "Light armor")
    assert face.kind == "armor" and accent_colour(face) == "#3d5a80"
    assert card_facts(face)[:2] == (CardFact("AD 5/5"), CardFact("2 slots"))
    item = find_catalogue_item(catalogue, "Light armor").to_item()
    worn = CardFace.from_item(replace(item, armor=Armor(ad=3, max_ad=5, worn=True)))
    assert card_facts(worn)[:2] == (CardFact("AD 3/5 · WORN", strong=True), CardFact("2 slots"))
    assert worn.spoken() == "Light armor, 2 slots, AD 3/5 · WORN"


def test_a_shield_is_a_shield_before_it_is_armour(catalogue):
    face = face_of(catalogue, "Shield")
    assert face.shield and face.ad == 5
    assert face.kind == "shield"


def test_usage_dice_are_pips_and_used_up_dice_grey_the_card_and_redden_the_line(catalogue):
    face = face_of(catalogue, "Torch")
    assert face.kind == "light" and accent_colour(face) == "#a06a00"
    assert card_facts(face)[0] == CardFact("UD ●")
    item = find_catalogue_item(catalogue, "Torch").to_item()
    assert item.usage_dice is not None
    burnt = CardFace.from_item(replace(item, usage_dice=replace(item.usage_dice, current=0)))
    assert burnt.useless
    assert accent_colour(burnt) == USED_UP_COLOUR
    assert kind_colour(burnt) == KIND_COLOURS["light"]
    assert card_facts(burnt)[0] == CardFact("UD used up", used_up=True)
    half = CardFace.from_item(
        replace(item, usage_dice=UsageDiceState(max=2, current=1, modes=item.usage_dice.modes))
    )
    assert card_facts(half)[0] == CardFact("UD ●○")


def test_an_item_of_no_known_kind_gets_the_default_colour(catalogue):
    face = face_of(catalogue, "Quiver of 20 arrows")
    assert face.kind == ""
    assert accent_colour(face) == DEFAULT_KIND_COLOUR


def test_the_tooltip_escapes_markup_in_user_text():
    face = CardFace(name="Jar", notes="<b>not bold</b> & more")
    assert face.tooltip() == "<b>Jar</b><br>&lt;b&gt;not bold&lt;/b&gt; &amp; more"
