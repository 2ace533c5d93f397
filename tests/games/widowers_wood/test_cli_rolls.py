"""``refkit widowers attack|challenge|spawn|odds`` (CONTRACT.md, additions in v1.2), from the
fact file's rules (rules/widowers_krynn.md §A2) and counted against every face by brute force."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest

from refkit.cli.runner import run_cli


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = run_cli(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys, *args: str) -> dict:
    code, out, err = run(capsys, "--json", "widowers", *args)
    assert (code, err) == (0, ""), err
    return json.loads(out)


def test_spawn_with_an_empty_reserve_activates_the_farthest_and_takes_nothing(capsys) -> None:
    result = run_json(
        capsys, "spawn", "--dice", "3,4", "--red", "0", "--blue", "0", "--priority", "blue"
    )
    assert {key: result[key] for key in ("villain", "passage", "take", "activate_farthest")} == {
        "villain": "blue",  # the contract's colour: none left, so the round's priority colour
        "passage": 4,
        "take": None,
        "activate_farthest": True,
    }
    assert result["type"] == 3  # the rolled type's index token (an addition to the contract)
    code, out, _ = run(capsys, "widowers", "spawn", "--dice", "3,4", "--red", "0", "--blue", "0")
    assert code == 0 and "farthest from any hero" in out and "take a" not in out


@pytest.mark.parametrize(
    ("red", "blue", "priority", "take"),
    [
        ("1", "2", None, "blue"),
        ("3", "1", None, "red"),
        ("1", "1", "red", "red"),
        ("2", "2", "blue", "blue"),
        ("0", "1", "red", "blue"),
    ],
)
def test_spawn_takes_the_majority_colour_or_the_priority_on_a_tie(
    capsys, red, blue, priority, take
) -> None:
    args = ["spawn", "--dice", "6,1", "--red", red, "--blue", blue]
    args += ["--priority", priority] if priority else []
    result = run_json(capsys, *args)
    assert (result["take"], result["activate_farthest"], result["passage"]) == (take, False, 1)
    assert result["villain"] == take  # the miniature taken is the villain's colour


def test_spawn_on_a_passage_that_is_gone_activates_the_farthest(capsys) -> None:
    result = run_json(capsys, "spawn", "--dice", "2,5", "--red", "2", "--blue", "0", "--gone", "5")
    assert (result["take"], result["activate_farthest"]) == (None, True)
    assert result["villain"] == "red"  # the reserve's majority: the colour such a villain has


def test_spawn_rolls_from_a_seed_repeatably(capsys) -> None:
    first = run_json(capsys, "spawn", "--red", "1", "--blue", "0", "--seed", "4")
    assert first == run_json(capsys, "spawn", "--red", "1", "--blue", "0", "--seed", "4")
    assert first["dice"] == [first["type"], first["passage"]] and first["seed"] == 4


def test_attack_hits_when_the_total_reaches_def_on_every_face(capsys) -> None:
    for first, second in product(range(1, 7), repeat=2):
        result = run_json(
            capsys, "attack", "--acc", "4", "--def", "11", "--dice", f"{first},{second}"
        )
        assert result["total"] == first + second + 4
        assert result["hit"] is (first + second + 4 >= 11)
        assert result["automatic"] is False


def test_a_ranged_attack_meets_cover_and_camouflage(capsys) -> None:
    args = ("attack", "--acc", "4", "--def", "11", "--dice", "4,4")
    assert run_json(capsys, *args)["hit"] is True
    covered = run_json(capsys, *args, "--ranged", "--cover", "--camouflage")
    assert (covered["defence"], covered["hit"]) == (14, False)
    assert run_json(capsys, *args, "--cover")["defence"] == 11  # cover stops only ranged


def test_a_boosted_attack_with_a_discard_keeps_the_best_dice(capsys) -> None:
    result = run_json(
        capsys,
        "attack",
        "--acc",
        "0",
        "--def",
        "10",
        "--boost",
        "--additional",
        "1",
        "--discard-lowest",
        "1",
        "--dice",
        "1,6,2,5",
    )
    assert (result["kept"], result["total"], result["hit"]) == ([6, 2, 5], 13, True)


def test_an_automatic_hit_needs_no_dice_and_reports_any_given(capsys) -> None:
    result = run_json(
        capsys, "attack", "--acc", "0", "--def", "30", "--auto-hit", "--auto-miss", "--dice", "1,1"
    )
    assert (result["hit"], result["automatic"], result["total"]) == (True, True, None)
    assert result["unused_dice"] == [1, 1]


def test_challenge_passes_at_the_target_number(capsys) -> None:
    passed = run_json(capsys, "challenge", "--stat", "6", "--tn", "12", "--dice", "2,4")
    assert (passed["total"], passed["passed"]) == (12, True)
    failed = run_json(capsys, "challenge", "--stat", "6", "--tn", "12", "--dice", "2,3")
    assert (failed["total"], failed["passed"]) == (11, False)


def _brute_chance(dice: int, keep_from: int, needed: int) -> Fraction:
    """Count every face combination: the kept dice (sorted, the lowest ``keep_from`` dropped)
    reaching ``needed``."""
    hits = sum(
        sum(sorted(faces)[keep_from:]) >= needed for faces in product(range(1, 7), repeat=dice)
    )
    return Fraction(hits, 6**dice)


@pytest.mark.parametrize("defence", [6, 9, 12, 15, 18])
def test_attack_odds_agree_with_a_brute_force_count(capsys, defence: int) -> None:
    plain = run_json(capsys, "odds", "attack", "--acc", "3", "--def", str(defence))
    assert Fraction(plain["chances"]["hit"]) == _brute_chance(2, 0, defence - 3)
    boosted = run_json(
        capsys,
        "odds",
        "attack",
        "--acc",
        "3",
        "--def",
        str(defence),
        "--boost",
        "--additional",
        "1",
        "--discard-lowest",
        "1",
    )
    assert boosted["dice"] == "4d6 (boosted) discard lowest 1"
    assert Fraction(boosted["chances"]["hit"]) == _brute_chance(4, 1, defence - 3)


def test_damage_and_challenge_and_hazard_odds_agree_with_a_count(capsys) -> None:
    damage = run_json(capsys, "odds", "damage", "--pow", "12", "--arm", "14")
    wounds = [0, 0, 0]
    for faces in product(range(1, 7), repeat=2):
        margin = sum(faces) + 12 - 14
        wounds[0 if margin <= 0 else 2 if margin >= 5 else 1] += 1
    expected = dict(zip(("no_wound", "one_wound", "two_wounds"), wounds, strict=True))
    assert {k: Fraction(v) for k, v in damage["chances"].items()} == {
        k: Fraction(n, 36) for k, n in expected.items()
    }
    challenge = run_json(capsys, "odds", "challenge", "--stat", "6", "--tn", "12")
    assert Fraction(challenge["chances"]["pass"]) == _brute_chance(2, 0, 6)
    assert run_json(capsys, "odds", "hazard")["chances"] == {"damage": "1/3"}


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("spawn", "--dice", "3,4", "--red", "1", "--blue", "1"), "--priority red|blue"),
        (("spawn", "--dice", "3,7", "--red", "1", "--blue", "0"), "7 is not a face of a d6"),
        (("spawn", "--dice", "3", "--red", "1", "--blue", "0"), "--dice"),
        (("spawn", "--dice", "3,4", "--red", "-1", "--blue", "0"), "--red"),
        (("spawn", "--dice", "3,4", "--blue", "0"), "--red"),
        (("spawn", "--dice", "3,4", "--red", "1", "--blue", "0", "--gone", "9"), "--gone"),
        (("attack", "--acc", "3", "--def", "9", "--boost", "--dice", "3,4"), "needs 3 dice"),
        (("attack", "--acc", "3", "--def", "9", "--discard-lowest", "2"), "leaves none"),
        (("challenge", "--stat", "3", "--tn", "9", "--additional", "-1"), "--additional"),
        (("odds", "challenge", "--stat", "6"), "--tn"),
        (("odds", "attack", "--acc", "6"), "--def"),
        (("odds", "spells"), "invalid choice"),
        ((), "attack, challenge, damage, hazard, spawn or odds"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(capsys, args, needle) -> None:
    code, out, err = run(capsys, "--json", "widowers", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and needle in err, err
