"""``dt rest finish --activity CROW=study:LORE>LISTENER``: the study and Shared Knowledge's
reading aloud come out in the rest's report; a reader without the trait is one ``error:`` line,
exit 2, the rest still under way."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input


def crow(name: str, *items: Item, traits: tuple[str, ...] = ()) -> Character:
    rations = Item("Ration", area=BACKPACK, at=9, count=2, stack=StackInfo("ration", 6), id="r")
    made = Character(
        name, Characteristics(0, 1, 2), Stamina(5, 5), items=Inventory((rations, *items), ())
    )
    return replace(made, traits=traits)


def resting(cli, tmp_path, traits: tuple[str, ...]):
    db = str(tmp_path / "refkit.sqlite3")
    book = Item("Lore book", area=BACKPACK, at=2, notes="(Monster Lore)", id="book")
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        characters.create(crow("Ada", book, traits=traits))
        characters.create(crow("Wren"))
        characters.create_party("Readers", ["Ada", "Wren"])

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("dt", "party", "Readers").code == 0
    assert run("dt", "start", "--dungeon", "Crypt").code == 0
    assert run("dt", "rest", "start").code == 0
    return run


@pytest.mark.parametrize("listener", ["", ":Monster Lore>Wren"])
def test_study_and_read_aloud_at_the_rest(cli, tmp_path, listener: str) -> None:
    run = resting(cli, tmp_path, ("Knowledge: Shared Knowledge",))
    done = run("dt", "rest", "finish", "--activity", f"Ada=study{listener}", "--json")
    assert done.code == 0, done.err
    ada, wren = done.json["crows"]
    assert ada["activity"] == "study"
    assert ada["activity_result"].startswith("studied lore: +1 Monster Lore use until the next")
    heard = "heard Ada's lore book read aloud: +1 Monster Lore use until the next rest"
    assert (wren["activity_result"] == heard) is bool(listener)


def test_reading_aloud_without_shared_knowledge_writes_nothing(cli, tmp_path) -> None:
    run = resting(cli, tmp_path, ())
    assert_bad_input(
        run("dt", "rest", "finish", "--activity", "Ada=study:Monster Lore>Wren"),
        "takes the trait Shared Knowledge",
    )
    assert run("dt", "status", "--json").json["state"] == "resting"
