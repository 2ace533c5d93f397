"""Greed per dungeon and per group, and the deadline of a signalled encounter (L417-L435)."""

from __future__ import annotations

import json
import random

from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock, PendingEncounter
from refkit.rules.dungeon.end_of_turn import (
    end_dungeon_turn,
    loud_noise_check,
    rest_encounter_check,
)

T0 = 1_750_000_000.0


def roundtrip(clock: DungeonTurnClock) -> DungeonTurnClock:
    return DungeonTurnClock.from_dict(json.loads(json.dumps(clock.to_dict())))


def enter(clock: DungeonTurnClock, dungeon: str | None, party: str | None) -> DungeonTurnClock:
    return clock.start(T0, dungeon=dungeon, party=party)


# -- greed per group ----------------------------------------------------------------------------


def test_another_party_entering_the_same_dungeon_first_gets_its_bonus() -> None:
    clock = enter(DungeonTurnClock.new(), "Sunken Crypt", "Crows").stop()
    clock = enter(clock, "sunken  crypt", "The Gravediggers")
    assert (clock.dt, clock.revisit, clock.greed_percent) == (1, False, 30)
    assert clock.party == "The Gravediggers"


def test_the_first_party_coming_back_after_the_second_is_a_revisit() -> None:
    clock = enter(DungeonTurnClock.new(), "Sunken Crypt", "Crows").stop()
    clock = enter(clock, "Sunken Crypt", "Gravediggers").stop()
    clock = enter(clock, "Sunken Crypt", "  crows ")
    assert (clock.revisit, clock.greed_percent) == (True, 0)


def test_leaving_and_coming_back_without_naming_the_dungeon_is_a_revisit() -> None:
    clock = enter(DungeonTurnClock.new(), "Sunken Crypt", "Crows").end_turn(T0 + 1).stop()
    back = clock.start(T0 + 50, party="Crows")
    assert (back.dt, back.dungeon, back.greed_percent) == (1, "Sunken Crypt", 0)
    other = clock.start(T0 + 50, party="Gravediggers")
    assert (other.dt, other.dungeon, other.greed_percent) == (1, "Sunken Crypt", 30)


def test_an_unnamed_dungeon_is_a_revisit_too_when_the_group_comes_back() -> None:
    clock = DungeonTurnClock.new().start(T0).stop()
    assert clock.start(T0 + 5).greed_percent == 0


def test_another_party_may_enter_while_the_first_ones_dt_runs() -> None:
    clock = enter(DungeonTurnClock.new(), "Sunken Crypt", "Crows").end_turn(T0 + 1)
    clock = clock.start(T0 + 2, dungeon="Sunken Crypt", party="Gravediggers")
    assert (clock.state, clock.dt, clock.greed_percent) == (ClockState.RUNNING, 1, 30)


def test_visits_per_party_survive_the_store_form() -> None:
    clock = enter(DungeonTurnClock.new(), "Sunken Crypt", "Crows").stop()
    again = roundtrip(clock)
    assert again.visits == clock.visits
    assert again.party == "Crows"
    assert again.start(T0, dungeon="Sunken Crypt", party="Crows").revisit
    assert not again.start(T0, dungeon="Sunken Crypt", party="Others").revisit


def test_visits_stored_before_parties_were_told_apart_count_for_every_group() -> None:
    old = enter(DungeonTurnClock.new(), "Sunken Crypt", None).stop().to_dict()
    del old["party_visits"], old["visits_before_parties"], old["party"]
    clock = DungeonTurnClock.from_dict(old)
    assert clock.start(T0, dungeon="Sunken Crypt", party="Crows").revisit
    assert not clock.start(T0, dungeon="Goblin Warren", party="Crows").revisit
    # written back in the new form, the old visits stay with no group
    assert roundtrip(clock).visits.has_entered("Sunken Crypt", "Anybody")


# -- the deadline of a signalled encounter ---------------------------------------------------


def in_dt(dt: int) -> DungeonTurnClock:
    clock = DungeonTurnClock.new().start(T0, dungeon="Sunken Crypt")
    for step in range(dt - 1):
        clock = clock.end_turn(T0 + step + 1)
    return clock


def test_a_sign_at_the_end_of_a_dt_is_due_in_the_next() -> None:
    result = end_dungeon_turn(in_dt(3), (), {}, 9, random.Random(1), T0 + 10, die=9)
    status = result.clock.status(T0 + 10)
    assert (status["dt"], status["pending_encounter_due_dt"]) == (4, 4)
    assert status["encounter_overdue"] is False


def test_the_due_dt_ending_unresolved_makes_it_overdue() -> None:
    result = end_dungeon_turn(in_dt(3), (), {}, 9, random.Random(1), T0 + 10, die=9)
    later = end_dungeon_turn(result.clock, (), {}, 9, random.Random(1), T0 + 20, die=1)
    status = later.clock.status(T0 + 20)
    assert status["encounter_overdue"] is True
    assert status["pending_encounter_due_dt"] == 4
    assert roundtrip(later.clock).encounter_overdue
    assert not later.clock.resolve_encounter().encounter_overdue


def test_a_rest_or_leaving_in_the_due_dt_makes_it_overdue_as_well() -> None:
    due_now = in_dt(2).add_pending_encounter(PendingEncounter(dt=1, roll=9, en=9, immediate=False))
    assert not due_now.encounter_overdue
    assert due_now.start_rest(T0 + 5).encounter_overdue
    assert due_now.stop().encounter_overdue


def test_a_loud_noise_sign_comes_next_dt_and_a_ten_in_this_one() -> None:
    clock = in_dt(2)
    sign = loud_noise_check(clock, 9, random.Random(1), die=9).clock
    assert sign.pending_encounter_due_dt == 3
    now = loud_noise_check(clock, 9, random.Random(1), die=10).clock
    assert now.pending_encounter_due_dt == 2
    assert now.end_turn(T0 + 50).encounter_overdue


def test_a_rest_sign_comes_in_the_dt_the_rest_ends_with() -> None:
    resting = in_dt(2).start_rest(T0 + 5)
    checked = rest_encounter_check(resting, 9, random.Random(1), die=9).clock
    assert checked.pending_encounter_due_dt == 3
    assert not checked.encounter_overdue
    assert checked.finish_rest(T0 + 100).dt == 3


def test_old_pending_encounters_read_back_due_the_dt_after_theirs() -> None:
    stored = {"dt": 4, "roll": 9, "en": 9, "immediate": False}
    encounter = PendingEncounter.from_dict(stored)
    assert (encounter.due, encounter.overdue) == (5, False)


def test_a_renamed_party_keeps_its_visits_under_the_new_name() -> None:
    clock = enter(DungeonTurnClock.new(), "Sunken Crypt", "Crows").stop()
    assert clock.knows_party("crows") and not clock.knows_party("Ravens")
    renamed = clock.with_party_renamed("Crows", "Ravens")
    assert renamed.party == "Ravens"
    assert renamed.start(T0, dungeon="Sunken Crypt", party="ravens").revisit
    assert not renamed.start(T0, dungeon="Sunken Crypt", party="Crows").revisit


def test_no_greed_is_shown_while_the_group_is_out_of_the_dungeon() -> None:
    clock = enter(DungeonTurnClock.new(), "Sunken Crypt", "Crows")
    assert clock.greed_percent == 30
    assert clock.stop().greed_percent == 0
    assert clock.stop().status(T0)["greed_percent"] == 0
