"""The real thing, in a fresh process: ``refkit --exit-after-paint`` opens the window and exits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def gui_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["REFKIT_DATA_DIR"] = str(tmp_path / "data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env.pop("REFKIT_DATABASE_URL", None)
    return env


@pytest.mark.slow
def test_exit_after_paint_opens_the_window_and_exits_cleanly(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "refkit", "--exit-after-paint"],
        env=gui_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert "Traceback" not in completed.stderr
    assert completed.stdout == ""


@pytest.mark.slow
def test_first_paint_does_not_load_the_database_or_odds_libraries(tmp_path: Path) -> None:
    """What the first paint does not need stays unloaded until after it (fast start-up)."""
    script = (
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from refkit.gui import main\n"
        "def check():\n"
        "    heavy = sorted(m for m in ('sqlmodel', 'sqlalchemy', 'alembic', 'icepool',\n"
        "        'reportlab', 'asyncio', 'qasync') if m in sys.modules)\n"
        "    print('loaded at first paint:', heavy)\n"
        "original = main.MainWindow.event\n"
        "def event(self, e, _done=[]):\n"
        "    handled = original(self, e)\n"
        "    if self.painted and not _done:\n"
        "        _done.append(1)\n"
        "        check()\n"
        "    return handled\n"
        "main.MainWindow.event = event\n"
        "raise SystemExit(main.run_app(exit_after_paint=True))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script],
        env=gui_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "loaded at first paint: []"


@pytest.mark.slow
def test_full_start_opens_the_database_rolls_and_closes_cleanly(tmp_path: Path) -> None:
    """``run_app`` for real: Qt loop, qasync attached after paint, database migrated, clean exit."""
    script = (
        "from refkit.gui import main\n"
        "original = main.RefkitApp.start_after_first_paint\n"
        "def start_after_first_paint(self):\n"
        "    original(self)\n"
        "    def roll_and_quit():\n"
        "        self.dice_panel.roll_d100()\n"
        "        print('rolls logged:', self.log_model.rowCount())\n"
        "        self.actions.action('quit').trigger()\n"
        "    self.when_ready(roll_and_quit)\n"
        "main.RefkitApp.start_after_first_paint = start_after_first_paint\n"
        "raise SystemExit(main.run_app())\n"
    )
    env = gui_env(tmp_path)
    for expected in (1, 2):
        completed = subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert completed.returncode == 0, completed.stderr
        assert "Traceback" not in completed.stderr
        assert completed.stdout.strip() == f"rolls logged: {expected}"
    assert (tmp_path / "data" / "refkit.sqlite3").exists()
    assert list((tmp_path / "config").rglob("*.conf")), "window layout was not saved"
