"""Prepare Campsite: ``dt rest check --campsite`` makes the rest's check with it (the EN +1 when
it is 5 or lower, said in the session log and the JSON), and the finish then wants the crow with
the trait doing ``trait:Prepare Campsite`` (journal, quill and inkpot carried); a check made
without it refuses that activity. Refusals are one ``error:`` line, nothing written."""

from __future__ import annotations

from dataclasses import replace

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.encounters import encounter_number
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input

CAMPER = "Oda Finch"


def camper(*, kit: bool = True) -> Character:
    items = [Item("Ration", area=BACKPACK, at=9, count=2, stack=StackInfo("ration", 6), id="r")]
    if kit:
        items += [
            Item("Journal", area=BACKPACK, at=3, id="j"),
            Item("Quill and inkpot", area=BACKPACK, at=4, id="q"),
        ]
    made = Character(
        CAMPER, Characteristics(0, 1, 2), Stamina(5, 5), items=Inventory(tuple(items), ())
    )
    return replace(made, traits=("Camping: Prepare Campsite",))


def test_prepare_campsite_raises_only_a_low_en() -> None:
    assert encounter_number(en=5, campsite=True) == 6
    assert encounter_number(en=4, campsite=True, seclude=True) == 6
    assert encounter_number(en=6, campsite=True) == 6
    assert encounter_number(pace="fast", road=True, campsite=True) == 6  # 6 - 1 = 5, +1


def camp(cli, tmp_path, crow: Character):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        characters.create(crow)
        characters.create_party("Campers", [CAMPER])

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("dt", "party", "Campers").code == 0
    assert run("dt", "start", "--dungeon", "Crypt").code == 0
    assert run("dt", "rest", "start").code == 0
    return run


def test_the_check_with_campsite_wants_the_camper_at_the_finish(cli, tmp_path) -> None:
    run = camp(cli, tmp_path, camper())
    checked = run("dt", "rest", "check", "--campsite", "--die", "1", "--json")
    assert checked.code == 0, checked.err
    assert checked.json["campsite"] is True and checked.json["en"] == 9  # 9 is above 5
    log = run("dt", "log", "--kind", "encounter", "--json").json
    assert any("Rest encounter check (Prepare Campsite)" in e["text"] for e in log["entries"])
    assert_bad_input(
        run("dt", "rest", "finish"),
        "made with Prepare Campsite: name the crow who prepared it",
    )
    done = run("dt", "rest", "finish", "--activity", f"{CAMPER}=trait:Prepare Campsite", "--json")
    assert done.code == 0, done.err
    assert done.json["crows"][0]["activity_result"].startswith("Prepare Campsite: prepared")


def test_campsite_without_the_check_or_the_kit_is_refused(cli, tmp_path) -> None:
    run = camp(cli, tmp_path, camper())
    assert run("dt", "rest", "check", "--die", "1").code == 0
    assert_bad_input(
        run("dt", "rest", "finish", "--activity", f"{CAMPER}=trait:Prepare Campsite"),
        "made without Prepare Campsite",
    )
    assert run("dt", "status", "--json").json["state"] == "resting"


def test_campsite_needs_journal_quill_and_inkpot(cli, tmp_path) -> None:
    run = camp(cli, tmp_path, camper(kit=False))
    assert run("dt", "rest", "check", "--campsite", "--die", "1").code == 0
    assert_bad_input(
        run("dt", "rest", "finish", "--activity", f"{CAMPER}=trait:Prepare Campsite"),
        "needs a carried journal, quill and inkpot",
    )
