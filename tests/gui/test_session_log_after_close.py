"""Quitting could log "cannot read the session log" with a traceback: a catch-up the session log
asked for while the window closed (its last step's log_changed, a queued "catch up if shown") ran
after the database was closed and failed on it. Once the window shuts down, the panel reads
nothing, as the roll log already does (``DiceFeature.detach``)."""

from __future__ import annotations

import logging
from pathlib import Path

from refkit.gui.shell.panel_registry import PanelId


def test_a_catch_up_asked_after_shutdown_reads_no_closed_database(
    qtbot, start_app, db_file: Path, caplog
) -> None:
    app = start_app(db_file)
    app.panels.show(PanelId.SESSION_LOG)
    panel = app.dungeon.session_log_panel
    qtbot.waitUntil(lambda: panel.export_button.isEnabled(), timeout=5000)  # reading the log
    app.window.ask_no_close_questions()
    app.window.close()
    app.shutdown()
    with caplog.at_level(logging.ERROR):
        panel.notice_log_changed()  # the log changed as the window closed: catch up
        panel.shown_entries()
        qtbot.wait(50)  # and whatever it queued
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert not panel.count_label.text().startswith("Cannot read")


def test_quitting_while_a_read_waits_closes_the_database_once_the_wait_is_over(
    qtbot, start_app, db_file: Path, caplog
) -> None:
    """Ctrl+Q pressed while a panel's read waits on the worker (the window's loop turns there):
    the shutdown ran inside the wait, and the reader went on against a closed database ("cannot
    read the session log", the travel map's "uncaught error"). It now waits for the wait."""
    import time

    from PySide6.QtCore import QTimer

    app = start_app(db_file)
    panel = app.dungeon.session_log_panel
    seen: list[bool] = []

    def slow_read() -> int:
        time.sleep(0.3)
        return 1

    def quit_now() -> None:
        app.window.ask_no_close_questions()
        app.window.close()  # its closing signal asks the app to shut down
        seen.append(app.database is not None)

    read: list[int] = []

    def reader() -> None:  # a panel's read, from the window's running loop
        QTimer.singleShot(50, quit_now)
        read.append(app.worker.wait_for(slow_read))
        panel.notice_log_changed()  # the reader goes on after its wait
        panel.shown_entries()

    with caplog.at_level(logging.ERROR):
        QTimer.singleShot(0, reader)
        qtbot.waitUntil(lambda: app.database is None, timeout=5000)  # closed after it
    assert read == [1]
    assert seen == [True]  # not closed under the waiting reader
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
