"""The exact odds of an attack agree with resolving it on every pair of d10 faces."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.combat.attack import AttackRequest, Situation, resolve_attack
from refkit.rules.combat.attack_odds import attack_odds
from refkit.rules.combat.creature import Attack

SWORD = Attack("Sword", "melee", 1, 3, 6, characteristic="S")
LONGBOW = Attack("Longbow", "ranged", 20, 3, 6, characteristic="A", ammunition=True)

REQUESTS = [
    AttackRequest(SWORD, 2, "strength"),
    AttackRequest(SWORD, 0, "strength", situation=Situation(flanking=True, expertise=True)),
    AttackRequest(
        SWORD, 1, "strength", attacker_conditions=("blessed",), target_conditions=("unconscious",)
    ),
    AttackRequest(LONGBOW, 1, "agility", situation=Situation(distance=24, allies_near_target=2)),
    AttackRequest(
        LONGBOW,
        -1,
        "agility",
        target_conditions=("prone",),
        situation=Situation(target_adjacent=True, allies_near_target=1),
    ),
]


@pytest.mark.parametrize("request_", REQUESTS)
def test_odds_match_every_pair_of_faces(request_: AttackRequest) -> None:
    odds = attack_odds(request_)
    hits = counters = ally_hits = Fraction(0)
    damage: dict[int, Fraction] = {}
    each = Fraction(1, 100)
    for first in range(1, 11):
        for second in range(1, 11):
            for stray_die in range(1, 7):
                try:
                    outcome = resolve_attack(
                        request_, (first, second), stray_die=stray_die, stray_pick=1
                    )
                except ValueError:
                    # no stray die (or no ally) is needed: resolve once without them
                    if stray_die > 1:
                        continue
                    try:
                        outcome = resolve_attack(request_, (first, second), stray_pick=1)
                    except ValueError:
                        outcome = resolve_attack(request_, (first, second))
                    weight = each
                else:
                    weight = each / 6
                if outcome.hit:
                    hits += weight
                    damage[outcome.damage] = damage.get(outcome.damage, Fraction(0)) + weight
                if outcome.counter_tier is not None:
                    counters += weight
                if outcome.stray is not None:
                    ally_hits += weight
    assert odds.hit == hits and odds.miss == 1 - hits
    assert odds.counter == counters
    assert odds.ally_hit == ally_hits
    assert odds.damage == damage
    assert odds.expected_damage == sum(k * v for k, v in damage.items())


def test_a_sword_with_strength_2_hits_on_a_natural_10_or_more() -> None:
    odds = attack_odds(AttackRequest(SWORD, 2, "strength"))
    assert odds.hit == Fraction(64, 100)  # naturals 10..20: 9+10+9+8+...+1 = 64 of 100
    assert odds.counter == Fraction(36, 100)


@given(
    characteristic=st.integers(-5, 4),
    edges=st.integers(0, 3),
    banes=st.integers(0, 3),
    distance=st.integers(1, 40),
)
def test_a_better_attacker_or_one_more_edge_never_hits_less_often(
    characteristic: int, edges: int, banes: int, distance: int
) -> None:
    def hit(char: int, more_edges: int = 0) -> Fraction:
        situation = Situation(edges=edges + more_edges, banes=banes, distance=distance)
        return attack_odds(AttackRequest(LONGBOW, char, "agility", situation=situation)).hit

    assert hit(characteristic + 1) >= hit(characteristic)
    assert hit(characteristic, more_edges=1) >= hit(characteristic)
    assert 0 <= hit(characteristic) <= 1
