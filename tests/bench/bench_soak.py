"""Soak: a scripted evening in the real window, for hours: memory and input latency per hour.

    .venv/bin/python tests/bench/bench_soak.py --filled PATH [--big PATH] [--referee-hours 3]
        [--dense-hours 1] [--speed 10] [--referee-gap 20 40] [--dense-gap 2 4] [--offscreen]
        [--no-trace] [--seed 30] [--python PATH] [--keep]

The app (``run_app``, the start-up of ``refkit``) runs as a child process on a copy of the
database with its own data folder and settings, inside its own Xvfb on the ``xcb`` platform (real
window-system input; ``--offscreen`` runs it without, and its latency is then blind to input held
back). Its services read a simulated clock (the dungeon clock, its deadlines, the rolls' and the
log's times) that runs ``--speed`` times as fast as the wall clock: three hours of an evening
pass in about twenty minutes. Once every panel is built, a referee plays:

* the party at the table is the sample party, its first crow open on the sheet, a DT running in
  a dungeon that ends by itself at zero, a fight with the party and a creature, a journey;
* every action is pressed once to warm up (not counted); then, one press every ``--referee-gap``
  simulated seconds (drawn at random between the two) for ``--referee-hours`` simulated hours,
  then every ``--dense-gap`` seconds for ``--dense-hours``, an action drawn by weight from what a
  referee does: End DT (or start the next DT, finish a rest), an encounter check, resolve a
  pending encounter, an encounter-table roll, an attack in the fight (new creatures once it is
  won), damage and healing on the open crow, a crow edit (notes, a condition), open another crow,
  cast a spell, a rest in the dungeon, a travel day, a d100, a rules lookup;
* every press is timed by a real pointer click on the status bar sent 2 ms after it began: from
  the press to that click reaching the window is its *input* latency, to the press returning its
  *done* time. A dialog that stays open (a prompt) is dismissed after 2 s and counted.
* an attack is the presses a user makes, each timed alone: "Attack…" (probed by a click in the
  window it opens, once it is open), the roll (probed there once it returned: that window
  refuses clicks while its step is saved), closing the window (probed on the status bar once it
  is closed) and "Next turn", 1–3 simulated seconds apart. When the last foe
  is down, the next creatures come in: "new fight (set-up)" is the script's many steps at once
  (removing each fighter, adding the party and two creatures, a new round), not one press. A
  cast is the same: "Cast a spell…", choosing the caster, choosing the book, casting (or its
  refusal, the book spent) and closing, each probed in the cast window (closing on the status
  bar).

At the end of every simulated hour the child takes a full collection and records its resident
memory (VmRSS), the Python heap (tracemalloc's traced memory, and tracemalloc's own overhead,
which is part of the RSS), the widgets alive and the undo steps kept. ``--no-trace`` leaves
tracemalloc off (the heap column is then empty). The report: one line per hour with those, the
RSS growth per hour after the first (warm-up) hour at each pace, the places whose Python memory
grew most from the end of the first hour to the end (tracemalloc, by line), and p50/p99/max of
the input latency per action per hour. The machine's load moves every latency figure: they are
upper bounds of what the app alone would take. ``--python`` runs the app under another
interpreter (a venv with another PySide6, say 6.12.0, whose lost references crash it): this
checkout goes on its ``PYTHONPATH``; a crash is reported with its exit status or signal.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from _evening import (
    copy_database,
    isolated_env,
    summary,
    under_xvfb,
)

RESULT_PREFIX = "SOAK "
GRACE_S = 600.0
"""How long past the planned run the child may take to start and finish before it is killed."""


def run(database: Path, args: argparse.Namespace) -> dict:
    """One evening on a copy of ``database``; the child's report (raises when it failed)."""
    planned_s = (args.referee_hours + args.dense_hours) * 3600 / args.speed
    work = Path(tempfile.mkdtemp(prefix="refkit-soak-"))
    try:
        copy = copy_database(database, work)
        env = isolated_env(work, QT_QPA_PLATFORM="offscreen" if args.offscreen else "xcb")
        child = [
            args.python, str(Path(__file__).resolve().parent / "_soak_child.py"), str(copy),
            json.dumps(vars(args), default=str),
        ]  # fmt: skip
        command = child if args.offscreen else under_xvfb(child)
        print(f"soak: {database.name}, about {planned_s / 60:.0f} min of real time, in {work}")
        done = subprocess.run(
            command, env=env, capture_output=True, text=True, timeout=planned_s + GRACE_S
        )
        if args.keep:  # the app's whole stderr with the rest of the run
            (work / "app-stderr.txt").write_text(done.stderr)
        lines = [line for line in done.stdout.splitlines() if line.startswith(RESULT_PREFIX)]
        if not lines or done.returncode != 0:
            raise RuntimeError(
                f"the evening failed: {_exit_status(done.returncode)}\n{done.stderr[-4000:]}"
            )
        result: dict = json.loads(lines[-1][len(RESULT_PREFIX) :])
        result["stderr_tail"] = done.stderr.splitlines()[-5:]
        return result
    finally:
        if args.keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def _exit_status(returncode: int) -> str:
    """A crash as the shell says it: an exit status, or the signal that killed the app (as
    itself, or under xvfb-run, whose shell exits with 128 + the signal's number)."""
    if returncode > 128:
        with contextlib.suppress(ValueError):
            return f"exit status {returncode} ({signal.Signals(returncode - 128).name})"
    if returncode >= 0:
        return f"exit status {returncode}"
    try:
        return f"killed by {signal.Signals(-returncode).name}"
    except ValueError:
        return f"killed by signal {-returncode}"


def growth_per_hour(points: list[dict], phase: str) -> float | None:
    """RSS MiB per simulated hour at ``phase``, from the end of its first hour to its end."""
    mine = [p for p in points if p["phase"] == phase]
    if len(mine) < 2:
        return None
    first, last = mine[0], mine[-1]
    return (last["rss_mib"] - first["rss_mib"]) / max(1e-9, last["hour"] - first["hour"])


def full_undo_growth(points: list[dict], phase: str) -> float | None:
    """RSS MiB per simulated hour at ``phase`` from its first hour that ended with the undo
    stack as full as it ends (a bounded stack filling up is warm-up, not growth)."""
    mine = [p for p in points if p["phase"] == phase]
    full = [p for p in mine if p["undo"] == mine[-1]["undo"]] if mine else []
    return growth_per_hour(full, phase) if len(full) >= 2 and len(full) < len(mine) else None


def report(label: str, result: dict) -> None:
    print(f"\n== {label}: {result['presses']} presses, input by {result['input']} ==")
    print("hour  pace     presses  RSS MiB  heap MiB  tracemalloc MiB  widgets  undo steps")
    print(
        f"start warm-up  {'':>7}  {result['start']['rss_mib']:7.1f}  "
        f"{_mib(result['start'].get('heap_mib'))}  {_mib(result['start'].get('trace_mib'))}"
        f"         {result['start']['widgets']:7d}  {result['start']['undo']:10d}"
    )
    for point in result["points"]:
        print(
            f"{point['hour']:4d}  {point['phase']:<7}  {point['presses']:7d}  "
            f"{point['rss_mib']:7.1f}  {_mib(point.get('heap_mib'))}  "
            f"{_mib(point.get('trace_mib'))}         {point['widgets']:7d}  {point['undo']:10d}"
        )
    for phase in ("referee", "dense"):
        growth = growth_per_hour(result["points"], phase)
        if growth is not None:
            print(f"RSS growth after the first hour at the {phase} pace: {growth:+.2f} MiB/h")
        full = full_undo_growth(result["points"], phase)
        if full is not None:
            print(f"  once the undo stack was full (its depth bounds it): {full:+.2f} MiB/h")
    if result.get("grown"):
        print("Python memory grown most, end of hour 1 to the end (tracemalloc, by line):")
        for size, count, where in result["grown"]:
            print(f"  {size / 1024:+9.1f} KiB {count:+8d} blocks  {where}")
    print("\ninput latency, ms (p50 / p99 / max; n presses) per action per hour:")
    actions = sorted({a for hour in result["latency"].values() for a in hour})
    hours = sorted(result["latency"], key=int)
    print(f"{'action':<18}" + "".join(f"{'hour ' + h:>22}" for h in hours))
    for action in actions:
        cells = []
        for hour in hours:
            values = result["latency"][hour].get(action, {}).get("input", [])
            if values:
                s = summary(values)
                cells.append(f"{s['p50']:5.0f}/{s['p99']:4.0f}/{s['max']:4.0f} n{len(values):<3}")
            else:
                cells.append("-")
        print(f"{action:<18}" + "".join(f"{c:>22}" for c in cells))
    worst = [
        (summary(v["input"])["max"], action, hour)
        for hour, row in result["latency"].items()
        for action, v in row.items()
    ]
    if worst:
        value, action, hour = max(worst)
        print(f"worst press: {action} in hour {hour}, {value:.0f} ms to the next input")
    for phase, charged in result.get("grown_by", {}).items():
        top = sorted(charged.items(), key=lambda kv: -kv[1][0])[:6]
        print(f"RSS growth charged to the press before it ({phase} pace), MiB total / per press:")
        for action, (mib, count) in top:
            print(f"  {action:<22} {mib:+8.2f} / {mib / max(1, count):+6.3f}  (n {count:.0f})")
    if result["errors"]:
        print("presses that raised (action: count, first traceback's last line):")
        for action, (count, last_line) in result["errors"].items():
            print(f"  {action}: {count}  {last_line}")
    if result["dismissed"]:
        print(f"dialogs left open and dismissed by the bench: {result['dismissed']}")
    if result["probe_resent"]:
        print(f"probe clicks sent again (windows shown then): {result['probe_resent']}")
    if result["refusals"]:
        print(f"presses the app refused, and why: {result['refusals']}")
    print(f"status messages seen (last 5): {result['statuses'][-5:]}")
    print(f"the app's stderr (last lines): {result['stderr_tail']}")
    if result.get("profile"):
        print(f"\nthe GUI thread in the presses labelled {result['profile_label']!r}:")
        print(result["profile"])


def _mib(value: float | None) -> str:
    return f"{value:8.1f}" if value is not None else f"{'-':>8}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filled", type=Path, required=True, help="make_filled_database.py's")
    parser.add_argument("--big", type=Path, help="make_filled_database.py --scale 10's")
    parser.add_argument("--referee-hours", type=int, default=3)
    parser.add_argument("--dense-hours", type=int, default=1)
    parser.add_argument("--speed", type=float, default=10.0, help="simulated s per real s")
    parser.add_argument("--referee-gap", type=float, nargs=2, default=(20.0, 40.0))
    parser.add_argument("--dense-gap", type=float, nargs=2, default=(2.0, 4.0))
    parser.add_argument("--offscreen", action="store_true", help="no Xvfb, no real input")
    parser.add_argument("--no-trace", action="store_true", help="tracemalloc off")
    parser.add_argument(
        "--profile-press",
        metavar="LABEL",
        help="cProfile the GUI thread from each counted press so labelled (e.g. 'attack: roll') "
        "to its probe answered; the functions taking the most time are printed at the end",
    )
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument(
        "--python", default=sys.executable, help="the app's interpreter (e.g. another PySide6)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args(argv)
    for label, database in (("filled", args.filled), ("10x filled", args.big)):
        if database is not None:
            result = run(database, args)
            report(f"{label} database ({database.name})", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
