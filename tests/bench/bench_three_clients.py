"""Three clients playing one campaign for an evening (issue 23): lost writes, errors, conflicts and
the live-refresh latency from one client's commit to another client's window repainting it.

    .venv/bin/python tests/bench/bench_three_clients.py [--minutes 10] [--postgresql URL]
        [--only postgresql|sqlite]

URL is a server login that may create databases (on loopback, e.g.
postgresql://refkit:pw@127.0.0.1:55441/postgres): a fresh campaign database is made there and
dropped after. The same evening is then played on one fresh SQLite file for comparison (skip
either with ``--only``). Each client is a process of its own:

- two "laptops at the table" through the command line (``run_cli`` in a loop, each command its
  own Services, as ``refkit …`` runs it): End DT, rolls, XP for the crow the window has open,
  fight steps (a rat joins, is hit twice, dies and leaves), journey days and their undo, with a
  short random pause between commands;
- the referee's real window (offscreen), driven through its panels and undo stack: End DT,
  damage and healing (in turn) on the open crow, d100 rolls.

At the end every acknowledged write is looked for in the database (a roll by its seed; End DTs,
XP, fight steps, journey days and the window's damage by the totals they must add up to), and
reported as lost when missing. Unhandled errors are tracebacks out of ``run_cli``, exceptions on
the window's GUI thread and views that failed to read again. Conflicts: retried (a step worked
out again on the fresh state) and refused (reported to the user). Latency: for each End DT and
XP edit of the command-line clients, from its commit being acknowledged to the first
``ChangeHub.refreshed`` of that kind after which the window shows it (the DT number, the open
crow's XP), the window repainted synchronously before the time is taken; p50 and p95.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
CROW = "Brannoc Tull"
PARTY = "The Sample Party"
JOURNEY = "Road"

CLIENT = r"""
import contextlib, io, json, os, random, sys, time, traceback
import refkit.cli.runner as runner
from refkit.cli.runner import run_cli

url, index, end, out = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
rng = random.Random(index)
res = {"acked": {}, "refused": [], "unhandled": [], "retried": 0, "conflicts_refused": 0,
       "seeds": [],
       "dungeon": [], "characters": [], "commands": 0, "command_s": []}
backoff = runner._backoff
class Counting:
    def uniform(self, a, b):
        res["retried"] += 1  # run_step pauses only before working a step out again
        return backoff.uniform(a, b)
runner._backoff = Counting()
step_once = runner.run_step
def run_step(handler, args):
    try:
        return step_once(handler, args)
    except runner.StepConflictError:
        res["conflicts_refused"] += 1  # lost the race every time: said to the user
        raise
runner.run_step = run_step

def cli(kind, *words):
    stdout, stderr = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = run_cli(["--db", url, *words, "--json"])
    except BaseException:
        res["unhandled"].append(traceback.format_exc()[-2000:])
        return None
    res["commands"] += 1
    res["command_s"].append(time.perf_counter() - started)
    if code != 0:
        res["refused"].append([kind, code, stderr.getvalue().strip()[-300:]])
        return None
    res["acked"][kind] = res["acked"].get(kind, 0) + 1
    return json.loads(stdout.getvalue())

rat = None
hits = 0
day = True
seed = index * 10_000_000
while time.time() < end:
    step = rng.choice(["dt end", "roll", "roll", "xp", "fight", "fight", "journey"])
    if step == "dt end":
        done = cli("dt end", "dt", "end")
        if done is not None:
            res["dungeon"].append([time.time(), done["status"]["dt"]])
    elif step == "roll":
        seed += 1
        if cli("roll", "roll", "2d6", "--seed", str(seed)) is not None:
            res["seeds"].append(seed)
    elif step == "xp":
        done = cli("xp", "character", "xp", sys.argv[5], "--add", "1")
        if done is not None:
            res["characters"].append([time.time(), done["xp"]["total"]])
    elif step == "fight":
        if rat is None:
            done = cli("fight", "fight", "add", "Cellar rat")
            if done is not None:
                rat = done["combatants"][-1]["name"]
                hits = 0
        elif hits < 2:
            if cli("fight", "fight", "damage", rat, "1", "--piercing") is not None:
                hits += 1
        else:  # dead: it leaves, so the fight stays under its cap of combatants
            if cli("fight", "fight", "remove", rat) is not None:
                rat = None
    else:
        if day:
            done = cli("journey day", "travel", "journey", "day", "--journey", sys.argv[6],
                       "--pace", "slow", "--no-rest", "--seed", str(seed))
        else:
            done = cli("journey undo", "travel", "journey", "undo", "--journey", sys.argv[6])
        day = not day
    time.sleep(rng.uniform(0.3, 1.5))
with open(out, "w") as file:
    json.dump(res, file)
"""

WINDOW = r"""
import json, logging, os, random, sys, time, traceback
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QTimer
from refkit.gui import main
from refkit.errors import ConflictError
from refkit.gui.shell.undo_adapter import EditNotSavedError, RefkitUndoStack

url, end, out, ready, crow, stop = sys.argv[1], float(sys.argv[2]), *sys.argv[3:7]
rng = random.Random(99)
res = {"acked": {}, "refused": [], "unhandled": [], "retried": 0, "retried_out": 0, "not_saved": 0,
       "refreshes": [],
       "write_failed": [], "rolls": 0, "stamina": None}
made = []

class Heard(logging.Handler):
    def emit(self, record):
        message = record.getMessage()
        if "worked out again" in message:
            res["retried"] += 1
        elif record.levelno >= logging.ERROR:
            res["unhandled"].append(message + (record.exc_text or ""))

heard = Heard(logging.INFO)
for name in ("refkit.gui.shell.undo_adapter", "refkit.gui.shell.live_refresh"):
    logger = logging.getLogger(name)
    logger.setLevel(logging.INFO)
    logger.addHandler(heard)
    logger.propagate = False

hook = sys.excepthook
def unhandled(kind, value, tb):
    res["unhandled"].append("".join(traceback.format_exception(kind, value, tb))[-2000:])
sys.excepthook = unhandled

push = RefkitUndoStack.push
def counted(self, command):
    push(self, command)
    if getattr(command, "error", None) is None:
        text = command.text()
        text = "End DT" if text.startswith("End DT") else text
        res["acked"][text] = res["acked"].get(text, 0) + 1
RefkitUndoStack.push = counted

init = main.RefkitApp.__init__
def captured(self, *args, **kwargs):
    init(self, *args, **kwargs)
    made.append(self)
    self.when_ready(lambda *_args: QTimer.singleShot(1500, script))
main.RefkitApp.__init__ = captured

def script():
    app = made[0]
    crows = app.character_panels.session
    crows.open(crow)
    res["stamina"] = [crows.character().stamina.current, crows.character().stamina.max]
    app.undo_stack.command_failed.connect(lambda text: res["refused"].append(text))
    app.undo_stack.write_failed.connect(lambda *a: res["write_failed"].append(str(a)[-300:]))

    def refreshed(kinds):
        app.window.repaint()
        shown = crows.character()
        res["refreshes"].append([time.time(), sorted(kinds),
                                 app.dungeon.session.view().clock.dt,
                                 None if shown is None else shown.xp.total])
    app.live.refreshed.connect(refreshed)
    damage = [True]

    def act():
        if time.time() >= end or os.path.exists(stop):
            shown = crows.character()
            res["stamina_end"] = [shown.stamina.current, shown.stamina.max]
            with open(out, "w") as file:
                json.dump(res, file)
            os._exit(0)
        step = rng.choice(["dt_end", "crow", "crow", "roll"])
        try:
            if step == "dt_end":
                app.actions.action("dt_end").trigger()
            elif step == "roll":
                app.actions.action("roll_d100").trigger()
                res["rolls"] += 1
            elif damage[0]:
                crows.damage(1, piercing=True)  # past the armour: Stamina counts it
            else:
                crows.heal_stamina(1)
            if step == "crow":
                damage[0] = not damage[0]
        except ConflictError:
            res["retried_out"] += 1  # lost the race every time: the window says so
        except EditNotSavedError:
            res["not_saved"] += 1  # in the save-problem bar, which saves it once it can
        except Exception:
            res["unhandled"].append(traceback.format_exc()[-2000:])
        QTimer.singleShot(rng.randint(1000, 4000), act)

    open(ready, "w").close()
    act()

QTimer.singleShot(int((end - time.time() + 600) * 1000), lambda: os._exit(3))
sys.exit(main.run_app(db_url=url))
"""


def cli_json(url: str, env: dict[str, str], *words: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "refkit", "--db", url, *words, "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"refkit {' '.join(words)} failed: {done.stderr.strip()}")
    result: dict = json.loads(done.stdout)
    return result


def prepare(url: str, env: dict[str, str]) -> None:
    """A campaign as a table starts the evening: the sample party at the table in a dungeon,
    a fight begun and a journey on the sample map."""
    cli_json(url, env, "character", "list")  # creates, migrates and seeds the sample party
    cli_json(url, env, "dt", "party", PARTY)
    cli_json(url, env, "dt", "start", "--dungeon", "Bench crypt")
    cli_json(url, env, "travel", "journey", "start", JOURNEY, "--party", PARTY)


def measure(url: str, env: dict[str, str]) -> dict:
    """What the database holds that the acknowledged writes must add up to."""
    code = (
        "import json, sys\n"
        "from refkit.compose import Services\n"
        "with Services(db_url=sys.argv[1]) as s:\n"
        "    crow = s.characters.get(sys.argv[2])\n"
        "    rolls = s.roll_log.recent(limit=None)\n"
        "    print(json.dumps({'xp': crow.xp.total, 'stamina': crow.stamina.current,\n"
        "        'dt': s.dungeon_status()['dt'], 'seeds': [r.record.seed for r in rolls],\n"
        "        'rolls': len(rolls)}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, url, CROW],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"reading the campaign back failed: {done.stderr[-3000:]}")
    state: dict = json.loads(done.stdout)
    entries = cli_json(url, env, "dt", "log")["entries"]
    state["fight_entries"] = sum(1 for entry in entries if entry["kind"] == "fight")
    journal = cli_json(url, env, "travel", "journey", "status", "--journey", JOURNEY)
    state["journey_day"] = journal.get("day")
    return state


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def latencies(clients: list[dict], window: dict) -> dict[str, list[float]]:
    """Per kind, the seconds from each acknowledged commit to the window showing it."""
    refreshes = window["refreshes"]
    found: dict[str, list[float]] = {"dungeon": [], "characters": [], "unseen": []}
    for client in clients:
        for kind, column in (("dungeon", 2), ("characters", 3)):
            for at, marker in client[kind]:
                shown = next(
                    (
                        r[0]
                        for r in refreshes
                        if r[0] >= at
                        and kind in r[1]
                        and r[column] is not None
                        and r[column] >= marker
                    ),
                    None,
                )
                if shown is None:
                    found["unseen"].append(at)
                else:
                    found[kind].append(shown - at)
    return found


def evening(label: str, url: str, minutes: float, work: Path) -> None:
    env = dict(
        os.environ,
        REFKIT_DATA_DIR=str(work),
        XDG_CONFIG_HOME=str(work),
        HOME=str(work),
        QT_QPA_PLATFORM="offscreen",
    )
    env.pop("REFKIT_DATABASE_URL", None)
    env.pop("REFKIT_DB", None)
    prepare(url, env)
    before = measure(url, env)
    ready = work / f"{label}.ready"
    start_by = time.time() + 300
    window_out = work / f"{label}.window.json"
    # The window stops when told (the stop file), once the clients are done; its own end time
    # only guards against a bench that went wrong.
    window = subprocess.Popen(
        [
            sys.executable,
            "-c",
            WINDOW,
            url,
            str(time.time() + 300 + minutes * 60),
            str(window_out),
            str(ready),
            CROW,
            str(work / "stop"),
        ],
        env=env,
        cwd=CHECKOUT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    while not ready.exists():
        if window.poll() is not None or time.time() > start_by:
            window.kill()
            raise SystemExit(f"the window did not come up: {window.stderr.read()[-3000:]}")
        time.sleep(0.2)
    end = time.time() + minutes * 60
    outs = [work / f"{label}.client{i}.json" for i in (1, 2)]
    clients = [
        subprocess.Popen(
            [sys.executable, "-c", CLIENT, url, str(i), str(end), str(out), CROW, JOURNEY],
            env=env,
            cwd=CHECKOUT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i, out in zip((1, 2), outs, strict=True)
    ]
    errors = [client.communicate()[1] for client in clients]
    # The window ends at its own (later) time; stop it once the clients are done.
    (work / "stop").write_text("")
    window_result = None
    deadline = time.time() + 330 + minutes * 60
    while window_result is None and time.time() < deadline:
        if window_out.exists() and window_out.stat().st_size:
            window_result = json.loads(window_out.read_text())
        elif window.poll() is not None:
            break
        time.sleep(1)
    window.kill()
    window_err = window.stderr.read() if window.stderr else ""
    results = [json.loads(out.read_text()) for out in outs if out.exists()]
    if len(results) != 2 or window_result is None:
        raise SystemExit(f"a client failed:\n{errors}\n{window_err[-3000:]}")
    after = measure(url, env)
    report(label, minutes, before, after, results, window_result)


def report(
    label: str, minutes: float, before: dict, after: dict, clients: list[dict], window: dict
) -> None:
    acked: dict[str, int] = {}
    for client in clients:
        for kind, count in client["acked"].items():
            acked[kind] = acked.get(kind, 0) + count
    window_acked = window["acked"]
    window_dt_ends = sum(n for text, n in window_acked.items() if text.startswith("End DT"))
    damage = sum(n for text, n in window_acked.items() if "damage" in text.lower())
    heal = sum(n for text, n in window_acked.items() if "heal" in text.lower())
    lost: list[str] = []
    seeds = set(after["seeds"])
    missing = [s for c in clients for s in c["seeds"] if s not in seeds]
    if missing:
        lost.append(f"{len(missing)} rolls (seeds {missing[:5]}…)")
    expected_rolls = before["rolls"] + acked.get("roll", 0) + window["rolls"]
    if after["rolls"] < expected_rolls:
        lost.append(f"{expected_rolls - after['rolls']} rolls (by count)")
    checks = {
        "End DTs": (before["dt"] + acked.get("dt end", 0) + window_dt_ends, after["dt"]),
        "XP": (before["xp"] + acked.get("xp", 0), after["xp"]),
        "fight steps": (before["fight_entries"] + acked.get("fight", 0), after["fight_entries"]),
        "journey days": (
            (before["journey_day"] or 0)
            + acked.get("journey day", 0)
            - acked.get("journey undo", 0),
            after["journey_day"],
        ),
        "window damage/heal": (before["stamina"] - damage + heal, after["stamina"]),
    }
    for what, (expected, found) in checks.items():
        if expected != found:
            lost.append(f"{what}: expected {expected}, found {found}")
    writes = sum(acked.values()) + sum(window_acked.values()) + window["rolls"]
    unhandled = [u for c in clients for u in c["unhandled"]] + window["unhandled"]
    refused = [r for c in clients for r in c["refused"]]
    conflicts = sum(c["conflicts_refused"] for c in clients)
    found = latencies(clients, window)
    print(f"\n== {label}: three clients for {minutes:g} minutes ==")
    print(
        f"acknowledged writes: {writes}  (command line: {sum(acked.values())} "
        f"{dict(sorted(acked.items()))}; window: {sum(window_acked.values())} steps "
        f"{dict(sorted(window_acked.items()))} + {window['rolls']} rolls)"
    )
    print(f"lost writes: {len(lost)}" + (f"  {lost}" if lost else ""))
    print(f"unhandled errors: {len(unhandled)}")
    for text in unhandled[:5]:
        print("  " + text.strip().replace("\n", "\n  ")[-1500:])
    print(
        f"conflicts retried: {sum(c['retried'] for c in clients)} (command line), "
        f"{window['retried']} (window); refused as conflicts: {conflicts} (command line), "
        f"{window['retried_out']} (window)"
    )
    said: dict[str, int] = {}
    for kind, _code, text in refused:
        line = f"{kind}: {text.splitlines()[-1][:90] if text else '(nothing said)'}"
        said[line] = said.get(line, 0) + 1
    print(
        f"command-line refusals (said to the user, conflicts included): {len(refused)} "
        f"{dict(sorted(said.items(), key=lambda item: -item[1])[:6])}"
    )
    print(
        f"window: refused {len(window['refused'])} {window['refused'][:3]}; not saved at "
        f"once {window['not_saved']}, shown in the save-problem bar "
        f"{len(window['write_failed'])} (saved by its retry: counted as acknowledged)"
    )
    seconds = [s for c in clients for s in c["command_s"]]
    print(
        f"command-line commands: {len(seconds)}, median {statistics.median(seconds) * 1000:.0f}"
        f" ms, p95 {percentile(seconds, 0.95) * 1000:.0f} ms (in-process run_cli)"
    )
    every = found["dungeon"] + found["characters"]
    print(
        f"refresh latency, commit to the window's repaint ({len(every)} commits; "
        f"{len(found['unseen'])} never shown):"
    )
    for kind in ("dungeon", "characters"):
        if found[kind]:
            print(
                f"  {kind:11} p50 {statistics.median(found[kind]) * 1000:6.0f} ms"
                f"   p95 {percentile(found[kind], 0.95) * 1000:6.0f} ms   (n={len(found[kind])})"
            )
    if every:
        p95 = percentile(every, 0.95)
        print(
            f"  {'all':11} p50 {statistics.median(every) * 1000:6.0f} ms   p95 "
            f"{p95 * 1000:6.0f} ms   goal p95 < 1 s: {'met' if p95 < 1 else 'NOT met'}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--postgresql", metavar="URL", help="a login that may create databases")
    parser.add_argument("--only", choices=("postgresql", "sqlite"))
    args = parser.parse_args()
    if args.only != "sqlite" and not args.postgresql:
        parser.error("give --postgresql URL (or --only sqlite)")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        if args.only != "sqlite":
            server_evening(args.postgresql, args.minutes, work)
        if args.only != "postgresql":
            (work / "sqlite").mkdir()
            evening(
                "sqlite", str(work / "sqlite" / "campaign.sqlite3"), args.minutes, work / "sqlite"
            )


def server_evening(admin_url: str, minutes: float, work: Path) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"refkit_three_{os.getpid()}"
    admin = make_url(admin_url).set(drivername="postgresql")
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
    try:
        (work / "postgresql").mkdir()
        url = admin.set(database=name).render_as_string(hide_password=False)
        evening("postgresql", url, minutes, work / "postgresql")
    finally:
        with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as c:
            c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
