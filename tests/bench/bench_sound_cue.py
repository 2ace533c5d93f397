"""The first warning chime: how long it holds the GUI thread and how much it prints, two ways.

- ``in-process QtMultimedia``: what Refkit did before it stopped depending on PySide6-Addons —
  load QtMultimedia on the GUI thread at the first cue, check the outputs, play a QSoundEffect.
- ``SoundCue``: the platform's player started detached (see ``refkit/gui/dungeon/sound_cue.py``).

Each runs in a fresh process (a first cue happens once per session), interleaved, under the same
conditions: whatever sound server and libraries this machine has. ``--python`` runs both under
another interpreter (this checkout goes on its PYTHONPATH), e.g. one whose PySide6 has
QtMultimedia, to see the old way's cost; without QtMultimedia that way is reported as missing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

OLD_WAY = r"""
import json, sys, time
from PySide6.QtCore import QTimer, QUrl
from PySide6.QtWidgets import QApplication
app = QApplication([])
sound = sys.argv[1]
start = time.perf_counter()
try:
    from PySide6.QtMultimedia import QMediaDevices, QSoundEffect
except ImportError:
    print(json.dumps({"missing": True})); raise SystemExit(0)
effect = None
if QMediaDevices.audioOutputs():
    effect = QSoundEffect(); effect.setSource(QUrl.fromLocalFile(sound)); effect.play()
else:
    QApplication.beep()
blocked = time.perf_counter() - start
QTimer.singleShot(1500, app.quit)
app.exec()
print(json.dumps({"blocked_ms": blocked * 1000, "known_ms": blocked * 1000,
                  "result": "sound" if effect is not None else "beep"}))
"""

NEW_WAY = r"""
import json, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from refkit.gui.dungeon.sound_cue import SoundCue, run_quietly
answered = []
def runner(argv, done):
    def note(played):
        answered.append(time.perf_counter())
        done(played)
    run_quietly(argv, note)
cue = SoundCue(runner=runner)
start = time.perf_counter()
cue.play()
blocked = time.perf_counter() - start
QTimer.singleShot(1500, app.quit)
app.exec()
known = (answered[-1] - start) if answered else blocked
print(json.dumps({"blocked_ms": blocked * 1000, "known_ms": known * 1000,
                  "result": cue.way, "players_tried": len(answered)}))
"""


def run_once(python: str, script: str) -> dict[str, object]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    sound = str(REPO / "resources" / "sounds" / "warning.wav")
    done = subprocess.run(
        [python, "-c", script, sound], env=env, capture_output=True, text=True, timeout=120
    )
    if done.returncode != 0:
        raise SystemExit(f"benchmark child failed:\n{done.stderr}")
    measured = json.loads(done.stdout.strip().splitlines()[-1])
    measured["stderr_lines"] = len(done.stderr.splitlines())
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--python", default=sys.executable)
    options = parser.parse_args()
    results: dict[str, list[dict[str, object]]] = {"in-process QtMultimedia": [], "SoundCue": []}
    for _ in range(options.runs):
        results["in-process QtMultimedia"].append(run_once(options.python, OLD_WAY))
        results["SoundCue"].append(run_once(options.python, NEW_WAY))
    print(f"first warning cue, {options.runs} fresh processes each, python {options.python}")
    for name, runs in results.items():
        if any(run.get("missing") for run in runs):
            print(f"  {name:24} QtMultimedia is not installed here")
            continue
        blocked = statistics.median(float(run["blocked_ms"]) for run in runs)
        known = statistics.median(float(run["known_ms"]) for run in runs)
        noise = max(int(run["stderr_lines"]) for run in runs)
        result = sorted({str(run["result"]) for run in runs})
        print(
            f"  {name:24} GUI thread held {blocked:7.1f} ms (median); knows whether it plays after"
            f" {known:6.1f} ms; stderr lines {noise}; gave: {', '.join(result)}"
        )


if __name__ == "__main__":
    main()
