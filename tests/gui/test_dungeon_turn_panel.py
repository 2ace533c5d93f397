"""The DT panel against the real services, an in-memory database and a fake clock."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings

from refkit.gui.dungeon.clock_widget import ClockMood
from refkit.gui.dungeon.turn_panel import DungeonTurnPanel, clock_display
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock
from tests.gui.dungeon_helpers import T0, DungeonRig, opened_turn_panel


@pytest.fixture
def panel(qtbot, rig: DungeonRig, settings: QSettings) -> Iterator[DungeonTurnPanel]:
    with opened_turn_panel(qtbot, rig, settings) as panel:
        yield panel


def enter(panel: DungeonTurnPanel, name: str = "Sunken chapel") -> None:
    panel.dungeon_edit.setText(name)
    panel.enter_button.click()


def shown(panel: DungeonTurnPanel) -> tuple[str, str]:
    panel.repaint_clock()
    return panel.clock.text(), panel.state_label.text()


def test_panel_counts_down_from_the_anchor_as_the_clock_moves(panel, rig) -> None:
    assert shown(panel) == ("30:00", "Not started: enter a dungeon")
    enter(panel)
    assert panel.dt_label.text() == "DT 1"
    assert panel.greed_label.text() == "Greed +30 %"
    rig.clock.advance(125.4)
    assert shown(panel) == ("27:55", "Running · 30 minutes DTs")
    panel.run_button.click()  # pause
    rig.clock.advance(600)
    assert shown(panel) == ("27:55", "PAUSED (F6)")
    assert panel.clock.mood() is ClockMood.PAUSED
    panel.run_button.click()  # resume
    rig.clock.advance(5)
    assert shown(panel)[0] == "27:50"
    assert rig.service.view().clock.state is ClockState.RUNNING


def test_time_up_is_red_words_and_overdue_time(panel, rig) -> None:
    enter(panel)
    rig.clock.advance(30 * 60 + 75)
    text, state = shown(panel)
    assert (text, state) == ("+01:15", "TIME'S UP — End DT (F5)")
    assert panel.clock.mood() is ClockMood.TIME_UP


def test_adjustments_take_a_reason_and_forgetting_to_pause_gives_time_back(panel, rig) -> None:
    enter(panel)
    rig.clock.advance(60)
    panel.reason_edit.setText("long argument about loot")
    panel.adjust_buttons[5].click()
    assert shown(panel)[0] == "34:00"
    assert panel.reason_edit.text() == ""
    panel.adjust_buttons[-1].click()
    assert shown(panel)[0] == "33:00"
    audit = rig.service.view().clock.audit
    assert [(entry.minutes, entry.reason) for entry in audit] == [
        (5, "long argument about loot"),
        (-1, ""),
    ]
    rig.clock.advance(10 * 60)  # ten minutes of pizza, clock running
    panel.forgot_button.click()
    assert panel.forgot_row.isVisible()
    panel.forgot_minutes.setValue(8)
    panel.forgot_apply.click()
    view = rig.service.view()
    assert view.clock.state is ClockState.PAUSED
    assert shown(panel) == ("31:00", "PAUSED (F6)")  # 33:00 − 2 minutes that really were played
    assert view.clock.audit[-1].reason == "forgot to pause"


def test_end_dt_shows_the_summary_and_undoes_in_one_step(panel, rig) -> None:
    rig.service.add_preset("torch", owner="Mara")
    rig.service.add_effect("Ward of thorns", 1, (), "spell")
    enter(panel)
    rig.clock.advance(1799)
    before = rig.service.view()
    steps_before = rig.undo_stack.count()
    rig.queue_end(
        lambda r: (
            r.encounter.outcome == "sign"
            and any(roll.name == "Ward of thorns" and roll.ran_out for roll in r.usage_dice)
        )
    )
    result = panel.end_turn()
    assert result is not None
    assert rig.undo_stack.count() == steps_before + 1
    texts = panel.summary.texts()
    assert panel.summary.isVisible()
    assert texts[0] == "End of DT 1"
    assert texts[1] == "A sign now"
    assert "the encounter comes during DT 2" in texts[2]
    assert any("Ward of thorns ran out and ended" in text for text in texts)
    assert any(text.startswith("Usage dice:") and "Torch: 1 →" in text for text in texts)
    assert panel.encounters.pending_texts() == [
        "Encounter comes during this DT — sign at the end of DT 1, "
        f"rolled {result.encounter.roll} vs EN 9"
    ]
    assert shown(panel)[0] == "30:00" and panel.dt_label.text() == "DT 2"

    rig.undo_stack.undo()  # the whole procedure, in one step
    after_undo = rig.service.view()
    assert (after_undo.clock, after_undo.effects) == (before.clock, before.effects)
    assert not panel.summary.isVisible()
    assert panel.encounters.pending_texts() == []
    assert panel.dt_label.text() == "DT 1"

    rig.undo_stack.redo()  # the same rolls again, not new ones
    assert rig.service.view().clock.pending_encounters == result.clock.pending_encounters
    assert panel.summary.isVisible()


def test_a_signalled_encounter_stays_until_resolved(panel, rig) -> None:
    enter(panel)
    rig.queue_end(lambda r: r.encounter.outcome == "sign")
    panel.end_turn()
    rig.queue_end(lambda r: r.encounter.outcome == "none")
    panel.end_turn()
    assert panel.summary.banner.headline.text() == "No encounter"
    (pending,) = panel.encounters.pending_texts()
    assert pending.startswith("OVERDUE — the encounter was due in DT 2")
    panel.encounters._pending_rows[0].resolve_button.click()
    assert panel.encounters.pending_texts() == []


def test_loud_noise_and_the_encounter_table_roll(panel, rig) -> None:
    enter(panel)
    name = next(s.name for s in rig.tables.summaries() if "encounter" in s.name.casefold())
    index = panel.encounters.table_combo.findData(name)
    panel.encounters.table_combo.setCurrentIndex(index)
    panel.encounters.table_combo.activated.emit(index)
    assert rig.tables.encounter_table("Sunken chapel") == name
    check = panel.loud_noise()
    assert check is not None
    assert panel.summary.texts()[0] == "Loud noise in DT 1"
    text = panel.roll_encounter_table()
    assert text
    assert text in panel.encounters.table_result.text()
    assert rig.service.view().clock.state is ClockState.RUNNING  # the DT goes on


def test_encounter_number_toggles_are_always_shown_clamped(panel, rig) -> None:
    enter(panel)
    assert panel.encounters.en_label.text() == "EN 9"
    panel.encounters.crowded_check.setChecked(True)
    panel.encounters.chaos_check.setChecked(True)
    assert panel.encounters.en_label.text() == "EN 7"
    panel.encounters.modifier_spin.setValue(5)
    assert panel.encounters.en_label.text() == "EN 10"
    panel.encounters.modifier_spin.setValue(-9)
    assert panel.encounters.en_label.text() == "EN 1"
    settings = rig.service.settings()
    assert (settings.crowded, settings.chaos, settings.en_modifiers) == (True, True, (-9,))


def test_warnings_fire_once_per_dt_with_sound_and_flash(qtbot, panel, rig) -> None:
    enter(panel)
    rig.clock.advance(30 * 60 - 299)
    panel.session.check_for_outside_changes()
    qtbot.waitUntil(lambda: panel.warnings_given == [300])
    assert panel.sound.played == 1
    assert panel.clock.flashing()
    assert shown(panel)[1] == "⚠ Under 5 minutes left"
    assert panel.clock.mood() is ClockMood.WARNING
    rig.clock.advance(30)
    panel.session.check_for_outside_changes()
    qtbot.wait(20)
    assert panel.warnings_given == [300]  # once per DT
    rig.clock.advance(240)
    panel.session.check_for_outside_changes()
    qtbot.waitUntil(lambda: panel.warnings_given == [300, 60])
    assert 300 in rig.service.view().clock.warnings_fired  # kept: a restart does not repeat it
    panel.end_turn()
    rig.clock.advance(30 * 60 - 250)
    panel.session.check_for_outside_changes()
    qtbot.waitUntil(lambda: panel.warnings_given == [300, 60, 300])  # the next DT warns again


def test_thresholds_length_and_auto_end_are_settings(panel, rig) -> None:
    panel.settings_button.click()
    assert panel.settings_box.isVisible()
    panel.settings_box.thresholds_edit.setText("10, 2.5")
    panel.settings_box.thresholds_edit.editingFinished.emit()
    assert rig.service.settings().warning_thresholds_s == (600, 150)
    panel.settings_box.thresholds_edit.setText("10, soon")
    panel.settings_box.thresholds_edit.editingFinished.emit()
    assert "'soon' is not a number of minutes" in panel.settings_box.thresholds_error.text()
    assert rig.service.settings().warning_thresholds_s == (600, 150)
    panel.settings_box.preset_buttons[60].click()
    assert rig.service.view().clock.length_s == 3600
    assert shown(panel)[0] == "60:00"
    panel.settings_box.auto_end_check.setChecked(True)
    assert rig.service.settings().auto_end


def test_rest_prompts_to_douse_lights_and_starts_a_new_dt(panel, rig) -> None:
    rig.service.add_preset("lantern", owner="Brannoc")
    enter(panel)
    panel.rest.start_button.click()
    assert shown(panel)[0] == "REST"
    assert "Lantern (Brannoc)" in panel.rest.lights_label.text()
    panel.findChild(type(panel.rest.start_button), "rest_douse_e1").click()
    assert not rig.service.view().effects[0].lit
    assert not panel.rest.lights_label.isVisibleTo(panel)
    panel.rest.halfway_button.click()
    assert not panel.rest.halfway_button.isEnabled()
    panel.rest.seclude_check.setChecked(True)
    panel.rest.check_button.click()
    assert panel.summary.texts()[0] == "Rest encounter check (Seclude Camp)"
    assert "EN 10" in panel.summary.texts()[2]
    panel.rest.finish_button.click()
    view = rig.service.view()
    assert (view.clock.state, view.clock.dt) == (ClockState.RUNNING, 2)


def test_refusals_are_shown_not_raised(panel, rig) -> None:
    panel.next_turn()  # nothing to continue: no DT yet… the service says why
    enter(panel, "   ")
    assert "Name the dungeon first" in panel.message_label.text()


@pytest.mark.parametrize(
    ("state", "seconds", "expected"),
    [
        ("stopped", 0, ("30:00", ClockMood.IDLE)),
        ("running", 1500.2, ("05:00", ClockMood.WARNING)),
        ("running", 1739, ("01:01", ClockMood.WARNING)),
        ("running", 100, ("28:20", ClockMood.RUNNING)),
    ],
)
def test_clock_display_moods(state: str, seconds: float, expected: tuple[str, ClockMood]) -> None:
    clock = DungeonTurnClock.new()
    if state == "running":
        clock = clock.start(T0, dungeon="Crypt")
    display = clock_display(clock, T0 + seconds, (300, 60))
    assert (display.text, display.mood) == expected


def test_players_window_follows_the_clock_without_the_referees_numbers(qtbot, panel, rig) -> None:
    rig.service.add_preset("torch", owner="Mara")
    rig.service.add_effect("Ward of thorns", 3, (), "spell")
    enter(panel)
    panel.settings_box.full_screen_check.setChecked(False)
    panel.players_button.click()
    window = panel.players_window
    assert window is not None and window.isVisible() and not window.isFullScreen()
    rig.clock.advance(61)
    panel.repaint_clock()
    assert window.clock.text() == "28:59"
    rig.queue_end(lambda r: r.encounter.outcome == "sign")
    panel.end_turn()
    texts = window.visible_texts()
    assert "Something approaches…" in texts
    assert "Dungeon turn 2" in texts and "Greed +20 %" in texts
    joined = " ".join(texts)
    assert "Ward" not in joined and "UD" not in joined and "EN" not in joined.split()
    roll = str(rig.service.view().clock.pending_encounters[0].roll)
    assert roll not in joined.replace("Dungeon turn 2", "").replace("Greed +20 %", "").replace(
        window.clock.text(), ""
    )
    panel.players_button.click()
    assert not window.isVisible()


def test_a_not_saved_message_goes_once_the_session_withdraws_it(qtbot, rig) -> None:
    from refkit.gui.dungeon.session import DungeonTurnSession
    from refkit.gui.dungeon.turn_panel import DungeonTurnPanel

    session = DungeonTurnSession(rig.undo_stack, poll_ms=10**6)
    session.set_services(rig.service, rig.tables)
    panel = DungeonTurnPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    session.message.emit("“End DT” was not saved: the database is locked by another program")
    assert "not saved" in panel.message_label.text()
    session.message_withdrawn.emit()  # the save-problem bar's retry saved it
    assert panel.message_label.text() == ""  # gone; its room is kept (nothing moves)
    session.close()
