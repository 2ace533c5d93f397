"""The Town day dialog (issue 25 item 9): a crow's two hours go through the runner as one step,
the day's counts show, a refusal is said in the dialog, the night starts the next town day."""

from __future__ import annotations

from refkit.compose import Services
from refkit.gui.crafting.town_dialog import TownDayDialog
from refkit.present.town_day import choice_text
from refkit.rules.character.rest_activities import Activity
from tests.runner import run


def test_the_town_day_dialog_spends_two_hours_and_sleeps(qtbot, tmp_path) -> None:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as services:
        pushed = []

        def push_made(make):
            command = run(services.database, make())
            command.do()
            pushed.append(command)
            return command

        dialog = TownDayDialog(services, push_made, lambda function: function())
        qtbot.addWidget(dialog)
        dialog.crow.setCurrentText("Wren Ashdown")
        dialog.activity.setCurrentIndex(dialog.activity.findData(Activity.PREPARE))
        dialog.target.setText("lockpicking")
        assert dialog.spend_two_hours()
        assert "Wren Ashdown: Prepare for a Task: lockpicking (3 left)" in dialog.status.text()
        dialog.activity.setCurrentIndex(dialog.activity.findData(Activity.TEND_WOUNDS))
        dialog.target.setText("Hesper Quill")
        assert not dialog.spend_two_hours()
        assert "2 or more" in dialog.said.text() and len(pushed) == 1
        assert dialog.night()
        assert dialog.status.text().startswith("Town day 2")
        pushed[-1].undo()
        dialog.refresh()
        assert dialog.status.text().startswith("Town day 1")


def test_the_presenter_says_what_is_missing() -> None:
    assert choice_text("", Activity.PREPARE, "").problem
    assert "size" in choice_text("Wren", Activity.HARVEST, " ").problem
    assert choice_text("Wren", Activity.REPAIR_ARMOR, " Chain  shirt ").text == (
        "repair-armor:Chain shirt"
    )
