"""L357: who is dead stops fighting; a creature that takes wounds dies with ten of them."""

from __future__ import annotations

from refkit.rules.combat.creature import Attack, Creature
from refkit.rules.combat.fight import Fight
from refkit.rules.combat.fight_file import fight_json, read_fight_json

CLAW = Attack("Claw", "melee", 1, 2, 4, characteristic="S")
BANDIT = Creature("Bandit", "medium", stamina=3, attacks=(CLAW,), uses_wounds=True)


def _fight() -> Fight:
    return Fight().with_crows(["Wren"]).with_creatures(BANDIT, 1)


def test_a_creature_that_takes_wounds_fights_on_at_0_stamina_and_dies_at_ten_wounds():
    fight, _ = _fight().damaged("Bandit 1", 3 + 9)
    bandit = fight.combatant("Bandit 1")
    assert (bandit.stamina, bandit.wounds, bandit.standing) == (0, 9, "fighting")
    fight, _ = fight.damaged("Bandit 1", 1)
    bandit = fight.combatant("Bandit 1")
    assert (bandit.wounds, bandit.standing) == (10, "dead")
    assert not bandit.can_act


def test_a_creatures_wounds_are_kept_in_the_stored_fight():
    fight, _ = _fight().damaged("Bandit 1", 5)
    assert read_fight_json(fight_json(fight)).combatant("Bandit 1").wounds == 2


def test_a_dead_crow_gets_no_turn_and_passes_the_one_it_had():
    fight = _fight().start_round(10)  # the crows first: Wren's turn
    assert fight.current == "Wren"
    after = fight.with_standing("Wren", "dead")
    assert after.combatant("Wren").standing == "dead"
    assert after.current == "Bandit 1"
    again = after.end_round().start_round(10)
    assert again.current == "Bandit 1"


def test_an_opportunity_attacks_miss_offers_no_counter():
    from fractions import Fraction

    from refkit.rules.combat.attack import AttackRequest, Situation, roll_attack
    from refkit.rules.combat.attack_odds import attack_odds
    from tests.rules.scripted_random import ScriptedRandom

    plain = AttackRequest(CLAW, characteristic=1, tested="strength")
    chance = AttackRequest(
        CLAW, characteristic=1, tested="strength", situation=Situation(opportunity=True)
    )
    assert roll_attack(ScriptedRandom(), plain, dice=(3, 4)).outcome.counter_tier == 2
    assert roll_attack(ScriptedRandom(), chance, dice=(3, 4)).outcome.counter_tier is None
    assert attack_odds(plain).counter > 0 and attack_odds(chance).counter == Fraction(0)
