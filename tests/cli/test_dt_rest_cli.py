"""``refkit dt rest start | halfway | check | finish`` (the contract's rest rows): each crow's
activity on the finish, its ration and starvation in the JSON, and a refused name or choice as
one ``error:`` line, exit 2, with nothing written."""

from __future__ import annotations

import pytest

from refkit.compose import open_character_service
from refkit.rules.character.rest_activities import rations_carried

CROW_KEYS = {
    "character",
    "rested",
    "reason",
    "stamina_regained",
    "uses_restored",
    "items_restored",
    "healed",
    "wounds_to_heal",
    "repaired",
    "repair_refused",
    "activity",
    "activity_result",
    "ration_eaten",
    "starving",
}


@pytest.fixture
def resting(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("dt", "start", "--dungeon", "Crypt").code == 0
    started = run("dt", "rest", "start", "--json")
    assert started.code == 0 and started.json["state"] == "resting"
    run.db = db  # type: ignore[attr-defined]
    return run


def members(run) -> list[str]:
    return run("dt", "party", "--json").json["members"]


def test_a_rest_from_start_to_finish_with_activities(resting) -> None:
    brannoc, hesper, wren = members(resting)
    halfway = resting("dt", "rest", "halfway", "--json")
    assert halfway.code == 0 and halfway.json["state"] == "resting"
    check = resting("dt", "rest", "check", "--seclude", "--die", "3", "--json").json
    assert (check["en"], check["roll"], check["encounter"], check["state"]) == (
        10,
        3,
        False,
        "resting",
    )
    with open_character_service(resting.db, seed_samples=False) as characters:
        before = {name: rations_carried(characters.get(name)) for name in (brannoc, hesper)}
    done = resting(
        "dt",
        "rest",
        "finish",
        "--activity",
        f"{wren.split()[0]}=seclude-camp",  # a first name is enough when it is the only one
        "--activity",
        f"{brannoc}=prepare:the vault lock",
        "--json",
    )
    assert done.code == 0, done.err
    payload = done.json
    assert payload["state"] == "running" and payload["secluded_by"] == wren
    by_name = {entry["character"]: entry for entry in payload["crows"]}
    assert all(set(entry) >= CROW_KEYS for entry in payload["crows"])
    assert by_name[wren]["activity"] == "seclude-camp"
    assert by_name[brannoc]["activity_result"] == "+2 on the vault lock until the next rest ends"
    assert by_name[hesper]["activity"] == "none"
    with open_character_service(resting.db, seed_samples=False) as characters:
        for name, count in before.items():
            eaten = 1 if by_name[name]["ration_eaten"] else 0
            assert by_name[name]["starving"] is (count == 0)
            assert rations_carried(characters.get(name)) == count - eaten


@pytest.mark.parametrize(
    ("activity", "message"),
    [
        ("Hob=prepare", "'Hob' is not resting here"),
        ("{first}=nap", "unknown rest activity 'nap'"),
        ("{first}", "is not CROW=ACTIVITY"),
        ("{first}=harvest", "Harvest needs the corpse's size"),
        ("{first}=repair-armor:Nothing", "carries no item called 'Nothing'"),
    ],
)
def test_a_refused_name_or_choice_is_one_error_line_and_writes_nothing(
    resting, activity: str, message: str
) -> None:
    first = members(resting)[0]
    log_before = resting("dt", "log", "--json").json["entries"]
    run = resting("dt", "rest", "finish", "--activity", activity.format(first=first))
    assert run.code == 2
    (line,) = run.err.strip().splitlines()
    assert line.startswith("error: dt rest finish:") and message in line
    assert resting("dt", "status", "--json").json["state"] == "resting"
    assert resting("dt", "log", "--json").json["entries"] == log_before


def test_a_secluded_check_needs_the_crow_who_secluded_the_camp(resting) -> None:
    first, second, _ = members(resting)
    resting("dt", "rest", "check", "--seclude", "--die", "2")
    run = resting("dt", "rest", "finish")
    assert run.code == 2 and "made with Seclude Camp: name the crow" in run.err
    two = resting(
        "dt",
        "rest",
        "finish",
        "--activity",
        f"{first}=seclude-camp",
        "--activity",
        f"{second}=seclude-camp",
    )
    assert two.code == 2 and "only one crow per group can seclude the camp" in two.err
    assert resting("dt", "rest", "finish", "--activity", f"{first}=seclude-camp").code == 0


def test_an_unsecluded_check_refuses_seclude_camp_after_it(resting) -> None:
    first = members(resting)[0]
    resting("dt", "rest", "check", "--die", "2")
    run = resting("dt", "rest", "finish", "--activity", f"{first}=seclude-camp")
    assert run.code == 2 and "made without Seclude Camp" in run.err


def test_an_interrupted_rest_takes_no_activity(resting) -> None:
    first = members(resting)[0]
    run = resting("dt", "rest", "finish", "--interrupted", "--activity", f"{first}=prepare")
    assert run.code == 2 and "interrupted rest gives no activity" in run.err
    done = resting("dt", "rest", "finish", "--interrupted", "--json").json
    assert done["interrupted"] is True and done["crows"] == [] and done["state"] == "running"
