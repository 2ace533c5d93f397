"""The first frame is painted before the fallback fonts, the binding check and what only a message
box, an elided text or a roll needs.

Issue 30 (first paint within 1.5x a bare PySide6 window): loading the bundled emoji font, the
PySide6 None-reference probe, and building PySide's classes (with every one of their enums) for
QStyle, QMessageBox, QImage and QFontDatabase took about a tenth of the time to the first frame,
which needs none of them: no stored name shows in it (the panels show the stored state after it),
its only user-text label fits and QLabel paints it in C++, and no box is open. They come right
after the first frame (their modules imported by the worker as it is painted), before the
stored names show.
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from refkit.gui.common import fonts
from refkit.gui.main import after_first_frame
from refkit.gui.shell import binding_check
from refkit.gui.shell.main_window import MainWindow
from tests.gui.app_process import run_app_script

LEFT_OUT_MODULES = (
    "refkit.gui.common.fonts",
    "refkit.gui.shell.binding_check",
    "refkit.dice.records",
    "html",
)
LEFT_OUT_CLASSES = {
    "QtWidgets": ("QStyle", "QMessageBox"),
    "QtGui": ("QImage", "QFontDatabase", "QPainter"),
}

SCRIPT = r"""
import json, sys, threading
from PySide6.QtCore import QTimer
from refkit.gui import main
MODULES, CLASSES = %r, %r
seen = {}
painted = threading.Event()

# The worker imports what comes after the frame as the frame is painted: held back here until
# the frame is done, so what the snapshot sees was made by the GUI thread for the frame.
imports = getattr(main, "import_after_first_frame", None)  # None: a start that has none
def held_back():
    painted.wait(30)
    imports()
if imports is not None:
    main.import_after_first_frame = held_back

def snapshot():
    # PySide builds a class (and all its enums) on first use: until then its module's
    # namespace does not hold it.
    import PySide6
    return {
        "modules": [name for name in MODULES if name in sys.modules],
        "classes": sorted(
            name for module, names in CLASSES.items() for name in names
            if name in vars(getattr(PySide6, module))
        ),
    }

def fonts_installed():
    fonts = sys.modules.get("refkit.gui.common.fonts")
    return fonts is not None and bool(fonts._installed)

init = main.RefkitApp.__init__
def captured(self, *args, **kwargs):
    init(self, *args, **kwargs)
    def at_first_paint():
        seen["at first paint"] = snapshot()
        seen["fonts at first paint"] = fonts_installed()
        painted.set()
    self.window.first_painted.connect(at_first_paint)  # before run_app's own slots
    shown = self.dice.show_stored
    def show_stored(*args, **kwargs):
        seen["fonts when the stored rolls show"] = fonts_installed()
        return shown(*args, **kwargs)
    self.dice.show_stored = show_stored
    def usable():
        if self.character_panels is None or not self.dungeon.session.ready():
            QTimer.singleShot(20, usable)
            return
        seen["fonts when ready"] = fonts_installed()
        print("SEEN " + json.dumps(seen), flush=True)
        self.window.ask_no_close_questions()
        self.actions.action("quit").trigger()
    self.when_ready(usable)
main.RefkitApp.__init__ = captured
raise SystemExit(main.run_app())
"""


@pytest.mark.slow
def test_the_first_frame_is_painted_before_the_fonts_and_checks_that_need_it_not(
    tmp_path: Path,
) -> None:
    script = SCRIPT % (LEFT_OUT_MODULES, LEFT_OUT_CLASSES)
    # The first start makes the database; the second shows its stored state after the frame.
    run_app_script(script, "SEEN", tmp_path)
    seen = run_app_script(script, "SEEN", tmp_path)
    assert seen["at first paint"] == {"modules": [], "classes": []}
    assert seen["fonts at first paint"] is False
    assert seen["fonts when the stored rolls show"] is True  # before any name is shown
    assert seen["fonts when ready"] is True


def test_a_worker_quicker_than_the_frame_waits_for_it(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's imports can be done before the frame is (a loaded machine, the modules
    already imported): the fonts and the probe still come after the frame, not during it."""
    calls: list[str] = []
    monkeypatch.setattr(fonts, "install_fallback_fonts", lambda: calls.append("fonts"))
    monkeypatch.setattr(
        binding_check, "warn_if_binding_drops_none", lambda window: calls.append("probe")
    )
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    imported: Future[None] = Future()
    imported.set_result(None)
    after_first_frame(window, imported)
    assert calls == []
    window.show()
    qtbot.waitUntil(lambda: window.painted)
    assert calls == ["fonts", "probe"]
