"""The ``dt`` and ``effect`` rows of CONTRACT.md: keys, exit codes, and a clock that outlives a
process."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.cli.cli_helpers import assert_bad_input

STATUS_KEYS = {
    "state",
    "dt",
    "length_s",
    "remaining_s",
    "greed_percent",
    "pending_encounter",
    "pending_encounter_due_dt",
    "encounter_overdue",
}
END_KEYS = {"dt_ended", "usage_dice", "conditions_ended", "encounter", "status"}
ROUNDING_S = 0.05
"""The CLI's clock is the wall clock, the test's the monotonic one: they may differ by a hair."""


def log_size(cli) -> int:
    return len(cli("dt", "log", "--json").json["entries"])


class TestStatus:
    def test_a_fresh_clock(self, cli) -> None:
        run = cli("--json", "dt", "status")
        assert run.code == 0
        assert run.json == {
            "state": "stopped",
            "dt": 0,
            "length_s": 1800,
            "remaining_s": 1800.0,
            "greed_percent": 0,
            "pending_encounter": False,
            "pending_encounter_due_dt": None,
            "encounter_overdue": False,
        }

    def test_json_flag_after_the_action_works_too(self, cli) -> None:
        assert set(cli("dt", "status", "--json").json) == STATUS_KEYS

    def test_text_without_json(self, cli) -> None:
        assert "no DT yet" in cli("dt", "status").out
        cli("dt", "start", "--dungeon", "Crypt")
        line = cli("dt", "status").out.strip()
        assert line.startswith("DT 1 running, ") and "greed +30%" in line


class TestClockCommands:
    def test_start_enters_a_dungeon_at_dt_1_with_the_greed_bonus(self, cli) -> None:
        run = cli("dt", "start", "--dungeon", "The Drowned Crypt", "--minutes", "20", "--json")
        assert run.code == 0
        data = run.json
        assert set(data) == STATUS_KEYS
        assert (data["state"], data["dt"], data["length_s"], data["greed_percent"]) == (
            "running",
            1,
            1200,
            30,
        )
        assert 1199 <= data["remaining_s"] <= 1200

    def test_pause_resume_and_adjust(self, cli) -> None:
        cli("dt", "start", "--dungeon", "Crypt")
        paused = cli("dt", "pause", "--json").json
        assert paused["state"] == "paused"
        adjusted = cli("dt", "adjust", "--minutes", "-5", "--reason", "skip", "--json").json
        assert adjusted["remaining_s"] == pytest.approx(paused["remaining_s"] - 300)
        adjusted = cli("dt", "adjust", "--minutes", "+2", "--json").json
        assert adjusted["remaining_s"] == pytest.approx(paused["remaining_s"] - 180)
        resumed = cli("dt", "resume", "--json").json
        assert resumed["state"] == "running"
        texts = [entry["text"] for entry in cli("dt", "log", "--json").json["entries"]]
        assert any("(skip)" in text for text in texts)

    def test_end_gives_the_contract_shape(self, cli) -> None:
        cli("dt", "start", "--dungeon", "Crypt")
        cli("effect", "add", "Torch", "--ud", "2", "--modes", "DT,Useless", "--kind", "light")
        cli("effect", "add", "Bless", "--ud", "1", "--kind", "spell")
        run = cli("dt", "end", "--die", "10", "--seed", "3", "--json")
        assert run.code == 0
        data = run.json
        assert set(data) >= END_KEYS
        assert data["dt_ended"] == 1
        assert [roll["effect"] for roll in data["usage_dice"]] == ["Torch", "Bless"]
        for roll in data["usage_dice"]:
            assert set(roll) == {"effect", "before", "rolled", "after"}
            assert len(roll["rolled"]) == roll["before"]
            assert roll["after"] == sum(1 for face in roll["rolled"] if face >= 3)
        assert data["conditions_ended"] == []
        assert data["encounter"] == {"en": 9, "roll": 10, "encounter": True, "immediate": True}
        assert set(data["status"]) == STATUS_KEYS
        assert data["status"]["dt"] == 2
        assert data["status"]["pending_encounter"] is True

    def test_the_same_seed_rolls_the_same_end(self, cli, tmp_path: Path) -> None:
        results = []
        for name in ("a", "b"):
            db = str(tmp_path / f"{name}.sqlite3")
            cli("--db", db, "dt", "start", "--dungeon", "Crypt")
            cli("--db", db, "effect", "add", "Torch", "--ud", "3", "--modes", "DT")
            data = cli("--db", db, "dt", "end", "--seed", "77", "--json").json
            results.append((data["usage_dice"], data["encounter"]))
        assert results[0] == results[1]

    def test_noise_resolve_and_stop(self, cli) -> None:
        cli("dt", "start", "--dungeon", "Crypt")
        noise = cli("dt", "noise", "--die", "9", "--json").json
        assert noise["encounter"] and not noise["immediate"]
        assert noise["status"]["pending_encounter"]
        assert cli("dt", "resolve", "--json").json["pending_encounter"] is False
        assert cli("dt", "stop", "--json").json["state"] == "stopped"


class TestRefusals:
    @pytest.mark.parametrize(
        ("args", "needle"),
        [
            (("dt", "pause"), "cannot pause"),
            (("dt", "resume"), "cannot resume"),
            (("dt", "end"), "no DT is under way"),
            (("dt", "adjust", "--minutes", "5"), "no DT is under way"),
            (("dt", "start", "--minutes", "-5"), "DT length"),
            (("dt", "start", "--minutes", "0"), "DT length"),
            (("dt", "start", "--minutes", "soon"), "not a number of minutes"),
            (("dt", "start", "--dungeon", "  "), "needs a name"),
            (("dt", "adjust"), "--minutes"),
            (("dt", "resolve"), "no pending encounter"),
            (("dt",), "required"),
            (("effect", "add", "Torch", "--ud", "-1"), "--ud must be at least 1"),
            (("effect", "add", "Torch", "--ud", "0"), "--ud must be at least 1"),
            (("effect", "add", "Torch", "--ud", "21"), "at most 20"),
            (("effect", "add", "Torch", "--ud", "two"), "not a whole number"),
            (("effect", "add", "Torch", "--ud", "2", "--modes", "DT,Sparkly"), "'Sparkly'"),
            (("effect", "add", "Torch", "--ud", "2", "--kind", "glitter"), "invalid choice"),
            (("effect", "douse", "Torch"), "no tracked effect 'Torch'"),
        ],
    )
    def test_impossible_input_is_exit_2_and_changes_nothing(self, cli, args, needle) -> None:
        before = cli("dt", "status", "--json").json
        run = cli(*args, "--json") if args != ("dt",) else cli(*args)
        assert_bad_input(run, needle)
        after = cli("dt", "status", "--json").json
        assert after == before
        assert log_size(cli) == 0
        assert cli("effect", "list", "--json").json == {"effects": []}

    def test_refusals_while_running_keep_the_clock(self, cli) -> None:
        cli("dt", "start", "--dungeon", "Crypt")
        size = log_size(cli)
        assert_bad_input(cli("dt", "start"), "already running")
        assert_bad_input(cli("dt", "resume"), "cannot resume")
        assert_bad_input(cli("dt", "adjust", "--minutes", "0"), "changes nothing")
        assert_bad_input(cli("dt", "end", "--die", "11"), "d10")
        assert cli("dt", "status", "--json").json["dt"] == 1
        assert log_size(cli) == size


class TestEffects:
    def test_add_and_list_give_the_contract_shape(self, cli) -> None:
        run = cli("effect", "add", "Torch", "--ud", "2", "--modes", "dt,useless", "--json")
        assert run.code == 0
        (torch,) = run.json["effects"]
        assert {"name", "usage_dice", "modes"} <= set(torch)
        assert (torch["name"], torch["usage_dice"], torch["modes"]) == (
            "Torch",
            2,
            ["DT", "Useless"],
        )
        cli("effect", "add", "Haste", "--ud", "3", "--kind", "spell", "--owner", "Mara")
        listed = cli("effect", "list", "--json").json["effects"]
        assert [(e["name"], e["usage_dice"], e["modes"]) for e in listed] == [
            ("Torch", 2, ["DT", "Useless"]),
            ("Haste", 3, []),
        ]
        assert "Haste: 3 UD" in cli("effect", "list").out

    def test_douse_refuel_and_remove_by_name_or_id(self, cli) -> None:
        cli("effect", "add", "Lantern", "--ud", "2", "--modes", "DT,Refuel", "--kind", "light")
        doused = cli("effect", "douse", "lantern", "--dice", "1,6", "--json").json
        assert doused["usage_dice"] == {
            "effect": "Lantern",
            "before": 2,
            "rolled": [1, 6],
            "after": 1,
        }
        assert doused["effects"][0]["lit"] is False
        refuelled = cli("effect", "refuel", "e1", "--json").json
        assert refuelled["effects"][0]["usage_dice"] == 2
        assert cli("effect", "remove", "Lantern", "--json").json == {"effects": []}


def test_db_option_keeps_the_clock_in_that_file(cli, tmp_path: Path, refkit_data_dir) -> None:
    elsewhere = str(tmp_path / "campaign.sqlite3")
    assert cli("--db", elsewhere, "dt", "start", "--dungeon", "Crypt").code == 0
    assert cli("--db", elsewhere, "--json", "dt", "status").json["dt"] == 1
    assert cli("--json", "dt", "status").json["dt"] == 0
    assert Path(elsewhere).exists()


@pytest.mark.slow
def test_a_clock_started_in_one_process_keeps_running_in_the_next(cli_process) -> None:
    # Bounds that hold however slowly the processes start: the clock ran at least the pause
    # between the two commands and at most the whole time from launching the first to the end.
    launched = time.monotonic()
    started = cli_process("dt", "start", "--dungeon", "Crypt", "--json")
    assert started.code == 0, started.err
    time.sleep(0.5)
    status = cli_process("dt", "status", "--json")
    everything = time.monotonic() - launched
    assert status.code == 0, status.err
    data = status.json
    assert data["state"] == "running"
    assert data["dt"] == 1
    elapsed = data["length_s"] - data["remaining_s"]
    assert 0.5 - ROUNDING_S <= elapsed <= everything + ROUNDING_S


@pytest.mark.slow
def test_bad_input_in_a_real_process_is_one_error_line(cli_process) -> None:
    run = cli_process("dt", "pause", "--json")
    assert_bad_input(run, "cannot pause")


def test_session_log_to_markdown(cli, tmp_path: Path) -> None:
    cli("dt", "start", "--dungeon", "Crypt | *the deep*")
    cli("dt", "end", "--die", "1")
    target = tmp_path / "session.md"
    run = cli("dt", "log", "--kind", "dt_start", "--kind", "encounter", "--markdown", str(target))
    assert run.code == 0
    assert "DT 1 started in Crypt | *the deep*" in run.out
    text = target.read_text(encoding="utf-8")
    assert "2 entries" in text
    assert "Crypt \\| \\*the deep\\*" in text
    assert "EN 9, rolled 1: no encounter" in text
    assert_bad_input(cli("dt", "log", "--kind", "gossip"), "unknown kind 'gossip'")


def test_end_in_words(cli) -> None:
    cli("dt", "start", "--dungeon", "Crypt")
    cli("effect", "add", "Candle", "--ud", "1", "--modes", "DT,Useless", "--kind", "light")
    out = cli("dt", "end", "--die", "10", "--seed", "5").out
    assert out.startswith("DT 1 ended")
    assert "Candle: 1 UD →" in out
    assert "End of DT 1: EN 9, rolled 10: an encounter now" in out
    assert out.rstrip().endswith("encounter pending (due in DT 2)")


def test_end_says_what_the_session_log_says(cli) -> None:
    cli("dt", "start", "--dungeon", "Crypt")
    cli("effect", "add", "Torch", "--ud", "2", "--modes", "DT,Useless", "--kind", "light")
    cli("effect", "add", "Bless", "--ud", "1", "--kind", "spell")
    before = log_size(cli)
    out = cli("dt", "end", "--die", "4", "--seed", "3").out
    logged = [entry["text"] for entry in cli("dt", "log", "--json").json["entries"][before:]]
    assert [entry for entry in logged if "UD →" in entry] != []  # the rolls are in both
    said = [line.strip() for line in out.splitlines()]
    assert said[: len(logged)] == [logged[-2], *logged[:-2], logged[-1]]
