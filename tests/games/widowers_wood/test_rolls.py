"""Widower's Wood rolls from the fact file's test vectors (rules/widowers_krynn.md §A5)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from refkit.games.widowers_wood import (
    RollKind,
    RollPlan,
    attack_odds,
    challenge_odds,
    continuous_effect_ends,
    damage_odds,
    damage_wounds,
    discarded_positions,
    hazard_damage,
    hazard_odds,
    kept_faces,
    plan_for,
    push_back_knocks_down,
    reroll,
    reserve_colour,
    resolve_attack,
    resolve_challenge,
    resolve_damage,
    resolve_spawn,
    spawn_odds,
    xp_for_wounds,
)

CHAPTER_TWO = {1: "Swamp Gobber", 2: "Swamp Gobber", 3: "Gatorman", 4: "Gatorman"} | {
    5: "Gatorman",
    6: "Gatorman",
}


def test_w1_a_charge_boosts_the_damage_roll_to_three_dice() -> None:
    assert RollPlan(RollKind.DAMAGE, boost_sources=("charge",)).dice_count == 3


def test_w2_boost_and_precise_shot_roll_four_and_drop_the_lowest() -> None:
    plan = RollPlan(
        RollKind.ATTACK,
        boost_sources=("feat",),
        additional=("Precise Shot",),
        discard_lowest=1,
    )
    assert plan.dice_count == 4
    assert kept_faces(plan, (6, 2, 5, 3)) == (3, 5, 6)
    assert discarded_positions(plan, (6, 2, 5, 3)) == {1}
    assert resolve_attack((6, 2, 5, 3), plan, accuracy=4, defence=18).total == 14 + 4


def test_w3_two_boost_sources_still_give_one_boost_die() -> None:
    plan = RollPlan(RollKind.DAMAGE, boost_sources=("charge", "feat"))
    assert plan.dice_count == 3
    with pytest.raises(ValueError, match="needs 3 dice, got 4"):
        resolve_damage((1, 2, 3, 4), plan, power=10, armour=12)


@pytest.mark.parametrize("kind", [RollKind.HAZARD, RollKind.SPAWN])
def test_w4_hazard_and_spawn_rolls_cannot_be_boosted(kind: RollKind) -> None:
    with pytest.raises(ValueError, match=f"a {kind.value} roll cannot be boosted"):
        RollPlan(kind, boost_sources=("feat",))
    assert RollPlan(kind).dice_count == (1 if kind is RollKind.HAZARD else 2)


def test_additional_dice_must_each_come_from_a_different_rule() -> None:
    with pytest.raises(ValueError, match="precise shot gives more than one"):
        RollPlan(RollKind.ATTACK, additional=("Precise Shot", "precise shot"))
    assert RollPlan(RollKind.ATTACK, additional=("Precise Shot", "Sniper")).dice_count == 4


def test_discarding_every_die_is_refused() -> None:
    with pytest.raises(ValueError, match="leaves none to total"):
        RollPlan(RollKind.DAMAGE, discard_lowest=2)


@pytest.mark.parametrize(("die", "damage"), [(5, 1), (6, 1), (4, 0), (1, 0)])
def test_w5_a_hazard_roll_deals_one_damage_on_five_or_six(die: int, damage: int) -> None:
    assert hazard_damage(die) == damage


def test_w6_a_strength_challenge_reached_is_passed() -> None:
    assert resolve_challenge((3, 4), RollPlan(RollKind.CHALLENGE), stat=6, target=12) == (13, True)
    assert resolve_challenge((2, 3), RollPlan(RollKind.CHALLENGE), stat=6, target=12) == (11, False)


def test_w7_an_attack_hits_when_it_reaches_def() -> None:
    plan = RollPlan(RollKind.ATTACK)
    assert resolve_attack((3, 4), plan, accuracy=5, defence=12).hit
    assert not resolve_attack((3, 3), plan, accuracy=5, defence=12).hit


def test_w8_cover_raises_def_against_ranged_attacks_only() -> None:
    plan = RollPlan(RollKind.ATTACK)
    ranged = resolve_attack((4, 4), plan, accuracy=5, defence=12, ranged=True, cover=True)
    melee = resolve_attack((4, 4), plan, accuracy=5, defence=12, ranged=False, cover=True)
    assert (ranged.hit, ranged.defence) == (False, 14)
    assert (melee.hit, melee.defence) == (True, 12)
    camouflaged = resolve_attack(
        (6, 4), plan, accuracy=5, defence=12, ranged=True, cover=True, camouflage=True
    )
    assert (camouflaged.hit, camouflaged.defence) == (True, 15)


@pytest.mark.parametrize(("total", "wounds"), [(14, 0), (15, 1), (18, 1), (19, 2), (3, 0)])
def test_w9_damage_against_arm(total: int, wounds: int) -> None:
    assert damage_wounds(total, 14) == wounds


def test_w10_a_reroll_replaces_the_whole_result() -> None:
    plan = RollPlan(RollKind.ATTACK)
    assert resolve_attack((6, 6), plan, accuracy=0, defence=12).hit
    again = reroll((6, 6), [0, 1], random.Random(3))
    assert again == (2, 5)  # what this seed rolls: the hit is gone, the miss stands
    assert not resolve_attack(again, plan, accuracy=0, defence=12).hit
    assert reroll((6, 2), [1], random.Random(0))[0] == 6  # a die not chosen stays as it was


def test_rerolling_no_die_or_a_missing_die_is_refused() -> None:
    with pytest.raises(ValueError, match="choose at least one die"):
        reroll((1, 2), [], random.Random(0))
    with pytest.raises(ValueError, match="no die 3 to reroll"):
        reroll((1, 2), [2], random.Random(0))


def test_w11_the_spawned_miniature_takes_the_colour_with_more_left() -> None:
    assert reserve_colour(red_left=1, blue_left=2, priority="red") == "blue"
    assert reserve_colour(red_left=1, blue_left=1, priority="red") == "red"
    assert reserve_colour(red_left=3, blue_left=4, priority="red") == "blue"


def test_w12_the_chapter_two_type_die_picks_gobbers_or_gatormen() -> None:
    assert resolve_spawn(2, 5, CHAPTER_TWO).villain == "Swamp Gobber"
    spawn = resolve_spawn(3, 5, CHAPTER_TWO)
    assert (spawn.villain, spawn.type_index, spawn.passage) == ("Gatorman", 3, 5)
    assert spawn_odds(CHAPTER_TWO) == {
        "Swamp Gobber": Fraction(1, 3),
        "Gatorman": Fraction(2, 3),
    }


def test_w13_w14_the_one_die_checks() -> None:
    assert continuous_effect_ends(2) and not continuous_effect_ends(3)
    assert push_back_knocks_down(4) and not push_back_knocks_down(3)


def test_w15_w17_an_automatic_hit_needs_no_roll_and_beats_an_automatic_miss() -> None:
    plan = RollPlan(RollKind.ATTACK)
    knocked_down = resolve_attack(None, plan, accuracy=0, defence=20, auto_hit=True)
    assert (knocked_down.hit, knocked_down.automatic, knocked_down.total) == (True, True, None)
    assert resolve_attack(None, plan, accuracy=0, defence=5, auto_hit=True, auto_miss=True).hit
    assert attack_odds(plan, accuracy=0, defence=99, auto_hit=True, auto_miss=True) == 1


def test_w16_xp_stops_at_the_health_the_villain_had() -> None:
    assert xp_for_wounds(2, health=1) == 1


def test_bad_faces_say_which_die() -> None:
    with pytest.raises(ValueError, match="die 2: 7 is not a face of a d6"):
        resolve_damage((3, 7), RollPlan(RollKind.DAMAGE), power=1, armour=1)
    with pytest.raises(ValueError, match="hazard die: 0 is not a face"):
        hazard_damage(0)


def _brute_force(plan: RollPlan, needed: int) -> Fraction:
    hits = total = 0
    for faces in product(range(1, 7), repeat=plan.dice_count):
        total += 1
        hits += sum(kept_faces(plan, faces)) >= needed
    return Fraction(hits, total)


@pytest.mark.parametrize(
    "counts",
    [
        {},
        {"boosted": True},
        {"boosted": True, "additional": 1, "discard_lowest": 1},
        {"additional": 1, "discard_highest": 1},
    ],
)
def test_exact_odds_match_counting_every_roll(counts: dict[str, int]) -> None:
    attack = plan_for(RollKind.ATTACK, **counts)
    challenge = plan_for(RollKind.CHALLENGE, **counts)
    for target in (4, 9, 12, 15, 20):
        counted = _brute_force(attack, target - 2)
        assert attack_odds(attack, accuracy=2, defence=target) == counted
        assert challenge_odds(challenge, stat=2, target=target) == counted


def test_damage_odds_sum_to_one_and_match_the_table() -> None:
    odds = damage_odds(plan_for(RollKind.DAMAGE), power=12, armour=14)
    assert odds == {0: Fraction(1, 36), 1: Fraction(14, 36), 2: Fraction(21, 36)}
    assert hazard_odds() == Fraction(1, 3)


@given(
    st.sampled_from([RollKind.ATTACK, RollKind.DAMAGE, RollKind.CHALLENGE]),
    st.booleans(),
    st.integers(0, 3),
    st.integers(0, 2),
    st.integers(0, 2**32),
)
def test_a_plan_keeps_the_dice_it_declares(
    kind: RollKind, boosted: bool, additional: int, lowest: int, seed: int
) -> None:
    assume(lowest < 2 + boosted + additional)
    plan = plan_for(kind, boosted=boosted, additional=additional, discard_lowest=lowest)
    assert plan.dice_count == 2 + boosted + additional
    faces = tuple(random.Random(seed).randint(1, 6) for _ in range(plan.dice_count))
    kept = kept_faces(plan, faces)
    assert len(kept) == plan.dice_count - lowest
    assert sorted(kept) == sorted(faces)[lowest:]
