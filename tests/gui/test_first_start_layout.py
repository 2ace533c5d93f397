"""On a first start, the columns stay put while the panels behind the front ones are built.

Found at the issue 8 stop: with no saved layout, the clock's column was 583 px wide when the
stored state showed and widened to 694 px about two seconds later, when the Tables editor (and
the Fight tracker) were built in tabs behind it: their button rows were wider than the column.
Everything in that column moved under the referee's pointer. Each panel now fits the width the
front panels give the column, and that width shows the eight tabs' titles whole (at 583 px they
read "F…", "D…", "Ta…").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gui.app_process import run_app_script
from tests.gui.test_stored_front import stored_table

SCRIPT = r"""
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QTabBar
from refkit.gui import main
from refkit.gui.shell.panel_registry import PanelId

seen = {}
init = main.RefkitApp.__init__

def geometry(app):
    dock = app.panels.panel(PanelId.DUNGEON_TURN)
    return [dock.x(), dock.width(), app.window.width(), dock.widget().minimumSizeHint().width()]

def captured(self, *args, **kwargs):
    init(self, *args, **kwargs)
    def look():
        if self.shown_stored and "stored" not in seen:
            seen["stored"] = geometry(self)
        if self.usable and self.character_panels is not None and not self.panels.pending():
            def done():
                seen["built"] = geometry(self)
                seen["wide"] = sorted(
                    (self.panels.panel(panel).minimumSizeHint().width(), panel.value)
                    for panel in self.panels.panels()
                )[-3:]
                seen["elided"] = [  # tab titles cut short ("F…", "Ta…")
                    bar.tabText(i) for bar in self.window.findChildren(QTabBar)
                    if bar.isVisible() for i in range(bar.count())
                    if bar.tabRect(i).width() < bar.tabSizeHint(i).width()
                ]
                print("SEEN " + json.dumps(seen), flush=True)
                self.window.ask_no_close_questions()  # DT 2 runs: quit without asking
                self.actions.action("quit").trigger()
            QTimer.singleShot(300, done)  # the last layout pass
            return
        QTimer.singleShot(2, look)
    look()
main.RefkitApp.__init__ = captured
raise SystemExit(main.run_app(db_url=sys.argv[1]))
"""


SCREENS = [(1366, 768), (1280, 720)]
"""The referee's laptop, and a 2560 x 1440 screen at 2x (its size in device-independent
pixels)."""


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS, ids=["1366x768", "1280x720"])
def test_the_clock_column_keeps_its_width_as_the_panels_behind_are_built(
    tmp_path: Path, screen: tuple[int, int]
) -> None:
    database = tmp_path / "table.sqlite3"
    stored_table(database)  # no settings under tmp_path: no saved layout, a first start
    seen = run_app_script(SCRIPT, "SEEN", tmp_path, str(database), screen=screen)
    assert seen["built"] == seen["stored"], seen["wide"]
    assert seen["elided"] == []
