"""``refkit hazard fall|suffocate|topple|harvest``: the dice each hazard calls for, rolled or
given, every roll in the roll log tagged cli, bad input refused with nothing written."""

from __future__ import annotations

import random

import pytest

from refkit.store.database import Database
from refkit.store.location import DATABASE_FILE_NAME
from refkit.store.roll_log import RollLogRepository
from tests.cli.cli_helpers import assert_bad_input


def logged(data_dir):
    path = data_dir / DATABASE_FILE_NAME
    if not path.exists():
        return []
    with Database.open(str(path)) as db:
        return RollLogRepository(db).recent(limit=None)


def test_a_fall_rolls_a_d6_per_full_ten_feet_and_is_logged(cli, refkit_data_dir) -> None:
    run = cli("hazard", "fall", "--feet", "25", "--seed", "11", "--json")
    assert run.code == 0, run.err
    rng = random.Random(11)
    faces = [rng.randint(1, 6), rng.randint(1, 6)]
    assert run.json == {
        "feet": 25,
        "dice": 2,
        "sides": 6,
        "rolled": faces,
        "damage": sum(faces),
        "piercing": True,
        "seed": 11,
    }
    (roll,) = logged(refkit_data_dir)
    assert (roll.source, roll.record.kind, roll.record.seed) == ("cli", "hazard", 11)
    assert list(roll.record.faces) == faces
    assert roll.record.expression == "Fall of 25 ft: 2d6 piercing"
    assert roll.record.summary.startswith(f"{sum(faces)} piercing damage")


def test_a_short_drop_rolls_nothing_and_logs_nothing(cli, refkit_data_dir) -> None:
    run = cli("hazard", "fall", "--feet", "9", "--json")
    assert run.json["dice"] == 0 and run.json["damage"] == 0 and run.json["seed"] is None
    assert "no damage" in cli("hazard", "fall", "--feet", "5").out
    assert logged(refkit_data_dir) == []


def test_suffocation_bites_after_three_plus_strength_rounds(cli, refkit_data_dir) -> None:
    held = cli("hazard", "suffocate", "--strength", "2", "--round", "5", "--json").json
    assert (held["rounds_held"], held["dice"], held["damage"]) == (5, 0, 0)
    bite = cli("hazard", "suffocate", "--strength", "2", "--round", "6", "--dice", "4", "--json")
    assert bite.json["rolled"] == [4] and bite.json["damage"] == 4 and bite.json["seed"] is None
    (roll,) = logged(refkit_data_dir)
    assert roll.record.seed is None and list(roll.record.faces) == [4]
    assert "round 6" in roll.record.expression


def test_toppling_a_huge_object_on_a_medium_creature_is_five_d10(cli, refkit_data_dir) -> None:
    run = cli(
        "hazard", "topple", "--object", "Huge", "--creature", "medium",
        "--your-size", "medium", "--dice", "1,2,3,4,5", "--json",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert (run.json["dice"], run.json["sides"], run.json["damage"]) == (5, 10, 15)
    assert run.json["effort"] == {"cost": "action", "test": True, "banes": 2}
    assert (run.json["object"], run.json["creature"]) == ("Huge", "Medium")
    (roll,) = logged(refkit_data_dir)
    assert roll.record.total == 15


def test_a_harvest_gives_parts_by_the_corpse_size(cli, refkit_data_dir) -> None:
    run = cli("hazard", "harvest", "--size", "holy-shit", "--seed", "4", "--json")
    assert (run.json["dice"], run.json["size"]) == (4, "Holy Shit!")
    assert run.json["parts"] == sum(run.json["rolled"])
    assert "parts" in cli("hazard", "harvest", "--size", "tiny", "--dice", "6").out
    assert [r.record.detail["hazard"] for r in logged(refkit_data_dir)] == ["harvest"] * 2


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (("fall", "--feet", "-10"), ("--feet", "0 to")),
        (("fall", "--feet", "20", "--dice", "7,1"), ("--dice", "7")),
        (("fall", "--feet", "20", "--dice", "3"), ("--dice",)),
        (("suffocate", "--strength", "9", "--round", "1"), ("--strength",)),
        (("suffocate", "--strength", "0", "--round", "0"), ("--round",)),
        (("topple", "--object", "tiny", "--creature", "huge"), ("larger",)),
        (("harvest", "--size", "blob"), ("unknown size", "blob")),
    ],
)
def test_bad_input_is_refused_and_nothing_is_logged(cli, refkit_data_dir, args, needles) -> None:
    assert_bad_input(cli("hazard", *args), *needles)
    assert logged(refkit_data_dir) == []
