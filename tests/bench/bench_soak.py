"""Soak: the real app, busy as in a long evening, watched from outside for crashes and memory.

    .venv/bin/python tests/bench/bench_soak.py [--minutes 10] [--python PATH] [--paint-ms 8]
        [--open-every 2] [--drag-every 1] [--end-every 75] [--dt-minutes 1] [--platform offscreen]

The app runs as a child process (``refkit.gui.main.run_app``, the same start-up as ``refkit``) on a
temporary database, data folder and settings, so a crash is seen as an exit status or a signal
and nothing of the user's is touched. Inside it a driver keeps it busy:

* a DT running in a dungeon, with a lit torch, a candle and a lantern, and the players' window
  shown (not full screen); DTs are ``--dt-minutes`` long (the service has no fake clock in the
  app, so short DTs stand in for a sped-up one) that end by themselves at zero ("End the DT by
  itself at zero" ticked); End DT is also pressed every ``--end-every`` seconds, and the next DT
  started when one has ended;
* every ``--paint-ms`` each self-painted widget on show (clocks, lights, effects rows, the
  inventory board, banners) is asked to repaint, and every window once every 20 ticks;
* every ``--open-every`` seconds the next crow of the party is opened on the sheet;
* every ``--drag-every`` seconds a card on the board is picked up (its drag image painted, the
  slots it may go to shown), moved, and put back or put down.

Any interval given as 0 switches that part of the driver off.

The parent samples the child's resident memory (VmRSS from /proc) every second and reports: how
long the app ran, paints done, whether it crashed (exit status or signal, and the tail of its
stderr), and RSS at start, after warm-up, at the end, with the growth per hour after warm-up.
``--python`` runs the app under another interpreter (a venv with another PySide6): this checkout
is put on its PYTHONPATH, so that interpreter needs only Refkit's dependencies installed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STATUS_EVERY_S = 1.0
SAMPLE_EVERY_S = 1.0
OFFSCREEN_NOISE = "This plugin does not support propagateSizeHints"
GRACE_S = 120.0
"""How long past the planned run the child may take to start and to quit before it is killed."""


# -- the child: the app and its driver ------------------------------------------------------------


def _rss_kb(pid: int | str = "self") -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


def run_child(args: argparse.Namespace) -> int:
    import PySide6
    from PySide6.QtCore import QEvent, QObject, QSize, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    import refkit.gui.main as gui_main
    from refkit.gui.dungeon.players_window import PlayersOptions
    from refkit.gui.inventory.board import InventoryBoard
    from refkit.gui.inventory.item_card_widget import CardFace, card_pixmap
    from refkit.rules.dungeon.clock import ClockState

    status = open(args.status, "a", buffering=1, encoding="utf-8")  # noqa: SIM115 (lives as long as the app)

    def report(kind: str, **values: object) -> None:
        status.write(json.dumps({"kind": kind, "t": time.monotonic(), **values}) + "\n")

    report(
        "versions",
        python=sys.version.split()[0],
        pyside6=PySide6.__version__,
        executable=sys.executable,
    )

    class PaintCounter(QObject):
        """Counts every paint event the app delivers (any widget)."""

        def __init__(self) -> None:
            super().__init__()
            self.paints = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.paints += 1
            return False

    class Driver(QObject):
        """Keeps the running app busy: the clock, repaints, crows, drags, End DT."""

        def __init__(self, refkit_app: gui_main.RefkitApp) -> None:
            super().__init__(refkit_app.window)
            self.refkit_app = refkit_app
            self.started = time.monotonic()
            self.counter = PaintCounter()
            self.counts = {
                "crows_opened": 0, "drags": 0, "drops": 0, "end_dts": 0, "auto_end_dts": 0,
                "ticks": 0,
            }  # fmt: skip
            self.crow_index = 0
            self.timers: list[QTimer] = []

        def every(self, seconds: float, action) -> None:
            if seconds <= 0:  # that part of the driver is switched off
                return
            timer = QTimer(self)
            timer.setInterval(max(1, round(seconds * 1000)))
            timer.timeout.connect(action)
            timer.start()
            self.timers.append(timer)

        def begin(self) -> None:
            app = self.refkit_app
            dungeon = app.dungeon
            assert dungeon is not None and app.character_panels is not None
            turn = dungeon.turn_panel
            turn.set_length(args.dt_minutes)
            turn.settings_box.auto_end_check.setChecked(True)  # the DT ends by itself at zero
            turn.dungeon_edit.setText("Soak caverns")
            turn.enter_dungeon()
            effects = dungeon.effects_panel
            for owner, light in (("Hesper", "torch"), ("", "candle"), ("Brannoc", "lantern")):
                effects.owner_edit.setText(owner)
                effects.preset_buttons[light].click()
            dungeon.session.turn_ended.connect(self.count_end)
            turn.set_players_options(PlayersOptions(full_screen=False))
            turn.set_players_window_shown(True)
            QApplication.instance().installEventFilter(self.counter)
            self.every(args.paint_ms / 1000, self.repaint)
            self.every(args.open_every, self.open_next_crow)
            self.every(args.drag_every, self.drag_a_card)
            self.every(args.end_every, self.end_dt)
            self.every(STATUS_EVERY_S, self.status)
            QTimer.singleShot(round(args.minutes * 60_000), self.finish)
            self.status(kind="ready")

        def windows(self) -> list[QWidget]:
            shown = [self.refkit_app.window]
            players = self.refkit_app.dungeon.turn_panel.players_window
            if players is not None and players.isVisible():
                shown.append(players)
            return shown

        def repaint(self) -> None:
            self.counts["ticks"] += 1
            for window in self.windows():
                if self.counts["ticks"] % 20 == 0:
                    window.update()
                    continue
                for widget in window.findChildren(QWidget):
                    if _paints_itself(type(widget)) and widget.isVisible():
                        widget.update()

        def open_next_crow(self) -> None:
            session = self.refkit_app.character_panels.session
            names = session.service.names()
            if names:
                self.crow_index = (self.crow_index + 1) % len(names)
                session.open(names[self.crow_index])
                self.counts["crows_opened"] += 1

        def drag_a_card(self) -> None:
            sheet = self.refkit_app.character_panels.sheet
            board: InventoryBoard = sheet.board
            character = board.character()
            if character is None:
                return
            items = list(character.items)
            if not items:
                return
            item = items[self.counts["drags"] % len(items)]
            self.counts["drags"] += 1
            board.select(item.id)
            board.activate_cursor()  # picked up: the board shows where it may go
            face = CardFace.from_item(item)
            card_pixmap(
                face,
                QSize(110 * face.slots, 140),
                board.palette(),
                board.font(),
                board.devicePixelRatioF(),
            )  # the drag image a mouse drag paints
            board.move_cursor(1, 0)
            board.repaint()
            if self.counts["drags"] % 10 == 0:
                board.activate_cursor()  # put it down here (saved at once), if it may go here
                self.counts["drops"] += 1
            board.cancel()

        def count_end(self, result: object, automatic: bool) -> None:
            self.counts["auto_end_dts" if automatic else "end_dts"] += 1

        def end_dt(self) -> None:
            dungeon = self.refkit_app.dungeon
            turn = dungeon.turn_panel
            view = dungeon.session.view()
            if view is not None and view.clock.state is ClockState.RUNNING:
                turn.end_turn()  # counted by count_end, as the clock's own ends are
            view = dungeon.session.view()
            if view is not None and view.clock.state is ClockState.STOPPED:
                turn.next_turn()
            if view is not None and not any(e.lit for e in view.effects):
                dungeon.effects_panel.preset_buttons["torch"].click()  # a fresh torch

        def status(self, kind: str = "status") -> None:
            view = self.refkit_app.dungeon.session.view()
            report(
                kind,
                elapsed_s=round(time.monotonic() - self.started, 1),
                paints=self.counter.paints,
                rss_kb=_rss_kb(),
                dt=view.clock.dt if view is not None else None,
                **self.counts,
            )

        def finish(self) -> None:
            self.status(kind="done")
            for timer in self.timers:
                timer.stop()
            self.refkit_app.dungeon.turn_panel.set_players_window_shown(False)
            self.refkit_app.window.ask_no_close_questions()  # the clock runs
            self.refkit_app.window.close()
            QTimer.singleShot(3000, QApplication.instance().quit)

    class SoakedApp(gui_main.RefkitApp):
        """The app as ``refkit`` builds it, with the driver starting once the database is open."""

        def __init__(self, *a, **kw) -> None:
            super().__init__(*a, **kw)
            self.driver = Driver(self)
            self.when_ready(lambda: QTimer.singleShot(500, self.driver.begin))

    gui_main.RefkitApp = SoakedApp
    return gui_main.run_app(db_url=args.db)


_PAINTS_ITSELF: dict[type, bool] = {}


def _paints_itself(cls: type) -> bool:
    """Whether a widget class is one of Refkit's own self-painted ones (cached per class)."""
    known = _PAINTS_ITSELF.get(cls)
    if known is None:
        known = cls.__module__.startswith("refkit.") and any(
            "paintEvent" in vars(base)
            for base in cls.__mro__
            if base.__module__.startswith("refkit.")
        )
        _PAINTS_ITSELF[cls] = known
    return known


# -- the parent: run, watch, report ---------------------------------------------------------------


def _signal_name(returncode: int) -> str:
    if returncode >= 0:
        return f"exit status {returncode}"
    try:
        return f"killed by {signal.Signals(-returncode).name}"
    except ValueError:
        return f"killed by signal {-returncode}"


def _read_status(path: Path) -> list[dict]:
    if not path.exists():
        return []
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(json.JSONDecodeError):  # the child died mid-line
            lines.append(json.loads(line))
    return lines


def _mb(kb: int | None) -> str:
    return "n/a" if kb is None else f"{kb / 1024:.1f} MB"


def run_parent(args: argparse.Namespace) -> int:
    work = Path(tempfile.mkdtemp(prefix="refkit-soak-"))
    status_path = work / "status.jsonl"
    stderr_path = work / "stderr.txt"
    env = dict(os.environ)
    env["REFKIT_DATA_DIR"] = str(work / "data")
    env["XDG_CONFIG_HOME"] = str(work / "config")  # the app's QSettings: not the user's
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["PYTHONFAULTHANDLER"] = "1"
    if args.platform:
        env["QT_QPA_PLATFORM"] = args.platform
    command = [
        args.python, str(Path(__file__).resolve()), "--child",
        "--db", str(work / "soak.sqlite3"), "--status", str(status_path),
        "--minutes", str(args.minutes), "--paint-ms", str(args.paint_ms),
        "--open-every", str(args.open_every), "--drag-every", str(args.drag_every),
        "--end-every", str(args.end_every), "--dt-minutes", str(args.dt_minutes),
    ]  # fmt: skip
    print(f"soak: {args.minutes:g} min planned, app under {args.python}, work folder {work}")
    started = time.monotonic()
    samples: list[tuple[float, int]] = []
    with stderr_path.open("wb") as stderr:
        child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=stderr)
        deadline = started + args.minutes * 60 + GRACE_S
        next_line = started + 60
        while child.poll() is None:
            rss = _rss_kb(child.pid)
            now = time.monotonic()
            if rss is not None:
                samples.append((now, rss))
            if now > deadline:
                child.kill()
                print("soak: the app did not finish in time; killed")
            if now >= next_line:
                lines = _read_status(status_path)
                paints = lines[-1].get("paints", 0) if lines else 0
                print(f"  {(now - started) / 60:5.1f} min  RSS {_mb(rss)}  paints {paints}")
                next_line += 60
            time.sleep(SAMPLE_EVERY_S)
    ended = time.monotonic()
    lines = _read_status(status_path)
    versions = next((line for line in lines if line["kind"] == "versions"), {})
    ready = next((line for line in lines if line["kind"] == "ready"), None)
    done = next((line for line in lines if line["kind"] == "done"), None)
    last = next((line for line in reversed(lines) if "paints" in line), {})
    stderr_text = stderr_path.read_text(encoding="utf-8", errors="replace")
    fatal = [line for line in stderr_text.splitlines() if line.startswith("Fatal Python error")]
    warned = (
        "has a fault on Python" in stderr_text
    )  # refkit.gui.shell.binding_check's start-up warning
    crashed = child.returncode != 0 or done is None

    # Memory at start (when the driver begins), after warm-up, and at the end of the run.
    # Child and parent times are both time.monotonic(): CLOCK_MONOTONIC, shared on Linux.
    start_rss = warm_rss = end_rss = growth = None
    if samples:
        begin = _sample_at(samples, ready["t"] if ready else samples[0][0])
        start_rss = begin[1]
        warm = _sample_at(
            samples, begin[0] + min(args.warmup * 60, (samples[-1][0] - begin[0]) / 2)
        )
        warm_rss = warm[1]
        # The end: as the app measured itself when the driver stopped (the window closes right
        # after, and frees memory), or the last sample before a crash.
        end_t, end_rss = (done["t"], done["rss_kb"]) if done else samples[-1]
        if end_t - warm[0] > 60:
            growth = (end_rss - warm_rss) / (end_t - warm[0]) * 3600

    driven_s = ((done["t"] if done else ended) - ready["t"]) if ready else 0.0
    print()
    print(f"python {versions.get('python', '?')}, PySide6 {versions.get('pyside6', '?')}")
    print(
        f"app ran:        {ended - started:.0f} s after launch; driven {driven_s / 60:.2f} min "
        f"({driven_s:.0f} s; planned {args.minutes:g} min)"
    )
    print(f"paints done:    {last.get('paints', 0)}  (crows opened {last.get('crows_opened', 0)}, "
          f"drags {last.get('drags', 0)}, End DT {last.get('end_dts', 0)} pressed "
          f"+ {last.get('auto_end_dts', 0)} at zero, "
          f"reached DT {last.get('dt')})")  # fmt: skip
    print(f"crash:          {'YES' if crashed else 'no'} — {_signal_name(child.returncode)}"
          + (" (never finished its run)" if done is None else ""))  # fmt: skip
    if fatal:
        print(f"                {fatal[0]}")
    print(f"start-up warning of a faulty PySide6: {'shown' if warned else 'none'}")
    print(f"resident (RSS): start {_mb(start_rss)}, after warm-up {_mb(warm_rss)}, "
          f"end {_mb(end_rss)}")  # fmt: skip
    if growth is not None:
        print(f"growth after warm-up: {growth / 1024:+.1f} MB per hour")
    if crashed or args.show_stderr:
        # The offscreen platform's one complaint is noise, not the app's.
        tail = [line for line in stderr_text.splitlines() if OFFSCREEN_NOISE not in line][-15:]
        print("stderr (last lines):")
        for line in tail:
            print(f"    {line}")
    if args.keep:
        print(f"kept: {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if crashed else 0


def _sample_at(samples: list[tuple[float, int]], when: float) -> tuple[float, int]:
    """The first sample taken at or after ``when`` (the last one if none is)."""
    for sample in samples:
        if sample[0] >= when:
            return sample
    return samples[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to drive the app")
    parser.add_argument("--python", default=sys.executable, help="interpreter to run the app")
    parser.add_argument("--paint-ms", type=float, default=8.0, help="repaint request interval")
    parser.add_argument("--open-every", type=float, default=2.0, help="seconds between crows")
    parser.add_argument("--drag-every", type=float, default=1.0, help="seconds between drags")
    parser.add_argument("--end-every", type=float, default=75.0, help="seconds between End DT")
    parser.add_argument("--dt-minutes", type=float, default=1.0, help="length of each DT")
    parser.add_argument("--warmup", type=float, default=2.0, help="minutes before growth counts")
    parser.add_argument(
        "--platform", default="offscreen", help="QT_QPA_PLATFORM for the app ('' keeps yours)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    parser.add_argument("--show-stderr", action="store_true", help="print the app's stderr tail")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--status", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    return run_child(args) if args.child else run_parent(args)


if __name__ == "__main__":
    raise SystemExit(main())
