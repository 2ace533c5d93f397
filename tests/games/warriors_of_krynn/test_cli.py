"""``refkit krynn conflict``: the contract's keys and exit codes, typed dice and virtual rolls."""

from __future__ import annotations

import json

import pytest

from refkit.cli.runner import run_cli

CONTRACT_KEYS = {"dice", "difficulty", "hits", "woes", "success", "overkill", "stress"}


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = run_cli(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def conflict(capsys, *args: str) -> dict:
    code, out, err = run(capsys, "--json", "krynn", "conflict", *args)
    assert (code, err) == (0, ""), err
    return json.loads(out)


def test_typed_dice_k1_k2_k5(capsys) -> None:
    result = conflict(
        capsys, "--actions", "2", "--discards", "1", "--difficulty", "3", "--mastered",
        "--hits", "3", "--woes", "0",
    )  # fmt: skip
    assert set(result) >= CONTRACT_KEYS
    assert {key: result[key] for key in CONTRACT_KEYS} == {
        "dice": 3,
        "difficulty": 2,
        "hits": 3,
        "woes": 0,
        "success": True,
        "overkill": True,
        "stress": 0,
    }
    assert result["equipment"] is True and result["seed"] is None


def test_k3_k6_one_die_at_least_and_a_woe_costs_stress(capsys) -> None:
    result = conflict(capsys, "--actions", "0", "--difficulty", "2", "--hits", "1", "--woes", "2")
    assert (result["dice"], result["success"], result["stress"]) == (1, False, 1)
    per_woe = conflict(
        capsys, "--actions", "0", "--difficulty", "2", "--hits", "1", "--woes", "2",
        "--stress-per-woe",
    )  # fmt: skip
    assert per_woe["stress"] == 2


def test_a_task_overkilled_wins_no_equipment(capsys) -> None:
    result = conflict(
        capsys, "--actions", "1", "--difficulty", "1", "--hits", "3", "--woes", "0", "--task"
    )
    assert (result["overkill"], result["equipment"]) == (True, False)


def test_a_seeded_virtual_roll_repeats_and_says_the_faces_are_unverified(capsys) -> None:
    args = ("--actions", "3", "--difficulty", "2", "--seed", "11")
    first, again = conflict(capsys, *args), conflict(capsys, *args)
    assert first == again and first["seed"] == 11
    assert len(first["rolled"]) == 3 and first["faces_verified"] is False
    assert first["hits"] == sum(face["hits"] for face in first["rolled"])
    code, out, _ = run(capsys, "krynn", "conflict", *args)
    assert code == 0 and "unverified face table" in out


def test_the_virtual_roll_uses_the_users_face_table(capsys, refkit_data_dir) -> None:
    folder = refkit_data_dir / "games" / "warriors_of_krynn"
    folder.mkdir(parents=True)
    (folder / "battle_dice.toml").write_text(
        "verified = true\n[[face]]\nhits = 2\nwoes = 1\n[[face]]\nhits = 2\nwoes = 1\n",
        encoding="utf-8",
    )
    result = conflict(capsys, "--actions", "2", "--difficulty", "3", "--seed", "1")
    assert (result["hits"], result["woes"], result["faces_verified"]) == (4, 2, True)


def test_a_broken_face_table_is_one_error_line(capsys, refkit_data_dir) -> None:
    folder = refkit_data_dir / "games" / "warriors_of_krynn"
    folder.mkdir(parents=True)
    (folder / "battle_dice.toml").write_text("[[face]]\nhits = 7\n", encoding="utf-8")
    code, out, err = run(capsys, "krynn", "conflict", "--actions", "1", "--difficulty", "1")
    assert code == 2 and out == "" and err.startswith("error: ") and "battle_dice.toml" in err


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--actions", "1", "--difficulty", "2", "--hits", "2"), "--hits and --woes together"),
        (("--actions", "1", "--difficulty", "2", "--woes", "2"), "--hits and --woes together"),
        (
            ("--actions", "1", "--difficulty", "2", "--hits", "1", "--woes", "0", "--seed", "4"),
            "not both",
        ),
        (("--actions", "-1", "--difficulty", "2", "--hits", "1", "--woes", "0"), "--actions"),
        (("--actions", "1", "--difficulty", "2", "--hits", "-3", "--woes", "0"), "--hits"),
        (("--actions", "1"), "--difficulty"),
        (("--actions", "x", "--difficulty", "1"), "'x' is not a whole number"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(capsys, args, needle) -> None:
    code, out, err = run(capsys, "--json", "krynn", "conflict", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and needle in err


def test_a_folder_where_the_face_table_should_be_is_named(capsys, refkit_data_dir) -> None:
    (refkit_data_dir / "games" / "warriors_of_krynn" / "battle_dice.toml").mkdir(parents=True)
    code, out, err = run(capsys, "krynn", "conflict", "--actions", "1", "--difficulty", "1")
    assert code == 2 and out == "" and "battle_dice.toml" in err and "not a file" in err


def test_the_text_counts_dice_hits_and_woes_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run_cli(
            [
                "krynn",
                "conflict",
                "--actions",
                "1",
                "--difficulty",
                "3",
                "--hits",
                "1",
                "--woes",
                "1",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out.startswith("1 battle die: 1 hit against difficulty 3, 1 woe:")


@pytest.mark.parametrize("actions", ["5", "7"])
def test_more_actions_than_a_turn_holds_are_refused(capsys, actions: str) -> None:
    """A hero performs up to 4 full actions in the Action Phase (reference L13)."""
    code, out, err = run(
        capsys, "--json", "krynn", "conflict", "--actions", actions, "--difficulty", "2",
        "--hits", "1", "--woes", "0",
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert err == (
        f"error: krynn conflict: --actions: a hero has 4 actions a turn, so {actions} cannot "
        "be invested in one conflict\n"
    )
    assert conflict(capsys, "--actions", "4", "--difficulty", "2", "--hits", "1", "--woes", "0")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ("--actions", "2", "--hits", "7", "--woes", "0"),
            "--hits: 2 battle dice can show at most 6",
        ),
        (
            ("--actions", "0", "--hits", "0", "--woes", "4"),
            "--woes: 1 battle die can show at most 3",
        ),
    ],
)
def test_more_hits_or_woes_than_the_dice_can_show_are_refused(capsys, args, needle) -> None:
    code, out, err = run(capsys, "--json", "krynn", "conflict", "--difficulty", "2", *args)
    assert (code, out) == (2, "") and needle in err


def test_a_verified_face_table_bounds_what_typed_dice_can_show(capsys, refkit_data_dir) -> None:
    folder = refkit_data_dir / "games" / "warriors_of_krynn"
    folder.mkdir(parents=True)
    (folder / "battle_dice.toml").write_text(
        "verified = true\n[[face]]\nhits = 2\nwoes = 0\n[[face]]\nhits = 0\nwoes = 1\n",
        encoding="utf-8",
    )
    assert conflict(capsys, "--actions", "2", "--difficulty", "3", "--hits", "4", "--woes", "2")
    code, _, err = run(
        capsys, "krynn", "conflict", "--actions", "2", "--difficulty", "3", "--hits", "5",
        "--woes", "0",
    )  # fmt: skip
    assert code == 2 and "(a face of your verified table shows 2 at most), not 5" in err
