"""The window's start-up runs as one sequence of named stages (issue 24): a real window passes
them in order, one after the other, and a database that cannot be opened ends the wait of a step
asked for on the stored state."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from refkit.gui.main import RefkitApp
from refkit.present.startup import ORDER, Stage


def test_a_window_started_as_the_app_starts_it_passes_every_stage_in_order(
    qtbot, settings: QSettings, tmp_path: Path
) -> None:
    app = RefkitApp(settings, db_url=str(tmp_path / "table.sqlite3"))
    qtbot.addWidget(app.window)
    seen_usable: list[Stage] = []
    app.when_usable(lambda: seen_usable.append(app.startup.plan.stage))
    app.start_after_first_paint()
    app.window.show()
    try:
        qtbot.waitUntil(lambda: app.startup.plan.ready, timeout=60000)
        history = app.startup.plan.history
        # A fresh file has no stored state to show: the stored-front stage reads and moves on.
        assert history == list(ORDER)
        assert seen_usable == [Stage.USABLE]
        assert app.usable and app.character_panels is not None
    finally:
        app.window.ask_no_close_questions()
        app.window.close()
        app.shutdown()
    assert app.startup.plan.stage is Stage.STOPPED


def test_a_database_that_cannot_be_opened_ends_the_wait_for_live(
    qtbot, settings: QSettings, tmp_path: Path
) -> None:
    broken = tmp_path / "not-a-database.sqlite3"
    broken.write_bytes(b"this is not a database file" * 200)
    app = RefkitApp(settings, db_url=str(broken))
    qtbot.addWidget(app.window)
    with qtbot.waitSignal(app.window.first_painted, timeout=5000):
        app.window.show()
    try:
        app.start()
        assert app.wait_until_live() is False  # returns, without the services
        assert app.startup.plan.stage is Stage.NOT_OPEN
        assert app.database_error is not None
        assert not app.usable
    finally:
        if app.open_dialog is not None:
            app.open_dialog.close()
        app.window.ask_no_close_questions()
        app.window.close()
        app.shutdown()
