"""Issue 25 item 3: crafting on a journey's rest makes the crafting roll (L453, L1095), with Make
Camp's crafting bonus on it (L860), as the dungeon's ``dt rest finish`` does."""

from __future__ import annotations

import pytest

from refkit.app.character_service import CharacterService
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.test_rest_craft_cli import SMITH, smith

HELPER = "Odo Marsh"


@pytest.fixture
def trek(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        characters.create(smith(characters))
        helper = smith(characters)
        characters.create(type(helper)(HELPER, helper.characteristics, helper.stamina))

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("craft", "project", "start", "--item", "knife", "--crafter", SMITH).code == 0
    started = run("travel", "journey", "start", "J", "--crow", SMITH, "--crow", HELPER)
    assert started.code == 0, started.err
    return run


def _rest_day(run, camp_dice: str) -> dict:
    begun = run("travel", "journey", "step", "begin", "--pace", "normal", "--slowest-speed", "5",
                "--role", f"{HELPER}=make-camp:crafting", "--outside-miasma")  # fmt: skip
    assert begun.code == 0, begun.err
    assert run("travel", "journey", "step", "role", "--dice", camp_dice).code == 0
    assert run("travel", "journey", "step", "encounter", "--die", "1").code == 0
    # Seeded: the crafting roll is the rest's own, and an unlucky one gives no points at all.
    rest = run("travel", "journey", "step", "rest", "--die", "1", "--seed", "1",
               "--activity", "Tamsin=craft:knife", "--json")  # fmt: skip
    assert rest.code == 0, rest.err
    return run("craft", "project", "show", "Knife", "--json").json


def test_craft_at_a_journey_rest_rolls_with_make_camps_bonus(trek) -> None:
    assert trek("craft", "project", "show", "Knife", "--json").json["rolls"] == []
    project = _rest_day(trek, "5,5")  # Make Camp tier 2: +2 on crafting rolls at this camp
    (roll,) = project["rolls"]
    assert project["points"] > 0
    assert roll["bonus"] == 2, roll


def test_a_failed_make_camp_gives_no_crafting_bonus(trek) -> None:
    project = _rest_day(trek, "1,2")
    (roll,) = project["rolls"]
    assert roll["bonus"] == 0, roll
