"""A studied lore book's uses go onto the crow's expertise until its next rest (characters
facts §3): the reader's lore expertise has +1 use (a crow without it gets it, as does the one it
is read to with Shared Knowledge), and the next rest takes them off again."""

from __future__ import annotations

import json
from dataclasses import replace

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database


def crow(name: str, *items: Item, traits: tuple[str, ...] = (), lore: int = 0) -> Character:
    rations = Item("Ration", area=BACKPACK, at=9, count=4, stack=StackInfo("ration", 6), id="r")
    made = Character(
        name, Characteristics(0, 1, 2), Stamina(5, 5), items=Inventory((rations, *items), ())
    )
    expertises = (Expertise("Monster Lore", "general", lore),) if lore else ()
    return replace(made, traits=traits, expertises=expertises)


def lore_uses(run, name: str, tmp_path) -> tuple[int, int] | None:
    out = tmp_path / f"{name}.json"
    shown = run("character", "export", name, "--out", str(out))
    assert shown.code == 0, shown.err
    for expertise in json.loads(out.read_text(encoding="utf-8"))["expertises"]:
        if expertise["name"] == "Monster Lore":
            return expertise["uses"], expertise["spent"]
    return None


def party(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")
    book = Item("Lore book", area=BACKPACK, at=2, notes="(Monster Lore)", id="book")
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        characters.create(crow("Ada", book, traits=("Knowledge: Shared Knowledge",), lore=2))
        characters.create(crow("Wren"))
        characters.create_party("Readers", ["Ada", "Wren"])

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("dt", "party", "Readers").code == 0
    assert run("dt", "start", "--dungeon", "Crypt").code == 0
    return run


def rest(run, *activities: str) -> None:
    assert run("dt", "rest", "start").code == 0
    extra = [arg for activity in activities for arg in ("--activity", activity)]
    done = run("dt", "rest", "finish", *extra, "--json")
    assert done.code == 0, done.err


def test_the_studied_uses_last_until_the_next_rest(cli, tmp_path) -> None:
    run = party(cli, tmp_path)
    assert lore_uses(run, "Ada", tmp_path) == (2, 0)
    rest(run, "Ada=study:Monster Lore>Wren")
    assert lore_uses(run, "Ada", tmp_path) == (3, 0)
    assert lore_uses(run, "Wren", tmp_path) == (1, 0)  # heard it read aloud: the expertise, 1 use
    rest(run)
    assert lore_uses(run, "Ada", tmp_path) == (2, 0)
    assert lore_uses(run, "Wren", tmp_path) is None
