"""The start-up check for a PySide6 that loses references to None, and the warning it gives.

PySide6 6.12.0 on Python 3.11 drops one reference to ``None`` in each ``QPainter.setFont()`` (and
``setPen``, ``setBrush``, ``drawRect``) call; the app then aborts minutes later with "Fatal Python
error: none_dealloc". pyproject excludes that release, but an install made another way (an old
lock file, ``pip install PySide6==6.12.0`` by hand) can still have it. So the app paints a few
dozen times on a tiny image at start and compares ``sys.getrefcount(None)``: on a faulty binding
it falls by one per call, on a sound one it stays put. From Python 3.12 ``None`` is immortal, the
fault cannot hurt and the probe is skipped.

Run it as ``python -m refkit.gui.shell.binding_check`` to check an install without starting the app.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable

import PySide6
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QImage, QPainter
from PySide6.QtWidgets import QMessageBox, QWidget

log = logging.getLogger(__name__)

PROBE_CALLS = 48
KNOWN_FAULTY = ("6.12.0",)
"""PySide6 releases measured to drop references to None on Python 3.11 (kept out by pyproject)."""


def none_is_immortal() -> bool:
    """From Python 3.12 the count of None never changes, so no binding can free it."""
    return sys.version_info >= (3, 12)


def drops_none_references(calls: int = PROBE_CALLS) -> bool:
    """Whether QPainter calls in this PySide6 lose references to None (needs a QGuiApplication).

    A faulty binding loses one per call; half of them is the bar, so a stray reference let go
    elsewhere meanwhile cannot raise a false alarm.
    """
    if none_is_immortal():
        return False
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    font = QFont()
    painter = QPainter(image)
    try:
        before = sys.getrefcount(None)
        for _ in range(calls):
            painter.setFont(font)
        lost = before - sys.getrefcount(None)
    finally:
        painter.end()
    return lost >= calls // 2


def _installed_distribution() -> str:
    """The PySide6 distribution to reinstall: the ``pyside6`` meta-package pins Essentials to
    its own version, so if it is installed it is the one to change. (Read only for the warning:
    importlib.metadata and the email parser it loads took a tenth of the first paint.)"""
    from importlib import metadata

    try:
        metadata.version("PySide6")
    except metadata.PackageNotFoundError:
        return "PySide6-Essentials"
    return "PySide6"


def fix_command(version: str = PySide6.__version__) -> str:
    """The command that replaces this PySide6 with a sound release, for this very interpreter."""
    import shlex  # only for the warning, never before the first paint

    excluded = ",".join(f"!={bad}" for bad in sorted({*KNOWN_FAULTY, version}))
    requirement = f"{_installed_distribution()}>=6.6,{excluded}"
    return f"{shlex.quote(sys.executable)} -m pip install {shlex.quote(requirement)}"


def warning_text(version: str = PySide6.__version__) -> tuple[str, str]:
    """What the warning says: (the fault and its consequence, how to fix it)."""
    python = sys.version.split()[0]
    headline = (
        f"The installed PySide6 {version} has a fault on Python {python}: Refkit will crash "
        'after a few minutes of use ("Fatal Python error: none_dealloc"), and what you were '
        "typing at that moment is lost."
    )
    fix = (
        "Quit Refkit, replace PySide6 with this command, then start Refkit again:\n\n"
        f"{fix_command(version)}"
    )
    return headline, fix


def warn_if_binding_drops_none(
    parent: QWidget | None, probe: Callable[[], bool] | None = None
) -> QMessageBox | None:
    """Run ``probe`` (:func:`drops_none_references`) once; if the binding is faulty, log it and
    open a warning over ``parent``. Run it only once: each run costs a faulty binding 48 of None's
    references.

    The warning does not block: the user may still save what they need before quitting.
    """
    started = time.perf_counter()
    faulty = (probe or drops_none_references)()
    log.debug("PySide6 None-reference probe: %.2f ms", (time.perf_counter() - started) * 1000)
    if not faulty:
        return None
    headline, fix = warning_text()
    log.error("%s %s", headline, fix.replace("\n\n", " "))
    box = QMessageBox(parent)
    box.setObjectName("binding_warning_box")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(f"PySide6 {PySide6.__version__} will crash Refkit")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(headline)
    box.setInformativeText(fix)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # copy the command
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.open()
    return box


def main() -> int:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([*sys.argv[:1], "-platform", "offscreen"])
    started = time.perf_counter()
    faulty = drops_none_references()
    took = (time.perf_counter() - started) * 1000
    python = sys.version.split()[0]
    verdict = "FAULTY: " + fix_command() if faulty else "sound"
    print(f"PySide6 {PySide6.__version__} on Python {python}: {verdict} (probe {took:.2f} ms)")
    del app
    return 1 if faulty else 0


if __name__ == "__main__":
    raise SystemExit(main())
