"""Rolls made on the command line land in the roll log, tagged "cli", as the dice panel's do.

The faces a ``--seed`` gives are the ones the rules draw from that seed (so old seeds replay), a
roll whose log entry cannot be written is still printed with one warning line, and bad input
writes nothing anywhere — not even a new database file.
"""

from __future__ import annotations

import random
import sqlite3

import pytest

from refkit.cli.services import SERVICE_OPTIONS
from refkit.store.database import Database
from refkit.store.location import DATABASE_FILE_NAME
from refkit.store.roll_log import RollLogRepository
from tests.cli.cli_helpers import assert_bad_input


def logged_rolls(data_dir):
    with Database.open(str(data_dir / DATABASE_FILE_NAME)) as db:
        return RollLogRepository(db).recent(limit=None)


def test_a_seeded_test_is_logged_with_the_faces_that_seed_always_gave(cli, refkit_data_dir):
    run = cli("test", "--char", "1", "--edges", "1", "--seed", "7", "--json")
    assert run.code == 0, run.err
    rng = random.Random(7)
    expected = [rng.randint(1, 10), rng.randint(1, 10)]
    assert run.json["dice"] == expected
    assert run.json["seed"] == 7
    (roll,) = logged_rolls(refkit_data_dir)
    assert roll.source == "cli"
    assert roll.record.kind == "test"
    assert list(roll.record.faces) == expected
    assert roll.record.seed == 7
    assert roll.record.total == run.json["total"]
    assert roll.record.detail["edges"] == 1


def test_d100_ud_and_notation_are_logged_too_and_given_dice_without_a_seed(cli, refkit_data_dir):
    assert cli("d100", "--dice", "3,4", "--json").json["value"] == 34
    ud = cli("ud", "3", "--seed", "2", "--json").json
    roll = cli("roll", "4d6kh3", "--seed", "1", "--json").json
    rolls = list(reversed(logged_rolls(refkit_data_dir)))  # oldest first
    assert [r.record.kind for r in rolls] == ["d100", "usage_dice", "notation"]
    assert {r.source for r in rolls} == {"cli"}
    d100, usage, notation = rolls
    assert (list(d100.record.faces), d100.record.total, d100.record.seed) == ([3, 4], 34, None)
    assert list(usage.record.faces) == ud["rolled"] and usage.record.total == ud["after"]
    assert usage.record.seed == 2
    assert list(notation.record.faces) == roll["dice"] and notation.record.total == roll["total"]


def test_the_command_line_still_takes_up_to_100_usage_dice_and_none(cli, refkit_data_dir):
    empty = cli("ud", "0", "--json").json
    assert (empty["before"], empty["rolled"], empty["after"]) == (0, [], 0)
    assert len(cli("ud", "100", "--seed", "3", "--json").json["rolled"]) == 100
    assert_bad_input(cli("ud", "101"), "at most 100")


def test_a_roll_repeats_from_its_logged_seed(cli, refkit_data_dir):
    first = cli("test", "--char", "2", "--json").json
    (roll,) = logged_rolls(refkit_data_dir)
    again = cli("test", "--char", "2", "--seed", str(roll.record.seed), "--json").json
    assert again["dice"] == first["dice"] and again["total"] == first["total"]


@pytest.mark.parametrize(
    "args",
    [
        ("test", "--char", "1", "--dice", "11,1"),
        ("test", "--char", "9"),
        ("test", "--char", "1", "--crit-min", "30"),
        ("d100", "--dice", "0,3"),
        ("ud", "3", "--dice", "1,2"),
        ("roll", "3q7"),
    ],
)
def test_bad_input_writes_nothing_not_even_a_database_file(cli, refkit_data_dir, args):
    assert_bad_input(cli(*args, "--json"))
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()


def test_a_roll_is_printed_with_a_warning_when_the_database_cannot_be_opened(cli, tmp_path):
    missing = tmp_path / "no such folder" / "refkit.sqlite3"
    run = cli("--db", str(missing), "test", "--char", "1", "--seed", "4", "--json")
    assert run.code == 0
    assert run.json["seed"] == 4  # the roll, whole, on stdout
    lines = run.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: the roll was not written"), run.err
    assert "does not exist" in lines[0]
    assert not missing.parent.exists()


def test_a_roll_is_printed_with_a_warning_when_another_program_holds_the_lock(
    cli, refkit_data_dir, monkeypatch
):
    assert cli("d100", "--json").code == 0  # the database exists, up to date
    monkeypatch.setitem(SERVICE_OPTIONS, "busy_timeout_ms", 50)
    holder = sqlite3.connect(refkit_data_dir / DATABASE_FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        run = cli("roll", "2d6", "--json")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert run.code == 0
    assert "total" in run.json
    assert run.err.startswith("warning: the roll was not written to the roll log")
    assert "locked" in run.err and run.err.count("\n") == 1
    assert len(logged_rolls(refkit_data_dir)) == 1  # only the first roll


def test_the_apps_roll_log_shows_the_command_lines_rolls(cli, refkit_data_dir, qtbot):
    from PySide6.QtCore import Qt

    from refkit.gui.dice.roll_log_model import RollLogModel

    assert cli("test", "--char", "0", "--dice", "10,9", "--json").json["crit"] is True
    model = RollLogModel()
    model.replace_all(logged_rolls(refkit_data_dir))
    assert model.rowCount() == 1
    assert model.roll_at(0).source == "cli"
    tooltip = model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
    assert "From the command line" in tooltip
