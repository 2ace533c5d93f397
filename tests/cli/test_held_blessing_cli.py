"""Delayed Inspiration and Bard (Camping): Song of Rest's blessing held in the rest records and
taken later with ``character blessing use NAME`` — blessed then, one held blessing fewer; a crow
holding none, or blessed already, is one ``error:`` line with nothing written."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.party.blessings import held_blessings
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input


def crow(name: str, *items: Item, traits: tuple[str, ...] = ()) -> Character:
    rations = Item("Ration", area=BACKPACK, at=9, count=4, stack=StackInfo("ration", 6), id="r")
    made = Character(
        name, Characteristics(0, 1, 2), Stamina(5, 5), items=Inventory((rations, *items), ())
    )
    return replace(made, traits=traits)


def sung(cli, tmp_path, traits: tuple[str, ...]):
    db = str(tmp_path / "refkit.sqlite3")
    lute = Item("Musical instrument", area=BACKPACK, at=2, id="lute")
    singing = ("Camping: Song of Rest", *traits)
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        characters.create(crow("Ada", lute, traits=singing))
        characters.create(crow("Wren"))
        characters.create_party("Band", ["Ada", "Wren"])

    def run(*args: str):
        return cli("--db", db, *args)

    def state() -> tuple[bool, int]:
        with Database.open(db) as database:
            characters = CharacterService(CharacterRepository(database))
            wren = characters.get("Wren")
            return "blessed" in wren.conditions, held_blessings(characters.repository, "Wren")

    assert run("dt", "party", "Band").code == 0
    assert run("dt", "start", "--dungeon", "Crypt").code == 0
    assert run("dt", "rest", "start").code == 0
    done = run("dt", "rest", "finish", "--activity", "Ada=trait:Song of Rest", "--json")
    assert done.code == 0, done.err
    return run, state, done.json["crows"][1]["activity_result"]


@pytest.mark.parametrize(
    ("traits", "after_rest", "said"),
    [
        ((), (True, 0), "blessed by Ada's Song of Rest"),
        (("Camping: Delayed Inspiration",), (False, 1), "holds 1 blessing from Ada's"),
        (
            ("Camping: Delayed Inspiration", "Camping: Bard"),
            (False, 2),
            "holds 2 blessings from Ada's",
        ),
    ],
)
def test_the_song_blesses_now_or_holds_it(cli, tmp_path, traits, after_rest, said) -> None:
    _, state, result = sung(cli, tmp_path, traits)
    assert state() == after_rest
    assert said in result


def test_a_held_blessing_is_taken_later(cli, tmp_path) -> None:
    run, state, _ = sung(cli, tmp_path, ("Camping: Delayed Inspiration", "Camping: Bard"))
    used = run("character", "blessing", "use", "Wren", "--json")
    assert used.code == 0, used.err
    assert used.json == {"name": "Wren", "blessed": True, "held_blessings": 1}
    assert state() == (True, 1)
    assert_bad_input(run("character", "blessing", "use", "Wren"), "blessed already")
    assert state() == (True, 1)


def test_no_held_blessing_is_refused(cli, tmp_path) -> None:
    run, state, _ = sung(cli, tmp_path, ())
    assert_bad_input(run("character", "blessing", "use", "Ada"), "holds no blessing")
    assert state() == (True, 0)


def test_the_next_rest_ends_a_held_blessing(cli, tmp_path) -> None:
    run, state, _ = sung(cli, tmp_path, ("Camping: Delayed Inspiration",))
    assert run("dt", "rest", "start").code == 0
    assert run("dt", "rest", "finish").code == 0
    assert state() == (False, 0)
