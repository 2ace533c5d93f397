"""``refkit widowers damage`` and ``refkit widowers hazard``: the contract's keys and exit codes."""

from __future__ import annotations

import json

import pytest

from refkit.cli.runner import run_cli


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = run_cli(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys, *args: str) -> dict:
    code, out, err = run(capsys, "--json", *args)
    assert (code, err) == (0, ""), err
    return json.loads(out)


@pytest.mark.parametrize(
    ("dice", "total", "wounds"),
    [("1,1", 14, 0), ("1,2", 15, 1), ("2,4", 18, 1), ("3,4", 19, 2), ("2,5,6", 25, 2)],
)
def test_damage_against_arm_w9(capsys, dice: str, total: int, wounds: int) -> None:
    result = run_json(capsys, "widowers", "damage", "--pow", "12", "--arm", "14", "--dice", dice)
    assert (result["total"], result["wounds"]) == (total, wounds)
    assert result["dice"] == [int(face) for face in dice.split(",")]
    assert result["seed"] is None


def test_damage_rolls_two_dice_from_a_seed_repeatably(capsys) -> None:
    first = run_json(capsys, "widowers", "damage", "--pow", "5", "--arm", "10", "--seed", "9")
    again = run_json(capsys, "widowers", "damage", "--pow", "5", "--arm", "10", "--seed", "9")
    assert first == again
    assert len(first["dice"]) == 2 and first["total"] == sum(first["dice"]) + 5
    assert first["seed"] == 9


def test_hazard_deals_damage_on_five_or_six_w5(capsys) -> None:
    assert run_json(capsys, "widowers", "hazard", "--die", "5") == {
        "die": 5,
        "damage": 1,
        "seed": None,
    }
    assert run_json(capsys, "widowers", "hazard", "--die", "4")["damage"] == 0
    rolled = run_json(capsys, "widowers", "hazard", "--seed", "1")
    assert 1 <= rolled["die"] <= 6 and rolled["damage"] == (rolled["die"] >= 5)


def test_text_output_says_the_wounds(capsys) -> None:
    code, out, _ = run(capsys, "widowers", "damage", "--pow", "12", "--arm", "14", "--dice", "3,4")
    assert code == 0 and "2 wounds (severe)" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("widowers", "hazard", "--die", "7"), "7 is not a face of a d6"),
        (("widowers", "damage", "--pow", "3", "--arm", "3", "--dice", "4"), "at least 2 dice"),
        (("widowers", "damage", "--pow", "3", "--arm", "3", "--dice", "4,x"), "'x'"),
        (("widowers", "damage", "--arm", "3"), "--pow"),
        (("widowers",), "damage, hazard, spawn or odds"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(capsys, args: tuple[str, ...], needle) -> None:
    code, out, err = run(capsys, "--json", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and needle in err
