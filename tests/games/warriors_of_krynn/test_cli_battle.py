"""``refkit krynn encounter`` and ``refkit krynn battle``: the library's encounter cost,
attacking side and hit allocation from the command line (rules/widowers_krynn.md §B, K7, K11,
K12)."""

from __future__ import annotations

import json

import pytest

from refkit.cli.runner import run_cli


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = run_cli(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys, *args: str) -> dict:
    code, out, err = run(capsys, "--json", "krynn", *args)
    assert (code, err) == (0, ""), err
    return json.loads(out)


@pytest.mark.parametrize(
    ("args", "actions"),
    [
        (("--value", "3", "--mastered", "--discards", "1"), 1),  # K7
        (("--value", "3"), 3),
        (("--value", "3", "--mastered"), 2),
        (("--value", "1", "--discards", "3"), 0),  # never below 0
    ],
)
def test_an_encounter_costs_its_value_less_mastery_and_discards(capsys, args, actions) -> None:
    assert run_json(capsys, "encounter", *args) == {"actions": actions}


def test_k11_the_stronger_side_attacks_and_a_tie_is_the_referees(capsys) -> None:
    assert run_json(capsys, "battle", "--alliance", "3,1", "--dragon", "3,0")["attacker"] == (
        "alliance"
    )
    assert run_json(capsys, "battle", "--alliance", "1,0", "--dragon", "1,1")["attacker"] == (
        "dragon army"
    )
    tie = run_json(capsys, "battle", "--alliance", "2,0", "--dragon", "1,1")
    assert tie == {"attacker": None, "defending": None, "attacking": None}
    code, out, _ = run(capsys, "krynn", "battle", "--alliance", "2,0", "--dragon", "1,1")
    assert code == 0 and "the referee decides" in out


def test_k12_hits_go_to_barricades_then_shake_and_woes_hit_the_attackers(capsys) -> None:
    result = run_json(
        capsys, "battle", "--alliance", "3,1", "--dragon", "3,0", "--defending", "1,1,0",
        "--attacking", "0,2,0", "--hits", "2", "--woes", "1",
    )  # fmt: skip
    assert result["defending"] == {"barricades": 0, "ready": 0, "shaken": 1, "hits_left_over": 0}
    assert result["attacking"] == {"barricades": 0, "ready": 1, "shaken": 1, "hits_left_over": 0}


def test_hits_beyond_the_line_are_counted_as_left_over(capsys) -> None:
    result = run_json(
        capsys, "battle", "--alliance", "1,0", "--dragon", "0,0", "--defending", "0,1,1",
        "--hits", "5",
    )  # fmt: skip
    assert result["defending"] == {"barricades": 0, "ready": 0, "shaken": 0, "hits_left_over": 2}


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("encounter", "--value", "-1"), "--value must be 0 or more"),
        (("encounter",), "--value"),
        (("battle", "--alliance", "1", "--dragon", "1,1"), "--alliance takes 2 whole numbers"),
        (("battle", "--alliance", "1,1", "--dragon", "1,-1"), "--dragon takes 2 whole numbers"),
        (("battle", "--alliance", "1,1", "--dragon", "1,1", "--hits", "2"), "--defending B,R,S"),
        (("battle", "--alliance", "1,1", "--dragon", "1,1", "--woes", "1"), "--attacking B,R,S"),
        (
            ("battle", "--alliance", "1,1", "--dragon", "1,1", "--defending", "1,x,0"),
            "--defending takes 3 whole numbers",
        ),
        ((), "conflict, encounter, battle, skirmish or tracker"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(capsys, args, needle) -> None:
    code, out, err = run(capsys, "--json", "krynn", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and needle in err, err
