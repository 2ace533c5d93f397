"""Prepare Campsite at a journey's rest (issue 26): ``travel journey day --campsite`` and
``travel journey step rest --campsite`` raise a rest EN of 5 or lower by 1, as ``dt rest check
--campsite`` does in the dungeon; the journal says so, and the crow who prepared it rests with
``trait:Prepare Campsite`` — wanted when the check was made with it, refused when it was not."""

from __future__ import annotations

from refkit.app.character_service import CharacterService
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input
from tests.cli.test_rest_campsite_cli import CAMPER, camper

FAST_ROAD = ("--pace", "fast", "--road", "--slowest-speed", "5")  # rest EN 6 - 1 = 5


def journey(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        CharacterService(CharacterRepository(database)).create(camper())

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("travel", "journey", "start", "J", "--crow", CAMPER).code == 0
    return run


def test_the_rest_step_with_campsite_raises_a_low_en(cli, tmp_path) -> None:
    run = journey(cli, tmp_path)
    assert run("travel", "journey", "step", "begin", *FAST_ROAD).code == 0
    assert run("travel", "journey", "step", "encounter", "--die", "1").code == 0
    before = run("travel", "journey", "step", "show", "--json").json
    assert before["rest_en"] == 5
    rested = run(
        "travel", "journey", "step", "rest", "--campsite", "--die", "6",
        "--activity", f"{CAMPER}=trait:Prepare Campsite", "--json",
    )  # fmt: skip
    assert rested.code == 0, rested.err
    assert rested.json["rest"]["en"] == 6 and rested.json["rest"]["encounter"] is True
    assert rested.json["rest_en"] == 6
    assert run("travel", "journey", "step", "show", "--json").json["rest_en"] == 6  # as stored
    run("travel", "journey", "step", "undo")
    assert run("travel", "journey", "step", "show", "--json").json["rest_en"] == 5
    again = run(
        "travel", "journey", "step", "rest", "--campsite", "--die", "6",
        "--activity", f"{CAMPER}=trait:Prepare Campsite",
    )  # fmt: skip
    assert again.code == 0, again.err
    run("travel", "journey", "step", "miasma")
    assert run("travel", "journey", "step", "finish").code == 0
    journal = run("travel", "journey", "journal", "--json").json
    assert "campsite prepared" in str(journal["days"])


def test_a_rest_step_with_campsite_wants_the_camper(cli, tmp_path) -> None:
    run = journey(cli, tmp_path)
    run("travel", "journey", "step", "begin", *FAST_ROAD)
    run("travel", "journey", "step", "encounter", "--die", "1")
    refused = run("travel", "journey", "step", "rest", "--campsite", "--die", "6")
    assert_bad_input(refused, "made with Prepare Campsite")
    assert run("travel", "journey", "step", "show", "--json").json["rest"] is None


def test_no_crow_prepares_a_campsite_the_check_was_made_without(cli, tmp_path) -> None:
    run = journey(cli, tmp_path)
    run("travel", "journey", "step", "begin", *FAST_ROAD)
    run("travel", "journey", "step", "encounter", "--die", "1")
    refused = run(
        "travel", "journey", "step", "rest", "--die", "6",
        "--activity", f"{CAMPER}=trait:Prepare Campsite",
    )  # fmt: skip
    assert_bad_input(refused, "without Prepare Campsite")
    assert run("travel", "journey", "step", "show", "--json").json["rest"] is None


def test_the_whole_day_with_campsite_and_its_journal(cli, tmp_path) -> None:
    run = journey(cli, tmp_path)
    day = run(
        "travel", "journey", "day", *FAST_ROAD, "--campsite", "--encounter-die", "1",
        "--rest-die", "6", "--outside-miasma",
        "--activity", f"{CAMPER}=trait:Prepare Campsite", "--json",
    )  # fmt: skip
    assert day.code == 0, day.err
    assert day.json["rest_en"] == 6
    journal = run("travel", "journey", "journal", "--json").json
    assert "campsite prepared" in str(journal["days"])


def test_campsite_on_a_day_without_a_rest_is_refused(cli, tmp_path) -> None:
    run = journey(cli, tmp_path)
    refused = run("travel", "journey", "day", *FAST_ROAD, "--campsite", "--no-rest")
    assert_bad_input(refused, "Prepare Campsite is planned, but the party does not rest today")
