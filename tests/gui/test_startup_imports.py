"""The heavy libraries are first imported off the GUI thread: the window never freezes to load them.

Issue 7 §6: importing the ORM (and the odds engine) on the GUI thread right after the first paint
froze the window for 0.6–1.4 s. In a fresh process an import hook records which thread first
imports each heavy package; once the app is usable (database open, every panel built) none of
them may have been first imported by the GUI thread after the first paint.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gui.app_process import run_app_script

HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "pydantic", "icepool")

SCRIPT = r"""
import json, sys, threading
HEAVY = %r
first = {}

class WhoImports:
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in HEAVY and top not in first:
            first[top] = [threading.current_thread() is threading.main_thread(), painted[0]]
        return None

painted = [False]
sys.meta_path.insert(0, WhoImports())
from PySide6.QtCore import QTimer
from refkit.gui import main

init = main.RefkitApp.__init__
def captured(self, *args, **kwargs):
    init(self, *args, **kwargs)
    self.window.first_painted.connect(lambda: painted.__setitem__(0, True))
    def usable():
        if self.character_panels is None or not self.dungeon.session.ready():
            QTimer.singleShot(20, usable)
            return
        print("FIRST " + json.dumps(first), flush=True)
        self.window.ask_no_close_questions()  # a DT may be running: quit without asking
        self.actions.action("quit").trigger()
    self.when_ready(usable)
main.RefkitApp.__init__ = captured
raise SystemExit(main.run_app())
"""


@pytest.mark.slow
def test_no_heavy_library_is_first_imported_on_the_gui_thread_after_the_first_paint(
    tmp_path: Path,
) -> None:
    first = run_app_script(SCRIPT % (HEAVY,), "FIRST", tmp_path)
    assert set(HEAVY) <= set(first), f"never imported: {sorted(set(HEAVY) - set(first))}"
    on_gui_thread = sorted(
        name for name, (gui_thread, after_paint) in first.items() if gui_thread and after_paint
    )
    assert on_gui_thread == [], f"imported on the GUI thread after first paint: {on_gui_thread}"
