"""The start-up check for a PySide6 that loses references to None, and its warning."""

from __future__ import annotations

import logging
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import PySide6
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

from refkit.gui.shell import binding_check
from refkit.gui.shell.binding_check import (
    drops_none_references,
    fix_command,
    none_is_immortal,
    warn_if_binding_drops_none,
)
from tests.gui.test_smoke import gui_env


def test_the_installed_binding_keeps_its_references_to_none(qapp) -> None:
    """Fails on PySide6 6.12.0 with Python 3.11: the binding pyproject keeps out."""
    assert drops_none_references() is False


def test_the_probe_is_skipped_where_none_is_immortal(qapp, monkeypatch) -> None:
    monkeypatch.setattr(binding_check, "none_is_immortal", lambda: True)
    monkeypatch.setattr(binding_check, "QPainter", None)  # would fail if the probe still painted
    assert drops_none_references() is False
    assert none_is_immortal() is (sys.version_info >= (3, 12))


def test_a_sound_binding_shows_no_warning(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    assert warn_if_binding_drops_none(window, probe=lambda: False) is None
    assert window.findChildren(QMessageBox) == []


def test_a_faulty_binding_gets_a_plain_warning_with_the_fix(qtbot, caplog) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    with caplog.at_level(logging.ERROR, logger="refkit.gui.shell.binding_check"):
        box = warn_if_binding_drops_none(window, probe=lambda: True)
    assert box is not None and box.parent() is window
    qtbot.waitUntil(box.isVisible)  # opened, not run: start-up goes on
    assert box.textFormat() is Qt.TextFormat.PlainText
    assert box.icon() is QMessageBox.Icon.Warning
    assert box.windowTitle() == f"PySide6 {PySide6.__version__} will crash Refkit"
    python = sys.version.split()[0]
    assert f"PySide6 {PySide6.__version__} has a fault on Python {python}" in box.text()
    assert "Refkit will crash" in box.text()
    assert box.informativeText().endswith(fix_command())
    assert [record.levelno for record in caplog.records] == [logging.ERROR]
    assert fix_command() in caplog.records[0].getMessage()
    box.close()


def test_the_fix_names_this_interpreter_and_keeps_out_every_faulty_release(monkeypatch) -> None:
    def only_essentials(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", only_essentials)
    command = fix_command("6.12.0")
    assert command.startswith(f"{sys.executable} -m pip install ")
    assert command.endswith("'PySide6-Essentials>=6.6,!=6.12.0'")
    assert fix_command("6.13.1").endswith("'PySide6-Essentials>=6.6,!=6.12.0,!=6.13.1'")
    # With the pyside6 meta-package installed it is the one to replace (it pins Essentials).
    monkeypatch.setattr(metadata, "version", lambda name: "6.12.0")
    assert fix_command("6.12.0").endswith("'PySide6>=6.6,!=6.12.0'")


@pytest.mark.slow
def test_the_app_warns_at_start_when_the_probe_finds_the_fault(tmp_path: Path) -> None:
    """``run_app`` runs the check once the window's first frame is on screen (it is not part
    of that frame); a fault opens the warning over the window."""
    script = (
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from refkit.gui import main\n"
        "from refkit.gui.shell import binding_check\n"
        "calls = []\n"
        "real = binding_check.warn_if_binding_drops_none\n"
        "def warn(parent):\n"
        "    box = real(parent, probe=lambda: True)\n"
        "    calls.append(1)\n"
        "    print('parent:', parent.objectName(), 'shown:', parent.isVisible(),\n"
        "          'after the first frame:', parent.painted)\n"
        "    print('warning:', box.windowTitle())\n"
        "    parent.ask_no_close_questions()\n"
        "    QTimer.singleShot(0, QApplication.quit)\n"
        "    return box\n"
        "binding_check.warn_if_binding_drops_none = warn\n"
        "status = main.run_app()\n"
        "print('checks:', len(calls))\n"
        "raise SystemExit(status)\n"
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
    lines = completed.stdout.splitlines()
    assert lines[0] == "parent: refkit_main_window shown: True after the first frame: True"
    assert lines[1] == f"warning: PySide6 {PySide6.__version__} will crash Refkit"
    assert lines[2] == "checks: 1"
    assert "Refkit will crash" in completed.stderr  # logged, too
