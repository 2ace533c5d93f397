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


def run_app_script(script: str, prefix: str, home: Path, *args: str) -> Any:
    """``script`` run with ``args`` in a fresh Python with the test GUI environment (its data
    and settings under ``home``); the JSON after the last line starting with ``prefix``."""
    completed = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=gui_env(home),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    lines = [line for line in completed.stdout.splitlines() if line.startswith(prefix + " ")]
    assert lines, completed.stdout + completed.stderr
    return json.loads(lines[-1].removeprefix(prefix + " "))
