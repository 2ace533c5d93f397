"""The one-press end-of-DT procedure and the rest procedure."""

from __future__ import annotations

import pytest

from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock
from refkit.rules.dungeon.effects import (
    backlash_effect,
    custom_effect,
    light,
    spell_duration,
)
from refkit.rules.dungeon.end_of_turn import (
    DT_END_CONDITIONS,
    EndedCondition,
    end_dt_conditions,
    end_dungeon_turn,
    finish_rest,
    loud_noise_check,
    reach_rest_halfway,
    rest_encounter_check,
    start_rest,
)
from refkit.slot_record import replace
from tests.rules.scripted_random import ScriptedRandom

T0 = 1_750_000_000.0


def running() -> DungeonTurnClock:
    return DungeonTurnClock.new().start(T0, dungeon="Sunken Crypt")


def party_effects() -> tuple:
    return (
        light("torch", "torch"),  # lit: rolls
        light("spare", "torch", lit=False),  # in the pack: does not roll
        spell_duration("ward", "Ward", 1),  # rolls, and will run out
        backlash_effect("bl", "Numb tongue", ends_at_dt_end=True),  # ends without a roll
        custom_effect("quiver", "Quiver", 2, "Activate, Useless"),  # rolled on use only
        light("candle", "candle"),  # rolls, will be spent
    )


CONDITIONS = {"Mara": ["Blessed", "prone"], "Osk": ["weakened", "vulnerable"], "Ida": []}


def test_end_of_dt_rolls_effects_then_ends_conditions_then_checks() -> None:
    # torch [4] -> 1; ward [1] -> 0 (ends); candle [2] -> 0 (spent); encounter d10 = 9
    rng = ScriptedRandom([4, 1, 2, 9])
    clock, effects = running(), party_effects()
    result = end_dungeon_turn(clock, effects, CONDITIONS, 9, rng, T0 + 1800)
    assert rng.faces == []
    assert [roll.name for roll in result.usage_dice] == ["Torch", "Ward", "Candle"]
    assert [roll.roll.rolled for roll in result.usage_dice] == [(4,), (1,), (2,)]
    assert [roll.name for roll in result.ran_out] == ["Ward", "Candle"]
    assert [effect.id for effect in result.effects_ended] == ["ward", "bl"]
    assert [effect.id for effect in result.items_spent] == ["candle"]
    assert [effect.id for effect in result.effects] == ["torch", "spare", "quiver", "candle"]
    kept = {effect.id: effect for effect in result.effects}
    assert kept["torch"].usage_dice == 1
    assert kept["candle"].spent
    assert kept["quiver"] == effects[4]
    assert result.conditions_by_character == {"Mara": ("prone",), "Osk": (), "Ida": ()}
    assert set(result.conditions_ended) == {
        EndedCondition("Mara", "blessed"),
        EndedCondition("Osk", "weakened"),
        EndedCondition("Osk", "vulnerable"),
    }
    assert (result.encounter.roll, result.encounter.encounter) == (9, True)
    assert not result.encounter.immediate
    assert result.pending_encounter
    assert result.dt_ended == 1
    assert (result.clock.state, result.clock.dt) == (ClockState.RUNNING, 2)
    assert result.clock.remaining(T0 + 1800) == 1800
    assert result.clock.greed_percent == 20


def test_result_json_matches_the_contract() -> None:
    rng = ScriptedRandom([4, 1, 2, 3])
    result = end_dungeon_turn(running(), party_effects(), CONDITIONS, 9, rng, T0 + 1800)
    data = result.to_dict(T0 + 1800)
    assert set(data) == {"dt_ended", "usage_dice", "conditions_ended", "encounter", "status"}
    assert data["dt_ended"] == 1
    assert data["usage_dice"][0] == {"effect": "Torch", "before": 1, "rolled": [4], "after": 1}
    assert {"character": "Mara", "condition": "blessed"} in data["conditions_ended"]
    assert data["encounter"] == {"en": 9, "roll": 3, "encounter": False, "immediate": False}
    assert data["status"] == {
        "state": "running",
        "dt": 2,
        "length_s": 1800,
        "remaining_s": 1800.0,
        "greed_percent": 20,
        "pending_encounter": False,
        "pending_encounter_due_dt": None,
        "encounter_overdue": False,
    }


def test_a_given_die_is_used_instead_of_rolling() -> None:
    result = end_dungeon_turn(running(), (), {}, 9, ScriptedRandom(), T0 + 10, die=10)
    assert result.encounter.immediate
    assert result.clock.pending_encounters[0].immediate


def test_result_keeps_what_undo_needs() -> None:
    clock, effects = running(), party_effects()
    result = end_dungeon_turn(clock, effects, CONDITIONS, 9, ScriptedRandom([4, 1, 2, 1]), T0)
    assert result.previous_clock == clock
    assert result.previous_effects == effects
    assert result.previous_conditions == {
        "Mara": ("Blessed", "prone"),
        "Osk": ("weakened", "vulnerable"),
        "Ida": (),
    }


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"die": 11}, "d10 only has faces 1 to 10"), ({"encounter_en": 0}, "outside 1 to 10")],
)
def test_bad_input_is_refused_before_anything_is_rolled(kwargs: dict, message: str) -> None:
    arguments = {"encounter_en": 9, "die": None} | kwargs
    with pytest.raises(ValueError, match=message):
        end_dungeon_turn(
            running(), party_effects(), CONDITIONS, rng=ScriptedRandom(), now=T0, **arguments
        )


def test_end_of_dt_needs_a_dt_under_way() -> None:
    with pytest.raises(ValueError, match="no DT is under way"):
        end_dungeon_turn(DungeonTurnClock.new(), (), {}, 9, ScriptedRandom(), T0)


def test_duplicate_effect_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="share the id 'x'"):
        end_dungeon_turn(
            running(), (light("x", "torch"), light("x", "candle")), {}, 9, ScriptedRandom(), T0
        )


def test_a_signalled_encounter_stays_pending_across_dts_until_resolved() -> None:
    first = end_dungeon_turn(running(), (), {}, 9, ScriptedRandom([9]), T0 + 1800)
    second = end_dungeon_turn(first.clock, (), {}, 9, ScriptedRandom([2]), T0 + 3600)
    assert second.clock.pending_encounter
    assert second.clock.pending_encounters[0].dt == 1
    assert not second.clock.resolve_encounter().pending_encounter


def test_only_blessed_vulnerable_and_weakened_end() -> None:
    assert frozenset({"blessed", "vulnerable", "weakened"}) == DT_END_CONDITIONS
    kept, ended = end_dt_conditions({"A": ["grabbed", "unconscious", "WEAKENED "]})
    assert kept == {"A": ("grabbed", "unconscious")}
    assert ended == (EndedCondition("A", "weakened"),)
    with pytest.raises(ValueError, match="list of names"):
        end_dt_conditions({"A": "blessed"})


def test_loud_noise_adds_a_check_mid_dt() -> None:
    clock = running()
    result = loud_noise_check(clock, 8, ScriptedRandom([8]))
    assert result.encounter.encounter
    assert result.clock.pending_encounter
    assert result.clock.dt == 1
    assert result.previous_clock == clock
    quiet = loud_noise_check(clock, 8, ScriptedRandom(), die=7)
    assert quiet.clock == clock
    with pytest.raises(ValueError, match="no DT is under way"):
        loud_noise_check(DungeonTurnClock.new(), 8, ScriptedRandom([5]))


# -- rests -------------------------------------------------------------------------------------


def test_starting_a_rest_ends_the_dt_without_rolls_or_check() -> None:
    result = start_rest(running(), party_effects(), T0 + 900)  # the empty script proves no rolls
    assert result.clock.state is ClockState.RESTING
    assert [effect.id for effect in result.lights_to_douse] == ["torch", "candle"]
    assert not result.clock.pending_encounter


def rest_effects() -> tuple:
    return (
        light("lantern", "lantern"),
        spell_duration("ward", "Ward", 2),
        backlash_effect("bl", "Numb tongue", ends_at_dt_end=True),
        backlash_effect("arm", "Withered arm"),  # until removed: stays
        custom_effect("ring", "Ring of sparks", 1, "Rest, Activate"),
    )


def test_halfway_ends_dt_bound_effects_and_puts_lights_out_without_rolling() -> None:
    resting = start_rest(running(), rest_effects(), T0).clock
    result = reach_rest_halfway(resting, rest_effects(), CONDITIONS)
    assert [effect.id for effect in result.effects_ended] == ["ward", "bl"]
    assert [effect.id for effect in result.effects] == ["lantern", "arm", "ring"]
    assert [effect.id for effect in result.lights_put_out] == ["lantern"]
    assert result.effects[0].usage_dice == 2
    assert not result.effects[0].lit
    assert result.conditions_by_character["Osk"] == ()
    assert result.clock.rest_halfway_done
    keep_lit = reach_rest_halfway(resting, rest_effects(), {}, douse_burning_lights=False)
    assert keep_lit.effects[0].lit
    with pytest.raises(ValueError, match="already passed"):
        reach_rest_halfway(result.clock, result.effects, {})


def test_rest_encounter_uses_the_dungeon_en_plus_seclude_camp() -> None:
    """V32: a dungeon rest with Seclude Camp: EN 9 + 1 = 10; a roll of 9 is no encounter."""
    resting = start_rest(running(), (), T0).clock
    check = rest_encounter_check(resting, 9, ScriptedRandom([9]), seclude=True)
    assert check.en == 10
    assert not check.encounter.encounter
    with pytest.raises(ValueError, match="one per rest"):
        rest_encounter_check(check.clock, 9, ScriptedRandom([9]))


def test_a_rest_sign_stays_pending() -> None:
    resting = start_rest(running(), (), T0).clock
    check = rest_encounter_check(resting, 8, ScriptedRandom(), die=8)
    (pending,) = check.clock.pending_encounters
    assert pending.during_rest
    assert not pending.immediate


def test_finishing_a_rest_restores_rest_items_and_starts_a_new_dt() -> None:
    resting = start_rest(running(), (), T0).clock
    halfway = reach_rest_halfway(resting, rest_effects(), {})
    used_ring = replace(halfway.effects[2], usage_dice=0)
    effects = (*halfway.effects[:2], used_ring)
    result = finish_rest(halfway.clock, effects, {}, T0 + 7200)
    assert [effect.id for effect in result.restored] == ["ring"]
    assert result.effects[2].usage_dice == 1
    assert result.halfway is None
    assert (result.clock.state, result.clock.dt) == (ClockState.RUNNING, 2)
    assert result.clock.remaining(T0 + 7200) == 1800
    assert result.previous_clock == halfway.clock


def test_finishing_a_rest_that_skipped_halfway_applies_it() -> None:
    resting = start_rest(running(), rest_effects(), T0).clock
    result = finish_rest(resting, rest_effects(), {"Mara": ["blessed"]}, T0 + 60)
    assert result.halfway is not None
    assert [effect.id for effect in result.halfway.effects_ended] == ["ward", "bl"]
    assert [effect.id for effect in result.effects] == ["lantern", "arm", "ring"]


def test_an_interrupted_rest_restores_nothing_but_starts_a_dt() -> None:
    resting = start_rest(running(), rest_effects(), T0).clock
    effects = rest_effects()
    result = finish_rest(resting, effects, {}, T0 + 60, interrupted=True)
    assert result.effects == effects
    assert result.restored == ()
    assert result.clock.dt == 2


def test_finish_rest_needs_a_rest() -> None:
    with pytest.raises(ValueError, match="not resting"):
        finish_rest(running(), (), {}, T0)
