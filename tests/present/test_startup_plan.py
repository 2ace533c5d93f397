"""The start-up's stages and what each outcome means for the next (issue 24: start-up gets its
own sequencer; the decisions are Qt-free and tested here, the Qt side in
``tests/gui/test_startup_sequence.py``)."""

from __future__ import annotations

from refkit.present.startup import (
    ORDER,
    Needs,
    Stage,
    StartupPlan,
    When,
    gui_modules,
    qt_free_modules,
)


def _through(plan: StartupPlan, *outcomes: str) -> StartupPlan:
    for outcome in outcomes:
        getattr(plan, outcome)()
    return plan


def test_a_start_that_goes_well_passes_every_stage_once_in_order() -> None:
    plan = StartupPlan()
    assert plan.painted()
    assert plan.stored_read(found=True) is Stage.STORED_FRONT
    plan.stored_shown()
    for outcome in ("loading", "opening", "opened", "front_live", "late_prepared", "joined"):
        assert getattr(plan, outcome)(), outcome
    assert plan.history == list(ORDER)
    assert plan.shown_stored and plan.usable and plan.ready


def test_without_a_stored_state_to_show_the_panels_go_live_the_usual_way() -> None:
    plan = _through(StartupPlan(), "painted")
    assert plan.stored_read(found=False) is Stage.EVENT_LOOP
    assert plan.loading()
    assert not plan.shown_stored


def test_a_stored_state_read_after_the_database_opened_is_dropped() -> None:
    plan = _through(StartupPlan(), "painted", "loading", "opening", "opened")
    assert plan.stored_read(found=True) is None
    plan.stored_shown()
    assert not plan.shown_stored


def test_a_stage_is_never_entered_twice_nor_going_back() -> None:
    plan = _through(StartupPlan(), "painted", "loading")
    assert not plan.loading()  # a second loading (start() called again) starts nothing
    assert not plan.painted()
    assert plan.history == [Stage.FIRST_PAINT, Stage.STORED_FRONT, Stage.EVENT_LOOP]


def test_a_window_started_without_waiting_for_the_paint_opens_the_database_at_once() -> None:
    plan = StartupPlan()
    assert plan.opening()
    assert not plan.painted()  # the paint that comes after reads no stored state


def test_a_step_on_the_stored_state_waits_for_the_services_until_they_are_live() -> None:
    plan = _through(StartupPlan(), "painted", "loading", "opening", "opened")
    assert plan.waits_for_live() and not plan.usable
    plan.front_live()
    assert not plan.waits_for_live() and plan.usable and not plan.ready


def test_a_database_that_cannot_be_opened_ends_the_wait_and_may_be_opened_again() -> None:
    plan = _through(StartupPlan(), "painted", "loading", "opening")
    assert plan.not_opened()
    assert not plan.waits_for_live() and not plan.usable
    assert not plan.front_live()  # nothing goes live on a database that is not open
    assert plan.opened()  # another file, a backup's copy, a scratch session
    assert plan.waits_for_live()
    assert plan.front_live() and plan.usable


def test_once_the_window_closed_nothing_more_starts() -> None:
    plan = _through(StartupPlan(), "painted")
    plan.stop()
    assert plan.stopped and not plan.waits_for_live()
    assert plan.stored_read(found=True) is None
    for outcome in ("loading", "opening", "opened", "not_opened", "front_live", "joined"):
        assert not getattr(plan, outcome)(), outcome
    assert plan.history[-1] is Stage.STOPPED


# what the features declare they need -------------------------------------------------------------

DECLARED = (
    (
        "tables",
        (
            Needs(When.SHOWN, gui=("t.install",), qt_free=("t.service",)),
            Needs(When.FRONT, gui=("t.editor",)),
        ),
    ),
    (
        "dungeon",
        (
            Needs(When.LATE, gui=("d.lighter",)),
            Needs(When.SHOWN, gui=("d.install",), qt_free=("d.service", "t.service")),
        ),
    ),
    ("crows", (Needs(When.LATE, gui=("c.install",), qt_free=("c.service",)),)),
)


def test_the_modules_of_a_stage_come_from_every_feature_s_declaration_in_order() -> None:
    assert gui_modules(DECLARED, When.SHOWN) == ("d.install", "t.install")
    # stage by stage, the features in name order within each; a module named twice once
    assert gui_modules(DECLARED, When.FRONT, When.SHOWN) == ("d.install", "t.install", "t.editor")
    assert qt_free_modules(DECLARED, When.SHOWN, When.FRONT) == ("d.service", "t.service")
    assert gui_modules(DECLARED, When.LATE) == ("c.install", "d.lighter")
    assert qt_free_modules(DECLARED, When.LATE) == ("c.service",)


def test_a_new_feature_s_declaration_joins_the_lists_with_nothing_else_edited() -> None:
    before = gui_modules(DECLARED, When.LATE)
    added = (*DECLARED, ("bestiary", (Needs(When.LATE, gui=("b.install",), qt_free=("b.q",)),)))
    assert gui_modules(added, When.LATE) == ("b.install", *before)
    assert qt_free_modules(added, When.LATE) == ("b.q", "c.service")


def test_the_open_reads_the_roll_log_unless_the_newest_rolls_of_that_file_are_shown() -> None:
    plan = _through(StartupPlan(), "painted")
    assert plan.open_reads_rolls()  # nothing shown yet
    plan.stored_read(found=True)
    plan.stored_shown()
    _through(plan, "loading", "opening")
    assert not plan.open_reads_rolls()  # read once live, around the rolls shown
    plan.not_opened()
    plan.opening()  # another file, a backup's copy, a scratch session: its own rolls
    assert plan.open_reads_rolls()
    without = _through(StartupPlan(), "painted", "loading", "opening")
    assert without.open_reads_rolls()  # a first start, a file the quick reader left alone
