"""What the benches that play an evening in the real window share (issue 30): one place for it.

* :func:`isolated_env`, :func:`copy_database`, :func:`under_xvfb`: a measured process of the
  real window on a copy of a database, with its own data folder, settings (``XDG_CONFIG_HOME``)
  and home, optionally inside its own Xvfb (real window-system input); :func:`run_script` runs
  one such process from a ``python -c`` script and reads the JSON result it prints;
* :func:`when_app_ready`: call a function with the ``RefkitApp`` once every panel is built;
* :class:`SimulatedClock` and :func:`use_clock`: the services' injected clock (the dungeon
  clock, roll times, …) running ``speed`` times faster than the wall clock, so that hours of
  an evening pass in minutes;
* :class:`InputProbe`: a press's input latency, from the press to the next real pointer click
  (sent through XTEST 2 ms in) reaching a widget — what a referee feels as a held-back click;
* :func:`rss_mib`, :func:`summary`: resident memory and p50/p99/max.

Imported by the benches run as scripts (their folder is first on ``sys.path``) and by the
measured processes they start.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
PROBE_DELAY_S = 0.002
"""How long after a press begins the probe click is sent (the press is under way by then)."""
PROBE_AGAIN_S = 2.0
"""A probe click not arrived by then was lost (a window was in the way, a dialog blocked the
window): another is sent, as a user clicks again; the latency counts from the press."""
PROBE_GIVE_UP_S = 60.0
"""A probe click that has not arrived by then never will: the run stops and says so."""
XVFB_SCREEN = "-screen 0 1600x1000x24"


# -- the measured process -------------------------------------------------------------------------


def isolated_env(work: Path, **extra: str) -> dict[str, str]:
    """The environment of a measured process: its data folder, settings and home in ``work``
    (never the developer's), this checkout first on ``PYTHONPATH``, ``extra`` on top."""
    env = dict(os.environ)
    env.update(REFKIT_DATA_DIR=str(work), XDG_CONFIG_HOME=str(work / "config"), HOME=str(work))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(CHECKOUT), env.get("PYTHONPATH")]))
    env["PYTHONFAULTHANDLER"] = "1"
    env.update(extra)
    return env


def copy_database(database: Path, work: Path) -> Path:
    """A copy of ``database`` in ``work`` for one run: the file given is never changed."""
    copy = work / "refkit.db"
    shutil.copy(database, copy)
    return copy


def run_script(
    app: str,
    database: Path | None,
    tree: Path | None,
    *,
    result_prefix: str,
    timeout_s: float,
    qpa: str = "offscreen",
    in_xvfb: bool = False,
    keep_bytecode: bool = False,
    **bench_env: str,
) -> dict[str, Any]:
    """One measured process: the ``python -c`` script ``app``, given the path of a copy of
    ``database`` (None: no file yet, so a new one with the sample content), in a temporary data
    folder that is also its settings folder and home; this checkout's refkit, or ``tree``'s.
    ``bench_env`` goes into its environment; ``keep_bytecode`` drops
    ``PYTHONDONTWRITEBYTECODE`` as a user's install keeps its bytecode. Returns the JSON of the
    last line starting with ``result_prefix``, checked to come from the refkit meant."""
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / "refkit.db"
        if database is not None:
            shutil.copy(database, copy)
        env = dict(
            os.environ,
            REFKIT_DATA_DIR=work,
            XDG_CONFIG_HOME=work,
            HOME=work,
            QT_QPA_PLATFORM=qpa,
            **bench_env,
        )
        if keep_bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        if tree is not None:
            env["PYTHONPATH"] = str(tree)
        command = [sys.executable, "-c", app, str(copy)]
        done = subprocess.run(
            under_xvfb(command) if in_xvfb else command,
            env=env,
            cwd=tree or CHECKOUT,
            capture_output=True,
            text=True,
            timeout=timeout_s,
        )
    lines = [line for line in done.stdout.splitlines() if line.startswith(result_prefix)]
    if not lines:
        raise RuntimeError(
            f"the measured process failed (rc {done.returncode}):\n{done.stderr[-4000:]}"
        )
    result: dict[str, Any] = json.loads(lines[-1][len(result_prefix) :])
    expected = (tree or CHECKOUT) / "refkit"
    if not Path(result["refkit"]).is_relative_to(expected):
        raise RuntimeError(f"ran {result['refkit']}, not the refkit of {expected}")
    return result


def under_xvfb(command: list[str]) -> list[str]:
    """``command`` inside an Xvfb of its own (``xvfb-run -a``): real X input, no screen needed."""
    if shutil.which("xvfb-run") is None:
        raise RuntimeError("needs xvfb-run (Xvfb) for real window-system input")
    return ["xvfb-run", "-a", "-s", XVFB_SCREEN, *command]


def when_app_ready(callback: Callable[[Any], None], delay_ms: int = 1500) -> None:
    """Call ``callback(app)`` ``delay_ms`` after the window built every panel (in-process)."""
    from PySide6.QtCore import QTimer

    from refkit.gui import main

    init = main.RefkitApp.__init__

    def captured_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.when_ready(lambda *_args: QTimer.singleShot(delay_ms, lambda: callback(self)))

    main.RefkitApp.__init__ = captured_init  # type: ignore[method-assign]


# -- simulated time ---------------------------------------------------------------------------


class SimulatedClock:
    """Epoch seconds that run ``speed`` times as fast as the wall clock, from now on.

    Changing the speed keeps the time read so far (no jump): an evening's referee hours at one
    speed, then a dense hour at another."""

    def __init__(self, speed: float = 1.0) -> None:
        self._real0 = time.monotonic()
        self._sim0 = time.time()
        self.speed = speed
        self.started = self._sim0

    def __call__(self) -> float:
        return self._sim0 + (time.monotonic() - self._real0) * self.speed

    def set_speed(self, speed: float) -> None:
        now = self()
        self._real0, self._sim0, self.speed = time.monotonic(), now, speed

    def hours(self) -> float:
        """Simulated hours since the clock was made."""
        return (self() - self.started) / 3600


def use_clock(clock: Callable[[], float]) -> None:
    """Every ``Services`` made from now on reads ``clock`` unless given one (the window's: the
    dungeon clock, its deadlines, roll and log times)."""
    from refkit import compose

    init = compose.Services.__init__

    def with_clock(self: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("clock", clock)
        init(self, *args, **kwargs)

    compose.Services.__init__ = with_clock  # type: ignore[method-assign]


# -- input latency ----------------------------------------------------------------------------


class InputProbe:
    """Times presses as the user feels them (call :meth:`start` on the GUI thread).

    ``x11``: a second thread sends a real pointer click through XTEST ``PROBE_DELAY_S`` after
    each press begins, at the middle of ``target`` (the status bar); the press's input latency
    is the time until that click reaches ``target`` (a click lost to a window in the way is
    sent again every ``PROBE_AGAIN_S``, see :attr:`resent`). Qt holds back only window-system
    input, so this needs the ``xcb`` platform. Without ``x11`` (offscreen) the latency is the
    time until the event loop runs a timer posted when the press returned: blind to input held
    back while the press waited, and counting work queued behind the press, which a click
    would not wait for — another measure, not comparable.
    """

    def __init__(self, x11: bool) -> None:
        self.x11 = x11
        self._clicked: list[float] = []
        self._go = threading.Event()
        self._target: Any = None
        self.resent: Counter[str] = Counter()
        """The windows shown when a probe click had to be sent again, by class."""

    def start(self, target: Any) -> None:
        from PySide6.QtCore import QEvent, QObject
        from PySide6.QtWidgets import QApplication, QWidget

        self._target = target
        if not self.x11:
            return
        x11 = ctypes.CDLL("libX11.so.6")
        xtst = ctypes.CDLL("libXtst.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        xtst.XTestFakeButtonEvent.argtypes = [
            ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong,
        ]  # fmt: skip
        xtst.XTestFakeMotionEvent.argtypes = [
            ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong,
        ]  # fmt: skip
        display = x11.XOpenDisplay(None)
        if not display:
            raise RuntimeError("cannot open the X display for the probe clicks")
        self._x11, self._xtst, self._display = x11, xtst, display
        presses = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick)
        clicked = self._clicked
        probe = self

        class Filter(QObject):
            def eventFilter(self, watched: QObject, event: QEvent) -> bool:
                aimed = probe._target
                if (
                    event.type() in presses
                    and isinstance(watched, QWidget)
                    and (watched is aimed or aimed.isAncestorOf(watched))
                ):
                    clicked.append(time.perf_counter())
                return False

        self._filter = Filter()
        QApplication.instance().installEventFilter(self._filter)
        threading.Thread(target=self._click_when_told, daemon=True, name="probe").start()

    def retarget(self, target: Any) -> None:
        """Probe with clicks on ``target`` from now on (a label in a dialog the press opened:
        a click on the window behind a window-modal dialog is refused by design)."""
        self._target = target
        self.aim()

    def aim(self) -> None:
        """Put the pointer on the target again (it may have moved, or a window opened)."""
        if self.x11:
            spot = self._target.mapToGlobal(self._target.rect().center())
            self._xtst.XTestFakeMotionEvent(self._display, -1, spot.x(), spot.y(), 0)
            self._x11.XFlush(self._display)

    def _click_when_told(self) -> None:
        while True:
            self._go.wait()
            self._go.clear()
            time.sleep(PROBE_DELAY_S)
            self._xtst.XTestFakeButtonEvent(self._display, 1, 1, 0)
            self._xtst.XTestFakeButtonEvent(self._display, 1, 0, 0)
            self._x11.XFlush(self._display)

    def press(
        self,
        act: Callable[[], object],
        then: Callable[[float, float, object], None],
        *,
        late: bool = False,
        aim_after: Callable[[], Any] | None = None,
    ) -> None:
        """Run ``act`` now; once its probe arrived, ``then(input_ms, done_ms, act's result)``.

        ``late``: the probe click is sent once ``act`` returned, not while it runs — for a press
        that opens or closes a window-modal dialog (a click on the window behind a modal dialog
        is refused by design, not held back). ``aim_after``: the widget to probe from then on,
        asked once ``act`` returned (with ``late``: the dialog just opened, or the window behind
        the one just closed)."""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication

        before = len(self._clicked)
        started = time.perf_counter()
        if self.x11 and not late:
            self._go.set()
        result = act()
        done = time.perf_counter()
        if aim_after is not None:
            self.retarget(aim_after())
        if self.x11 and late:
            self._go.set()
        if not self.x11:
            QTimer.singleShot(
                0, lambda: then((time.perf_counter() - started) * 1000, (done - started) * 1000,
                                result)
            )  # fmt: skip
            return

        resent = [started]

        def arrived() -> None:
            if len(self._clicked) == before:
                now = time.perf_counter()
                if now - started > PROBE_GIVE_UP_S:
                    shown = [type(w).__name__ for w in QApplication.topLevelWidgets()
                             if w.isVisible()]  # fmt: skip
                    print(f"the probe click never arrived; windows shown: {shown}",
                          file=sys.stderr, flush=True)  # fmt: skip
                    os._exit(4)
                if now - resent[0] > PROBE_AGAIN_S:  # lost to a window in the way: again
                    resent[0] = now
                    self.resent.update(
                        type(w).__name__
                        for w in QApplication.topLevelWidgets()
                        if w.isVisible() and w is not self._target.window()
                    )
                    self.aim()
                    self._go.set()
                QTimer.singleShot(1, arrived)
                return
            then((self._clicked[before] - started) * 1000, (done - started) * 1000, result)

        arrived()


# -- figures ----------------------------------------------------------------------------------


def rss_mib(pid: int | str = "self") -> float | None:
    """Resident memory of a process (VmRSS) in MiB, None once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        return None
    return None


def p99(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def summary(values: Sequence[float]) -> dict[str, float]:
    """p50, p99 and max of ``values`` (not empty)."""
    return {"p50": statistics.median(values), "p99": p99(values), "max": max(values)}


def on_sys_path() -> None:
    """This folder on ``sys.path`` (a measured process started with ``-c`` imports from it)."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))


def run_press_child(
    bench: str,
    prefix: str,
    checkout: Path,
    database: Path,
    count: int,
    profile: bool,
    profile_chars: int = 12000,
) -> dict[str, list[float]]:
    """Run ``bench --child COPY COUNT PROFILE`` (a press bench's child: the real window offscreen)
    with ``checkout``'s Refkit on a copy of ``database``, in its own data folder and settings,
    bytecode kept; returns the JSON it prints after ``prefix`` (its times per piece)."""
    with tempfile.TemporaryDirectory(prefix="bench-press-") as folder:
        work = Path(folder)
        copy = copy_database(database, work)
        env = isolated_env(work, QT_QPA_PLATFORM=os.environ.get("BENCH_QPA", "offscreen"))
        env["PYTHONPATH"] = os.pathsep.join([str(checkout), str(Path(bench).parent)])
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        done = subprocess.run(
            [sys.executable, bench, "--child", str(copy), str(count), str(int(profile))],
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            cwd=work,
        )
    if profile:
        print(done.stderr[-profile_chars:], file=sys.stderr)
    for line in done.stdout.splitlines():
        if line.startswith(prefix + " "):
            return json.loads(line.removeprefix(prefix + " "))  # type: ignore[no-any-return]
    raise RuntimeError(f"{checkout}: no figures\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")


def compare_press_rounds(
    run: Callable[[Path, int, bool], dict[str, list[float]]],
    before: Path | None,
    rounds: int,
    measured: Sequence[str],
    shown: Sequence[str],
    width: int = 9,
) -> None:
    """A press bench's comparison: ``rounds`` rounds of ``run(checkout, round, profile)`` for this
    checkout and ``before`` (if given), their order swapped every other round; prints each
    round's medians of ``shown``, then p50/p99/max of every ``measured`` piece per checkout and,
    with ``before``, the median of the rounds' now/before median ratios and the p99 ratio."""
    checkouts = {"now": CHECKOUT}
    if before is not None:
        checkouts["before"] = before.resolve()
    every = {name: {piece: [] for piece in measured} for name in checkouts}
    ratios: dict[str, list[float]] = {piece: [] for piece in measured}
    for round_ in range(rounds):
        order = list(checkouts) if round_ % 2 == 0 else list(reversed(checkouts))
        medians: dict[str, dict[str, float]] = {}
        for name in order:
            times = run(checkouts[name], round_, round_ == 0)
            medians[name] = {
                piece: statistics.median(times.get(piece) or [float("nan")]) for piece in measured
            }
            for piece in measured:
                every[name][piece] += times.get(piece, [])
        line = "  ".join(
            f"{name} " + " ".join(f"{p} {medians[name][p]:.1f}" for p in shown) for name in order
        )
        print(f"round {round_ + 1}: medians (ms) {line}", flush=True)
        if "before" in medians:
            for piece in measured:
                ratios[piece].append(medians["now"][piece] / medians["before"][piece])
    for name, pieces in every.items():
        for piece, values in pieces.items():
            if not values:  # an older checkout's bench without some pieces (the CPU times)
                continue
            figures = summary(values)
            print(
                f"{name:6} {piece:{width}} n={len(values)} p50 {figures['p50']:.1f} ms  "
                f"p99 {figures['p99']:.1f} ms  max {figures['max']:.1f} ms"
            )
    if before is not None:
        for piece in measured:
            now, then = every["now"][piece], every["before"][piece]
            if not now or not then:
                continue
            p99_ratio = summary(now)["p99"] / summary(then)["p99"]
            print(
                f"now/before {piece:{width}}: median of the rounds' median ratios "
                f"{statistics.median(ratios[piece]):.2f}, p99 ratio {p99_ratio:.2f}"
            )
