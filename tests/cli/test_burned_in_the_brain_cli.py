"""Burned in the Brain (Elemental, issue 26 item 3): the rest activity ``trait:Burned in the
Brain:BOOK`` absorbs a carried elemental spellbook — it leaves its slot, the file keeps it among
the magic items with no slot (tagged ``absorbed``), ``character check`` passes it, and ``cast
--crow`` casts from it with empty hands. A book of another discipline is refused; a second book
absorbed replaces the first."""

from __future__ import annotations

import json
from dataclasses import replace

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo, UsageDiceState
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input

MAGE = "Ysolde Marr"
MODES = frozenset({UsageDiceMode.REST, UsageDiceMode.ACTIVATE})


def book(name: str, at: int, item_id: str) -> Item:
    dice = UsageDiceState(1, 1, MODES)
    return Item(name, area=BACKPACK, at=at, usage_dice=dice, tags=("spellbook", "book"), id=item_id)


def mage() -> Character:
    rations = Item("Ration", area=BACKPACK, at=9, count=4, stack=StackInfo("ration", 6), id="r")
    books = (book("Fire lance book", 1, "lance"), book("Create water book", 2, "water"))
    items = Inventory((rations, *books, book("Group healing book", 3, "mend")), ())
    made = Character(MAGE, Characteristics(0, 2, 1), Stamina(7, 7), items=items)
    return replace(made, traits=("Elemental: Burned in the Brain",))


def rest(run, activity: str):
    return run(
        "travel", "journey", "day", "--pace", "normal", "--slowest-speed", "5",
        "--encounter-die", "1", "--rest-die", "1", "--outside-miasma",
        "--activity", f"{MAGE}={activity}", "--json",
    )  # fmt: skip


def table(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        CharacterService(CharacterRepository(database)).create(mage())

    def run(*args: str):
        return cli("--db", db, *args)

    def items() -> dict[str, dict]:
        sheet = json.loads(run("character", "export", MAGE, "--out", "-").out)
        return {item["name"]: item for item in sheet["items"]}

    assert run("travel", "journey", "start", "J", "--crow", MAGE).code == 0
    return run, items


def test_the_absorbed_book_takes_no_slot_and_is_cast_from(cli, tmp_path) -> None:
    run, items = table(cli, tmp_path)
    refused = run("cast", "--crow", MAGE, "--dice", "9,9", "--ud-dice", "6")
    assert_bad_input(refused, "holds no spellbook in a hand")
    done = rest(run, "trait:Burned in the Brain:Fire lance book")
    assert done.code == 0, done.err
    lance = items()["Fire lance book"]
    assert lance["area"] == "magic" and "at" not in lance and "magic_slot" not in lance
    assert "absorbed" in lance["tags"]
    path = tmp_path / "mage.crow.json"
    run("character", "export", MAGE, "--out", str(path))
    assert run("character", "check", str(path), "--json").json["valid"] is True
    cast = run("cast", "--crow", MAGE, "--dice", "9,9", "--ud-dice", "6", "--json")
    assert cast.code == 0, cast.err


def test_a_second_book_replaces_the_first_and_others_are_refused(cli, tmp_path) -> None:
    run, items = table(cli, tmp_path)
    refused = rest(run, "trait:Burned in the Brain:Group healing book")
    assert_bad_input(refused, "Group healing book holds a benefaction spell", "only an elemental")
    assert "absorbed" not in items()["Group healing book"].get("tags", [])
    assert rest(run, "trait:Burned in the Brain:Fire lance book").code == 0
    again = rest(run, "trait:Burned in the Brain:Create water book")
    assert again.code == 0, again.err
    now = items()
    assert "Fire lance book" not in now and "absorbed" in now["Create water book"]["tags"]
