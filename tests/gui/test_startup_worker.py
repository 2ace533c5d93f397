"""Start-up work off the GUI thread runs in ONE worker thread, and the shipped files are read there.

Issue 8: two or three threads importing at once only take turns with the interpreter, and the GUI
thread waits behind all of them; reading the item catalogue (136 cards of TOML) on the GUI thread
froze it while the panels were built. A fresh app is started and run until it is usable; the
script records which threads imported the heavy libraries and which thread read the catalogue
and the inventory sheet, and which of Refkit's own modules the GUI thread imported itself between
the first paint and usable (each one a pause of the window while the worker could have done it).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.gui.app_process import run_app_script

HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "pydantic", "icepool", "qasync")

SCRIPT = r"""
import json, sys, threading
HEAVY = %r
importers = {}
readers = {}
on_gui_thread_after_paint = []
painted = [False]

class WhoImports:
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in HEAVY and top not in importers:
            importers[top] = threading.current_thread().name
        if top == "refkit" and painted[0] and on_gui_thread() and name not in sys.modules:
            on_gui_thread_after_paint.append(name)
        return None

def on_gui_thread():
    return threading.current_thread() is threading.main_thread()

sys.meta_path.insert(0, WhoImports())
from PySide6.QtCore import QTimer
from refkit.gui import main
from refkit.present import sheet_layout
from refkit.rules.character import build_data
from refkit.rules.inventory import catalogue

def recorded(module, name, what):
    original = getattr(module, name)
    def wrapper(*args, **kwargs):
        readers.setdefault(what, []).append(on_gui_thread())
        return original(*args, **kwargs)
    setattr(module, name, wrapper)

recorded(catalogue, "_read_catalogue", "item catalogue")
recorded(sheet_layout, "read_inventory_sheet", "inventory sheet")
recorded(build_data, "_read_all", "build data")
init = main.RefkitApp.__init__
def captured(self, *args, **kwargs):
    init(self, *args, **kwargs)
    self.window.first_painted.connect(lambda: painted.__setitem__(0, True))
    def usable():
        if self.character_panels is None or not self.dungeon.session.ready():
            QTimer.singleShot(20, usable)
            return
        seen = {"importers": importers, "readers": readers, "gui": on_gui_thread_after_paint}
        print("SEEN " + json.dumps(seen), flush=True)
        self.window.ask_no_close_questions()  # a DT may be running: quit without asking
        self.actions.action("quit").trigger()
    self.when_ready(usable)
main.RefkitApp.__init__ = captured
raise SystemExit(main.run_app())
"""


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    result: dict[str, Any] = run_app_script(
        SCRIPT % (HEAVY,), "SEEN", tmp_path_factory.mktemp("startup")
    )
    return result


@pytest.mark.slow
def test_one_worker_thread_does_every_heavy_import(seen: dict[str, Any]) -> None:
    importers = seen["importers"]
    assert set(HEAVY) <= set(importers), f"never imported: {sorted(set(HEAVY) - set(importers))}"
    assert "MainThread" not in importers.values(), importers
    assert len(set(importers.values())) == 1, f"imported by several threads: {importers}"


@pytest.mark.slow
def test_the_shipped_catalogue_sheet_and_build_data_are_read_off_the_gui_thread(
    seen: dict[str, Any],
) -> None:
    readers = seen["readers"]
    assert readers.get("item catalogue") == [False], readers  # read once, by the worker
    assert readers.get("inventory sheet") == [False], readers
    # The Traits tab's backgrounds, expertises and trees (issue 30: ~70 ms on the GUI thread as
    # the sheet was built).
    assert readers.get("build data") == [False], readers


@pytest.mark.slow
def test_the_gui_thread_imports_none_of_refkit_between_first_paint_and_usable(
    seen: dict[str, Any],
) -> None:
    # A module missing here belongs in its feature's STARTUP_NEEDS (refkit/gui/<feature>/
    # needs.py: gui= for a GUI module, qt_free= for an app, store or rules one), so the worker
    # imports it first.
    assert seen["gui"] == []
