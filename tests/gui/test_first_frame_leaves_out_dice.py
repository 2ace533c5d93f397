"""The first frame is painted before the dice panels' modules are imported or the panels built.

Issue 30 (first paint within 1.5x a bare PySide6 window): importing the Dice and roll-log panels
and building them was about a fifth of the time before the first frame. The first frame shows
their docks in their places; the worker imports their modules as it paints and the GUI thread
builds both panels right after it. A caller that asks for a panel earlier gets it built at once,
and the same object afterwards.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from refkit.gui.dice.panel import DicePanel
from refkit.gui.dice.roll_log_panel import RollLogPanel
from refkit.gui.main import RefkitApp
from refkit.gui.shell.panel_registry import PanelId
from tests.gui.app_process import run_app_script

DICE_MODULES = (
    "refkit.gui.dice.panel",
    "refkit.gui.dice.roll_log_panel",
    "refkit.gui.dice.roll_log_model",
)

SCRIPT = r"""
import json, sys
from PySide6.QtCore import QTimer
from refkit.gui import main
from refkit.gui.shell.panel_registry import PanelId
MODULES = %r
seen = {}

init = main.RefkitApp.__init__
def captured(self, *args, **kwargs):
    init(self, *args, **kwargs)
    def at_first_paint():
        seen["imported at first paint"] = [name for name in MODULES if name in sys.modules]
        seen["built at first paint"] = [
            panel.name for panel in (PanelId.DICE, PanelId.ROLL_LOG)
            if self.panels.is_built(panel)
        ]
        seen["docks shown at first paint"] = [
            panel.name for panel in (PanelId.DICE, PanelId.ROLL_LOG)
            if self.panels.panel(panel).isVisible()
        ]
    self.window.first_painted.connect(at_first_paint)
    def usable():
        if self.character_panels is None or not self.dungeon.session.ready():
            QTimer.singleShot(20, usable)
            return
        seen["built when ready"] = [
            panel.name for panel in (PanelId.DICE, PanelId.ROLL_LOG)
            if self.panels.is_built(panel)
        ]
        print("SEEN " + json.dumps(seen), flush=True)
        self.window.ask_no_close_questions()
        self.actions.action("quit").trigger()
    self.when_ready(usable)
main.RefkitApp.__init__ = captured
raise SystemExit(main.run_app())
"""


@pytest.mark.slow
def test_the_first_frame_is_painted_before_the_dice_panels_are_imported(tmp_path: Path) -> None:
    seen = run_app_script(SCRIPT % (DICE_MODULES,), "SEEN", tmp_path)
    assert seen["imported at first paint"] == []
    assert seen["built at first paint"] == []
    assert seen["docks shown at first paint"] == ["DICE", "ROLL_LOG"]  # their places, painted
    assert seen["built when ready"] == ["DICE", "ROLL_LOG"]


def test_a_dice_panel_asked_for_early_is_built_then_and_stays_the_same(
    qtbot: QtBot, tmp_path: Path
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("dice/order", "net")
    app = RefkitApp(settings, db_url=f"sqlite:///{tmp_path / 'refkit.db'}")
    try:
        assert not app.panels.is_built(PanelId.DICE)
        panel = app.dice_panel
        assert isinstance(panel, DicePanel)
        assert app.panels.is_built(PanelId.DICE)
        assert panel.order() == "net"  # the stored order, as before
        assert app.dice_panel is panel
        assert app.panels.widget(PanelId.DICE) is panel
        log_panel = app.log_panel
        assert isinstance(log_panel, RollLogPanel)
        assert app.log_panel is log_panel
        assert app.log_model is app.dice.log_model
        app.dice.build_panels()  # the start-up's step after an early ask: nothing new
        assert app.dice_panel is panel and app.log_panel is log_panel
    finally:
        app.shutdown()
        app.window.close()
        app.window.deleteLater()
