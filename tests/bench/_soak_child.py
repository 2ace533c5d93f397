"""The measured process of ``bench_soak.py``: the real window, and a referee playing an evening.

    python tests/bench/_soak_child.py DATABASE OPTIONS_JSON

Prints one line ``SOAK {json}`` with the figures and exits; see ``bench_soak.py``.
"""

from __future__ import annotations

import ctypes
import gc
import io
import json
import os
import random
import sys
import time
import traceback
from collections import Counter
from typing import Any

from _evening import InputProbe, SimulatedClock, rss_mib, use_clock, when_app_ready

OPTIONS = json.loads(sys.argv[2])
TRACE = not OPTIONS["no_trace"]
if TRACE:
    import tracemalloc

    tracemalloc.start(1)

from PySide6.QtCore import Qt, QTimer  # noqa: E402 (after tracemalloc starts: it sees Qt's objects)
from PySide6.QtWidgets import QApplication, QDialog  # noqa: E402

from refkit.gui.shell.panel_registry import PanelId  # noqa: E402
from refkit.rules.dungeon.clock import ClockState  # noqa: E402

PARTY = "The Sample Party"
CASTER, BOOK = "Hesper Quill", "Fire lance book"
LOOKUPS = ("torch", "rest", "th", "encounter", "mi", "wound", "spell", "greed", "d", "bane")
DISMISS_AFTER_S = 2.0
SNAPSHOT = os.path.join(os.environ["REFKIT_DATA_DIR"], "hour-1.tracemalloc")
WEIGHTS = {
    "End DT": 2.0, "encounter check": 1.0, "resolve encounter": 1.0, "encounter table": 0.5,
    "attack": 3.0, "damage": 2.0, "heal": 2.0, "crow edit": 2.0, "open crow": 1.0,
    "cast": 1.0, "rest": 0.3, "travel day": 0.5, "d100": 3.0, "lookup": 1.5, "crow list": 0.5,
}  # fmt: skip
"""How often a referee does each, relative to the others."""
IN_A_WINDOW = frozenset({"attack", "cast"})
"""Actions timed as the presses a user makes in the window they open: "Attack…" (probed in the
window it opens), the roll (probed there), closing it, "Next turn"; "Cast a spell…", choosing
the caster, choosing the book, casting, closing."""
IN_A_PRESS_S = (1.0, 3.0)
"""Simulated seconds between the presses of one attack or cast (a referee reading the window)."""

clock = SimulatedClock(float(OPTIONS["speed"]))
use_clock(clock)


class Evening:
    """Presses the window's actions at a referee's pace and records what each cost."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.rng = random.Random(OPTIONS["seed"])
        self.probe = InputProbe(x11=not OPTIONS["offscreen"])
        self.latency: dict[int, dict[str, dict[str, list[float]]]] = {}
        self.points: list[dict] = []
        self.errors: dict[str, list] = {}
        self.dismissed: Counter[str] = Counter()
        self.refusals: Counter[str] = Counter()
        self.statuses: list[str] = []
        self.seen_open: dict[int, float] = {}
        self.presses = 0
        self.hour = 0
        self.started = 0.0
        self.first_snapshot: Any = None
        self.last_press: str | None = None
        self.rss_before = 0.0
        self.grown_by: dict[str, dict[str, list[float]]] = {}
        self.fight_crows: list[str] = []
        self.crow_index = 0
        self.note = 0
        self.list_press = 0
        self.chain: list[tuple[Any, bool, Any, bool]] = []
        """The presses left of an attack under way: (act, late, aim_after, made in the attack
        window) for each."""
        self.chain_name = "attack"
        self._chain_window: Any = lambda: None
        """The window the presses of :attr:`chain` are made in (None: it is not open)."""
        self.referee_hours = int(OPTIONS["referee_hours"])
        self.profiling: Any = None
        self.profile = _Profiles()
        self.hours = self.referee_hours + int(OPTIONS["dense_hours"])

    # -- set-up -----------------------------------------------------------------------------

    def begin(self) -> None:
        app = self.app
        app.window.statusBar().messageChanged.connect(self._status)
        self.turn = app.dungeon.turn_panel
        self.crows = app.character_panels.session
        combo = self.turn.party_combo
        if combo.currentData() != PARTY and combo.findData(PARTY) >= 0:
            combo.setCurrentIndex(combo.findData(PARTY))  # the sample party at the table
            combo.activated.emit(combo.findData(PARTY))
        self.names = self._crow_names()
        self.crows.open(self.names[0])
        self.turn.settings_box.auto_end_check.setChecked(True)  # a DT ends by itself at zero
        self.turn.dungeon_edit.setText("Soak caverns")
        app.actions.action("dt_run").trigger()
        tables = self.turn.encounters.table_combo
        if tables.count() > 1 and tables.currentData() is None:
            tables.setCurrentIndex(1)  # the dungeon's encounter table: the first offered
            tables.activated.emit(1)
        self.tracker = app.panels.widget(PanelId.FIGHT)
        self._new_fight()
        self.travel = app.panels.widget(PanelId.TRAVEL_DAY)
        self._start_journey()
        QTimer(app.window, interval=500, timeout=self._dismiss_stray_dialogs).start()
        self.probe.start(app.window.statusBar())
        self.probe.aim()
        self.warm_up = list(WEIGHTS)
        QTimer.singleShot(500, self._next)

    def _crow_names(self) -> list[str]:
        party = self.turn.party
        members = list(self.turn.session.write(party.members)) if party is not None else []
        others = [n for n in self.crows.service.names() if n not in members][:9]
        return (members or []) + others

    def _new_fight(self) -> None:
        tracker = self.tracker
        for fighter in list(tracker.session.state.combatants):
            tracker.run(lambda name=fighter.name: tracker.session.remove(name))
        tracker.add_party()
        tracker.count_spin.setValue(2)
        tracker.add_creatures()
        tracker.new_round()

    def _start_journey(self) -> None:
        panel = self.travel
        panel.reload()
        if panel.start_map.count() == 0:
            return  # no stored map: a travel day is then refused, and that is timed
        panel.with_party.setChecked(True)
        panel.new_journey.setText(f"Soak road {self.rng.randrange(10**6)}")
        panel.hirelings.setText("Mara=1,2,0; Mule=0,-3,3,animal")
        panel.start_journey()

    # -- the evening --------------------------------------------------------------------------

    def _next(self) -> None:
        if self.chain and self.chain[0][3] and self._chain_window() is None:
            # The attack's or cast's window went (something else closed it): its presses are
            # given up, the probe goes back to the main window.
            self.chain = [entry for entry in self.chain if not entry[3]]
            self.dismissed[f"{self.chain_name} window gone mid-{self.chain_name}"] += 1
            self.probe.retarget(self.app.window.statusBar())
        if self.chain:  # the attack or cast under way goes on before anything else
            act, late, aim_after, _in_dialog = self.chain.pop(0)
            then = self._timed if self.started else (lambda *_: self._after(None))
            if self.started:
                self._charge_memory()
            self.probe.press(
                self._profiled(lambda: self._act_in_chain(act)),
                then,
                late=late,
                aim_after=aim_after,
            )
            return
        if self.warm_up:  # each action once, not counted: every panel and dialog built once
            action = self.warm_up.pop(0)
            self.probe.press(
                lambda: self._act(action),
                lambda *_: self._after(None),
                late=action in IN_A_WINDOW,
                aim_after=self._chain_target if action in IN_A_WINDOW else None,
            )
            return
        if not self.started:
            gc.collect()
            self.start_point = self._point("warm-up", 0)
            self.started = clock()
        hour = int((clock() - self.started) // 3600)
        if hour > self.hour:
            self._end_hour()
            self.hour = hour
            if self.hour >= self.hours:
                self._finish()
                return
        action = self.rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
        self._charge_memory()
        self.probe.press(
            self._profiled(lambda: self._act(action)),
            self._timed,
            late=action in IN_A_WINDOW,
            aim_after=self._chain_target if action in IN_A_WINDOW else None,
        )

    def _profiled(self, act: Any) -> Any:
        """``act``, with the GUI thread profiled from it to the press's probe answered (kept
        when the press's label is ``--profile-press``'s)."""
        if not OPTIONS.get("profile_press") or not self.started:
            return act

        def run() -> object:
            import cProfile

            self.profiling = cProfile.Profile()
            self.profiling.enable()
            return act()

        return run

    def _charge_memory(self) -> None:
        """What the resident memory grew by since the last press began, charged to that press
        (its after-effects and the idle wait after it included)."""
        now = rss_mib() or 0.0
        if self.last_press is not None:
            phase = "dense" if self.hour >= self.referee_hours else "referee"
            grown = self.grown_by.setdefault(phase, {}).setdefault(self.last_press, [0.0, 0])
            grown[0] += now - self.rss_before
            grown[1] += 1
        self.rss_before = now

    def _timed(self, input_ms: float, done_ms: float, label: object) -> None:
        row = self.latency.setdefault(self.hour + 1, {}).setdefault(
            str(label), {"input": [], "done": []}
        )
        self.last_press = str(label)
        if self.profiling is not None:
            self.profiling.disable()
            if str(label) == OPTIONS["profile_press"]:
                self.profile.add(self.profiling)
            self.profiling = None
        row["input"].append(round(input_ms, 2))
        row["done"].append(round(done_ms, 2))
        self.presses += 1
        self._after(self.hour)

    def _after(self, hour: int | None) -> None:
        pace = "dense" if hour is not None and hour >= self.referee_hours else "referee"
        low, high = IN_A_PRESS_S if self.chain else OPTIONS[f"{pace}_gap"]
        self.probe.aim()
        wait_ms = self.rng.uniform(low, high) / clock.speed * 1000
        QTimer.singleShot(round(wait_ms), self._next)

    def _act(self, action: str) -> str:
        try:
            return getattr(self, "do_" + action.replace(" ", "_"))() or action
        except Exception as error:  # counted and reported; the evening goes on
            count, last = self.errors.get(action, (0, ""))
            if not last:
                last = traceback.format_exception(error)[-1].strip()
            self.errors[action] = [count + 1, last]
            return action

    def _status(self, text: str) -> None:
        if text:
            self.statuses.append(text)
            del self.statuses[:-20]

    def _dismiss_stray_dialogs(self) -> None:
        now = time.monotonic()
        shown = {id(w): w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog)
                 and w.isVisible()}  # fmt: skip
        for key in list(self.seen_open):
            if key not in shown:
                del self.seen_open[key]
        for key, dialog in shown.items():
            if self.chain and dialog is self._chain_window():  # the attack or cast under way's
                self.seen_open[key] = now
                continue
            first = self.seen_open.setdefault(key, now)
            if now - first > DISMISS_AFTER_S:
                self.dismissed[type(dialog).__name__] += 1
                dialog.reject()

    # -- the actions (each returns what it did, when that differs from its name) --------------

    def _view(self) -> Any:
        return self.turn.session.view()

    def do_End_DT(self) -> str:
        view = self._view()
        state = view.clock.state if view is not None else None
        if state is ClockState.RESTING:
            self.turn.finish_rest()
            return "finish rest"
        if state is ClockState.RUNNING:
            self.app.actions.action("dt_end").trigger()
            return "End DT"
        self.app.actions.action("dt_run").trigger()
        return "start DT"

    def do_encounter_check(self) -> None:
        self.app.actions.action("dt_loud_noise").trigger()

    def do_resolve_encounter(self) -> str:
        view = self._view()
        if view is None or not view.clock.pending_encounters:
            return self.do_encounter_table()
        self.turn.resolve_encounter(0)
        return "resolve encounter"

    def do_encounter_table(self) -> str:
        self.turn.roll_encounter_table()
        return "encounter table"

    def _attack_dialog(self) -> Any:
        from refkit.gui.combat.attack_dialog import AttackDialog

        dialog = self.app.window.findChild(AttackDialog)
        return dialog if dialog is not None and dialog.isVisible() else None

    def _cast_dialog(self) -> Any:
        from refkit.gui.magic.cast_dialog import CastDialog

        dialog = self.app.window.findChild(CastDialog)
        return dialog if dialog is not None and dialog.isVisible() else None

    def _chain_target(self) -> Any:
        """Where the next probe click goes: the odds in the attack or cast window under way, if
        it is open."""
        dialog = self._chain_window()
        if dialog is None:
            return self.app.window.statusBar()
        return dialog.odds_label if dialog is self._attack_dialog() else dialog.odds

    def _act_in_chain(self, act: Any) -> str:
        try:
            return str(act())
        except Exception as error:  # counted and reported; the attack or cast is given up
            self.chain.clear()
            dialog = self._chain_window()
            if dialog is not None:
                dialog.close()
            self.probe.retarget(self.app.window.statusBar())
            what = self.chain_name
            count, last = self.errors.get(what, (0, ""))
            self.errors[what] = [count + 1, last or traceback.format_exception(error)[-1]]
            return f"{what} (failed)"

    def do_attack(self) -> str:
        """ "Attack…" (the window opens); the roll, closing and "Next turn" follow as presses of
        their own (:attr:`chain`)."""
        self.app.actions.action("fight_attack").trigger()
        dialog = self._attack_dialog()
        if dialog is None:
            self._new_fight()
            return "new fight (set-up)"
        status = self.app.window.statusBar()

        def roll() -> str:
            if dialog.roll() is not None:
                return "attack: roll"
            # Won (or refused): closed, and the next creatures come in (a set-up of many steps).
            self.chain[1:] = [(self._new_fight_press, False, None, False)]
            return "attack: roll (last foe down)"

        def close() -> str:
            dialog.close()
            return "attack: close"

        # The roll is probed once it returned: the attack window refuses clicks while its step
        # is saved (a click there says to press again), so the next input it takes is then.
        def odds_where_they_are_now() -> Any:  # the outcome shown may have moved them
            dialog.layout().activate()
            return dialog.odds_label

        def next_turn() -> str:
            self.tracker.next_turn()
            return "next turn"

        self.chain_name, self._chain_window = "attack", self._attack_dialog
        self.chain = [
            (roll, True, odds_where_they_are_now, True),
            (close, True, lambda: status, True),
            (next_turn, False, None, False),
        ]
        return "attack: open"

    def _new_fight_press(self) -> str:
        self._new_fight()
        return "new fight (set-up)"

    def do_damage(self) -> None:
        self.crows.damage(1)

    def do_heal(self) -> None:
        self.crows.heal_stamina(1)

    def do_crow_edit(self) -> str:
        self.note += 1
        if self.note % 2:
            self.crows.edit_notes(f"Soak note {self.note}: the party argued about the map")
            return "crow edit (notes)"
        sheet = self.app.character_panels.sheet
        condition = sorted(sheet.condition_buttons)[self.note % len(sheet.condition_buttons)]
        sheet.condition_buttons[condition].click()
        return "crow edit (condition)"

    def do_open_crow(self) -> None:
        self.crow_index = (self.crow_index + 1) % len(self.names)
        self.crows.open(self.names[self.crow_index])

    def do_crow_list(self) -> str:
        """The character list's own controls, in turn: a header click sorting by a column
        (each column both ways, over every crow in the file), or the party chooser switched."""
        listing = self.app.character_panels.list_panel
        self.list_press += 1
        if self.list_press % 3 == 0:
            chooser = listing.party
            chooser.setCurrentIndex((chooser.currentIndex() + 1) % chooser.count())
            return "crow list: switch party"
        sorts = ((2, True), (1, False), (3, True), (4, False), (5, False), (0, True), (0, False))
        column, descending = sorts[(self.list_press - self.list_press // 3) % len(sorts)]
        order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
        listing.table.horizontalHeader().setSortIndicator(column, order)
        return "crow list: sort"

    def do_cast(self) -> str:
        """ "Cast a spell…" (the window opens); choosing the caster, the book, casting and
        closing follow as presses of their own (:attr:`chain`), each probed in the window."""
        self.app.actions.action("magic_cast").trigger()
        dialog = self._cast_dialog()
        if dialog is None:
            raise RuntimeError("Cast a spell did not open")
        status = self.app.window.statusBar()

        def caster() -> str:
            dialog.select_crow(CASTER)
            return "cast: choose the caster"

        def book() -> str:
            dialog.select_book(BOOK)
            return "cast: choose the book"

        def cast() -> str:
            if dialog.cast() is None:
                self.refusals[dialog.refusal.text()] += 1
                return "cast: refused (book spent)"
            return "cast: cast"

        def close() -> str:
            dialog.close()
            return "cast: close"

        def odds_where_they_are_now() -> Any:  # what the cast showed may have moved them
            dialog.layout().activate()
            return dialog.odds

        self.chain_name, self._chain_window = "cast", self._cast_dialog
        self.chain = [
            (caster, True, odds_where_they_are_now, True),
            (book, True, odds_where_they_are_now, True),
            (cast, True, odds_where_they_are_now, True),
            (close, True, lambda: status, True),
        ]
        return "cast: open"

    def do_rest(self) -> str:
        view = self._view()
        if view is not None and view.clock.state is ClockState.RESTING:
            self.turn.finish_rest()
            return "finish rest"
        self.turn.start_rest()
        return "rest"

    def do_travel_day(self) -> str:
        if self.travel.journey is None:
            self._start_journey()
        if self.travel.travel():
            return "travel day"
        self.refusals[self.travel.problem.text()] += 1
        return "travel day (refused)"

    def do_d100(self) -> None:
        self.app.actions.action("roll_d100").trigger()

    def do_lookup(self) -> str:
        from refkit.gui.lookup.dialog import LookupDialog

        self.app.actions.action("lookup").trigger()
        dialog = next((w for w in QApplication.topLevelWidgets()
                       if isinstance(w, LookupDialog) and w.isVisible()), None)  # fmt: skip
        if dialog is None:
            return "lookup (preparing)"
        try:
            dialog.search_box.setText(LOOKUPS[self.presses % len(LOOKUPS)])
            dialog.search_now()
            dialog.read_selected()
        finally:
            dialog.close()
        return "lookup"

    # -- figures ------------------------------------------------------------------------------

    def _point(self, phase: str, hour: int) -> dict:
        gc.collect()
        point = {
            "phase": phase, "hour": hour, "presses": self.presses, "rss_mib": rss_mib(),
            "widgets": len(QApplication.allWidgets()), "undo": self.app.undo_stack.count(),
            "sim_h": round(clock.hours(), 3), "real_s": round(time.monotonic(), 1),
        }  # fmt: skip
        if TRACE:
            point["heap_mib"] = tracemalloc.get_traced_memory()[0] / 2**20
            point["trace_mib"] = tracemalloc.get_tracemalloc_memory() / 2**20
        print("SOAK-HOUR " + json.dumps(point), flush=True)
        return point

    def _end_hour(self) -> None:
        phase = "dense" if self.hour >= self.referee_hours else "referee"
        if TRACE and self.hour == 0:
            # Kept on disk, not in memory (a snapshot of every block is ~100 MiB), and what
            # taking it left free handed back before the hour's figures are read: the growth
            # from here on is the app's. (Trimming now can only make later growth look larger.)
            snapshot = tracemalloc.take_snapshot()
            snapshot.dump(SNAPSHOT)
            del snapshot
            gc.collect()
            ctypes.CDLL(None).malloc_trim(0)
            self.first_snapshot = SNAPSHOT
        self.points.append(self._point(phase, self.hour + 1))

    def _finish(self) -> None:
        grown = []
        if TRACE and self.first_snapshot is not None:
            last = tracemalloc.take_snapshot()
            first = tracemalloc.Snapshot.load(self.first_snapshot)
            stats = last.compare_to(first, "lineno")
            grown = [[s.size_diff, s.count_diff, str(s.traceback)] for s in stats[:12]]
        result = {
            "presses": self.presses, "input": "offscreen loop" if OPTIONS["offscreen"]
            else "real X clicks (Xvfb)", "start": self.start_point, "points": self.points,
            "latency": self.latency, "errors": self.errors, "dismissed": dict(self.dismissed),
            "refusals": dict(self.refusals),
            "probe_resent": dict(self.probe.resent),
            "statuses": self.statuses, "grown": grown, "grown_by": self.grown_by,
            "profile": self.profile.text(), "profile_label": OPTIONS.get("profile_press"),
        }  # fmt: skip
        print("SOAK " + json.dumps(result), flush=True)
        os._exit(0)


class _Profiles:
    """The profiles of the presses asked for, added up."""

    def __init__(self) -> None:
        self.stats: Any = None

    def add(self, profile: Any) -> None:
        import pstats

        if self.stats is None:
            self.stats = pstats.Stats(profile, stream=io.StringIO())
        else:
            self.stats.add(profile)

    def text(self) -> str:
        if self.stats is None:
            return ""
        out = io.StringIO()
        self.stats.stream = out
        self.stats.sort_stats("cumulative").print_stats(45)
        self.stats.sort_stats("tottime").print_stats(25)
        for hint in os.environ.get("SOAK_CALLERS", "").split(","):
            if hint:
                self.stats.print_callers(hint)
        return out.getvalue()


def main() -> int:
    from refkit.gui import main as gui_main

    evenings: list[Evening] = []

    def begin(app: Any) -> None:
        evenings.append(Evening(app))
        evenings[0].begin()

    when_app_ready(begin)
    return gui_main.run_app(db_url=sys.argv[1])


if __name__ == "__main__":
    sys.exit(main())
