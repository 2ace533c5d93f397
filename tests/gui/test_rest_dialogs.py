"""The rest in the running app, one path: Finish rest on the DT panel opens a dialog (``open()``)
where the referee picks each crow's activity, seeing its rations and what the rest will do; the
sheet's Rest dialog offers the same rows and refuses a crow the dungeon's rest is counting; the
settings box holds whether a rest's start resolves the DT."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from refkit.gui.characters.install import CharacterPanels
from refkit.gui.characters.rest_dialog import RestDialog
from refkit.gui.dungeon.rest_finish_dialog import FinishRestDialog
from refkit.gui.main import RefkitApp
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import Activity, ActivityChoice, rations_carried
from refkit.rules.dungeon.clock import ClockState

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"


@pytest.fixture
def app(start_app, tmp_path: Path) -> RefkitApp:
    return start_app(tmp_path / "table.sqlite3")


def panels(app: RefkitApp) -> CharacterPanels:
    assert app.character_panels is not None
    return app.character_panels


def crow(app: RefkitApp, name: str) -> Character:
    return panels(app).session.service.get(name)


def resting(app: RefkitApp) -> None:
    turn = app.dungeon.turn_panel
    turn.dungeon_edit.setText("The Drowned Crypt")
    turn.enter_dungeon()
    turn.start_rest()
    view = app.dungeon.session.view()
    assert view is not None and view.clock.state is ClockState.RESTING


def finish_dialog(app: RefkitApp, qtbot) -> FinishRestDialog:
    turn = app.dungeon.turn_panel
    turn.rest.finish_button.click()
    dialog = turn.findChild(FinishRestDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.isModal()  # open(): window-modal, the event loop keeps running
    return dialog


def test_finish_rest_asks_each_crows_activity_and_undoes_as_one_step(app: RefkitApp, qtbot) -> None:
    hesper = crow(app, HESPER)
    assert app.services is not None  # a save as another program's, in a unit of its own
    app.services.in_unit(
        lambda: panels(app).session.service.save(replace(hesper, wounds=(2, 5, 8)))
    )
    rations = rations_carried(crow(app, BRANNOC))
    resting(app)
    dialog = finish_dialog(app, qtbot)
    rows = {row.crow.name: row for row in dialog.choices.rows}
    assert rows[BRANNOC].rations.text() == f"{rations} rations"
    assert "heals 1 wound" in rows[HESPER].preview.text()
    dialog.choose(BRANNOC, ActivityChoice(Activity.TEND_WOUNDS, HESPER))
    assert "Hesper Quill heals 2 wounds instead of 1" in rows[BRANNOC].preview.text()
    assert f"heals 2 wounds (tended by {BRANNOC})" in rows[HESPER].preview.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.ok_button.click()

    turn = app.dungeon.turn_panel
    assert "tended Hesper Quill's wounds" in turn.rest.party_label.text()
    assert panels(app).session.service.get(HESPER).wounds == (2, 5, 8)  # 2 of 3: her choice
    assert rations_carried(crow(app, BRANNOC)) == rations - 1
    app.undo_stack.undo()
    assert rations_carried(crow(app, BRANNOC)) == rations
    view = app.dungeon.session.view()
    assert view is not None and view.clock.state is ClockState.RESTING


def test_a_refused_choice_keeps_the_finish_button_off(app: RefkitApp, qtbot) -> None:
    resting(app)
    dialog = finish_dialog(app, qtbot)
    dialog.choose(BRANNOC, ActivityChoice(Activity.REPAIR_ARMOR))
    assert "carries no damaged armour" in dialog.choices.message.text()
    assert not dialog.ok_button.isEnabled()
    dialog.choose(BRANNOC, ActivityChoice(Activity.PREPARE, "the vault lock"))
    assert dialog.ok_button.isEnabled()
    dialog.reject()
    assert dialog.result() == QDialog.DialogCode.Rejected
    view = app.dungeon.session.view()
    assert view is not None and view.clock.state is ClockState.RESTING  # nothing finished


def test_a_secluded_check_chooses_the_crow_who_secluded_the_camp(app: RefkitApp, qtbot) -> None:
    resting(app)
    turn = app.dungeon.turn_panel
    turn.rest.seclude_check.setChecked(True)
    turn.rest.check_button.click()
    dialog = finish_dialog(app, qtbot)
    first = dialog.choices.rows[0]
    assert first.chosen_activity() is Activity.SECLUDE_CAMP
    first.activity.setCurrentIndex(first.activity.findData(Activity.NONE.value))
    assert "made with Seclude Camp" in dialog.problem()
    assert not dialog.ok_button.isEnabled()


def test_the_sheet_refuses_a_rest_the_dungeon_is_counting(app: RefkitApp) -> None:
    resting(app)
    session = panels(app).session
    session.open(HESPER)
    dialog = panels(app).sheet.open_rest_dialog()
    assert isinstance(dialog, RestDialog)
    assert "resting with the party at the table: rest on the DT panel" in dialog.problem()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    dialog.close()
    app.dungeon.turn_panel.finish_rest()
    app.dungeon.session.leave_dungeon()  # out of the dungeon: the sheet may rest the crow
    dialog = panels(app).sheet.open_rest_dialog()
    assert isinstance(dialog, RestDialog) and dialog.problem() == ""
    rations = rations_carried(crow(app, HESPER))
    dialog.buttons.accepted.emit()
    assert rations_carried(crow(app, HESPER)) == rations - 1  # the same procedure: a ration


def test_the_settings_box_holds_the_rest_start_setting(app: RefkitApp) -> None:
    turn = app.dungeon.turn_panel
    box = turn.settings_box
    assert not box.resolve_at_rest_check.isChecked()  # the recommended reading (§15 D2)
    box.resolve_at_rest_check.setChecked(True)
    view = app.dungeon.session.view()
    assert view is not None and view.settings.resolve_dt_at_rest_start is True
    app.undo_stack.undo()
    assert not box.resolve_at_rest_check.isChecked()
