"""Start-up to first paint: ``refkit --exit-after-paint`` against a bare PySide6 window.

Both run as fresh processes, interleaved, so that disk cache and machine load hit them alike.
The issue's bar: Refkit within 2.0x of the bare window.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

BARE_WINDOW = r"""
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv)
window = QMainWindow()
window.resize(1280, 800)

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, app.quit)
        return False

watcher = FirstPaint()
window.installEventFilter(watcher)
window.show()
sys.exit(app.exec())
"""


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main(runs: int = 7) -> None:
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as data_dir:
        env["REFKIT_DATA_DIR"] = data_dir
        # warm-up: the first refkit run also creates and migrates the database
        timed([sys.executable, "-m", "refkit", "--exit-after-paint"], env)
        timed([sys.executable, "-c", BARE_WINDOW], env)
        bare, refkit = [], []
        for _ in range(runs):
            bare.append(timed([sys.executable, "-c", BARE_WINDOW], env))
            refkit.append(timed([sys.executable, "-m", "refkit", "--exit-after-paint"], env))
    b, r = statistics.median(bare), statistics.median(refkit)
    print(f"bare PySide6 window, first paint: median {b * 1000:.0f} ms over {runs} runs")
    print(f"refkit main window, first paint: median {r * 1000:.0f} ms over {runs} runs")
    print(f"ratio refkit / bare = {r / b:.2f}  (bar: 2.00)")


if __name__ == "__main__":
    main()
