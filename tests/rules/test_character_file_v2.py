"""Version 2 of the character file: background, XP, traits, coins, pets and the NPC connection
read, written and stored; version 1 files still read and check."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from refkit.rules.character.file_format import (
    CharacterFileError,
    character_to_json,
    check_character,
    dump_character_json,
    load_character_json,
)
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.progress import Connection, Experience


def plain() -> Character:
    return Character(
        name="Tilly Marsh",
        characteristics=Characteristics(agility=2, mind=1, strength=0),
        stamina=Stamina(max=5, current=5),
    )


def grown() -> Character:
    return replace(
        plain(),
        background="Thief",
        xp=Experience(total=1650, spendable=650, es_taken=3, es_uses_left=1, char_taken=0),
        traits=("Thievery: Stealthy", "Thievery: Above It All"),
        coins=14,
        pets=("Dog",),
        connection=Connection("Old Maud", "aunt", "Foodie"),
    )


def test_a_grown_crow_round_trips_as_version_2() -> None:
    document = character_to_json(grown())
    assert document["version"] == 2
    assert document["background"] == "Thief"
    assert document["xp"] == {
        "total": 1650,
        "spendable": 650,
        "bonuses": {"expertise_stamina": 3, "expertise_uses_left": 1, "characteristic": 0},
    }
    assert document["traits"] == ["Thievery: Stealthy", "Thievery: Above It All"]
    assert (document["coins"], document["pets"]) == (14, ["Dog"])
    assert document["connection"] == {
        "name": "Old Maud",
        "relationship": "aunt",
        "benefit": "Foodie",
    }
    assert load_character_json(dump_character_json(grown())) == grown()


def test_xp_without_bonuses_is_the_contract_pair() -> None:
    crow = replace(plain(), xp=Experience(total=100, spendable=100))
    assert character_to_json(crow)["xp"] == {"total": 100, "spendable": 100}


def test_a_crow_without_the_additions_is_still_a_version_1_file() -> None:
    document = character_to_json(plain())
    assert document["version"] == 1
    assert not {"background", "xp", "traits", "coins", "pets", "connection"} & set(document)
    assert load_character_json(json.dumps(document)) == plain()


def test_a_version_1_file_reads_and_checks_and_ignores_keys_it_never_had() -> None:
    document = {**character_to_json(plain()), "coins": "lots", "traits": 7}
    crow = load_character_json(json.dumps(document))
    assert crow == plain()
    assert check_character(crow).valid


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("xp", {"total": 10, "spendable": 20}, "xp.spendable (20) is above xp.total (10)"),
        ("xp", {"total": 10}, "xp.spendable is missing"),
        ("xp", {"total": -1, "spendable": 0}, "xp.total: -1 is less than 0"),
        ("xp", {"total": 1, "spendable": 0, "level": 3}, "xp has an unknown key 'level'"),
        (
            "xp",
            {"total": 1, "spendable": 1, "bonuses": {"characteristic": True}},
            "xp.bonuses.characteristic must be a whole number",
        ),
        ("traits", "Thievery: Stealthy", "traits must be a list of names"),
        ("traits", ["A: B", "a: b"], "traits[1] repeats 'a: b'"),
        ("traits", ["Bad\x1bname"], "traits[0]"),
        ("coins", 10**40, "coins: a number of about 41 digits is more than 10000000"),
        ("pets", [3], "pets[0] must be text"),
        ("connection", {"name": "Maud", "benefit": "Rich"}, "connection.benefit must be one of"),
        ("connection", {"relationship": "aunt"}, "connection.name is missing"),
        ("background", 5, "background must be text"),
    ],
)
def test_bad_version_2_keys_are_named(key: str, value: object, message: str) -> None:
    document = {**character_to_json(grown()), key: value}
    with pytest.raises(CharacterFileError, match=re.escape(message)):
        load_character_json(json.dumps(document), "t.crow.json")


def test_check_warns_about_traits_and_backgrounds_it_does_not_know() -> None:
    crow = replace(
        grown(),
        background="Pirate",
        traits=("Thievery: Stealthy", "Thievery: Tumble", "Cooking: Stew"),
    )
    report = check_character(crow)
    assert report.valid
    codes = [(w.code, w.message) for w in report.warnings]
    assert ("unknown_background", "'Pirate' is not one of the 36 backgrounds") in codes
    assert ("trait_unreachable", "Thievery: Tumble is held without Dodgy above it") in codes
    assert any(code == "unknown_trait" and "Cooking" in text for code, text in codes)
    assert check_character(grown()).warnings == ()


def test_check_warns_about_more_bonuses_than_the_txp_gives() -> None:
    crow = replace(grown(), xp=Experience(total=100, spendable=0, es_taken=2))
    assert [w.code for w in check_character(crow).warnings] == ["xp_bonuses"]
