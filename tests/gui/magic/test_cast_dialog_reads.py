"""The "Cast a spell" window reads the crows, their books, the tables, the DT under way and the
cast's roll through the worker: it ran them on the GUI thread (23 statements from opening it to a
cast), each a stall on a big or slow file (issue 22, issue 30)."""

from __future__ import annotations

from pathlib import Path

from refkit.gui.magic.cast_dialog import CastDialog
from tests.gui.test_no_statement_on_gui_thread import gui_thread_statements

CASTER, BOOK = "Hesper Quill", "Fire lance book"


def test_cast_a_spell_reads_nothing_on_the_gui_thread(start_app, qtbot, tmp_path: Path) -> None:
    app = start_app(tmp_path / "table.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=10000)
    with gui_thread_statements(app) as statements:
        app.actions.action("magic_cast").trigger()
        dialog = app.window.findChild(CastDialog)
        assert dialog is not None
        dialog.select_crow(CASTER)
        dialog.select_book(BOOK)
        plan = dialog.cast()
        dialog.close()
    assert plan is not None and plan.before.name == CASTER
    assert statements == [], "\n".join(statements)
