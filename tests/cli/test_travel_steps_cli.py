"""``travel journey step …``: the day step by step from the command line gives the day that
``travel journey day`` gives with the same dice, keeps the lost walk secret unless --referee, and
takes steps back one at a time."""

from __future__ import annotations

import json

from tests.cli.cli_helpers import assert_bad_input
from tests.cli.test_travel_cli import LOST_DAY, PARTY

STEPS = (
    ("begin", "--pace", "normal", "--slowest-speed", "5",
     "--role", "Mara=shortcut", "--role", "Bo=forage"),
    ("role", "--dice", "1,5"),
    ("role", "--dice", "9,9", "--rations", "4"),
    ("encounter", "--die", "3"),
    ("move", "SE", "--lost-die", "1"),
    ("move", "SE", "--lost-die", "1"),
    ("rest", "--die", "2"),
    ("miasma", "--dice", "Mara=6,6", "--dice", "Bo=6,6"),
)  # fmt: skip


def test_the_day_step_by_step_is_the_day_travelled_whole(cli):
    cli("travel", "journey", "start", "Whole", *PARTY)
    whole = cli("travel", "journey", "day", *LOST_DAY, "--referee", "--json").json
    cli("travel", "journey", "start", "Stepped", *PARTY)
    for step in STEPS:
        run = cli("travel", "journey", "step", *step, "--journey", "Stepped", "--json")
        assert run.code == 0, (step, run.err)
    finished = cli("travel", "journey", "step", "finish", "--referee", "--json")
    assert finished.code == 0, finished.err
    stepped = finished.json
    assert set(stepped) == set(whole)
    for key in ("journey", "seed"):
        whole.pop(key), stepped.pop(key)
    assert stepped == whole
    journals = [
        cli("travel", "journey", "journal", "--journey", name, "--referee", "--json").json
        for name in ("Whole", "Stepped")
    ]
    assert journals[0]["days"] == journals[1]["days"]


def test_the_secret_d6_is_the_referees_alone(cli):
    cli("travel", "journey", "start", "J", *PARTY)
    for step in STEPS[:4]:
        cli("travel", "journey", "step", *step)
    moved = cli("travel", "journey", "step", "move", "SE", "--lost-die", "1", "--json").json
    assert moved["believed"] == [2, 6] and "true" not in moved and "lost_dice" not in moved
    assert moved["next"] == ["move", "rest"]
    secret = cli("travel", "journey", "step", "show", "--referee", "--json").json
    assert (secret["true"], secret["lost"], secret["lost_dice"]) == ([1, 5], True, [1])
    text = cli("travel", "journey", "step", "show").out
    assert "2,6" in text and "1,5" not in text


def test_steps_come_in_order_and_are_taken_back_one_at_a_time(cli):
    cli("travel", "journey", "start", "J", *PARTY)
    assert_bad_input(cli("travel", "journey", "step", "role"), "no day of journey 'J' is under way")
    cli("travel", "journey", "step", *STEPS[0])
    assert_bad_input(
        cli("travel", "journey", "step", "move", "SE"), "a hex walked does not come now"
    )
    assert_bad_input(cli("travel", "journey", "day", *LOST_DAY), "under way step by step")
    cli("travel", "journey", "step", *STEPS[1])
    undone = cli("travel", "journey", "step", "undo", "--json").json
    assert undone["undone"] == "Take back the role test" and undone["roles"] == []
    gone = cli("travel", "journey", "step", "undo", "--json").json
    assert gone["under_way"] is False
    assert cli("travel", "journey", "day", *LOST_DAY).code == 0


def test_the_miasma_step_writes_cruelty_on_the_crows_sheet(cli):
    name = cli("character", "list", "--json").json["characters"][0]["name"]
    cli("travel", "journey", "start", "J", "--crow", name)
    cli("travel", "journey", "step", "begin", "--pace", "normal", "--slowest-speed", "5")
    cli("travel", "journey", "step", "encounter", "--die", "1")
    cli("travel", "journey", "step", "rest", "--die", "1")
    run = cli("travel", "journey", "step", "miasma", "--dice", f"{name}=1,1", "--json")
    assert run.code == 0, run.err
    assert run.json["miasma"][0]["cruelty"] == 1
    sheet = json.loads(cli("character", "export", name, "--out", "-").out)
    assert sheet["cruelty"] == 1
    assert "Miasma, travel day 1 (cruelty 1)" in sheet["notes"]


def test_the_rest_step_rests_the_crow_with_its_activity(cli):
    name = cli("character", "list", "--json").json["characters"][0]["name"]
    cli("travel", "journey", "start", "J", "--crow", name)
    cli("travel", "journey", "step", "begin", "--pace", "normal", "--slowest-speed", "5")
    cli("travel", "journey", "step", "encounter", "--die", "1")
    refused = cli("travel", "journey", "step", "rest", "--activity", "Nobody=prepare")
    assert_bad_input(refused, "Nobody, who is not a crow resting here")
    assert cli("travel", "journey", "step", "show", "--json").json["rest"] is None
    run = cli("travel", "journey", "step", "rest", "--die", "1", "--activity", f"{name}=none")
    assert run.code == 0, run.err
    assert cli("travel", "journey", "step", "show", "--json").json["next"] == ["miasma"]


def test_no_crow_secludes_a_camp_whose_check_was_made_without_it(cli):
    name = cli("character", "list", "--json").json["characters"][0]["name"]
    cli("travel", "journey", "start", "J", "--crow", name)
    cli("travel", "journey", "step", "begin", "--pace", "normal", "--slowest-speed", "5")
    cli("travel", "journey", "step", "encounter", "--die", "1")
    refused = cli("travel", "journey", "step", "rest", "--activity", f"{name}=seclude-camp")
    assert_bad_input(refused, "without Seclude Camp")
    assert cli("travel", "journey", "step", "show", "--json").json["rest"] is None
