"""Finish rest on the DT panel opens a dialog offering what the rest's encounter check was made
with and each crow's starvation: those reads ran on the GUI thread (the check: a session-log read
that sorted every encounter line, ~60 ms twice on the 10x database) and held input back. They
run on the worker now, in one wait, like every read the window makes (issue 22, issue 30)."""

from __future__ import annotations

from pathlib import Path

from refkit.gui.dungeon.rest_finish_dialog import FinishRestDialog
from tests.gui.test_no_statement_on_gui_thread import gui_thread_statements
from tests.gui.test_rest_dialogs import resting


def test_opening_the_finish_rest_dialog_reads_nothing_on_the_gui_thread(
    start_app, qtbot, tmp_path: Path
) -> None:
    app = start_app(tmp_path / "table.sqlite3")
    resting(app)
    turn = app.dungeon.turn_panel
    turn.rest.seclude_check.setChecked(True)
    turn.rest.check_button.click()
    with gui_thread_statements(app) as statements:
        dialog = turn.open_finish_rest_dialog()
    assert isinstance(dialog, FinishRestDialog) and dialog.isVisible()
    assert statements == [], "\n".join(statements)
    assert "made with Seclude Camp" not in dialog.problem()  # what the check was made with
    dialog.reject()
