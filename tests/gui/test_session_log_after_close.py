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
