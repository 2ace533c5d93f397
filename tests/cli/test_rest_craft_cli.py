"""``dt rest finish --activity CROW=craft:PROJECT``: the crow's crafting roll on that project is
made within the rest (the project's points and its roll in the rest); a project the crow does not
craft is one ``error:`` line, exit 2, with nothing written."""

from __future__ import annotations

import pytest

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.inventory.catalogue import find_catalogue_item
from refkit.rules.inventory.model import BACKPACK, BELT, Inventory, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input

SMITH = "Tamsin Vey"


def smith(characters: CharacterService) -> Character:
    tools = find_catalogue_item(characters.catalogue(), "Blacksmith's tools").to_item()
    rations = Item("Ration", area=BELT, at=1, count=2, stack=StackInfo("ration", 6), id="rations")
    return Character(
        SMITH,
        Characteristics(1, 1, 2),
        Stamina(5, 5),
        expertises=(Expertise("Blacksmithing", "general", 2),),
        items=Inventory((tools.moved_to(BACKPACK, 1), rations)),
    )


@pytest.fixture
def forge(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        characters.create(smith(characters))
        characters.create_party("Smiths", [SMITH])

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("dt", "party", "Smiths").code == 0
    started = run("craft", "project", "start", "--item", "knife", "--crafter", SMITH)
    assert started.code == 0, started.err
    assert run("dt", "start", "--dungeon", "Crypt").code == 0
    assert run("dt", "rest", "start").code == 0
    return run


def test_craft_on_a_project_makes_the_roll_in_the_rest(forge) -> None:
    before = forge("craft", "project", "show", "Knife", "--json").json
    assert before["points"] == 0 and before["rolls"] == []
    finished = forge(
        "dt", "rest", "finish", "--activity", f"{SMITH}=craft:knife", "--seed", "4", "--json"
    )
    assert finished.code == 0, finished.err
    (crow,) = finished.json["crows"]
    after = forge("craft", "project", "show", "Knife", "--json").json
    assert after["points"] > 0
    (roll,) = after["rolls"]
    assert roll["crafter"] == SMITH and roll["rest"].startswith("the rest at DT ")
    assert crow["activity"] == "craft"
    assert crow["activity_result"] == (
        f"crafting roll on Knife: +{after['points']} ({after['points']}/{after['goal']} points)"
    )


def test_craft_on_a_project_the_crow_does_not_craft_writes_nothing(forge) -> None:
    assert_bad_input(
        forge("dt", "rest", "finish", "--activity", f"{SMITH}=craft:Longsword"),
        "no project called 'Longsword'",
        "Knife",
    )
    assert forge("dt", "status", "--json").json["state"] == "resting"
    assert forge("craft", "project", "show", "Knife", "--json").json["points"] == 0
