"""The ready-made crows in resources/sample_party/ load, check clean and use catalogue gear."""

from __future__ import annotations

import pytest

from refkit.locate import resource_path
from refkit.rules.character.file_format import (
    check_character,
    dump_character_json,
    load_character_json,
)
from refkit.rules.character.model import creation_problems, expertise_category, load_expertise_names
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue

PARTY = sorted(resource_path("sample_party").glob("*.crow.json"))


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
def test_a_sample_crow_carries_catalogue_gear_and_listed_expertises(path) -> None:
    character = load_character_json(path.read_text(encoding="utf-8"), path.name)
    catalogue = load_item_catalogue()
    names = load_expertise_names()
    # The crows were packed before the catalogue became the Playtest 2 cards: their gear is their
    # own copies (as any crow's), but the starting kit the builder packs is still the catalogue's.
    for item in character.items:
        if item.name in {"Knife", "Rope", "Coin purse"}:
            entry = find_catalogue_item(catalogue, item.name)
            assert (item.slots, item.stack) == (entry.slots, entry.stack)
    for expertise in character.expertises:
        assert expertise_category(expertise.name, names) == expertise.category
    carried = {item.name for item in character.items}
    assert {"Knife", "Rope", "Ration", "Coin purse"} <= carried  # every crow's starting kit
    assert sum(i.count for i in character.items if i.name == "Ration") == 6


def test_the_sample_crows_have_different_names() -> None:
    names = {load_character_json(p.read_text(encoding="utf-8"), p.name).name for p in PARTY}
    assert len(names) == len(PARTY)
