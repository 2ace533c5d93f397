"""The ``refkit warcrow`` rows of the contract: keys, exit codes and one ``error:`` line."""

from __future__ import annotations

import json

import pytest

from refkit.cli.runner import run_cli


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert run_cli(["warcrow", *argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    return json.loads(out)


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert run_cli(["warcrow", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    return lines[0]


def test_pool_upgrades_and_downgrades(capsys) -> None:
    assert sorted(run_json(capsys, "pool", "orange,orange", "--upgrade", "1")["pool"]) == [
        "orange",
        "red",
    ]
    assert run_json(capsys, "pool", "red", "--upgrade", "1", "--downgrade", "1")["pool"] == [
        "orange",
        "yellow",
    ]
    assert run_json(capsys, "pool", "green,green", "--upgrade", "1")["pool"] == [
        "green",
        "green",
        "black",
    ]
    assert run_json(capsys, "pool", "yellow", "--downgrade", "1")["pool"] == []


def test_a_mixed_pool_needs_kind(capsys) -> None:
    assert "--kind" in refused(capsys, "pool", "yellow,yellow,black", "--upgrade", "1")
    result = run_json(
        capsys, "pool", "yellow,yellow,black", "--upgrade", "1", "--kind", "defensive"
    )
    assert sorted(result["pool"]) == ["blue", "yellow", "yellow"]


def test_a_die_that_would_be_a_fourth_is_not_added(capsys) -> None:
    result = run_json(capsys, "pool", "yellow,orange,orange,orange", "--upgrade", "1")
    assert result["pool"] == ["orange", "orange", "orange"]
    assert result["lost"] == ["orange"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("pool", "red,purple"), "unknown colour 'purple'"),
        (("pool", "orange,orange,orange,orange"), "fourth orange"),
        (("pool", "red", "--upgrade", "3"), "--upgrade must be 0 to 2"),
        (("pool", "yellow", "--downgrade", "2"), "cannot be downgraded"),
        (("roll", "red,red,red,red"), "fourth red"),
        (("roll", ""), "no dice"),
        (("roll", "red", "--dice", "9"), "faces 1 to 8, not 9"),
        (("roll", "red,blue", "--dice", "1"), "expected 2 face numbers"),
        (("versus", "--character", "red", "--enemy", "teal"), "--enemy"),
        (("pool", "red", "--kind", "sideways", "--upgrade", "1"), "invalid choice"),
    ],
)
def test_bad_input_is_one_error_line(capsys, argv, words) -> None:
    assert words in refused(capsys, *argv)


def test_roll_gives_each_die_and_the_symbol_counts(capsys) -> None:
    result = run_json(capsys, "roll", "red,orange,black", "--seed", "7")
    assert [die["colour"] for die in result["dice"]] == ["red", "orange", "black"]
    assert set(result["symbols"]) == {
        "success",
        "hollow_success",
        "block",
        "hollow_block",
        "special",
        "hollow_special",
    }
    counted = {key: 0 for key in result["symbols"]}
    for die in result["dice"]:
        for symbol in die["face"]:
            counted[symbol] += 1
    assert counted == result["symbols"]
    assert result["seed"] == 7
    assert run_json(capsys, "roll", "red,orange,black", "--seed", "7") == result


def test_expertise_counts_hollow_symbols_as_full(capsys) -> None:
    # Face 8 of the red die is Hollow Success + Special in the shipped table.
    plain = run_json(capsys, "roll", "red", "--dice", "8")
    assert plain["symbols"]["hollow_success"] == 1 and plain["symbols"]["success"] == 0
    expert = run_json(capsys, "roll", "red", "--dice", "8", "--expertise", "--need", "1")
    assert expert["symbols"]["success"] == 1 and expert["symbols"]["hollow_success"] == 0
    assert expert["test"] == {"needed": 1, "successes": 1, "passed": True}


def test_versus_cancels_blocks_both_ways(capsys) -> None:
    result = run_json(
        capsys, "versus", "--character", "red,red,green", "--enemy", "yellow,black", "--seed", "3"
    )
    character, enemy = result["character"], result["enemy"]
    assert result["wounds_to_enemy"] == max(0, character["success"] - enemy["block"])
    assert result["wounds_to_character"] == max(0, enemy["success"] - character["block"])
    assert result["seed"] == 3


def test_a_users_dice_table_replaces_the_shipped_one(capsys, refkit_data_dir) -> None:
    folder = refkit_data_dir / "games" / "warcrow"
    folder.mkdir(parents=True)
    blank = "\n".join(f"[dice.{c}]\nfaces = [[]]" for c in ("red", "orange", "yellow"))
    full = "\n".join(f'[dice.{c}]\nfaces = [["block"]]' for c in ("green", "blue", "black"))
    (folder / "dice.toml").write_text(blank + "\n" + full, encoding="utf-8")
    result = run_json(capsys, "roll", "red,green", "--seed", "1")
    assert result["symbols"]["block"] == 1 and result["symbols"]["success"] == 0
    (folder / "dice.toml").write_text("[dice.red]\nfaces = 3", encoding="utf-8")
    assert "dice.toml" in refused(capsys, "roll", "red")


def test_odds_of_a_pool_are_exact(capsys) -> None:
    result = run_json(capsys, "odds", "red")
    # 7 of the 8 red faces show a Success, 2 of them two.
    assert result["exact"]["successes"] == {"0": "1/8", "1": "5/8", "2": "1/4"}
    assert result["exact"]["at_least"] == {"1": "7/8", "2": "1/4"}
    expert = run_json(capsys, "odds", "red", "--expertise")
    assert expert["exact"]["at_least"]["1"] == "1/1"


def test_odds_of_a_face_to_face(capsys) -> None:
    result = run_json(capsys, "odds", "red", "--enemy", "green")
    assert abs(sum(result["wounds_to_enemy"].values()) - 1) < 1e-12
    assert result["success"] == result["wounds_to_enemy"]["1"] + result["wounds_to_enemy"].get(
        "2", 0
    )
    # The enemy rolls no Success, so the character is never wounded.
    assert result["exact"]["wounds_to_character"] == {"0": "1/1"}
    assert "--expertise" in refused(capsys, "odds", "red", "--enemy", "green", "--expertise")


def test_rolls_land_in_the_roll_log_tagged_cli(capsys, refkit_data_dir) -> None:
    from refkit.store.database import Database
    from refkit.store.location import DATABASE_FILE_NAME
    from refkit.store.roll_log import RollLogRepository

    rolled = run_json(capsys, "roll", "red,black", "--seed", "5", "--need", "1")
    versus = run_json(capsys, "versus", "--character", "red", "--enemy", "green", "--seed", "6")
    with Database.open(str(refkit_data_dir / DATABASE_FILE_NAME)) as db:
        logged = list(reversed(RollLogRepository(db).recent(limit=None)))
    assert [roll.source for roll in logged] == ["cli", "cli"]
    first, second = (roll.record for roll in logged)
    assert first.kind == second.kind == "warcrow"
    assert list(first.faces) == rolled["faces"] and first.seed == 5
    assert first.total == rolled["symbols"]["success"]
    assert first.detail["pool"]["symbols"] == rolled["symbols"]
    assert second.total == versus["wounds_to_enemy"] and second.seed == 6
    assert second.detail["enemy"]["symbols"] == versus["enemy"]


def test_bad_input_writes_no_database(capsys, refkit_data_dir) -> None:
    from refkit.store.location import DATABASE_FILE_NAME

    refused(capsys, "roll", "red,red,red,red")
    refused(capsys, "versus", "--character", "red", "--enemy", "mauve")
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()


@pytest.mark.parametrize(
    "argv",
    [
        ("roll", "x" * 100_000),
        ("roll", "red," * 50_000),
        ("pool", ",,,"),
        ("roll", "red", "--dice", "9" * 5_000),
        ("roll", "red", "--dice", "1,2,3"),
        ("roll", "red", "--need", "-1"),
        ("versus", "--character", "", "--enemy", "red"),
    ],
)
def test_hostile_input_is_one_short_error_line(capsys, argv) -> None:
    line = refused(capsys, *argv)
    assert len(line) < 300


def test_odds_of_defensive_dice_count_blocks_and_say_no_success_is_possible(capsys) -> None:
    """``warcrow odds green,green`` printed "at least: " with nothing after it: green dice roll
    Blocks, never Successes (rules/warcrow.md §2.1)."""
    # A green die: 5 faces show a Block, 1 two Blocks, 2 none (a Special, a hollow Block).
    result = run_json(capsys, "odds", "green")
    assert result["exact"]["blocks"] == {"0": "1/4", "1": "5/8", "2": "1/8"}
    assert result["exact"]["blocks_at_least"] == {"1": "3/4", "2": "1/8"}
    assert result["exact"]["successes"] == {"0": "1/1"} and result["at_least"] == {}
    two = run_json(capsys, "odds", "green,green")
    assert two["exact"]["blocks_at_least"]["1"] == "15/16"
    assert run_cli(["warcrow", "odds", "green,green"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Successes: none possible with these dice"
    assert lines[1].startswith("Blocks at least: 1: 93.8%")
    assert all(not line.rstrip().endswith(":") for line in lines)


def test_a_test_may_need_blocks(capsys) -> None:
    # Green faces 6 (two Blocks) and 7 (a Special).
    passed = run_json(capsys, "roll", "green,green", "--dice", "6,7", "--need", "2", "--blocks")
    assert passed["test"] == {"needed": 2, "passed": True, "blocks": 2}
    failed = run_json(capsys, "roll", "green,green", "--dice", "1,7", "--need", "2", "--blocks")
    assert failed["test"] == {"needed": 2, "passed": False, "blocks": 1}
    as_successes = run_json(capsys, "roll", "green,green", "--dice", "6,7", "--need", "2")
    assert as_successes["test"] == {"needed": 2, "passed": False, "successes": 0}
    assert "--need" in refused(capsys, "roll", "green", "--blocks")
