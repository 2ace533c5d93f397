"""Exact odds of an attack before it is rolled: hit, miss, each damage, counter, crit, and an ally
hit by a stray shot.

The test's odds are :func:`refkit.rules.checks.odds.test_odds` (icepool, exact fractions) with the
modifiers the attack gathers, so they always agree with :func:`resolve_attack`. The stray die is
a d6 with three odd faces of six.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from refkit.rules.checks.odds import test_odds
from refkit.rules.combat.attack import AttackRequest, attack_modifiers, tier_damage
from refkit.rules.combat.creature import MELEE, RANGED

ODD_FACES = Fraction(1, 2)


@dataclass(frozen=True)
class AttackOdds:
    """Exact probabilities of one attack. ``damage`` maps each damage dealt on a hit to its
    probability (a miss is ``miss``); ``expected_damage`` is the mean damage to the target."""

    hit: Fraction
    miss: Fraction
    tier2: Fraction
    tier3: Fraction
    crit: Fraction
    doom: Fraction
    counter: Fraction
    ally_hit: Fraction
    damage: dict[int, Fraction]
    expected_damage: Fraction


def attack_odds(request: AttackRequest) -> AttackOdds:
    """The odds of ``request``; raises AttackRefused and ValueError as resolving it would."""
    modifiers = attack_modifiers(request)
    odds = test_odds(
        request.characteristic,
        edges=modifiers.edges,
        banes=modifiers.banes,
        bonuses=modifiers.bonuses,
        expertise=request.situation.expertise,
        forced=modifiers.forced,
    )
    attack = request.attack
    blessed = "blessed" in request.attacker_conditions
    damage: dict[int, Fraction] = {}
    for tier, chance in ((2, odds.tier2), (3, odds.tier3)):
        if chance:
            amount = tier_damage(attack, tier, request.characteristic, blessed=blessed)
            damage[amount] = damage.get(amount, Fraction(0)) + chance
    expected = sum((amount * chance for amount, chance in damage.items()), Fraction(0))
    ally_hit = Fraction(0)
    if attack.kind == RANGED and request.situation.allies_near_target:
        ally_hit = odds.doom + (odds.tier1 - odds.doom) * ODD_FACES
    return AttackOdds(
        hit=odds.tier2 + odds.tier3,
        miss=odds.tier1,
        tier2=odds.tier2,
        tier3=odds.tier3,
        crit=odds.crit,
        doom=odds.doom,
        counter=odds.tier1
        if attack.kind == MELEE and not request.situation.opportunity
        else Fraction(0),
        ally_hit=ally_hit,
        damage=damage,
        expected_damage=expected,
    )
