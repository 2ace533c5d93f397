"""``dt rest finish --activity CROW=craft:PROJECT`` for a crow with Double Duty makes its two
crafting rolls within the rest; ``craft:A,B`` without the trait is one ``error:`` line, exit 2,
nothing written."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.character_service import CharacterService
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input
from tests.cli.test_rest_craft_cli import SMITH, smith


def smithy(cli, tmp_path, traits: tuple[str, ...]):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        characters = CharacterService(CharacterRepository(database))
        characters.create(replace(smith(characters), traits=traits))
        characters.create_party("Smiths", [SMITH])

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("dt", "party", "Smiths").code == 0
    for item in ("knife", "axe"):
        started = run("craft", "project", "start", "--item", item, "--crafter", SMITH)
        assert started.code == 0, started.err
    assert run("dt", "start", "--dungeon", "Crypt").code == 0
    assert run("dt", "rest", "start").code == 0
    return run


@pytest.mark.parametrize("with_trait", [True, False])
def test_double_duty_rolls_twice_in_the_rest(cli, tmp_path, with_trait: bool) -> None:
    traits = ("Blacksmithing: Double Duty",) if with_trait else ()
    run = smithy(cli, tmp_path, traits)
    finished = run(
        "dt", "rest", "finish", "--activity", f"{SMITH}=craft:knife", "--seed", "4", "--json"
    )
    assert finished.code == 0, finished.err
    knife = run("craft", "project", "show", "Knife", "--json").json
    rests = [roll["rest"] for roll in knife["rolls"]]
    if with_trait:
        assert rests == ["the rest at DT 1", "the rest at DT 1 (Double Duty)"]
        assert ", Double Duty +" in finished.json["crows"][0]["activity_result"]
    else:
        assert rests == ["the rest at DT 1"]


def test_two_projects_without_the_trait_write_nothing(cli, tmp_path) -> None:
    run = smithy(cli, tmp_path, ())
    assert_bad_input(
        run("dt", "rest", "finish", "--activity", f"{SMITH}=craft:Knife,Axe"),
        "a second project needs a trait for its craft",
        "Double Duty",
    )
    assert run("dt", "status", "--json").json["state"] == "resting"
    assert run("craft", "project", "show", "Knife", "--json").json["rolls"] == []
