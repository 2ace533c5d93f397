"""Issue 23 §4 in the window: what another client commits — the command line, a second window,
another laptop on the server — shows in every open view of it without anyone asking, and the
window's own edits are no news to it. A server connection the watch lost is said until it is
back.

On a run with ``--postgresql`` the window's file is a server database and the news comes by
NOTIFY; on SQLite by the file's data_version poll."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from refkit.app.character_service import CharacterService
from refkit.gui.main import RefkitApp
from refkit.gui.shell.live_refresh import BACK, LOST_PREFIX
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.gui.test_save_problems import WREN, panels, type_notes

SEEN_WITHIN_MS = 6000


def _their_notes(db_file: Path, notes: str) -> None:
    """Another client writes Wren's notes (a second connection to the same database)."""
    with Database.open(str(db_file)) as theirs:
        service = CharacterService(CharacterRepository(theirs), seed_samples=False)
        with theirs.unit_of_work():
            service.save(dataclasses.replace(service.get(WREN), notes=notes))


def _refkit(db_file: Path, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "refkit", "--db", str(db_file), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_another_clients_edit_of_the_open_crow_shows_on_its_sheet(
    qtbot, start_app, db_file: Path
) -> None:
    app: RefkitApp = start_app(db_file)
    panels(app).session.open(WREN)
    notes = panels(app).sheet.notes
    _their_notes(db_file, "Written on the other laptop")
    qtbot.waitUntil(
        lambda: notes.toPlainText() == "Written on the other laptop", timeout=SEEN_WITHIN_MS
    )


def test_rolls_and_a_fight_from_the_command_line_show_in_the_roll_log_and_the_tracker(
    qtbot, start_app, db_file: Path
) -> None:
    app: RefkitApp = start_app(db_file)
    log = app.dice.log_model
    before = len(log.rolls())
    _refkit(db_file, "roll", "2d6")
    qtbot.waitUntil(lambda: len(log.rolls()) == before + 1, timeout=SEEN_WITHIN_MS)
    assert app.services is not None
    session = app.services.fight  # the session the Fight panel shows
    _refkit(db_file, "fight", "add", "Tunnel ghoul")
    qtbot.waitUntil(
        lambda: any(f.name.startswith("Tunnel ghoul") for f in session.state.combatants),
        timeout=SEEN_WITHIN_MS,
    )


def test_the_windows_own_edit_is_no_news_to_it(qtbot, start_app, db_file: Path) -> None:
    app: RefkitApp = start_app(db_file)
    panels(app).session.open(WREN)
    heard: list[object] = []
    app.live.refreshed.connect(heard.append)
    type_notes(app, "My own note")
    panels(app).sheet.notes.commit()
    qtbot.wait(2500)  # two looks of the file's poll
    assert heard == []


def test_a_lost_server_connection_is_said_until_it_is_back(qtbot, start_app, db_file) -> None:
    from PySide6.QtWidgets import QLabel

    app: RefkitApp = start_app(db_file)
    label = app.window.statusBar().findChild(QLabel, "live_updates_state")
    assert label is not None and not label.isVisible()
    app.live._status_off_thread("the connection to the server was lost (<b>server closed</b>)")
    qtbot.waitUntil(label.isVisible, timeout=2000)
    assert label.text().startswith(LOST_PREFIX)
    assert "<b>server closed</b>" in label.text()  # the server's words, shown as written
    app.live._status_off_thread(None)
    qtbot.waitUntil(lambda: not label.isVisible(), timeout=2000)
    assert app.window.statusBar().currentMessage() == BACK


def test_a_follower_goes_with_the_widget_it_belongs_to(qtbot) -> None:
    from PySide6.QtWidgets import QWidget

    from refkit.gui.shell.live_refresh import ChangeHub
    from refkit.store.change_feed import ChangeNotice

    hub = ChangeHub()
    box = QWidget()
    called: list[str] = []
    hub.follow(frozenset({"state"}), lambda: called.append("box"), owner=box)
    hub.follow(frozenset({"rolls"}), lambda: called.append("log"))
    hub._watch = object()  # as if watching (no database here)
    box.deleteLater()
    qtbot.waitUntil(lambda: len(hub._followers) == 1, timeout=2000)
    hub._heard_off_thread(ChangeNotice(frozenset({"state", "rolls"})))
    with qtbot.waitSignal(hub.refreshed, timeout=2000) as refreshed:
        pass
    assert refreshed.args == [frozenset({"state", "rolls"})]
    assert called == ["log"]
