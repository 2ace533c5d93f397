"""``warcrow roll`` fixes a die, rerolls, adds automatic symbols, pays Switches and applies
States; ``warcrow versus`` takes ``--dice`` — with the fact file's test vectors (§5)."""

from __future__ import annotations

import pytest

from tests.games.warcrow.test_cli import refused, run_json


def test_vector_12_ludivine_against_the_marked_both_wounded(capsys) -> None:  # L620
    result = run_json(
        capsys,
        "versus",
        "--character",
        "yellow,yellow,black",
        "--enemy",
        "black,yellow",
        "--dice",
        "2,2,5,1,1",
        "--switch",
        "Heal:special",
        "--switch",
        "Heal again:special",
    )
    assert (result["character"]["success"], result["character"]["block"]) == (2, 0)
    assert (result["enemy"]["success"], result["enemy"]["block"]) == (1, 1)
    assert (result["wounds_to_enemy"], result["wounds_to_character"]) == (1, 1)
    assert result["character_switches"] == ["Heal", "Heal again"]


def test_vector_13_zsoka_responds_with_her_armour_switch(capsys) -> None:  # L646
    result = run_json(
        capsys,
        "versus",
        "--roll",
        "response",
        "--character",
        "black,blue,black",
        "--enemy",
        "red,black",
        "--enemy-auto",
        "success",
        "--dice",
        "1,6,5,5,5",
        "--switch",
        "Armor:special=block",
    )
    assert result["enemy"]["success"] == 3 and result["character"]["block"] == 2
    assert (result["wounds_to_character"], result["wounds_to_enemy"]) == (1, 0)


def test_a_switch_is_paid_once_and_must_be_affordable(capsys) -> None:  # L630
    line = refused(
        capsys,
        "roll",
        "blue",
        "--dice",
        "6",
        "--switch",
        "M:special=block",
        "--switch",
        "M:special=block",
    )
    assert "only once" in line
    # One the roll cannot pay is not used, and said so — the dice are rolled by then (with a
    # fresh roll a refusal would throw the roll away, and a README example failed now and then).
    result = run_json(capsys, "roll", "green", "--dice", "1", "--switch", "M:special=block")
    assert result["switches"] == [] and result["switches_unpaid"] == ["M"]


def test_stunned_takes_a_success_only_from_attack_magic_and_response(capsys) -> None:
    # a red S+S face; Stunned and Vulnerable: vector 18 on an attack
    args = ("roll", "red,green", "--dice", "5,1", "--state", "stunned", "--state", "vulnerable")
    attack = run_json(capsys, *args, "--roll", "attack")
    assert (attack["symbols"]["success"], attack["symbols"]["block"]) == (1, 0)
    for kind in ("magical-attack", "response"):
        assert run_json(capsys, *args, "--roll", kind)["symbols"]["success"] == 1
    for kind in ("test", "magical-resistance"):
        test = run_json(capsys, *args, "--roll", kind)["symbols"]
        assert (test["success"], test["block"]) == (2, 0)  # Vulnerable still counts


def test_frightened_removes_the_best_die_of_the_rolls_kind_and_focus_upgrades(capsys) -> None:
    attack = run_json(
        capsys,
        "roll",
        "red,yellow,blue",
        "--state",
        "frightened",
        "--roll",
        "attack",
        "--seed",
        "1",
    )
    assert attack["frightened_removed"] == ["red"] and attack["pool"] == ["yellow", "blue"]
    response = run_json(
        capsys,
        "roll",
        "red,green,blue",
        "--state",
        "frightened",
        "--roll",
        "response",
        "--seed",
        "1",
    )
    assert response["frightened_removed"] == ["green"]
    test = run_json(capsys, "roll", "red", "--state", "frightened", "--seed", "1")
    assert test["frightened_removed"] == [] and test["pool"] == ["red"]
    focus = run_json(
        capsys, "roll", "orange,orange", "--state", "focus", "--roll", "attack", "--seed", "1"
    )
    assert sorted(focus["pool"]) == ["orange", "red"]


def test_a_fixed_die_keeps_its_face_and_rerolls_happen_once(capsys) -> None:  # L243, L247
    for seed in range(20):
        result = run_json(capsys, "roll", "red,orange", "--fix", "1=5", "--seed", str(seed))
        assert result["faces"][0] == 5 and result["fixed"] == [1]
    rerolled = run_json(
        capsys, "roll", "red,orange", "--dice", "1,1", "--reroll", "2", "--seed", "4"
    )
    assert rerolled["faces"][0] == 1 and rerolled["rerolled"] == [2]
    assert "fixed; it is not rolled" in refused(
        capsys, "roll", "red,orange", "--fix", "1=5", "--reroll", "1"
    )
    assert "named twice" in refused(capsys, "roll", "red,orange", "--reroll", "1,1")
    assert "faces 1 to 8" in refused(capsys, "roll", "red", "--fix", "1=9")


def test_automatic_symbols_count_and_unknown_words_are_named(capsys) -> None:  # L170
    result = run_json(capsys, "roll", "red", "--dice", "1", "--auto", "success,block")
    assert (result["symbols"]["success"], result["symbols"]["block"]) == (2, 1)
    assert "unknown symbol 'sucess'" in refused(capsys, "roll", "red", "--auto", "sucess")
    assert "unknown State 'scared'" in refused(capsys, "roll", "red", "--state", "scared")
    assert "unknown roll 'shove'" in refused(capsys, "roll", "red", "--roll", "shove")


@pytest.mark.parametrize("dice", ["1,1,1", "1,1,1,1,1,1"])
def test_versus_dice_must_name_every_die(capsys, dice: str) -> None:
    line = refused(
        capsys, "versus", "--character", "red,red", "--enemy", "black,blue,green", "--dice", dice
    )
    assert "expected 5 face numbers" in line


def test_versus_fixes_each_sides_dice_before_the_roll(capsys) -> None:  # L243
    for seed in range(12):
        result = run_json(
            capsys,
            *("versus", "--character", "red,orange", "--enemy", "black,blue"),
            *("--fix", "2=5", "--enemy-fix", "1=3", "--seed", str(seed)),
        )
        given = run_json(
            capsys,
            *("versus", "--character", "red,orange", "--enemy", "black,blue"),
            *("--dice", "1,5,3,1"),
        )
        assert result["character_dice"][1] == given["character_dice"][1]
        assert result["enemy_dice"][0] == given["enemy_dice"][0]
        assert (result["character_fixed"], result["enemy_fixed"]) == ([2], [1])
        assert (result["character_rerolled"], result["enemy_rerolled"]) == ([], [])


def test_versus_rerolls_only_the_dice_named_on_each_side(capsys) -> None:  # L247
    typed = ("versus", "--character", "red,orange", "--enemy", "black,blue", "--dice", "1,1,1,1")
    before = run_json(capsys, *typed)
    seen_other_faces = set()
    for seed in range(12):
        after = run_json(
            capsys, *typed, "--reroll", "2", "--enemy-reroll", "1", "--seed", str(seed)
        )
        assert after["seed"] == seed
        assert (after["character_rerolled"], after["enemy_rerolled"]) == ([2], [1])
        assert after["character_dice"][0] == before["character_dice"][0]
        assert after["enemy_dice"][1] == before["enemy_dice"][1]
        seen_other_faces.add(str(after["character_dice"][1]) + str(after["enemy_dice"][0]))
    assert len(seen_other_faces) > 1  # the named dice were rolled again, not kept
    assert before["seed"] is None and before["character_rerolled"] == []


def test_versus_fix_and_reroll_refusals_name_the_side(capsys) -> None:
    pools = ("versus", "--character", "red,orange", "--enemy", "black,blue")
    assert "--enemy-fix: '3=1': the pool has dice 1 to 2" in refused(
        capsys, *pools, "--enemy-fix", "3=1"
    )
    assert "--enemy-reroll" in refused(capsys, *pools, "--enemy-reroll", "1,1")
    assert "fixed; it is not rolled" in refused(capsys, *pools, "--fix", "1=5", "--reroll", "1")
    assert "with --dice every die is given" in refused(
        capsys, *pools, "--dice", "1,1,1,1", "--enemy-fix", "1=2"
    )
