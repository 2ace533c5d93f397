"""An attack from a weapon: the Crows test with what the situation adds, then what it does.

The test is :func:`refkit.rules.checks.crows_test.resolve_test`; this module only gathers its
edges, banes, bonuses and forced result (fact sheet §1.6, §5, §10.2), and reads the final tier:

- tier 1 is a miss, tier 2 or 3 a hit for the weapon's tier damage plus the characteristic (a
  blessed attacker adds the characteristic once more, never less than 0: L365, §15 B3);
- a melee miss offers the target its counter: its weapon's tier 2 damage, tier 3 on a doom (L715),
  except an opportunity attack's (L711);
- a ranged miss with the attacker's allies next to the target rolls a die: on an odd face one of
  them, picked at random, takes the weapon's tier 2 damage (L681); a ranged doom with allies there
  hits one for tier 3 instead (L683);
- a crit grants another action (L691); a ranged attack that is not thrown spends ammunition (L687).

Keywords never change anything here: the rulebook gives them no rule yet.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from refkit.errors import DomainError
from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.crows_test import (
    MAX_BONUS,
    Forced,
    TestResult,
    check_characteristic,
    check_die,
    resolve_test,
)
from refkit.rules.combat.creature import MELEE, RANGED, Attack

RANGE_PENALTY_PER_SQUARE = 2
"""−2 on the attack per square beyond a ranged weapon's range (L679)."""
STRAY_DIE_SIDES = 6
""""Roll any die" (L681): Refkit rolls a d6; odd faces hit an ally."""
MAX_ALLIES_NEAR_TARGET = 8
"""At most eight squares touch a Medium target."""


class AttackRefused(DomainError, ValueError):
    """This attack cannot be made as asked (an unconscious attacker, a target out of reach)."""


@dataclass(frozen=True)
class Situation:
    """What around the attack changes the test, as the referee sees the table.

    ``distance`` is in squares (None: not said; a melee target is then taken to be in reach).
    ``allies_near_target`` counts the attacker's allies adjacent to the target.
    """

    flanking: bool = False
    high_ground: bool = False
    target_adjacent: bool = False
    distance: int | None = None
    cover: bool = False
    surprised_target: bool = False
    allies_near_target: int = 0
    edges: int = 0
    banes: int = 0
    bonuses: tuple[int, ...] = ()
    expertise: bool = False
    opportunity: bool = False
    """An opportunity attack (a reaction as the target leaves reach, L719): its tier 1 offers
    the target no counter (L711)."""

    def __post_init__(self) -> None:
        for name in ("edges", "banes", "allies_near_target"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name.replace('_', ' ')} must be a whole number 0 or more")
        if self.allies_near_target > MAX_ALLIES_NEAR_TARGET:
            raise ValueError(
                f"allies near the target: {self.allies_near_target} is more than the "
                f"{MAX_ALLIES_NEAR_TARGET} squares around it"
            )
        if self.distance is not None and (
            isinstance(self.distance, bool)
            or not isinstance(self.distance, int)
            or self.distance < 1
        ):
            raise ValueError(f"distance must be 1 square or more, got {self.distance!r}")


@dataclass(frozen=True)
class AttackRequest:
    """Who attacks with what: the attack, the characteristic tested (its name and value; no name
    for damage that adds none), both sides' conditions, and the situation."""

    attack: Attack
    characteristic: int = 0
    tested: str | None = None
    attacker_conditions: tuple[str, ...] = ()
    target_conditions: tuple[str, ...] = ()
    situation: Situation = Situation()

    def __post_init__(self) -> None:
        check_characteristic("characteristic", self.characteristic)
        if self.tested is not None and self.tested not in ("agility", "mind", "strength"):
            raise ValueError(
                f"the tested characteristic is agility, mind or strength, not {self.tested!r}"
            )


@dataclass(frozen=True)
class TestModifiers:
    """The edges, banes, bonuses and forced result the attack's test takes, and why."""

    __test__ = False  # not a pytest test class

    edges: int
    banes: int
    bonuses: tuple[int, ...]
    forced: Forced | None
    reasons: tuple[str, ...]


def attack_modifiers(request: AttackRequest) -> TestModifiers:
    """What the conditions and the situation add to the test. Raises AttackRefused when the
    attack cannot be made (an unconscious attacker, a melee target beyond reach, a shot so far
    beyond range that its penalty passes any bonus Refkit takes)."""
    attack, where = request.attack, request.situation
    mine, theirs = set(request.attacker_conditions), set(request.target_conditions)
    if "unconscious" in mine:
        raise AttackRefused("an unconscious combatant takes no actions (L383)")
    # Blessed and weakened act on every test; unconscious (refused above) is all that depends on
    # the characteristic, so flat-damage attacks read them as a Mind test would.
    effect = conditions_on_test(mine, request.tested or "mind")
    edges, banes = where.edges + effect.edges, where.banes + effect.banes
    bonuses = list(where.bonuses)
    reasons = list(effect.reasons)
    forced: Forced | None = None
    melee = attack.kind == MELEE

    if melee and "prone" in mine:
        banes += 1
        reasons.append("prone attacker: a bane on melee attacks")
    if where.flanking:
        if not melee:
            reasons.append("flanking: no edge on a ranged attack")
        elif mine & {"prone", "grabbed"}:
            reasons.append("flanking: not while prone or grabbed")
        else:
            edges += 1
            reasons.append("flanking: an edge")
    if where.high_ground:
        edges += 1
        reasons.append("high ground: an edge")
    if "prone" in theirs:
        if melee:
            edges += 1
            reasons.append("prone target: an edge on melee")
        else:
            banes += 1
            reasons.append("prone target: a bane on ranged")
    if "grabbed" in theirs:
        edges += 1
        reasons.append("grabbed target: an edge")
    if "unconscious" in theirs:
        forced = "tier3"
        reasons.append("unconscious target: tier 3")
    if where.cover:
        banes += 1
        reasons.append("cover: a bane")
    if where.surprised_target:
        bonuses.append(1)
        reasons.append("surprised target: +1")
    if not melee and where.target_adjacent:
        banes += 1
        reasons.append("ranged attack on an adjacent creature: a bane")
    if where.distance is not None:
        if melee and where.distance > attack.squares:
            raise AttackRefused(
                f"{attack.name} reaches {attack.squares} square"
                f"{'s' if attack.squares != 1 else ''}; the target is {where.distance} away"
            )
        beyond = where.distance - attack.squares
        if not melee and beyond > 0:
            penalty = RANGE_PENALTY_PER_SQUARE * beyond
            if penalty > MAX_BONUS:
                raise AttackRefused(
                    f"the target is {beyond} squares beyond {attack.name}'s range of "
                    f"{attack.squares}; at −{RANGE_PENALTY_PER_SQUARE} a square only a crit "
                    "could hit it"
                )
            bonuses.append(-penalty)
            reasons.append(f"{beyond} square{'s' if beyond != 1 else ''} beyond range: −{penalty}")
    return TestModifiers(edges, banes, tuple(bonuses), forced, tuple(reasons))


@dataclass(frozen=True)
class StrayHit:
    """A ranged attack that went astray into one of the attacker's allies near the target."""

    ally: int
    """Which ally (1 for the first named, and so on), picked at random."""
    tier: int
    damage: int


@dataclass(frozen=True)
class AttackOutcome:
    """What one attack did. ``damage`` is dealt to the target on a hit (0 on a miss);
    ``counter_tier`` (2 or 3) is the tier of the target's counter a melee miss offers."""

    test: TestResult
    modifiers: TestModifiers
    hit: bool
    damage: int
    piercing: bool
    counter_tier: int | None
    stray_die: int | None
    stray: StrayHit | None
    extra_action: bool
    ammunition_spent: bool


def tier_damage(attack: Attack, tier: int, characteristic: int, *, blessed: bool = False) -> int:
    """The weapon's damage at ``tier`` (2 or 3) with the characteristic added, never below 0.
    A blessed attacker adds the characteristic once more (L365; never less than 0, §15 B3)."""
    if tier not in (2, 3):
        raise ValueError(f"damage is dealt at tier 2 or 3, not {tier!r}")
    base = attack.tier2 if tier == 2 else attack.tier3
    added = characteristic if attack.characteristic else 0
    extra = max(0, added) if blessed else 0
    return max(0, base + added + extra)


def resolve_attack(
    request: AttackRequest,
    dice: tuple[int, int],
    *,
    stray_die: int | None = None,
    stray_pick: int | None = None,
) -> AttackOutcome:
    """Resolve the attack from the two d10 faces rolled.

    A ranged miss with allies near the target needs ``stray_die`` (a d6 face); when an ally is
    hit, ``stray_pick`` says which (1..allies). Both are refused when the attack does not need
    them. Raises ValueError for bad faces, AttackRefused for an attack that cannot be made.
    """
    modifiers = attack_modifiers(request)
    test = resolve_test(
        dice[0],
        dice[1],
        request.characteristic,
        edges=modifiers.edges,
        banes=modifiers.banes,
        bonuses=modifiers.bonuses,
        expertise=request.situation.expertise,
        forced=modifiers.forced,
    )
    return _outcome(request, modifiers, test, stray_die, stray_pick)


def needs_stray_die(request: AttackRequest, test: TestResult) -> bool:
    """True when a ranged miss that is no doom has allies near the target (roll the odd die)."""
    return (
        request.attack.kind == RANGED
        and request.situation.allies_near_target > 0
        and test.tier == 1
        and not test.doom
    )


def _outcome(
    request: AttackRequest,
    modifiers: TestModifiers,
    test: TestResult,
    stray_die: int | None,
    stray_pick: int | None,
) -> AttackOutcome:
    attack = request.attack
    blessed = "blessed" in request.attacker_conditions
    hit = test.tier >= 2
    damage = tier_damage(attack, test.tier, request.characteristic, blessed=blessed) if hit else 0
    counters = attack.kind == MELEE and not request.situation.opportunity  # L711
    counter = (3 if test.doom else 2) if counters and not hit else None

    allies = request.situation.allies_near_target
    stray_tier: int | None = None
    if attack.kind == RANGED and allies and test.doom:
        stray_tier = 3
    if needs_stray_die(request, test):
        if stray_die is None:
            raise ValueError("a ranged miss with allies near the target needs the stray die")
        check_die("the stray die", stray_die, STRAY_DIE_SIDES)
        if stray_die % 2 == 1:
            stray_tier = 2
    elif stray_die is not None:
        raise ValueError(
            "the stray die is rolled only for a ranged miss with allies near the target"
        )
    stray: StrayHit | None = None
    if stray_tier is not None:
        if stray_pick is None:
            stray_pick = 1 if allies == 1 else None
        if stray_pick is None:
            raise ValueError(f"an ally is hit: say which of the {allies} (1 to {allies})")
        check_die("the ally picked", stray_pick, allies)
        stray = StrayHit(
            ally=stray_pick,
            tier=stray_tier,
            damage=tier_damage(attack, stray_tier, request.characteristic, blessed=blessed),
        )
    elif stray_pick is not None:
        raise ValueError("no ally was hit, so none is picked")
    return AttackOutcome(
        test=test,
        modifiers=modifiers,
        hit=hit,
        damage=damage,
        piercing=attack.piercing,
        counter_tier=counter,
        stray_die=stray_die,
        stray=stray,
        extra_action=test.crit,
        ammunition_spent=attack.ammunition,
    )


@dataclass(frozen=True)
class RolledAttack:
    """An attack rolled with a random source, with every face it drew."""

    outcome: AttackOutcome
    faces: tuple[int, ...]
    unused: tuple[int, ...] = ()
    """Faces given outright that this attack did not need (a hit rolls no stray die): kept
    and said, never refused."""


def roll_attack(
    rng: random.Random,
    request: AttackRequest,
    *,
    dice: Sequence[int] | None = None,
) -> RolledAttack:
    """Roll the attack: 2d10, then the stray die and the ally when they are needed.

    ``dice`` gives faces outright, in that order (2 d10s, then a d6, then the ally's number);
    whatever it leaves out is rolled with ``rng``, and whatever the attack did not need is
    returned as ``unused``."""
    given = list(dice or ())
    modifiers = attack_modifiers(request)  # refuse before anything is drawn

    def next_face(sides: int) -> int:
        return given.pop(0) if given else rng.randint(1, sides)

    first, second = next_face(10), next_face(10)
    test = resolve_test(
        first,
        second,
        request.characteristic,
        edges=modifiers.edges,
        banes=modifiers.banes,
        bonuses=modifiers.bonuses,
        expertise=request.situation.expertise,
        forced=modifiers.forced,
    )
    faces = [first, second]
    stray_die = None
    if needs_stray_die(request, test):
        stray_die = next_face(STRAY_DIE_SIDES)
        faces.append(stray_die)
    allies = request.situation.allies_near_target
    ally_hit = (
        request.attack.kind == RANGED
        and allies
        and (test.doom or (stray_die is not None and stray_die % 2 == 1))
    )
    stray_pick = None
    if ally_hit:
        stray_pick = next_face(allies)
        faces.append(stray_pick)
    outcome = _outcome(request, modifiers, test, stray_die, stray_pick)
    return RolledAttack(outcome=outcome, faces=tuple(faces), unused=tuple(given))
