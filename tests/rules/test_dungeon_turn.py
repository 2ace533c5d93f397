"""The DT clock: every transition driven by a fake clock, remaining time from the anchor."""

from __future__ import annotations

import json
import random

import pytest

from refkit.rules.dungeon.clock import (
    DT_LENGTH_PRESETS,
    ClockState,
    DungeonTurnClock,
    DungeonVisits,
    PendingEncounter,
    dt_length_seconds,
)

T0 = 1_750_000_000.0  # some moment in 2025, UTC epoch seconds


class FakeClock:
    """Wall-clock time that only moves when a test says so."""

    def __init__(self, start: float = T0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def running(minutes: float = 30, dungeon: str | None = "Sunken Crypt") -> DungeonTurnClock:
    return DungeonTurnClock.new().start(T0, minutes=minutes, dungeon=dungeon)


def roundtrip(clock: DungeonTurnClock) -> DungeonTurnClock:
    return DungeonTurnClock.from_dict(json.loads(json.dumps(clock.to_dict())))


# -- lengths -----------------------------------------------------------------------------------


def test_new_clock_is_stopped_before_dt_1_with_30_minutes() -> None:
    clock = DungeonTurnClock.new()
    assert clock.state is ClockState.STOPPED
    assert clock.dt == 0
    assert clock.length_s == 1800
    assert clock.remaining(T0) == 1800
    assert clock.greed_percent == 0
    assert clock.status(T0) == {
        "state": "stopped",
        "dt": 0,
        "length_s": 1800,
        "remaining_s": 1800.0,
        "greed_percent": 0,
        "pending_encounter": False,
        "pending_encounter_due_dt": None,
        "encounter_overdue": False,
    }


def test_presets_are_30_60_and_20_minutes() -> None:
    assert dict(DT_LENGTH_PRESETS) == {"standard": 30, "relaxed": 60, "intense": 20}
    for minutes in DT_LENGTH_PRESETS.values():
        assert running(minutes).remaining(T0) == minutes * 60


@pytest.mark.parametrize(
    ("minutes", "seconds"), [(1 / 60, 1), (45, 2700), (1440, 86400), (7.5, 450)]
)
def test_custom_lengths(minutes: float, seconds: int) -> None:
    assert dt_length_seconds(minutes) == seconds
    assert running(minutes).length_s == seconds


@pytest.mark.parametrize("minutes", [0, -5, 1441, float("inf")])
def test_lengths_outside_one_second_to_a_day_are_refused(minutes: float) -> None:
    with pytest.raises(ValueError, match=r"DT length must be between 1 and 1440 minutes, got"):
        DungeonTurnClock.new(minutes)


def test_zero_length_message_is_exact() -> None:
    with pytest.raises(ValueError) as error:
        DungeonTurnClock.new(0)
    assert str(error.value) == "DT length must be between 1 and 1440 minutes, got 0"


def test_with_length_changes_the_next_dt_not_the_current_one() -> None:
    clock = running(30).with_length(60)
    assert clock.remaining(T0 + 60) == 1740
    assert clock.end_turn(T0 + 100).remaining(T0 + 100) == 3600


# -- running, pausing, resuming -----------------------------------------------------------------


def test_remaining_counts_down_from_the_anchor() -> None:
    clock = running()
    assert clock.state is ClockState.RUNNING
    assert clock.dt == 1
    assert clock.remaining(T0 + 600) == 1200
    assert clock.ends_at() == T0 + 1800
    assert not clock.time_up(T0 + 1799)
    assert clock.time_up(T0 + 1800)


def test_remaining_never_drops_below_zero_and_overdue_counts_past_it() -> None:
    clock = running()
    assert clock.remaining(T0 + 1900) == 0
    assert clock.overdue(T0 + 1900) == 100
    assert clock.overdue(T0 + 100) == 0


def test_pause_freezes_the_time_left_and_resume_continues_it() -> None:
    clock = running().pause(T0 + 600)
    assert clock.state is ClockState.PAUSED
    assert clock.remaining(T0 + 600) == 1200
    assert clock.remaining(T0 + 99_999) == 1200
    assert clock.ends_at() is None
    resumed = clock.resume(T0 + 5000)
    assert resumed.remaining(T0 + 5000) == 1200
    assert resumed.remaining(T0 + 5300) == 900


def test_pause_and_resume_need_the_right_state() -> None:
    with pytest.raises(ValueError, match="cannot pause: the clock is stopped"):
        DungeonTurnClock.new().pause(T0)
    with pytest.raises(ValueError, match="cannot resume: the clock is running"):
        running().resume(T0)


def test_eight_hours_of_pause_resume_cycles_lose_no_time() -> None:
    """Run 3 s, pause 57 s, 480 times (8 hours): exactly 24 minutes have run, no drift."""
    clock_time = FakeClock()
    clock = DungeonTurnClock.new().start(clock_time(), dungeon="Long Night")
    for cycle in range(480):
        clock = clock.pause(clock_time.advance(3))
        clock_time.advance(57)
        if cycle % 50 == 0:
            clock = roundtrip(clock)  # the program restarts now and then
        clock = clock.resume(clock_time())
    assert clock_time() == T0 + 8 * 3600
    assert clock.remaining(clock_time()) == 1800 - 480 * 3


def test_irregular_cycles_match_the_running_time_exactly() -> None:
    rng = random.Random(7)
    clock_time = FakeClock()
    clock = DungeonTurnClock.new(1440).start(clock_time())
    ran = 0.0
    while clock_time() < T0 + 8 * 3600:
        run = rng.randint(1, 40) / 4
        ran += run
        clock = clock.pause(clock_time.advance(run))
        clock_time.advance(rng.randint(1, 400) / 4)
        clock = clock.resume(clock_time())
    assert clock.remaining(clock_time()) == 86400 - ran


def test_a_restarted_program_finds_the_right_time_left() -> None:
    saved = json.dumps(running().to_dict())
    # ...the program is closed, and opened again ten minutes later
    reloaded = DungeonTurnClock.from_dict(json.loads(saved))
    assert reloaded.state is ClockState.RUNNING
    assert reloaded.remaining(T0 + 600) == 1200


# -- adjustments and the audit trail ------------------------------------------------------------


def test_adjust_adds_minutes_and_records_why() -> None:
    clock = running().adjust(T0 + 600, 5, "long rules lookup")
    assert clock.remaining(T0 + 600) == 1500
    assert clock.remaining(T0 + 900) == 1200
    (entry,) = clock.audit
    assert (entry.at, entry.action, entry.minutes, entry.reason, entry.dt) == (
        T0 + 600,
        "adjust",
        5,
        "long rules lookup",
        1,
    )


def test_negative_adjust_takes_time_away_but_not_below_zero() -> None:
    clock = running()
    assert clock.adjust(T0 + 600, -10).remaining(T0 + 600) == 600
    emptied = clock.adjust(T0 + 600, -40, "dawdling")
    assert emptied.remaining(T0 + 600) == 0
    assert emptied.time_up(T0 + 600)
    assert emptied.audit[-1].minutes == -40


def test_adjust_while_paused_stays_paused() -> None:
    clock = running().pause(T0 + 600).adjust(T0 + 700, 2)
    assert clock.state is ClockState.PAUSED
    assert clock.remaining(T0 + 9999) == 1320


def test_adjusts_accumulate_in_order() -> None:
    clock = running().adjust(T0 + 1, 1, "a").adjust(T0 + 2, -2, "b")
    assert [(entry.reason, entry.minutes) for entry in clock.audit] == [("a", 1), ("b", -2)]
    assert roundtrip(clock).audit == clock.audit


@pytest.mark.parametrize(
    ("minutes", "message"),
    [(0, "0 minutes changes nothing"), (float("nan"), "needs a number"), (2000, "cannot exceed")],
)
def test_bad_adjustments_are_refused(minutes: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        running().adjust(T0 + 1, minutes)


def test_adjust_needs_a_dt_under_way() -> None:
    with pytest.raises(ValueError, match="no DT is under way"):
        DungeonTurnClock.new().adjust(T0, 5)


# -- "we forgot to pause" -----------------------------------------------------------------------


def test_pause_retroactively_gives_back_the_time_since_then() -> None:
    clock = running().pause_retroactively(T0 + 900, T0 + 300, "forgot the pizza break")
    assert clock.state is ClockState.PAUSED
    assert clock.remaining(T0 + 900) == 1500
    (entry,) = clock.audit
    assert entry.action == "pause_retroactively"
    assert entry.minutes == 10  # ten minutes given back
    assert entry.reason == "forgot the pizza break"


def test_pause_retroactively_must_fall_within_the_current_run() -> None:
    clock = running().pause(T0 + 100).resume(T0 + 500)
    with pytest.raises(ValueError, match=r"within the current run of DT 1 \(.* to .*\), got"):
        clock.pause_retroactively(T0 + 900, T0 + 400)  # before the resume
    with pytest.raises(ValueError, match="within the current run"):
        clock.pause_retroactively(T0 + 900, T0 + 901)  # in the future
    assert clock.pause_retroactively(T0 + 900, T0 + 500).remaining(T0 + 900) == 1700


def test_pause_retroactively_needs_a_running_clock() -> None:
    with pytest.raises(ValueError, match="cannot pause retroactively: the clock is paused"):
        running().pause(T0 + 5).pause_retroactively(T0 + 10, T0 + 5)


# -- ending DTs, greed -----------------------------------------------------------------------


def test_end_turn_starts_the_next_dt_at_full_length() -> None:
    clock = running().end_turn(T0 + 1800)
    assert (clock.state, clock.dt) == (ClockState.RUNNING, 2)
    assert clock.remaining(T0 + 1800) == 1800
    assert clock.remaining(T0 + 2000) == 1600


def test_end_turn_of_a_paused_dt_leaves_the_next_one_paused() -> None:
    clock = running().pause(T0 + 1000).end_turn(T0 + 1500)
    assert (clock.state, clock.dt) == (ClockState.PAUSED, 2)
    assert clock.remaining(T0 + 5000) == 1800


def test_end_turn_needs_a_dt_under_way() -> None:
    with pytest.raises(ValueError, match="cannot end a DT"):
        DungeonTurnClock.new().end_turn(T0)


def test_auto_end_at_ends_at_keeps_the_schedule() -> None:
    clock = running()
    noticed_late = T0 + 1800 + 7.5
    clock = clock.end_turn(clock.ends_at() or noticed_late)
    assert clock.remaining(noticed_late) == 1800 - 7.5


def test_greed_bonus_30_20_10_then_nothing_on_the_first_visit() -> None:
    clock = running(dungeon="Sunken Crypt")
    percents = []
    for step in range(5):
        percents.append(clock.greed_percent)
        clock = clock.end_turn(T0 + step)
    assert percents == [30, 20, 10, 0, 0]
    assert clock.status(T0)["greed_percent"] == 0


def test_reentering_a_dungeon_is_dt_1_without_greed() -> None:
    clock = running(dungeon="Sunken Crypt").end_turn(T0 + 1).stop()
    again = clock.start(T0 + 10, dungeon="  sunken   CRYPT ")
    assert again.dt == 1
    assert again.revisit
    assert again.greed_percent == 0
    elsewhere = again.start(T0 + 20, dungeon="Goblin Warren")
    assert (elsewhere.dt, elsewhere.greed_percent, elsewhere.dungeon) == (1, 30, "Goblin Warren")


def test_dungeon_visits_are_kept_through_persistence() -> None:
    clock = roundtrip(running(dungeon="Sunken Crypt").stop())
    assert clock.visits.has_entered("sunken crypt")
    assert not clock.visits.has_entered("Goblin Warren")
    assert clock.start(T0, dungeon="Sunken Crypt").greed_percent == 0


def test_dungeon_visits_record() -> None:
    visits = DungeonVisits().record("The Pit")
    assert visits.has_entered("the  pit")
    assert visits.to_list() == ["the pit"]
    with pytest.raises(ValueError, match="needs a name"):
        visits.record("   ")


def test_coming_back_after_leaving_is_dt_1_of_a_revisit() -> None:
    # L423: the bonus is for the group's first visit only; `dt stop` is the group leaving.
    stopped = running().end_turn(T0 + 1).stop()
    clock = stopped.start(T0 + 100)
    assert (clock.dt, clock.dungeon, clock.revisit, clock.greed_percent) == (
        1,
        "Sunken Crypt",
        True,
        0,
    )


def test_start_refuses_while_a_dt_is_under_way_in_the_same_dungeon() -> None:
    with pytest.raises(ValueError, match="DT 1 is already running; end it"):
        running().start(T0 + 5)
    with pytest.raises(ValueError, match="already running"):
        running(dungeon="Sunken Crypt").start(T0 + 5, dungeon="sunken crypt")


def test_start_sets_the_length_from_then_on() -> None:
    clock = DungeonTurnClock.new().start(T0, minutes=20)
    assert clock.remaining(T0) == 1200
    assert clock.end_turn(T0 + 5).remaining(T0 + 5) == 1200


# -- warnings ---------------------------------------------------------------------------------


def test_warnings_fire_once_per_turn_at_each_threshold() -> None:
    clock = running()
    thresholds = (300, 60)
    assert clock.warnings_due(T0 + 1400, thresholds) == ()
    assert clock.warnings_due(T0 + 1501, thresholds) == (300,)
    clock = clock.mark_warnings_fired((300,))
    assert clock.warnings_due(T0 + 1600, thresholds) == ()
    assert clock.warnings_due(T0 + 1741, thresholds) == (60,)
    clock = clock.mark_warnings_fired((60,))
    assert clock.warnings_due(T0 + 1799, thresholds) == ()
    assert roundtrip(clock).warnings_due(T0 + 1799, thresholds) == ()
    next_dt = clock.end_turn(T0 + 1800)
    assert next_dt.warnings_due(T0 + 1800 + 1501, thresholds) == (300,)


def test_warnings_crossed_together_come_largest_first() -> None:
    assert running().warnings_due(T0 + 1790, (60, 300)) == (300, 60)


def test_warnings_accept_an_explicit_fired_set() -> None:
    assert running().warnings_due(T0 + 1790, (300, 60), already_fired={300}) == (60,)


def test_a_threshold_at_or_above_the_length_never_fires() -> None:
    clock = DungeonTurnClock.new(1).start(T0)
    assert clock.warnings_due(T0, (60, 300, 30)) == ()
    assert clock.warnings_due(T0 + 31, (60, 300, 30)) == (30,)


def test_no_warnings_unless_a_dt_is_under_way() -> None:
    assert DungeonTurnClock.new().warnings_due(T0, (300,)) == ()


def test_negative_thresholds_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        running().warnings_due(T0, (-1,))


# -- rests ------------------------------------------------------------------------------------


def test_rest_ends_the_dt_and_finishing_starts_the_next() -> None:
    clock = running().start_rest(T0 + 1000)
    assert clock.state is ClockState.RESTING
    assert clock.dt == 1
    assert clock.remaining(T0 + 1000) == 0
    assert not clock.time_up(T0 + 1000)
    halfway = clock.rest_halfway()
    assert halfway.rest_halfway_done
    with pytest.raises(ValueError, match="already passed"):
        halfway.rest_halfway()
    finished = roundtrip(halfway).finish_rest(T0 + 5000)
    assert (finished.state, finished.dt) == (ClockState.RUNNING, 2)
    assert finished.remaining(T0 + 5000) == 1800
    assert not finished.rest_halfway_done


def test_rest_transitions_need_the_right_state() -> None:
    with pytest.raises(ValueError, match="cannot start a rest"):
        DungeonTurnClock.new().start_rest(T0)
    with pytest.raises(ValueError, match="cannot finish a rest: the clock is running"):
        running().finish_rest(T0)
    with pytest.raises(ValueError, match="resting; finish the rest"):
        running().start_rest(T0 + 1).start(T0 + 2)


def test_one_rest_encounter_check_per_rest() -> None:
    resting = running().start_rest(T0 + 1).mark_rest_checked()
    with pytest.raises(ValueError, match="one per rest"):
        resting.mark_rest_checked()
    again = resting.finish_rest(T0 + 2).start_rest(T0 + 3)
    assert not again.rest_checked


def test_stop_keeps_the_dt_and_dungeon() -> None:
    clock = running().end_turn(T0 + 5).stop()
    assert (clock.state, clock.dt, clock.dungeon) == (ClockState.STOPPED, 2, "Sunken Crypt")
    with pytest.raises(ValueError, match="already stopped"):
        clock.stop()


# -- pending encounters and persistence ---------------------------------------------------------


def test_pending_encounters_stay_until_resolved() -> None:
    sign = PendingEncounter(dt=1, roll=9, en=9, immediate=False)
    clock = running().add_pending_encounter(sign).end_turn(T0 + 1800).end_turn(T0 + 3600)
    assert clock.pending_encounter
    assert clock.status(T0 + 3600)["pending_encounter"] is True
    assert [p.key for p in roundtrip(clock).pending_encounters] == [sign.key]
    resolved = clock.resolve_encounter()
    assert not resolved.pending_encounter
    with pytest.raises(ValueError, match="no pending encounter"):
        resolved.resolve_encounter()


def test_full_state_roundtrips_through_json() -> None:
    clock = (
        running()
        .adjust(T0 + 5, 3, "why not")
        .mark_warnings_fired((300,))
        .add_pending_encounter(PendingEncounter(1, 10, 9, True))
    )
    assert roundtrip(clock) == clock
    paused = clock.pause(T0 + 50)
    assert roundtrip(paused) == paused


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"dt": 1}, "missing the key 'state'"),
        ({"state": "dancing", "dt": 1, "length_s": 60, "remaining_at_anchor": 1}, "dancing"),
        (
            {"state": "running", "dt": 1, "length_s": 60, "remaining_at_anchor": 1},
            "anchor time exactly when it is running",
        ),
        ({"version": 99, "state": "stopped"}, "version 99"),
    ],
)
def test_malformed_clock_data_is_refused(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DungeonTurnClock.from_dict(data)


def test_non_finite_times_are_refused() -> None:
    with pytest.raises(ValueError, match="finite time"):
        running().pause(float("nan"))
