"""The Warriors of Krynn panel: typed dice by default, a virtual roll marked unverified, the
face table saved to the data folder (or refused in the window), and the turn checklist."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from refkit.games.warriors_of_krynn import EventCard
from refkit.gui.games.spec import GameContext, discover_game_panels
from refkit.gui.games.warriors_of_krynn import GAME_PANEL
from refkit.gui.games.warriors_of_krynn.panel import WarriorsOfKrynnPanel, face_table_path
from tests.games.game_context import fixed_context

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def context(logged) -> GameContext:
    return fixed_context(logged.append, now=NOON)


@pytest.fixture
def panel(qtbot, context) -> WarriorsOfKrynnPanel:
    widget = GAME_PANEL.build(context)
    qtbot.addWidget(widget)
    widget.resize(420, 760)
    widget.show()
    assert isinstance(widget, WarriorsOfKrynnPanel)
    return widget


def test_the_app_finds_the_panel() -> None:
    assert "warriors-of-krynn" in {panel.game_id for panel in discover_game_panels()}


def test_typed_dice_are_the_default_k1_k5(panel: WarriorsOfKrynnPanel, logged) -> None:
    conflict = panel.conflict
    assert conflict.typed_radio.isChecked() and not conflict.virtual_box.isEnabled()
    conflict.actions_spin.setValue(2)
    conflict.discards_spin.setValue(1)
    conflict.difficulty_spin.setValue(3)
    conflict.mastered_box.setChecked(True)
    assert conflict.pool_label.text() == "3 battle dice, difficulty 2"
    conflict.hits_spin.setValue(3)
    conflict.woes_spin.setValue(1)
    conflict.resolve_button.click()
    assert conflict.result_label.text() == "SUCCESS — overkill: gain an equipment card"
    assert "stress +1" in conflict.detail_label.text()
    assert conflict.dice_view.shown() == ((), (3, 1))
    (record,) = logged
    assert (record.kind, record.total, record.seed, record.faces) == (
        "warriors-of-krynn",
        3,
        None,
        (),
    )


def test_a_scenario_task_overkilled_wins_no_equipment(panel: WarriorsOfKrynnPanel) -> None:
    conflict = panel.conflict
    conflict.target_box.setCurrentIndex(conflict.target_box.findData(False))
    conflict.difficulty_spin.setValue(1)
    conflict.hits_spin.setValue(3)
    conflict.resolve_button.click()
    assert conflict.result_label.text() == "SUCCESS — overkill"


def test_a_virtual_roll_is_marked_unverified_and_drawn(panel: WarriorsOfKrynnPanel, logged) -> None:
    conflict = panel.conflict
    conflict.virtual_radio.setChecked(True)
    assert conflict.unverified_label.isVisible()
    assert conflict.odds_label.text().startswith("From the face table: success ")
    conflict.actions_spin.setValue(3)
    conflict.roll_button.click()
    dice, tally = conflict.dice_view.shown()
    assert len(dice) == 3 and tally is None
    (record,) = logged
    assert record.seed is not None and record.total == sum(hits for hits, _ in dice)
    assert "unverified faces" in conflict.detail_label.text()


def test_saved_faces_become_the_users_table(panel: WarriorsOfKrynnPanel) -> None:
    faces = panel.faces
    for row in range(faces.grid.rowCount()):
        faces.grid.cellWidget(row, 1).setValue(2)
        faces.grid.cellWidget(row, 2).setValue(0)
    faces.verified_box.setChecked(True)
    faces.save_button.click()
    assert faces.status_label.text().startswith("Saved to ")
    assert face_table_path().is_file()
    conflict = panel.conflict
    assert not conflict.unverified_label.isVisibleTo(panel)
    conflict.virtual_radio.setChecked(True)
    conflict.difficulty_spin.setValue(2)
    assert "success 100%" in conflict.odds_label.text()


def test_a_failed_save_is_said_in_the_window(qtbot, context, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    panel = WarriorsOfKrynnPanel(context, override=blocker / "battle_dice.toml")
    qtbot.addWidget(panel)
    panel.faces.save_button.click()
    assert panel.faces.status_label.text().startswith("Could not save the faces:")
    assert not (blocker / "battle_dice.toml").exists()


def test_a_broken_face_file_falls_back_and_says_why(qtbot, context, tmp_path: Path) -> None:
    broken = tmp_path / "battle_dice.toml"
    broken.write_text("[[face]]\nhits = 1\n[[face]]\nhits = 9\n", encoding="utf-8")
    panel = WarriorsOfKrynnPanel(context, override=broken)
    qtbot.addWidget(panel)
    panel.show()
    assert panel.problem_label.isVisible()
    assert "could not be read" in panel.problem_label.text()
    assert "hits must be 0 to 3" in panel.problem_label.text()


def test_the_turn_checklist_steps_on_and_keeps_its_place(panel: WarriorsOfKrynnPanel) -> None:
    turn = panel.turn
    assert turn.turn_label.text() == "Turn 1 · now: Event phase · key moments 0"
    turn.draw(EventCard.KEY_MOMENT)
    turn.draw(EventCard.BATTLE_PHASE)
    assert turn.draws_label.text() == "2 drawn — the event phase is over"
    assert not turn.draw_buttons[EventCard.RIGHT_NOW].isEnabled()
    for _ in range(3):
        turn.next_button.click()
    assert turn.turn_label.text() == "Turn 1 · now: Action phase · key moments 1"
    panel.tabs.setCurrentIndex(0)
    panel.tabs.setCurrentIndex(1)
    assert turn.checklist.done == {0, 1, 2}
    turn.new_turn_button.click()
    assert turn.turn_label.text() == "Turn 2 · now: Event phase · key moments 1"
    assert turn.draw_buttons[EventCard.RIGHT_NOW].isEnabled()


def test_a_folder_in_place_of_the_face_table_is_said(qtbot, context, tmp_path: Path) -> None:
    folder = tmp_path / "battle_dice.toml"
    folder.mkdir()
    panel = WarriorsOfKrynnPanel(context, override=folder)
    qtbot.addWidget(panel)
    panel.show()
    assert panel.problem_label.isVisible() and "not a file" in panel.problem_label.text()


def test_typed_hits_the_dice_cannot_show_are_said_and_not_logged(
    panel: WarriorsOfKrynnPanel, logged
) -> None:
    conflict = panel.conflict
    conflict.actions_spin.setValue(1)
    conflict.hits_spin.setValue(4)
    conflict.resolve_button.click()
    assert conflict.error_label.isVisible()
    assert "hits: 1 battle die can show at most 3 hits" in conflict.error_label.text()
    assert logged == []
    conflict.hits_spin.setValue(3)
    conflict.resolve_button.click()
    assert not conflict.error_label.isVisible() and len(logged) == 1
