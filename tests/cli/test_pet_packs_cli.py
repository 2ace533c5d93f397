"""Pets carry things from the command line: ``character pack put|take`` (one undo step each, a
refused move one ``error:`` line and nothing written), ``character show`` with the pets' packs,
and ``dt rest finish --beast-of-burden CROW=PET`` giving a pet Beast of Burden's 2 extra slots."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input

CROW = "Wren Hollow"


def herder() -> Character:
    return Character(
        CROW,
        Characteristics(0, 1, 2),
        Stamina(7, 7),
        items=Inventory(
            (
                Item("Rope", area=BACKPACK, at=1, id="rope-1"),
                Item("Lantern", area=BACKPACK, at=2, id="lantern-1"),
                Item("Ration", area=BACKPACK, at=3, count=4, stack=StackInfo("ration", 6)),
            )
        ),
        pets=("Rex the Dog", "Goat", "Mr. Whiskers"),
    )


@pytest.fixture
def run(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        CharacterService(CharacterRepository(database)).create(herder())

    def call(*args: str):
        return cli("--db", db, *args)

    return call


def sheet(run) -> dict:
    return json.loads(run("character", "export", CROW, "--out", "-").out)


def test_put_an_item_on_a_pet_and_take_it_back(run) -> None:
    put = run("character", "pack", "put", CROW, "Rope", "--pet", "rex the dog", "--json")
    assert put.code == 0, put.err
    assert put.json["step"] == "Put Rope on Rex the Dog"
    rex = put.json["pets"][0]
    assert (rex["name"], rex["kind"], rex["slots"], rex["beast_of_burden"]) == (
        "Rex the Dog", "Dog", 1, False,
    )  # fmt: skip
    assert [i["name"] for i in rex["items"]] == ["Rope"]
    assert sheet(run)["pet_packs"]["Rex the Dog"][0]["at"] == 1
    assert all(i["name"] != "Rope" for i in sheet(run)["items"])
    taken = run("character", "pack", "take", CROW, "rope-1", "--to", "belt", "--slot", "2")
    assert taken.code == 0, taken.err
    assert "Take Rope off Rex the Dog to belt 2" in taken.out
    assert "pet_packs" not in sheet(run)
    rope = next(i for i in sheet(run)["items"] if i["name"] == "Rope")
    assert (rope["area"], rope["at"]) == ("belt", 2)


def test_a_full_pack_is_refused_with_one_line_and_nothing_written(run) -> None:
    assert run("character", "pack", "put", CROW, "Rope", "--pet", "Rex the Dog").code == 0
    before = sheet(run)
    refused = run("character", "pack", "put", CROW, "Lantern", "--pet", "Rex the Dog")
    assert_bad_input(refused, "Rex the Dog's pack", "no room")
    assert sheet(run) == before
    unknown = run("character", "pack", "put", CROW, "Lantern", "--pet", "Mr. Whiskers")
    assert_bad_input(unknown, "Mr. Whiskers has no pack")
    stray = run("character", "pack", "put", CROW, "Lantern", "--pet", "Rover")
    assert_bad_input(stray, "no pet called 'Rover'")
    assert sheet(run) == before


def test_a_stack_splits_across_a_goats_stack_and_show_lists_the_packs(run) -> None:
    assert run("character", "pack", "put", CROW, "Ration", "--pet", "Goat", "--slot", "2").code == 0
    shown = run("character", "show", CROW, "--json")
    assert shown.code == 0, shown.err
    goat = next(p for p in shown.json["pets"] if p["name"] == "Goat")
    assert [(i["name"], i["at"], i["count"]) for i in goat["items"]] == [("Ration", 2, 4)]
    assert shown.json["character"]["pet_packs"]["Goat"][0]["count"] == 4
    whiskers = next(p for p in shown.json["pets"] if p["name"] == "Mr. Whiskers")
    assert whiskers["slots"] is None and whiskers["items"] == []
    text = run("character", "show", CROW).out
    assert "pet: Goat (Goat, 1 of 2 slots: Ration ×4)" in text
    assert "pet: Mr. Whiskers (no pack)" in text


def test_take_to_a_magic_slot_needs_a_magic_item(run) -> None:
    assert run("character", "pack", "put", CROW, "Rope", "--pet", "Goat").code == 0
    refused = run("character", "pack", "take", CROW, "Rope", "--to", "magic", "--slot", "neck")
    assert_bad_input(refused, "Rope is not a magic item")
    bad_slot = run("character", "pack", "take", CROW, "Rope", "--slot", "two")
    assert_bad_input(bad_slot, "--slot 'two'")


@pytest.fixture
def resting(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")

    def call(*args: str):
        return cli("--db", db, *args)

    assert call("dt", "start", "--dungeon", "Crypt").code == 0
    first = call("dt", "party", "--json").json["members"][0]
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        crow = characters.get(first)
        characters.save(
            replace(
                crow, pets=("Rex the Dog", "Goat"), traits=(*crow.traits, "Pets: Beast of Burden")
            )
        )
    assert call("dt", "rest", "start").code == 0
    assert call("dt", "rest", "check", "--die", "9").code == 0
    call.first = first  # type: ignore[attr-defined]
    return call


def test_a_rest_gives_the_chosen_pet_two_extra_slots(resting) -> None:
    first = resting.first
    done = resting("dt", "rest", "finish", "--beast-of-burden", f"{first}=goat", "--json")
    assert done.code == 0, done.err
    entry = next(e for e in done.json["crows"] if e["character"] == first)
    assert entry["beast_of_burden"] == "Goat"
    assert "Goat carries 2 slots more (Beast of Burden)" in resting("dt", "log").out
    goat = next(
        p for p in resting("character", "show", first, "--json").json["pets"] if p["name"] == "Goat"
    )
    assert (goat["slots"], goat["beast_of_burden"]) == (4, True)
    exported = json.loads(resting("character", "export", first, "--out", "-").out)
    assert exported["beast_of_burden"] == "Goat"


def test_a_rest_without_a_choice_gives_the_first_pet_the_slots(resting) -> None:
    done = resting("dt", "rest", "finish", "--json")
    assert done.code == 0, done.err
    entry = next(e for e in done.json["crows"] if e["character"] == resting.first)
    assert entry["beast_of_burden"] == "Rex the Dog"


def test_a_wrong_beast_of_burden_choice_is_refused_before_the_rest(resting) -> None:
    first = resting.first
    log_before = resting("dt", "log", "--json").json["entries"]
    refused = resting("dt", "rest", "finish", "--beast-of-burden", f"{first}=Rover")
    assert_bad_input(refused, "dt rest finish: Beast of Burden", "no pet called 'Rover'")
    malformed = resting("dt", "rest", "finish", "--beast-of-burden", "Rover")
    assert_bad_input(malformed, "is not CROW=PET")
    assert resting("dt", "status", "--json").json["state"] == "resting"
    assert resting("dt", "log", "--json").json["entries"] == log_before
