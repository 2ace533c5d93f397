"""The character file's optional pet keys: ``pet_packs`` (what each pet carries, items written as
the backpack's are) and ``beast_of_burden`` (the pet with the extra slots). ``pets`` stays a list
of names; files without the new keys still read; hostile or broken ones get a clean error."""

from __future__ import annotations

import json
from typing import Any

import pytest

from refkit.rules.character.file_format import (
    CharacterFileError,
    character_to_json,
    check_character,
    dump_character_json,
    load_character_json,
)
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.pet_moves import move_to_pack
from refkit.rules.inventory.model import Inventory, Item, StackInfo


def packed_crow() -> Character:
    crow = Character(
        name="Tilly Marsh",
        characteristics=Characteristics(agility=2, mind=1, strength=0),
        stamina=Stamina(max=5, current=5),
        items=Inventory(
            (
                Item("Rope", area="backpack", at=1, id="rope-1"),
                Item(
                    "Ration",
                    area="backpack",
                    at=2,
                    count=3,
                    stack=StackInfo("ration", 3),
                    id="ration-1",
                ),
            )
        ),
        pets=("Rex the Dog", "Goat"),
        traits=("Pets: Beast of Burden",),
        burden_pet="Goat",
    )
    return move_to_pack(move_to_pack(crow, "rope-1", "Rex the Dog"), "ration-1", "Goat", at=4)


def document() -> dict[str, Any]:
    return character_to_json(packed_crow())


def load(data: dict[str, Any]) -> Character:
    return load_character_json(json.dumps(data))


def test_pet_packs_round_trip_and_pets_stay_a_list_of_names() -> None:
    data = document()
    assert data["version"] == 2
    assert data["pets"] == ["Rex the Dog", "Goat"]
    assert data["pet_packs"] == {
        "Rex the Dog": [{"id": "rope-1", "name": "Rope", "slots": 1, "area": "backpack", "at": 1}],
        "Goat": [
            {
                "id": "ration-1",
                "name": "Ration",
                "slots": 1,
                "area": "backpack",
                "at": 4,
                "count": 3,
                "stack": {"kind": "ration", "limit": 3},
            }
        ],
    }
    assert data["beast_of_burden"] == "Goat"
    assert load_character_json(dump_character_json(packed_crow())) == packed_crow()
    assert check_character(packed_crow()).valid


def test_a_version_2_file_without_the_keys_still_reads() -> None:
    data = document()
    del data["pet_packs"], data["beast_of_burden"]
    crow = load(data)
    assert crow.pet_packs == () and crow.burden_pet == ""


def test_a_crow_whose_pets_carry_nothing_writes_no_pet_keys() -> None:
    crow = load({**document(), "pet_packs": {}, "beast_of_burden": ""})
    assert not {"pet_packs", "beast_of_burden"} & set(character_to_json(crow))


def test_an_over_full_pack_reads_and_the_check_says_so() -> None:
    data = document()
    data["beast_of_burden"] = ""  # the Goat's slot 4 is gone with the extra slots
    report = check_character(load(data))
    assert [p.code for p in report.errors] == ["pet_pack"]
    assert "Goat's pack" in report.errors[0].message


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(pet_packs=["Rope"]), "pet_packs must be an object"),
        (lambda d: d["pet_packs"].update({"Rex\x1b[2J": []}), "pet_packs has a pet whose name"),
        (lambda d: d["pet_packs"].update({"x" * 3000: []}), "more than 2000"),
        (lambda d: d["pet_packs"].update({"": []}), "must not be empty"),
        (
            lambda d: d["pet_packs"].update({"Goat": {"name": "Rope"}}),
            "pet_packs.Goat must be a list",
        ),
        (
            lambda d: d["pet_packs"]["Goat"][0].update(area="hand"),
            "pet_packs.Goat[0].area must be 'backpack'",
        ),
        (lambda d: d["pet_packs"]["Goat"][0].update(id="rope-1"), "repeats the id 'rope-1'"),
        (lambda d: d["pet_packs"]["Goat"][0].update(slots=10**9), "pet_packs.Goat[0].slots"),
        (lambda d: d["pet_packs"]["Goat"][0].update(name="Rope\u202e"), "pet_packs.Goat[0].name"),
        (lambda d: d.update(pet_packs={"Dog": [], "dog": []}), "has two packs"),
        (lambda d: d.update(beast_of_burden=7), "beast_of_burden must be text"),
        (lambda d: d.update(pet_packs={f"Dog {i}": [] for i in range(51)}), "more than 50"),
    ],
)
def test_broken_or_hostile_pet_keys_get_a_clean_error(change: Any, said: str) -> None:
    data = document()
    change(data)
    with pytest.raises(CharacterFileError) as raised:
        load(data)
    assert said in str(raised.value)


def test_a_nest_save_sets_packed_items_aside_and_says_so() -> None:
    from dataclasses import replace

    from refkit.rules.character.peers import write_nest

    crow = replace(packed_crow(), background="Thief", characteristics=Characteristics(1, 0, 2))
    save, left_out = write_nest(crow)
    assert "Rope: carried by Rex the Dog; The Nest has no pet's pack (set aside)" in left_out
    assert {"key": "Rope", "qty": 1, "area": "none", "idx": 0} in save["inv"]
