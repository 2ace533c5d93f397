"""The dungeon-turn panel: the referee's main screen during play.

A huge countdown readable from arm's length, the DT number, the state in words, the greed step;
one press to start, pause or resume (F6) and one to end the DT (F5); ±1 / ±5 minutes with an
optional reason; "we forgot to pause"; the summary of the last End DT; encounters; rests; the party
whose crows are at the table (End DT and rests act on them); and the clock's settings folded
away. Everything is computed from the persisted anchor: a coarse 250 ms timer only repaints, and
only when the shown second changes.

The widgets are made in :mod:`.turn_layout`, the party chooser is :mod:`.turn_party`, the
players' window :mod:`.turn_players`, and the clock's face :mod:`refkit.present.clock_face`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QStyle,
    QWidget,
)

from refkit.gui.common.plain_text import rich_tooltip
from refkit.gui.dungeon.clock_widget import (
    ClockMood,
    ClockTicker,
    is_dark,
)
from refkit.gui.dungeon.end_summary import CheckText
from refkit.gui.dungeon.players_options import PlayersOptions
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.dungeon.sound_cue import SoundCue
from refkit.gui.dungeon.turn_layout import DungeonTurnLayout
from refkit.gui.dungeon.turn_party import TablePartyChooser
from refkit.gui.dungeon.turn_players import PlayersWindowLink
from refkit.present.clock_face import (
    ClockDisplay,
    clock_display,
    minutes_words,
    warning_threshold_reached,
)
from refkit.present.table_choices import encounter_table_names
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock
from refkit.rules.tables.defaults import BACKLASH_TABLE, MIASMA_TABLE

if TYPE_CHECKING:
    from refkit.app.combat.fight_view import PlayersFight
    from refkit.app.dungeon.rests import RestPlan
    from refkit.app.dungeon_turn_service import DungeonTurnView
    from refkit.app.party_bridge import PartyBridge
    from refkit.gui.dungeon.players_window import PlayersWindow
    from refkit.gui.dungeon.rest_finish_dialog import FinishRestDialog
    from refkit.rules.character.rest_activities import ActivityChoice
    from refkit.rules.dungeon.end_of_turn import EndOfTurnResult
    from refkit.rules.encounters import EncounterCheck

log = logging.getLogger(__name__)

FLASH_MS = 400
MESSAGE_MS = 12_000  # how long a refusal stays on the panel
FLASH_TOGGLES = 12  # about five seconds of flashing
MUTE_KEY = "dungeon_turn/mute"


class DungeonTurnPanel(TablePartyChooser, PlayersWindowLink, DungeonTurnLayout):
    """The DT panel (see the module docstring). Give it the shared session."""

    status_message = Signal(str)

    def __init__(
        self,
        session: DungeonTurnSession,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
        sound: SoundCue | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("dungeon_turn_panel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.session = session
        self._settings = settings
        self.sound = sound or SoundCue(self)
        self.sound.muted = bool(settings is not None and _truthy(settings.value(MUTE_KEY, False)))
        self.players_window: PlayersWindow | None = None
        self._players_fight: PlayersFight | None = None
        self._players_map_page: Callable[[], QWidget] | None = None
        self._players_options = (
            PlayersOptions.load(settings) if settings is not None else PlayersOptions()
        )
        self._summary_index: int | None = None  # undo-stack index right after the summary's step
        # The encounter the summary's banner announces (its key and check), so the banner stops
        # calling for it once it is resolved or undone; and the encounters pending when the
        # encounter table was rolled, so that result goes with them.
        self._announced: tuple[tuple[object, ...], CheckText, EncounterCheck] | None = None
        self._table_rolled_for: frozenset[tuple[object, ...]] = frozenset()
        self._flashes_left = 0
        self.warnings_given: list[int] = []
        self.party: PartyBridge | None = None

        self._build()
        self._connect()
        self._ticker = ClockTicker(self._read_clock, self)
        self._ticker.changed.connect(self._show_clock)
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.setInterval(MESSAGE_MS)
        self._message_timer.timeout.connect(self.withdraw_message)
        self._flash_timer = QTimer(self)
        self._flash_timer.setInterval(FLASH_MS)
        self._flash_timer.timeout.connect(self._flash_step)
        self.settings_box.show_players_options(self._players_options, self.sound.muted)
        self._show_view(session.view())
        self._ticker.start()

    # wiring ---------------------------------------------------------------------------------

    def _connect(self) -> None:
        session = self.session
        for minutes, button in self.adjust_buttons.items():
            button.clicked.connect(lambda _=False, m=minutes: self.adjust(m))
        session.view_changed.connect(self._show_view)
        session.message.connect(self.show_message)
        session.message_withdrawn.connect(self.withdraw_message)
        self.dungeon_edit.textChanged.connect(self._recheck_message)
        session.warning.connect(self._warn)
        session.turn_ended.connect(self._turn_ended)
        if session.undo_stack is not None:
            session.undo_stack.indexChanged.connect(self._undo_moved)
        self.run_button.clicked.connect(self.toggle_run)
        self.end_button.clicked.connect(self.end_turn)
        self.enter_button.clicked.connect(self.enter_dungeon)
        self.dungeon_edit.returnPressed.connect(self.enter_dungeon)
        self.next_button.clicked.connect(self.next_turn)
        self.leave_button.clicked.connect(self.leave_dungeon)
        self.forgot_button.clicked.connect(self.open_forgot_pause)
        self.forgot_minutes.valueChanged.connect(self._forgot_changed)
        self.forgot_apply.clicked.connect(self.apply_forgot_pause)
        self.forgot_cancel.clicked.connect(self.forgot_row.hide)
        self.encounters.toggles_changed.connect(self._toggles_changed)
        self.encounters.loud_noise_clicked.connect(self.loud_noise)
        self.encounters.resolve_clicked.connect(self.resolve_encounter)
        self.encounters.roll_table_clicked.connect(self.roll_encounter_table)
        self.encounters.table_chosen.connect(self._table_chosen)
        self.rest.start_clicked.connect(self.start_rest)
        self.rest.halfway_clicked.connect(self.session.rest_halfway)
        self.rest.check_clicked.connect(self.rest_check)
        self.rest.finish_clicked.connect(self._finish_clicked)
        self.rest.miasma_toggled.connect(self._miasma_toggled)
        self.party_combo.activated.connect(self._party_chosen)
        self.rest.douse_clicked.connect(self.session.douse)
        self.rest.douse_all_clicked.connect(self._douse_all)
        self.settings_button.toggled.connect(self._toggle_settings)
        self.players_button.toggled.connect(self.set_players_window_shown)
        box = self.settings_box
        box.length_chosen.connect(self.set_length)
        box.thresholds_chosen.connect(
            lambda seconds: self._setting(warning_thresholds_s=list(seconds))
        )
        box.auto_end_toggled.connect(lambda on: self._setting(auto_end=on))
        box.resolve_at_rest_toggled.connect(lambda on: self._setting(resolve_dt_at_rest_start=on))
        box.mute_toggled.connect(self._set_muted)
        box.players_options_changed.connect(self.set_players_options)

    # the clock face -------------------------------------------------------------------------

    def _read_clock(self) -> ClockDisplay | None:
        view = self.session.view()
        if view is None:
            return None
        return clock_display(view.clock, self.session.now(), view.settings.warning_thresholds_s)

    def _show_clock(self, display: ClockDisplay | None) -> None:
        if display is None:
            self.clock.show_time("--:--", ClockMood.IDLE)
            self.state_label.setText("Opening the dungeon turn…")
            return
        self.clock.show_time(display.text, display.mood)
        self.state_label.setText(display.state_text)
        colour = self.clock.colour().name() if display.mood is not ClockMood.RUNNING else ""
        self.state_label.setStyleSheet(f"color: {colour};" if colour else "")
        self._update_players()

    def displayed(self) -> ClockDisplay | None:
        """What the clock shows right now (read fresh, as the next repaint would)."""
        return self._read_clock()

    def repaint_clock(self) -> None:
        """Bring the face up to date now rather than at the next tick."""
        self._ticker.poll()

    def ticker(self) -> ClockTicker:
        return self._ticker

    # the state ------------------------------------------------------------------------------

    def _show_view(self, view: DungeonTurnView | None) -> None:
        if view is not None and self._said.text and not self._said.still_true(view):
            self.withdraw_message()
        ready = view is not None
        buttons = (self.run_button, self.end_button, self.enter_button, self.next_button)
        for widget in (*buttons, self.leave_button):
            widget.setEnabled(ready)
        if view is None:
            self._show_clock(None)
            return
        clock = view.clock
        state = clock.state
        self.dt_label.setText(f"DT {clock.dt}" if clock.dt else "DT –")
        where = clock.dungeon or ""
        if clock.revisit and where:
            where += " (revisit)"
        if clock.party and where:
            where += f" · {clock.party}"
        self.dungeon_label.setText(where)
        if clock.greed_percent:
            self.greed_label.setText(f"Greed +{clock.greed_percent} %")
            self.greed_label.setStyleSheet(f"color: {'#ffd54f' if is_dark(self) else '#8a6a00'};")
        else:
            self.greed_label.setText("No greed bonus" if clock.dt else "")
            muted = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
            self.greed_label.setStyleSheet(f"color: {muted};")
        under_way = state in (ClockState.RUNNING, ClockState.PAUSED)
        text, icon = {
            ClockState.RUNNING: ("Pause", QStyle.StandardPixmap.SP_MediaPause),
            ClockState.PAUSED: ("Resume", QStyle.StandardPixmap.SP_MediaPlay),
            ClockState.STOPPED: ("Start", QStyle.StandardPixmap.SP_MediaPlay),
            ClockState.RESTING: ("Resting", QStyle.StandardPixmap.SP_MediaStop),
        }[state]
        self.run_button.setText(text)
        self.run_button.setIcon(self.style().standardIcon(icon))
        self.run_button.setEnabled(state is not ClockState.RESTING)
        self.end_button.setEnabled(under_way)
        self.leave_button.setEnabled(under_way)
        stopped = state is ClockState.STOPPED
        self.start_row.setVisible(stopped)
        if stopped and not self.dungeon_edit.hasFocus():
            self.dungeon_edit.setText(clock.dungeon or "")
        self.next_button.setVisible(stopped and clock.dt > 0)
        self.next_button.setText("Come back")
        self.next_button.setToolTip(  # names the dungeon as typed
            rich_tooltip(
                f"The group comes back into {clock.dungeon or 'the dungeon'}: DT 1 — a revisit, "
                "no greed bonus, for a group that was here before (another party gets its own)"
            )
        )
        for button in self.adjust_buttons.values():
            button.setEnabled(under_way)
        self.reason_edit.setEnabled(under_way)
        self.forgot_button.setEnabled(state is ClockState.RUNNING)
        if state is not ClockState.RUNNING:
            self.forgot_row.hide()
        settings = view.settings
        self.encounters.show_encounter_number(
            view.encounter_number, settings.crowded, settings.chaos, settings.en_modifiers
        )
        self.encounters.show_pending(clock.pending_encounters, clock.dt)
        self._forget_what_is_gone(clock)
        self.encounters.loud_noise_button.setEnabled(state is not ClockState.STOPPED)
        self._show_encounter_tables(clock)
        self.rest.show_state(clock, view.effects)
        self.settings_box.show_settings(
            clock.length_s,
            settings.warning_thresholds_s,
            settings.auto_end,
            resolve_at_rest_start=settings.resolve_dt_at_rest_start,
        )
        self._ticker.poll()
        self._update_players()

    def _forget_what_is_gone(self, clock: DungeonTurnClock) -> None:
        """An encounter resolved (or its check undone): the banner no longer calls for it, and
        the table result rolled for it goes."""
        pending = {encounter.key for encounter in clock.pending_encounters}
        if self._announced is not None:
            key, shown, check = self._announced
            if key in pending:  # still to come (again, after an undo and a redo)
                if self.summary.banner.outcome != shown.outcome:
                    self.summary.banner.show_check(shown)
            elif self.summary.banner.outcome != "resolved":
                self.summary.show_resolved(check)
        if self._table_rolled_for and not self._table_rolled_for & pending:
            self.encounters.show_table_result("")
            self._table_rolled_for = frozenset()

    def _announce(self, clock: DungeonTurnClock, check: EncounterCheck) -> None:
        """The summary now shows ``check``; an encounter it made is the newest pending one."""
        last = clock.pending_encounters[-1] if clock.pending_encounters else None
        if not check.encounter or last is None:
            self._announced = None
            return
        banner = self.summary.banner
        shown = CheckText(banner.outcome, banner.headline.text(), banner.detail.text())
        self._announced = (last.key, shown, check)

    def _show_encounter_tables(self, clock: DungeonTurnClock) -> None:
        """Offer the tables with the dungeon's choice, read in the worker without waiting for
        it (they seldom change: the press that refreshed the panel is answered at once, and
        the chooser is changed, if at all, when the names arrive)."""
        tables = self.session.table_service
        if tables is None:
            self.encounters.show_tables([], None)
            self.encounters.roll_button.setEnabled(False)
            return
        key = self._dungeon_key(clock)
        self.session.read_later(
            lambda: (  # names only: no rows
                tables.names(),
                tables.encounter_table(key),
                [active.name for active in tables.active_tables()],
            ),
            self._tables_read,
        )

    def _tables_read(
        self, read: tuple[list[str], str | None, list[str]] | None, error: BaseException | None
    ) -> None:
        if self.session.closed:  # the answer came after the window closed: nothing to show
            return
        if error is not None or read is None:
            log.error("cannot read the encounter tables", exc_info=error)
            self.show_message(f"Cannot read the tables: {error}")
            return
        names, chosen, other_uses = read
        defaults = (BACKLASH_TABLE, MIASMA_TABLE)  # Refkit's own, even when others are chosen
        offered = encounter_table_names(names, [*other_uses, *defaults], chosen)
        self.encounters.show_tables(offered, chosen)

    @staticmethod
    def _dungeon_key(clock: DungeonTurnClock) -> str:
        return clock.dungeon or "The dungeon"

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_clock()

    def _fit_clock(self) -> None:
        """The clock a quarter of the panel's height (never under its least): set by the
        panel's size alone, so a result shown under it moves nothing."""
        least = self.clock.minimumSizeHint().height()
        wanted = max(least, min(self.clock.sizeHint().height() * 2, self.height() // 4))
        if self.clock.height() != wanted or self.clock.minimumHeight() != wanted:
            self.clock.setFixedHeight(wanted)

    def show_message(
        self, text: str, holds: Callable[[DungeonTurnView], bool] | None = None
    ) -> None:
        """Say ``text`` in the panel's message line; with ``holds``, it goes as soon as a view
        shows its cause gone (else when its time is up). The line keeps its room either way."""
        self._said.say(text, holds)
        self.message_label.setText(f"⚠ {text}")
        colour = "#ff8a80" if is_dark(self) else "#b00020"
        self.message_label.setStyleSheet(f"color: {colour}; font-weight: bold;")
        self.status_message.emit(text)
        self._message_timer.start()  # a child timer: it dies with the panel

    def withdraw_message(self) -> None:
        self._said.clear()
        self.message_label.clear()

    def _recheck_message(self, *_args: object) -> None:
        view = self.session.view()
        if view is not None and self._said.text and not self._said.still_true(view):
            self.withdraw_message()

    # actions (also bound to keys by dungeon_install) ----------------------------------------

    def toggle_run(self) -> None:
        """Start (the next DT), pause or resume — whatever the clock is ready for (F6)."""
        view = self.session.view()
        if view is None:
            self.session.message.emit("The dungeon turn is still loading; try again in a moment")
            return
        state = view.clock.state
        if state is ClockState.RUNNING:
            self.session.pause()
        elif state is ClockState.PAUSED:
            self.session.resume()
        elif state is ClockState.STOPPED:
            if view.clock.dt == 0 or not view.clock.dungeon:
                self.enter_dungeon()
            else:
                self.next_turn()
        else:
            self.session.message.emit("The group is resting: finish the rest to go on")

    def enter_dungeon(self) -> None:
        name = self.dungeon_edit.text().strip()
        if not name:
            self.show_message(
                "Name the dungeon first (it keeps its own greed bonus)",
                holds=lambda view: not view.clock.dungeon and not self.dungeon_edit.text().strip(),
            )
            self.dungeon_edit.setFocus()
            return
        self.session.start_turn(dungeon=name)

    def enter_dungeon_named(self, name: str, encounter_table: str | None = None) -> None:
        """Enter the dungeon ``name`` chosen elsewhere (a dungeon on the travel map): DT 1 of it,
        its greed visits under its name, and ``encounter_table`` chosen as its table if given."""
        self.dungeon_edit.setText(name)
        tables = self.session.table_service
        if encounter_table and tables is not None:
            try:
                self.session.write(tables.choose_encounter_table, name, encounter_table)
            except ValueError as error:
                self.show_message(str(error))
        self.enter_dungeon()

    def next_turn(self) -> None:
        """Come back into the dungeon left (DT 1: a revisit for a group that was there)."""
        self.session.start_turn()

    def leave_dungeon(self) -> None:
        last = self.session.leave_dungeon()
        if last is not None:
            self.status_message.emit(f"Left the dungeon after DT {last}; coming back is a revisit")

    def end_turn(self) -> EndOfTurnResult | None:
        """The end-of-DT procedure, one press, one undo step (F5)."""
        return self.session.end_turn()

    def adjust(self, minutes: float) -> None:
        reason = self.reason_edit.text().strip()
        if self.session.adjust(minutes, reason) is not None:
            self.reason_edit.clear()
            because = f" ({reason})" if reason else ""
            self.status_message.emit(f"{minutes:+g} min{because}")

    def open_forgot_pause(self) -> None:
        view = self.session.view()
        if view is None or view.clock.state is not ClockState.RUNNING:
            return
        anchor = view.clock.anchor or view.now
        run_minutes = max(0.0, (self.session.now() - anchor) / 60)
        self.forgot_minutes.setRange(0.0, round(run_minutes, 1))
        self.forgot_minutes.setValue(min(5.0, round(run_minutes, 1)))
        self.forgot_row.show()
        self._forgot_changed()
        self.forgot_minutes.setFocus()

    def _forgot_changed(self, *_args: object) -> None:
        at = self.session.now() - self.forgot_minutes.value() * 60
        self.forgot_at_label.setText(f"(at {datetime.fromtimestamp(at).strftime('%H:%M:%S')})")

    def apply_forgot_pause(self) -> None:
        view = self.session.view()
        if view is None or view.clock.anchor is None:
            return
        at = max(view.clock.anchor, self.session.now() - self.forgot_minutes.value() * 60)
        reason = self.reason_edit.text().strip() or "forgot to pause"
        if self.session.pause_retroactively(at, reason) is not None:
            self.forgot_row.hide()
            self.reason_edit.clear()

    def loud_noise(self) -> EncounterCheck | None:
        """An extra encounter check now (F8)."""
        result = self.session.loud_noise()
        if result is None:
            return None
        view = self.session.view()
        dt = view.clock.dt if view else 0
        self._show_check(f"Loud noise in DT {dt}", result.encounter)
        self._announce(result.clock, result.encounter)
        return result.encounter

    def resolve_encounter(self, index: int) -> None:
        self.session.resolve_encounter(index)

    def roll_encounter_table(self) -> str | None:
        view = self.session.view()
        tables = self.session.table_service
        if view is None or tables is None:
            return None
        try:
            rolled = self.session.write(tables.roll_encounter_table, self._dungeon_key(view.clock))
        except ValueError as error:
            self.show_message(str(error))
            return None
        text = f"{rolled.roll.table}: {rolled.roll.dice_total} → {rolled.roll.text}"
        self.encounters.show_table_result(text)
        self._table_rolled_for = frozenset(e.key for e in view.clock.pending_encounters)
        self.session.log_changed.emit()
        return rolled.roll.text

    def _table_chosen(self, name: str | None) -> None:
        view = self.session.view()
        tables = self.session.table_service
        if view is None or tables is None:
            return
        try:
            self.session.write(tables.choose_encounter_table, self._dungeon_key(view.clock), name)
        except ValueError as error:
            self.show_message(str(error))
        self._show_encounter_tables(view.clock)

    def _toggles_changed(self, crowded: bool, chaos: bool, modifier: int) -> None:
        self.session.set_encounter_toggles(
            crowded=crowded, chaos=chaos, modifiers=[modifier] if modifier else []
        )

    def start_rest(self) -> None:
        rest = self.session.start_rest()
        if rest is not None and rest.lights_to_douse:
            names = ", ".join(effect.name for effect in rest.lights_to_douse)
            self.status_message.emit(f"Rest started — ask the players to douse: {names}")

    def _finish_clicked(self, interrupted: bool) -> None:
        if interrupted or self.open_finish_rest_dialog() is None:
            self.finish_rest(interrupted)

    def open_finish_rest_dialog(self) -> FinishRestDialog | None:
        """With crows at the table, the dialog where the referee picks each one's activity (the
        rest finishes when it is accepted); None when there is nobody to choose for."""
        live = self.session.live()  # the stored state only: wait for the party at the table
        party, service = self.party, self.session.service
        if not live or party is None or service is None:
            return None
        crows = self.session.call(party.crows)
        if not crows:
            return None
        from refkit.app.dungeon.rests import rest_check_campsite, rest_check_seclude
        from refkit.app.party.rest import starvation_wounds
        from refkit.gui.dungeon.rest_finish_dialog import FinishRestDialog

        log, repository = service.store.session_log, party.characters.repository

        def read() -> tuple[bool | None, bool | None, dict[str, int], bool]:
            # What the dialog offers, in one wait on the worker: read here on the GUI thread,
            # the rest's check (a session-log read), each crow's starvation and the party's
            # miasma held input back.
            starvation = {crow.name: starvation_wounds(repository, crow.name) for crow in crows}
            check = rest_check_seclude(log), rest_check_campsite(log)
            return (*check, starvation, party.rest_in_miasma)

        seclude, campsite, starvation, in_miasma = self.session.write(read)
        dialog = FinishRestDialog(
            crows,
            check_seclude=seclude,
            check_campsite=campsite,
            starvation=starvation,
            in_miasma=in_miasma,
            parent=self,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finish_chosen.connect(self._finish_with)
        dialog.open()
        return dialog

    def _finish_with(self, choices: dict[str, ActivityChoice]) -> None:
        from refkit.app.dungeon.rests import RestPlan

        self.finish_rest(plan=RestPlan(choices))

    def finish_rest(self, interrupted: bool = False, plan: RestPlan | None = None) -> Any:
        """Finish (or interrupt) the rest; with a party at the table, say what each crow got.
        ``plan``: each crow's rest activity (none without)."""
        finished = self.session.finish_rest(interrupted=interrupted, plan=plan)
        if finished is None or interrupted:
            return finished
        from refkit.app.party_bridge import PartyRest

        for result in finished.hook_results:
            if isinstance(result, PartyRest) and result.entries:
                self.rest.show_party_rest(result.lines(), result.in_miasma)
                self.status_message.emit("Rest finished: what each crow got is in the Rest box")
        return finished

    def rest_check(self, seclude: bool, campsite: bool = False) -> None:
        check = self.session.rest_check(seclude, campsite)
        if check is not None:
            made = [
                n for n, on in (("Prepare Campsite", campsite), ("Seclude Camp", seclude)) if on
            ]
            camp = f" ({', '.join(made)})" if made else ""
            self._show_check(f"Rest encounter check{camp}", check.encounter)
            self._announce(check.clock, check.encounter)

    def _douse_all(self) -> None:
        view = self.session.view()
        if view is None:
            return
        for effect in view.effects:
            if effect.lit and not self.session.douse(effect.id):
                break

    def set_length(self, minutes: float) -> None:
        if self.session.set_length(minutes) is not None:
            self.status_message.emit(f"DTs are now {minutes:g} minutes long")

    def _setting(self, **changes: Any) -> None:
        self.session.update_settings(**changes)

    # summary and warnings -------------------------------------------------------------------

    def _turn_ended(self, result: EndOfTurnResult, automatic: bool) -> None:
        if automatic:  # nobody pressed a key: make sure the table notices
            self.sound.play()
            self._start_flash()
        overload = self.party.last_overload if self.party is not None else None
        lines = overload.lines() if overload and overload.dt_ended == result.dt_ended else []
        self.summary.show_end_of_turn(result, automatic=automatic, overload=lines)
        self._announce(result.clock, result.encounter)
        self._remember_summary()
        what = self.summary.banner.headline.text()
        self.status_message.emit(f"DT {result.dt_ended} ended: {what}")

    def _show_check(self, title: str, check: EncounterCheck) -> None:
        self.summary.show_check(title, check)
        self._remember_summary()

    def _remember_summary(self) -> None:
        stack = self.session.undo_stack
        self._summary_index = stack.index() if stack is not None else None

    def _undo_moved(self, index: int) -> None:
        if self._summary_index is not None:
            self.summary.setVisible(index >= self._summary_index)

    def _warn(self, threshold: int) -> None:
        self.warnings_given.append(threshold)
        self.sound.play()
        self._start_flash()
        self.status_message.emit(f"Under {minutes_words(threshold)} left in this DT")

    def _start_flash(self) -> None:
        self._flashes_left = FLASH_TOGGLES
        self.clock.set_flash(True)
        self._flash_timer.start()

    def _flash_step(self) -> None:
        self._flashes_left -= 1
        if self._flashes_left <= 0:
            self._flash_timer.stop()
            self.clock.set_flash(False)
            return
        self.clock.set_flash(not self.clock.flashing())

    def _set_muted(self, muted: bool) -> None:
        self.sound.muted = muted
        if self._settings is not None:
            self._settings.setValue(MUTE_KEY, muted)

    def _toggle_settings(self, shown: bool) -> None:
        self.settings_box.setVisible(shown)
        self.settings_button.setArrowType(
            Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        )

    def shutdown(self) -> None:
        """Stop the ticker and close the players' window (the app is closing)."""
        self._ticker.stop()
        self._flash_timer.stop()
        self._message_timer.stop()
        if self.party is not None:
            self.party.remove_listener(self._show_party)
            self.party = None
        if self.players_window is not None:
            self.players_window.close()
            self.players_window.deleteLater()
            self.players_window = None


def _truthy(value: object) -> bool:
    return value is True or str(value).lower() == "true"


__all__ = [  # the clock's face, named here as before its move to refkit.present.clock_face
    "ClockDisplay",
    "DungeonTurnPanel",
    "clock_display",
    "warning_threshold_reached",
]
