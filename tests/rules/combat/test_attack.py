"""Each branch of an attack, with vectors worked from the rules (fact sheet §1.5, §1.6, §10.2)."""

from __future__ import annotations

import pytest

from refkit.rules.combat.attack import (
    AttackRefused,
    AttackRequest,
    Situation,
    attack_modifiers,
    resolve_attack,
    roll_attack,
)
from refkit.rules.combat.creature import Attack
from tests.rules.scripted_random import ScriptedRandom

SWORD = Attack("Sword", "melee", 1, 3, 6, characteristic="S")
LONGBOW = Attack("Longbow", "ranged", 20, 3, 6, characteristic="A", ammunition=True)
STILETTO = Attack("Stiletto", "melee", 1, 2, 5, characteristic="A/S", piercing=True)


def sword(strength: int = 2, **situation: object) -> AttackRequest:
    return AttackRequest(SWORD, strength, "strength", situation=Situation(**situation))  # type: ignore[arg-type]


def bow(agility: int = 1, **situation: object) -> AttackRequest:
    return AttackRequest(LONGBOW, agility, "agility", situation=Situation(**situation))  # type: ignore[arg-type]


def test_a_tier_2_hit_deals_the_weapons_tier_2_damage_plus_the_characteristic() -> None:
    outcome = resolve_attack(sword(2), (5, 6))  # 11 + 2 = 13: tier 2
    assert outcome.test.tier == 2
    assert (outcome.hit, outcome.damage) == (True, 3 + 2)
    assert outcome.counter_tier is None and not outcome.extra_action


def test_a_tier_3_hit_deals_tier_3_damage_plus_the_characteristic() -> None:
    outcome = resolve_attack(sword(2), (8, 8))  # 16 + 2 = 18
    assert (outcome.test.tier, outcome.damage) == (3, 6 + 2)


def test_a_melee_miss_offers_the_targets_counter_at_tier_2() -> None:
    outcome = resolve_attack(sword(0), (4, 5))  # 9: a miss
    assert (outcome.hit, outcome.damage, outcome.counter_tier) == (False, 0, 2)


def test_a_melee_doom_offers_a_tier_3_counter() -> None:
    outcome = resolve_attack(sword(5, edges=2), (1, 2))
    assert outcome.test.doom and outcome.counter_tier == 3


def test_a_ranged_miss_offers_no_counter() -> None:
    assert resolve_attack(bow(0), (4, 5)).counter_tier is None


def test_a_ranged_miss_next_to_allies_hits_one_on_an_odd_die_for_tier_2_damage() -> None:
    outcome = resolve_attack(bow(1, allies_near_target=2), (4, 5), stray_die=3, stray_pick=2)
    assert not outcome.hit
    assert outcome.stray is not None
    assert (outcome.stray.ally, outcome.stray.tier, outcome.stray.damage) == (2, 2, 3 + 1)


def test_an_even_stray_die_hits_no_ally() -> None:
    outcome = resolve_attack(bow(1, allies_near_target=2), (4, 5), stray_die=4)
    assert outcome.stray is None


def test_a_ranged_miss_next_to_allies_needs_the_stray_die() -> None:
    with pytest.raises(ValueError, match="stray die"):
        resolve_attack(bow(1, allies_near_target=1), (4, 5))


def test_a_ranged_doom_with_an_ally_by_the_target_hits_it_for_tier_3() -> None:
    outcome = resolve_attack(bow(1, allies_near_target=1), (2, 1))
    assert outcome.test.doom and outcome.stray is not None
    assert (outcome.stray.tier, outcome.stray.damage) == (3, 6 + 1)
    assert outcome.stray_die is None  # a doom rolls no odd die


def test_a_ranged_miss_with_no_ally_near_hits_no_one() -> None:
    outcome = resolve_attack(bow(1), (1, 1))
    assert outcome.stray is None


def test_a_crit_grants_another_action() -> None:
    outcome = resolve_attack(sword(0, banes=2), (10, 9))
    assert outcome.test.crit and outcome.extra_action and outcome.damage == 6


def test_every_shot_spends_ammunition_but_a_thrown_weapon_does_not() -> None:
    knife = Attack("Knife (thrown)", "ranged", 5, 2, 4, characteristic="A/S", thrown=True)
    assert resolve_attack(bow(1), (4, 5)).ammunition_spent
    assert not resolve_attack(AttackRequest(knife, 1, "agility"), (4, 5)).ammunition_spent
    assert not resolve_attack(sword(), (4, 5)).ammunition_spent


def test_piercing_is_carried_to_the_damage() -> None:
    outcome = resolve_attack(AttackRequest(STILETTO, 1, "agility"), (6, 6))
    assert outcome.piercing and outcome.damage == 2 + 1


def test_flanking_is_an_edge_on_melee_and_turns_a_miss_into_a_hit() -> None:
    assert resolve_attack(sword(0), (5, 5)).test.tier == 1
    flanked = resolve_attack(sword(0, flanking=True), (5, 5))  # 10 + 2 = 12
    assert flanked.test.tier == 2 and "flanking: an edge" in flanked.modifiers.reasons


def test_no_flanking_edge_while_prone_or_on_a_ranged_attack() -> None:
    prone = AttackRequest(
        SWORD, 0, "strength", attacker_conditions=("prone",), situation=Situation(flanking=True)
    )
    modifiers = attack_modifiers(prone)
    assert (modifiers.edges, modifiers.banes) == (0, 1)  # and a bane on its melee attacks
    assert attack_modifiers(bow(flanking=True)).edges == 0


def test_a_ranged_attack_on_an_adjacent_creature_takes_a_bane() -> None:
    assert attack_modifiers(bow(target_adjacent=True)).banes == 1
    assert attack_modifiers(sword(target_adjacent=True)).banes == 0


def test_minus_2_per_square_beyond_range() -> None:
    assert attack_modifiers(bow(distance=20)).bonuses == ()
    assert attack_modifiers(bow(distance=23)).bonuses == (-6,)
    outcome = resolve_attack(bow(1, distance=22), (6, 6))  # 12 + 1 - 4 = 9
    assert outcome.test.total == 9 and not outcome.hit


def test_a_melee_target_beyond_reach_is_refused() -> None:
    with pytest.raises(AttackRefused, match="reaches 1 square; the target is 2 away"):
        resolve_attack(sword(distance=2), (5, 5))


def test_conditions_on_both_sides_change_the_test() -> None:
    blessed_vs_prone = AttackRequest(
        SWORD, 1, "strength", attacker_conditions=("blessed",), target_conditions=("prone",)
    )
    assert attack_modifiers(blessed_vs_prone).edges == 2  # a double edge
    weakened_vs_grabbed = AttackRequest(
        LONGBOW, 1, "agility", attacker_conditions=("weakened",), target_conditions=("grabbed",)
    )
    modifiers = attack_modifiers(weakened_vs_grabbed)
    assert (modifiers.edges, modifiers.banes) == (1, 1)
    prone_target = AttackRequest(LONGBOW, 1, "agility", target_conditions=("prone",))
    assert attack_modifiers(prone_target).banes == 1


def test_an_unconscious_target_is_hit_at_tier_3_even_on_a_doom() -> None:
    request = AttackRequest(SWORD, 0, "strength", target_conditions=("unconscious",))
    outcome = resolve_attack(request, (1, 1))
    assert (outcome.test.tier, outcome.hit, outcome.damage) == (3, True, 6)


def test_an_unconscious_attacker_cannot_attack() -> None:
    with pytest.raises(AttackRefused, match="unconscious"):
        attack_modifiers(AttackRequest(SWORD, 0, "strength", attacker_conditions=("unconscious",)))


def test_a_blessed_attacker_adds_the_characteristic_once_more() -> None:
    request = AttackRequest(SWORD, 2, "strength", attacker_conditions=("blessed",))
    assert resolve_attack(request, (4, 5)).damage == 3 + 2 + 2  # 9 + 2 + edge 2 = 13: tier 2


def test_damage_never_goes_below_0_with_a_negative_characteristic() -> None:
    club = Attack("Club", "melee", 1, 1, 2, characteristic="S")
    outcome = resolve_attack(
        AttackRequest(club, -3, "strength", situation=Situation(bonuses=(6,))), (5, 5)
    )
    assert outcome.hit and outcome.damage == 0


def test_the_weapon_expertise_turns_a_miss_into_a_hit() -> None:
    outcome = resolve_attack(sword(0, expertise=True), (5, 5))
    assert outcome.test.expertise_applied and outcome.hit and outcome.damage == 3


def test_rolling_draws_the_stray_die_and_the_ally_only_when_needed() -> None:
    rolled = roll_attack(ScriptedRandom([4, 5, 1, 2]), bow(1, allies_near_target=3))
    assert rolled.faces == (4, 5, 1, 2)
    assert rolled.outcome.stray is not None and rolled.outcome.stray.ally == 2
    hit = roll_attack(ScriptedRandom([8, 8]), bow(1, allies_near_target=3))
    assert hit.faces == (8, 8) and hit.outcome.hit


def test_given_dice_are_used_and_extra_ones_kept_as_unused() -> None:
    rolled = roll_attack(ScriptedRandom(), sword(2), dice=(6, 6))
    assert rolled.outcome.damage == 5 and rolled.unused == ()
    extra = roll_attack(ScriptedRandom(), sword(2), dice=(6, 6, 3))  # issue 25 item 11
    assert extra.faces == (6, 6) and extra.unused == (3,) and extra.outcome.damage == 5
    with pytest.raises(ValueError, match="d10"):
        roll_attack(ScriptedRandom(), sword(2), dice=(11, 6))
