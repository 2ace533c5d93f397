"""Issue 29, done means, the window's share of the fault suite run as the user runs it: the real
app in processes of its own (offscreen), not widgets in the test's process.

- A window killed (SIGKILL) while it writes the user's edits through its undo stack: the file
  opens, passes ``quick_check`` and holds every edit the window acknowledged.
- Two windows started together on a new database: both show every panel, and the sample content
  (party, map) is there once.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.gui.test_smoke import gui_env

ROOT = Path(__file__).resolve().parents[2]
WREN = "Wren Ashdown"
EMOJI_NAME = "Wren 🐉 李"

READY = """
from PySide6.QtCore import QTimer
from refkit.gui import main
from refkit.gui.shell.panel_registry import PanelId

ON_DEMAND = {PanelId.LOOKUP}  # the rules lookup opens over the window at Ctrl+K, no dock

def when_usable(app, then):
    def look():
        if (
            app.character_panels is None
            or not app.dungeon.session.ready()
            or set(app.panels.panels()) != set(PanelId) - ON_DEMAND
        ):
            QTimer.singleShot(20, look)
            return
        then(app)
    app.when_ready(look)

def on_start(then):
    init = main.RefkitApp.__init__
    def captured(self, *args, **kwargs):
        init(self, *args, **kwargs)
        when_usable(self, then)
    main.RefkitApp.__init__ = captured
"""


def _window(script: str, database: Path, home: Path, *args: str) -> subprocess.Popen[str]:
    """The real app (``run_app``) on ``database``, with ``script`` hooked into its start."""
    code = READY + textwrap.dedent(script) + "\nraise SystemExit(main.run_app(db_url=DB))\n"
    return subprocess.Popen(
        [sys.executable, "-c", code, str(database), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**gui_env(home), "PYTHONFAULTHANDLER": "1"},  # its stacks, if it has to be stopped
    )


def _outcome(window: subprocess.Popen[str], timeout_s: float = 90) -> tuple[str, str]:
    """What ``window`` printed once it ended; one still running after ``timeout_s`` is made to
    print every thread's stack (faulthandler, on SIGABRT) and the test fails with it."""
    try:
        return window.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        window.send_signal(signal.SIGABRT)
        out, err = window.communicate(timeout=30)
        shown = f"{out[-3000:]}\n{err[-12000:]}"
        pytest.fail(f"the window did not finish in {timeout_s:.0f} s:\n{shown}")


# -- a window killed mid-write ------------------------------------------------------------------

EDITING = """
import sys
DB = sys.argv[1]
count = [0]

def edit(app):
    panels = app.character_panels
    sheet = panels.sheet
    count[0] += 1
    number = count[0]
    steps = app.undo_stack.count()
    if number % 3:  # two typed notes, then a toggle
        sheet.notes.setFocus()
        sheet.notes.selectAll()
        sheet.notes.insertPlainText(f"entry {number} " + "x" * 4000)
        sheet.notes.commit()  # what the editor's timer or leaving it does
        kind = "notes"
    else:
        sheet.condition_buttons["prone"].click()
        kind = "prone" if "prone" in panels.session.character().conditions else "up"
    if app.undo_stack.count() == steps + 1 and not app.window.save_problems.has_problems():
        print(f"ACK {number} {kind}", flush=True)  # the window has said it is saved
    QTimer.singleShot(0, lambda: edit(app))

def begin(app):
    app.character_panels.session.open("Wren Ashdown")
    print("READY", flush=True)
    edit(app)

on_start(begin)
"""


@pytest.mark.slow
@pytest.mark.parametrize("after", [10, 60])
def test_a_window_killed_mid_write_keeps_every_acknowledged_edit(
    tmp_path: Path, after: int
) -> None:
    database = tmp_path / "window.sqlite3"
    window = _window(EDITING, database, tmp_path)
    assert window.stdout is not None
    acknowledged: list[tuple[int, str]] = []
    deadline = time.monotonic() + 60
    for line in window.stdout:
        if line.startswith("ACK "):
            number, kind = line.split()[1:]
            acknowledged.append((int(number), kind))
            if len(acknowledged) >= after:
                break
        assert time.monotonic() < deadline, "the window made no edits"
    window.send_signal(signal.SIGKILL)
    _, err = window.communicate(timeout=10)
    assert len(acknowledged) >= after, err
    with sqlite3.connect(database) as plain:
        assert plain.execute("PRAGMA quick_check").fetchone() == ("ok",)
    with Database.open(str(database)) as opened:
        wren = CharacterRepository(opened).get(WREN)
    last_notes = max(number for number, kind in acknowledged if kind == "notes")
    stored = int(wren.notes.split()[1])
    assert stored >= last_notes  # every acknowledged note is there (one more may be too)
    number, kind = acknowledged[-1]
    toggled_after = (number + 1) % 3 == 0  # the edit killed in flight was a toggle
    last_toggle = next(k for _, k in reversed(acknowledged) if k != "notes")
    prone = "prone" in wren.conditions
    assert prone == (last_toggle == "prone") or toggled_after


# -- two windows started together ---------------------------------------------------------------

STARTING = """
import json, sys, time
DB = sys.argv[1]
go = float(sys.argv[2])
while time.time() < go:
    time.sleep(0.001)

def seen(app):
    from PySide6.QtGui import QFontDatabase
    from refkit.gui.common.fonts import missing_glyphs
    panels = app.panels
    lookup = app.install_lookup()  # what Ctrl+K does first
    shown = {
        "lookup": lookup,
        "panels": sorted(str(panel) for panel in panels.panels()),
        "crows": sorted(
            app.character_panels.list_panel.table.model().index(row, 0).data()
            for row in range(app.character_panels.list_panel.table.model().rowCount())
        ),
        "problems": app.window.save_problems.has_problems(),
        "emoji_fonts": QFontDatabase.applicationEmojiFontFamilies(),
        "boxed": missing_glyphs(sys.argv[3], app.window.font()),
    }
    print("SEEN " + json.dumps(shown), flush=True)
    app.actions.action("quit").trigger()
    QTimer.singleShot(10_000, lambda: still_open(app))

def still_open(app):  # what keeps the window from quitting, said before the test gives up
    from PySide6.QtWidgets import QApplication, QMessageBox
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible():
            text = widget.text() if isinstance(widget, QMessageBox) else ""
            more = widget.informativeText() if isinstance(widget, QMessageBox) else ""
            print("STILL OPEN", type(widget).__name__, widget.objectName(), text, more,
                  file=sys.stderr, flush=True)
    from PySide6.QtGui import QGuiApplication
    for window in QGuiApplication.topLevelWindows():
        print("STILL OPEN window", window.objectName(), window.isVisible(), window.flags(),
              window.title(), file=sys.stderr, flush=True)
    print("STILL OPEN quit on last:", QGuiApplication.quitOnLastWindowClosed(),
          "main visible:", app.window.isVisible(), file=sys.stderr, flush=True)

on_start(seen)
"""


@pytest.mark.slow
def test_two_windows_started_together_on_a_new_database_both_show_everything(
    tmp_path: Path,
) -> None:
    from refkit.app.travel.wiring import map_library
    from refkit.compose import Services
    from refkit.gui.shell.panel_registry import PanelId

    database = tmp_path / "new.sqlite3"
    go = f"{time.time() + 2.5:.3f}"  # both past their imports, then off at the same moment
    windows = [
        _window(STARTING, database, tmp_path / f"home-{n}", go, EMOJI_NAME) for n in range(2)
    ]
    outcomes = [_outcome(window) for window in windows]
    for window, (out, err) in zip(windows, outcomes, strict=True):
        assert window.returncode == 0, err
        lines = [line for line in out.splitlines() if line.startswith("SEEN ")]
        assert lines, out + err
        shown = json.loads(lines[-1].removeprefix("SEEN "))
        # Every docked panel, and the rules lookup ready to open.
        assert shown["panels"] == sorted(str(panel) for panel in PanelId if panel != "lookup_dock")
        assert shown["lookup"] is True
        assert shown["crows"] == ["Brannoc Tull", "Hesper Quill", WREN]
        assert not shown["problems"]
        assert shown["boxed"] == ""  # the start registered the emoji font (issue 29 item 9)
        assert "Traceback" not in err and "IntegrityError" not in err, err
    with Database.open(str(database)) as opened:
        repo = CharacterRepository(opened)
        assert sorted(repo.names()) == ["Brannoc Tull", "Hesper Quill", WREN]
        assert [party.name for party in repo.list_parties()] == ["The Sample Party"]
    with Services(db_url=str(database)) as services:
        assert len(map_library(services).names()) == 1


# -- Quit ends the app ---------------------------------------------------------------------------

QUIT_WITH_ANOTHER_WINDOW = """
import sys
DB = sys.argv[1]
from PySide6.QtWidgets import QWidget
others = []

def quit_with_another_window_open(app):
    other = QWidget()  # a second top-level window still shown (as the players' window is)
    other.setWindowTitle("Players")
    other.show()
    others.append(other)
    print("QUITTING", flush=True)
    app.actions.action("quit").trigger()

on_start(quit_with_another_window_open)
"""


@pytest.mark.slow
def test_quit_ends_the_app_while_another_of_its_windows_is_open(tmp_path: Path) -> None:
    """Quit (and closing the main window) ends the app, whatever other window of it is still
    shown: Qt's own "quit when the last window closes" left the app running, windowless, when
    another top-level window was up at that moment — the two-windows test hung that way."""
    window = _window(QUIT_WITH_ANOTHER_WINDOW, tmp_path / "refkit.sqlite3", tmp_path / "home")
    out, err = _outcome(window, timeout_s=60)
    assert "QUITTING" in out, out + err
    assert window.returncode == 0, err
