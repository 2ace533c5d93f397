"""Run the real app in a fresh process and read back what its script printed.

Start-up is measured in a process of its own (what a fresh interpreter imports, and on which
thread, cannot be seen from inside the test process, which imported everything long ago). The
script prints one line ``PREFIX {json}`` once it has seen what it looks for and quits the app.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.gui.test_smoke import gui_env


def run_app_script(
    script: str, prefix: str, home: Path, *args: str, screen: tuple[int, int] | None = None
) -> Any:
    """``script`` run with ``args`` in a fresh Python with the test GUI environment (its data
    and settings under ``home``; one offscreen ``screen`` of that size, if given, else the
    platform's 800 x 600); the JSON after the last line starting with ``prefix``."""
    env = gui_env(home)
    if screen is not None:
        env["QT_QPA_PLATFORM"] = "offscreen:configfile=" + str(screen_config(home, *screen))
    completed = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    lines = [line for line in completed.stdout.splitlines() if line.startswith(prefix + " ")]
    assert lines, completed.stdout + completed.stderr
    return json.loads(lines[-1].removeprefix(prefix + " "))


def screen_config(home: Path, width: int, height: int) -> Path:
    """An offscreen platform configuration with one screen of ``width`` x ``height``."""
    screen = {"name": "laptop", "x": 0, "y": 0, "width": width, "height": height}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    path = home / "offscreen-screen.json"
    path.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
    return path
