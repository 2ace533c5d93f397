"""Issue 30's first-paint goal: the cyclic garbage collector is paused while the window starts
(start-up makes long-lived objects only; its passes over them cost a tenth of the time to the
first paint) and runs again from the first frame on, with start-up's objects kept out of its
full passes. In a fresh process, through the launcher as ``refkit`` runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gui.test_smoke import gui_env

SCRIPT = r"""
import gc, json, sys
from refkit import main as launcher
from refkit.gui.shell import main_window

seen = {}
painted = main_window.MainWindow._frame_painted
def frame_painted(self):
    seen.setdefault("collecting while the first frame paints", gc.isenabled())
    painted(self)
    seen.setdefault("collecting after it", gc.isenabled())
main_window.MainWindow._frame_painted = frame_painted
code = launcher.main(["--exit-after-paint"])
seen["frozen"] = gc.get_freeze_count() > 0
print("SEEN " + json.dumps(seen))
raise SystemExit(code)
"""


@pytest.mark.slow
def test_the_collector_is_paused_until_the_first_frame(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=gui_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.split("SEEN ", 1)[1])
    assert seen == {
        "collecting while the first frame paints": False,
        "collecting after it": True,
        "frozen": True,
    }
