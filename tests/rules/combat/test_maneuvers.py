"""Grab, Escape Grab and Knockback as the rulebook reads them (L621–643, counters L715)."""

from __future__ import annotations

import pytest

from refkit.rules.combat.maneuvers import (
    ManeuverRefused,
    ManeuverRequest,
    resolve_maneuver,
    roll_maneuver,
)
from tests.rules.scripted_random import ScriptedRandom


def grab(**given) -> ManeuverRequest:
    return ManeuverRequest("grab", given.pop("characteristic", 1), "strength", **given)


@pytest.mark.parametrize(
    ("dice", "tier", "grabbed", "push", "shift", "counter"),
    [
        ((1, 1), 1, False, 0, False, 3),  # a doom: the target counters at tier 3
        ((4, 5), 1, False, 0, False, 2),  # 10 + 1 = 11: tier 1
        ((5, 6), 2, False, 1, True, None),  # 12: push 1 or a Shift
        ((7, 8), 2, False, 1, True, None),  # 16
        ((8, 8), 3, True, 0, False, None),  # 17: grabbed
    ],
)
def test_a_grab_reads_its_three_tiers(dice, tier, grabbed, push, shift, counter) -> None:
    outcome = resolve_maneuver(grab(), dice)
    assert outcome.tier == tier
    assert (outcome.grabbed, outcome.push, outcome.may_shift) == (grabbed, push, shift)
    assert outcome.counter_tier == counter


@pytest.mark.parametrize(
    ("dice", "push", "counter"),
    [((1, 2), 0, 3), ((3, 4), 0, 2), ((6, 6), 1, None), ((9, 9), 2, None)],
)
def test_a_knockback_pushes_one_or_two(dice, push, counter) -> None:
    outcome = resolve_maneuver(ManeuverRequest("knockback", 0, "strength"), dice)
    assert (outcome.push, outcome.counter_tier) == (push, counter)


def test_an_escape_at_tier_2_frees_only_by_choice_and_then_the_grabber_counters() -> None:
    stay = resolve_maneuver(ManeuverRequest("escape", 2, "agility"), (5, 5))
    assert stay.tier == 2 and not stay.freed and stay.counter_tier is None
    free = resolve_maneuver(ManeuverRequest("escape", 2, "agility", break_free=True), (5, 5))
    assert free.freed and free.counter_tier == 2 and free.free_move == 0
    clean = resolve_maneuver(ManeuverRequest("escape", 2, "strength"), (8, 8))
    assert clean.freed and clean.free_move == 1 and clean.counter_tier is None
    fail = resolve_maneuver(ManeuverRequest("escape", 2, "agility"), (1, 1))
    assert not fail.freed and fail.counter_tier == 3


def test_the_actors_conditions_act_and_an_unconscious_one_cannot_try() -> None:
    weak = resolve_maneuver(grab(actor_conditions=("weakened",)), (8, 8))  # 17 - 2 = 15
    assert weak.tier == 2 and "weakened: a bane" in weak.reasons
    with pytest.raises(ManeuverRefused, match="unconscious"):
        resolve_maneuver(grab(actor_conditions=("unconscious",)), (8, 8))


def test_grab_and_knockback_reach_only_the_actors_size_or_smaller() -> None:
    assert resolve_maneuver(grab(actor_size="large", target_size="medium"), (8, 8)).grabbed
    with pytest.raises(ManeuverRefused, match="bigger"):
        resolve_maneuver(grab(target_size="large"), (8, 8))
    with pytest.raises(ManeuverRefused, match="bigger"):
        resolve_maneuver(ManeuverRequest("knockback", 0, "strength", target_size="huge"), (8, 8))
    # Escaping a bigger grabber is what the maneuver is for.
    assert resolve_maneuver(
        ManeuverRequest("escape", 0, "strength", target_size="huge"), (9, 9)
    ).freed


def test_a_grab_tests_strength_and_break_free_is_the_escapes_alone() -> None:
    with pytest.raises(ManeuverRefused, match="tests strength"):
        ManeuverRequest("grab", 1, "agility")
    with pytest.raises(ManeuverRefused, match="Escape Grab"):
        ManeuverRequest("knockback", 1, "strength", break_free=True)


def test_rolled_faces_given_past_two_are_unused() -> None:
    rolled = roll_maneuver(ScriptedRandom(), grab(), dice=(8, 8, 4))
    assert rolled.faces == (8, 8) and rolled.unused == (4,) and rolled.outcome.grabbed
    drawn = roll_maneuver(ScriptedRandom([5, 6]), grab())
    assert drawn.faces == (5, 6) and drawn.outcome.may_shift


# -- grabs in the fight ---------------------------------------------------------------------------


def _fight():
    from refkit.rules.combat.creature import Attack, Creature
    from refkit.rules.combat.fight import Fight

    ghoul = Creature(
        "Ghoul", "medium", stamina=6, ad=0, attacks=(Attack("Claw", "melee", 1, 2, 4),)
    )
    return Fight().with_creatures(ghoul, 2).with_crows(["Mara"])


def test_a_grab_holds_one_at_a_time_and_ends_when_the_grabber_falls() -> None:
    from refkit.rules.combat.fight import FightError
    from refkit.rules.combat.fight_file import fight_json, read_fight_json

    fight = _fight().with_grab("Mara", "Ghoul 1")
    held = fight.combatant("Ghoul 1")
    assert held.grabbed_by == "Mara" and "grabbed" in held.conditions
    assert fight.held_by("Mara") == held
    assert read_fight_json(fight_json(fight)) == fight  # kept with the fight
    with pytest.raises(FightError, match="one grab at a time"):
        fight.with_grab("Mara", "Ghoul 2")
    crow = _fight().with_grab("Ghoul 1", "Mara").combatant("Mara")
    assert crow.grabbed_by == "Ghoul 1" and crow.conditions == ()  # a crow's is on its sheet
    downed = _fight().with_grab("Ghoul 2", "Ghoul 1").damaged("Ghoul 2", 6)[0]
    assert downed.combatant("Ghoul 1").grabbed_by is None  # the grabber dies: let go (L371)
    assert "grabbed" not in downed.combatant("Ghoul 1").conditions
    prone = _fight().with_grab("Ghoul 2", "Ghoul 1").toggle_condition("Ghoul 2", "prone")
    assert prone.combatant("Ghoul 1").grabbed_by is None  # knocked prone: let go
    freed = _fight().with_grab("Mara", "Ghoul 1").released("Ghoul 1")
    assert freed.combatant("Ghoul 1") == _fight().combatant("Ghoul 1")
    gone = _fight().with_grab("Mara", "Ghoul 1").without("Mara")
    assert gone.combatant("Ghoul 1").grabbed_by is None
