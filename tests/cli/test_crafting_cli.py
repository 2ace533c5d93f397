"""``refkit craft --bonus/--crit-min`` and ``refkit craft project …``: keys, exit codes, errors."""

from __future__ import annotations

import pytest

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import (
    Character,
    Characteristics,
    Expertise,
    Stamina,
)
from refkit.rules.inventory.catalogue import find_catalogue_item
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input


class TestCraftRoll:
    def test_masterwork_tools_bonus_adds_to_the_points(self, cli):
        plain = cli("craft", "--mind", "1", "--dice", "5,6", "--json").json
        masterwork = cli("craft", "--mind", "1", "--dice", "5,6", "--bonus", "2", "--json").json
        assert (plain["points"], masterwork["points"]) == (12, 14)
        assert masterwork.keys() >= {"dice", "points", "crit", "doom", "extra_roll"}

    def test_a_penalty_never_takes_the_points_below_one(self, cli):
        data = cli("craft", "--mind", "-2", "--dice", "2,2", "--bonus", "-9", "--json").json
        assert data["points"] == 1 and not data["doom"]

    def test_crit_min_widens_the_crit_range(self, cli):
        default = cli("craft", "--mind", "0", "--dice", "9,9", "--json").json
        widened = cli("craft", "--mind", "0", "--dice", "9,9", "--crit-min", "18", "--json").json
        assert (default["crit"], default["extra_roll"]) == (False, False)
        assert (widened["crit"], widened["extra_roll"]) == (True, True)

    def test_the_roll_still_needs_mind(self, cli):
        assert_bad_input(cli("craft", "--dice", "5,5", "--json"), "required: --mind")

    def test_a_crit_min_outside_2_to_20_is_one_error_line(self, cli):
        assert_bad_input(cli("craft", "--mind", "0", "--crit-min", "21", "--json"), "crit")


PROJECT_KEYS = {
    "name",
    "item",
    "expertise",
    "uses",
    "tools",
    "materials",
    "goal",
    "points",
    "copies_ready",
    "copies_made",
    "crafters",
    "missing",
    "rolls",
}


@pytest.fixture
def smithy(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        tools = find_catalogue_item(characters.catalogue(), "Blacksmith's tools").to_item()
        bars = Item(
            "Iron bar", area=BACKPACK, at=2, count=2, stack=StackInfo("bar", 2), tags=("material",)
        )
        characters.create(
            Character(
                "Brannoc",
                Characteristics(1, 1, 2),
                Stamina(5, 5),
                expertises=(Expertise("Blacksmithing", "general", 2),),
                items=Inventory((tools.moved_to(BACKPACK, 1), bars)),
            )
        )

    def run(*args: str):
        return cli("--db", db, *args)

    return run


class TestProjects:
    def test_start_roll_show_complete(self, smithy):
        started = smithy(
            "craft", "project", "start", "--item", "knife", "--crafter", "brannoc", "--json"
        )
        assert started.code == 0, started.err
        assert started.json.keys() >= PROJECT_KEYS
        assert (started.json["item"], started.json["crafters"]) == ("Knife", ["Brannoc"])
        goal = started.json["goal"]
        rolled = smithy(
            "craft", "project", "roll", "Knife", "--crafter", "Brannoc", "--rest", "day 1",
            "--dice", "10,9,4,4", "--expertise", "Blacksmithing", "--json",
        )  # fmt: skip
        assert rolled.code == 0, rolled.err
        data = rolled.json
        assert data["dice"] == [[10, 9], [4, 4]]
        assert data["points"] == (19 + 1 + 4) + (8 + 1)
        assert data["project_points"] == data["points"] and data["goal"] == goal
        shown = smithy("craft", "project", "show", "knife", "--json").json
        assert shown["points"] == 33 and len(shown["rolls"]) == 1
        done = smithy("craft", "project", "complete", "Knife", "--json")
        assert done.code == 0, done.err
        assert done.json["made"] == min(33 // goal, 2)
        assert done.json["points"] == 33 - done.json["made"] * goal
        listed = smithy("craft", "project", "list", "--json").json
        assert [p["name"] for p in listed["projects"]] == ["Knife"]
        text = smithy("craft", "project", "list")
        assert text.code == 0 and "Knife" in text.out

    def test_bad_input_is_one_error_line_and_writes_nothing(self, smithy):
        assert_bad_input(
            smithy("craft", "project", "start", "--item", "Moonbeam", "--crafter", "Brannoc"),
            "Moonbeam",
        )
        assert_bad_input(
            smithy("craft", "project", "start", "--item", "Torch", "--crafter", "Brannoc"),
            "alchemy",
        )
        assert_bad_input(smithy("craft", "project", "show", "Knife"), "no crafting project")
        assert (
            smithy("craft", "project", "start", "--item", "Knife", "--crafter", "Brannoc").code == 0
        )
        assert_bad_input(
            smithy("craft", "project", "roll", "Knife", "--crafter", "Brannoc", "--dice", "5,5"),
            "not resting",
        )
        assert_bad_input(
            smithy("craft", "project", "roll", "Knife", "--crafter", "Nobody", "--rest", "r"),
            "Nobody",
        )
        assert_bad_input(
            smithy("craft", "project", "roll", "Knife", "--crafter", "Brannoc", "--rest", "r",
                   "--dice", "10,10"),
            "give 4 dice",
        )  # fmt: skip
        assert_bad_input(smithy("craft", "project", "complete", "Knife"), "0 of its")
        assert smithy("craft", "project", "show", "Knife", "--json").json["rolls"] == []

    def test_harvest_adds_parts_to_the_pack(self, smithy):
        run = smithy("craft", "harvest", "--crow", "Brannoc", "--size", "huge", "--dice", "1,2,3",
                     "--json")  # fmt: skip
        assert run.code == 0, run.err
        assert (run.json["parts"], run.json["carried"]) == (6, 6)
        assert_bad_input(smithy("craft", "harvest", "--crow", "Brannoc", "--size", "vast"), "size")
