"""The panels in front show the stored state before the ORM loads; what is asked meanwhile waits.

Issue 8: the window was usable only at ~7x a bare window's first paint, since the clock, the
lights and the roll log waited for SQLAlchemy, SQLModel and pydantic to be imported (about a
second) before they showed anything. Now the worker reads the dungeon turn, the party at the
table and the newest rolls with plain sqlite3 first, and the panels show them; a step, a roll or
a clear asked for before the services are built waits for them (the window painting, the clock
running) and then runs on the state as it is.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import QSettings, QTimer

from refkit.app.dungeon_turn_commands import AddLightCommand, StartTurnCommand
from refkit.compose import Services
from refkit.dice.records import RollRecord, utc_now
from refkit.gui import startup
from refkit.gui.app_start import read_stored_front as _read_stored_front
from refkit.gui.main import RefkitApp
from refkit.store.database import Database
from refkit.store.roll_log import RollLogRepository
from tests.gui.app_process import run_app_script

T = TypeVar("T")
DUNGEON = "The Sunken Chapel"
PARTY = "Ash <and> Ember"  # markup characters in a name stay text


def stored_table(path: Path, rolls: int = 3, minutes_left: float | None = None) -> None:
    """A database as a referee leaves it: DT 2 running in DUNGEON with a torch lit (with
    ``minutes_left`` of it, if given), the party at the table chosen, ``rolls`` rolls logged
    after End DT 1's encounter check (in the roll log too: one roll more)."""
    database = Database.open(str(path))
    try:
        services = Services.for_database(database)
        characters = services.characters
        for party in characters.list_parties():
            characters.delete_party(party.name)
        characters.create_party(PARTY, characters.names()[:1])
        services.party.set_party(PARTY)
        dungeon = services.dungeon
        StartTurnCommand(dungeon, dungeon=DUNGEON).do()
        dungeon.end_turn()
        AddLightCommand(dungeon, "torch", owner="Marek").do()
        if minutes_left is not None:
            dungeon.adjust(minutes_left - dungeon.view().remaining_s / 60)
        log = RollLogRepository(database)
        for number in range(rolls):
            face = number % 6 + 1
            log.add(RollRecord("notation", "1d6", (face,), face, None, utc_now(), f"roll {number}"))
    finally:
        database.close()


def test_an_up_to_date_file_is_read_ahead_and_anything_else_is_left_to_the_full_open(
    tmp_path: Path,
) -> None:
    assert _read_stored_front(str(tmp_path / "none-yet.sqlite3")) is None  # a first start
    other = tmp_path / "other.sqlite3"
    import sqlite3

    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    assert _read_stored_front(str(other)) is None  # the full open says what is wrong
    stored = tmp_path / "stored.sqlite3"
    stored_table(stored)
    front = _read_stored_front(str(stored))
    assert front is not None
    assert (front.view.clock.dt, front.view.clock.dungeon) == (2, DUNGEON)
    assert [effect.name for effect in front.view.effects] == ["Torch"]
    assert front.party.at_table == PARTY
    summaries = [roll.record.summary for roll in front.rolls]
    assert summaries[:3] == ["roll 2", "roll 1", "roll 0"]
    assert len(summaries) == 4 and summaries[3].startswith("End of DT 1")


def read_back(database: Path, read: Callable[[Services], T]) -> T:
    """What ``read`` finds in ``database`` opened afresh (what is stored, not what is shown)."""
    check = Database.open(str(database))
    try:
        return read(Services.for_database(check))
    finally:
        check.close()


SCRIPT = r"""
import json, sys
from PySide6.QtCore import QTimer
from refkit.gui import main

ORM = ("sqlalchemy", "sqlmodel", "pydantic")
seen = {}
init = main.RefkitApp.__init__

def captured(self, *args, **kwargs):
    init(self, *args, **kwargs)
    def look():
        if self.shown_stored and "stored" not in seen:
            turn = self.dungeon.turn_panel
            seen["stored"] = {
                "orm": sorted(m for m in ORM if m in sys.modules),
                "live": self.usable,
                "dt": turn.dt_label.text(),
                "dungeon": turn.dungeon_label.text(),
                "party": [turn.party_row.isVisibleTo(turn), turn.party_combo.currentText(),
                          turn.party_combo.isEnabled()],
                "lights": sorted(self.dungeon.effects_panel.rows()),
                "log": self.log_panel.count_label.text(),
                "rolls": self.dice_panel.roll_button.isEnabled(),
            }
        if self.usable and self.character_panels is not None:
            turn = self.dungeon.turn_panel
            seen["live"] = {
                "party": [turn.party_combo.currentText(), turn.party_combo.isEnabled()],
                "log": self.log_panel.count_label.text(),
            }
            print("SEEN " + json.dumps(seen), flush=True)
            self.window.ask_no_close_questions()  # DT 2 runs: quit without asking
            self.actions.action("quit").trigger()
            return
        QTimer.singleShot(2, look)
    look()
main.RefkitApp.__init__ = captured
raise SystemExit(main.run_app(db_url=sys.argv[1]))
"""


@pytest.mark.slow
def test_the_window_shows_the_stored_state_before_the_orm_is_imported(tmp_path: Path) -> None:
    database = tmp_path / "table.sqlite3"
    stored_table(database)
    seen = run_app_script(SCRIPT, "SEEN", tmp_path, str(database))
    stored = seen["stored"]
    assert stored["orm"] == []  # nothing of the ORM loaded yet...
    assert stored["live"] is False
    assert stored["dt"] == "DT 2"  # ...and the panels show what is stored
    assert stored["dungeon"].startswith(DUNGEON)
    assert stored["party"] == [True, PARTY, False]  # in its place, off until it is live
    assert len(stored["lights"]) == 1
    assert stored["log"] == "Newest 4 rolls; opening the roll log…"  # with End DT 1's check
    assert stored["rolls"] is True
    assert seen["live"] == {"party": [PARTY, True], "log": "4 rolls"}  # and End DT 1's check


@pytest.fixture
def held_app(qtbot, settings: QSettings, monkeypatch) -> Iterator[Callable[[Path], tuple]]:
    """``held_app(db)``: a window started as the app starts it, showing the stored state of
    ``db``, whose loading (asyncio, then the ORM) waits until the returned event is set."""
    gate = threading.Event()
    import_event_loop = startup.import_event_loop

    def held() -> None:
        assert gate.wait(30), "the test never let the database open"
        import_event_loop()

    monkeypatch.setattr(startup, "import_event_loop", held)
    started: list[RefkitApp] = []

    def start(db: Path) -> tuple[RefkitApp, threading.Event]:
        app = RefkitApp(settings, db_url=str(db))
        started.append(app)
        qtbot.addWidget(app.window)
        app.start_after_first_paint()
        app.window.show()
        qtbot.waitUntil(lambda: app.shown_stored, timeout=20000)
        assert not app.usable
        return app, gate

    yield start
    gate.set()
    for app in started:
        app.window.save_problems.discard()
        app.window.ask_no_close_questions()  # DT 2 runs: closed without asking
        app.window.close()
        app.shutdown()


def test_end_dt_pressed_before_the_services_are_here_waits_for_them_and_lands(
    qtbot, held_app, tmp_path: Path
) -> None:
    database = tmp_path / "table.sqlite3"
    stored_table(database)
    app, gate = held_app(database)
    session = app.dungeon.session
    ticks: list[int] = []
    beat = QTimer()
    beat.timeout.connect(lambda: ticks.append(1))
    beat.start(20)
    threading.Timer(0.4, gate.set).start()
    result = session.end_turn()  # waits (the window turning) until the services are here
    assert result is not None, "End DT was refused instead of waiting"
    assert app.usable
    beat.stop()
    assert len(ticks) >= 10, "the window's timers stood still while End DT waited"
    view = session.view()
    assert view is not None and view.clock.dt == 3
    assert app.undo_stack.count() == 1 and app.undo_stack.text(0) == "End DT 2"
    assert read_back(database, lambda services: services.dungeon.view().clock.dt) == 3


def test_a_roll_asked_for_before_the_roll_log_is_open_is_rolled_and_logged(
    qtbot, held_app, tmp_path: Path
) -> None:
    database = tmp_path / "table.sqlite3"
    stored_table(database, rolls=1)
    app, gate = held_app(database)
    threading.Timer(0.3, gate.set).start()
    app.dice_panel.d100_button.click()
    assert app.usable
    # the stored roll, End DT 1's encounter check and the d100
    qtbot.waitUntil(lambda: app.log_model.rowCount() == 3, timeout=5000)
    assert read_back(database, lambda services: services.dice.count()) == 3


def test_exporting_the_log_before_all_of_it_is_read_says_to_wait(
    qtbot, held_app, tmp_path: Path
) -> None:
    database = tmp_path / "table.sqlite3"
    stored_table(database, rolls=2)
    app, gate = held_app(database)
    messages: list[str] = []
    app.log_panel.status_message.connect(messages.append)
    assert app.log_panel.ask_export("csv") is None  # not a file with part of the log in it
    assert app.log_panel.ask_clear() is None
    assert messages == ["The roll log is still opening; try again in a moment"] * 2
    gate.set()
    qtbot.waitUntil(lambda: app.usable, timeout=20000)
    # the whole log is read once the panels in front are live, then it counts them all
    # (the stored two and End DT 1's encounter check)
    qtbot.waitUntil(lambda: app.log_panel.count_label.text() == "3 rolls", timeout=5000)


def test_a_warning_due_while_the_stored_state_is_shown_sounds_at_once_and_is_recorded_later(
    qtbot, held_app, tmp_path: Path, monkeypatch
) -> None:
    from refkit.gui.dungeon.session import DungeonTurnSession

    warned: list[tuple[int, bool]] = []
    show_stored = DungeonTurnSession.show_stored

    def listening(session: DungeonTurnSession, *args: object) -> None:
        session.warning.connect(lambda seconds: warned.append((seconds, session.ready())))
        show_stored(session, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(DungeonTurnSession, "show_stored", listening)
    database = tmp_path / "table.sqlite3"
    stored_table(database, minutes_left=4)  # inside the 5-minute warning
    app, gate = held_app(database)
    qtbot.waitUntil(lambda: bool(warned), timeout=5000)
    assert warned == [(300, False)]  # at once: it did not wait for the database to open
    gate.set()
    qtbot.waitUntil(lambda: app.usable, timeout=20000)
    fired = read_back(database, lambda services: services.dungeon.view().clock.warnings_fired)
    assert 300 in fired  # recorded once the service was here: no second warning elsewhere


def test_the_open_leaves_the_roll_log_to_be_read_once_the_panels_in_front_are_live(
    qtbot, settings: QSettings, tmp_path: Path, monkeypatch
) -> None:
    """The roll log shows the newest rolls read ahead: the open no longer reads the newest
    2,000 again before the panels in front go live (0.1-0.2 s on a million rolls). They are
    read once the panels are live and fill in around the rolls shown."""
    from refkit.gui.app_start import STORED_ROLLS
    from refkit.gui.dice.install import LOG_LOAD_LIMIT

    database = tmp_path / "table.sqlite3"
    stored_table(database, rolls=STORED_ROLLS + 20)  # more than are read ahead
    apps: list[RefkitApp] = []
    reads: list[bool] = []  # whether the window was usable at each read of the whole log
    recent = RollLogRepository.recent

    def recorded(self, limit=500, *args, **kwargs):  # type: ignore[no-untyped-def]
        if limit == LOG_LOAD_LIMIT:
            reads.append(bool(apps) and apps[0].usable)
        return recent(self, limit, *args, **kwargs)

    monkeypatch.setattr(RollLogRepository, "recent", recorded)
    app = RefkitApp(settings, db_url=str(database))
    apps.append(app)
    qtbot.addWidget(app.window)
    try:
        app.start_after_first_paint()
        app.window.show()
        qtbot.waitUntil(lambda: app.shown_stored, timeout=20000)
        assert len(app.log_model) == STORED_ROLLS
        qtbot.waitUntil(lambda: app.usable, timeout=20000)
        total = STORED_ROLLS + 21  # and End DT 1's encounter check
        qtbot.waitUntil(lambda: app.log_panel.count_label.text() == f"{total} rolls", timeout=20000)
        assert reads == [True]
        stored = read_back(database, lambda services: services.dice.recent(LOG_LOAD_LIMIT))
        assert [roll.id for roll in app.log_model.rolls()] == [roll.id for roll in stored]
        assert app.log_panel.export_csv_button.isEnabled()
    finally:
        app.window.ask_no_close_questions()  # DT 2 runs: closed without asking
        app.window.close()
        app.shutdown()
