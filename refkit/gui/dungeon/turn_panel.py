"""The dungeon-turn panel: the referee's main screen during play.

A huge countdown readable from arm's length, the DT number, the state in words, the greed step;
one press to start, pause or resume (F6) and one to end the DT (F5); ±1 / ±5 minutes with an
optional reason; "we forgot to pause"; the summary of the last End DT; encounters; rests; the party
whose crows are at the table (End DT and rests act on them); and the clock's settings folded
away. Everything is computed from the persisted anchor: a coarse 250 ms timer only repaints, and
only when the shown second changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import ElidedLabel, plain_label, rich_tooltip, text_height
from refkit.gui.common.typing_keys import keep_keys
from refkit.gui.dungeon.clock_widget import (
    BigClock,
    ClockMood,
    ClockTicker,
    is_dark,
)
from refkit.gui.dungeon.encounter_box import EncounterBox
from refkit.gui.dungeon.end_summary import CheckText, EndSummary
from refkit.gui.dungeon.players_options import PlayersOptions
from refkit.gui.dungeon.rest_box import RestBox
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.dungeon.settings_box import SettingsBox
from refkit.gui.dungeon.sound_cue import SoundCue
from refkit.gui.shell.gui_thread import on_gui_thread
from refkit.present.clock_text import panel_clock_text
from refkit.present.said import SaidLine
from refkit.present.table_choices import encounter_table_names
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock
from refkit.rules.tables.defaults import BACKLASH_TABLE, MIASMA_TABLE

if TYPE_CHECKING:
    from refkit.app.combat.fight_view import PlayersFight
    from refkit.app.dungeon.rests import RestPlan
    from refkit.app.dungeon.stored_view import StoredParty
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
ADJUST_STEPS = (-5, -1, 1, 5)


@dataclass(frozen=True)
class ClockDisplay:
    """What the big clock shows at one moment, in text and mood."""

    text: str
    mood: ClockMood
    state_text: str


def warning_threshold_reached(
    clock: DungeonTurnClock, now: float, thresholds_s: Sequence[int]
) -> int | None:
    """The smallest warning threshold the running (or paused) DT has passed, if any."""
    if clock.state not in (ClockState.RUNNING, ClockState.PAUSED) or clock.time_up(now):
        return None
    remaining = clock.remaining(now)
    passed = [t for t in thresholds_s if t < clock.length_s and remaining <= t]
    return min(passed) if passed else None


def _minutes_words(seconds: int) -> str:
    if seconds % 60:
        return f"{seconds} seconds" if seconds < 60 else f"{seconds / 60:g} minutes"
    minutes = seconds // 60
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


def clock_display(clock: DungeonTurnClock, now: float, thresholds_s: Sequence[int]) -> ClockDisplay:
    """The clock's face at ``now``: ``mm:ss`` (``+mm:ss`` once overdue), mood, and a state line."""
    text = panel_clock_text(clock, now)
    if clock.state is ClockState.STOPPED:
        what = "Not started: enter a dungeon" if clock.dt == 0 else f"Stopped after DT {clock.dt}"
        return ClockDisplay(text, ClockMood.IDLE, what)
    if clock.state is ClockState.RESTING:
        return ClockDisplay(text, ClockMood.IDLE, "Resting — finish the rest to go on")
    if clock.time_up(now):
        return ClockDisplay(text, ClockMood.TIME_UP, "TIME'S UP — End DT (F5)")
    if clock.state is ClockState.PAUSED:
        return ClockDisplay(text, ClockMood.PAUSED, "PAUSED (F6)")
    threshold = warning_threshold_reached(clock, now, thresholds_s)
    if threshold is not None:
        return ClockDisplay(text, ClockMood.WARNING, f"⚠ Under {_minutes_words(threshold)} left")
    return ClockDisplay(text, ClockMood.RUNNING, f"Running · {_minutes_words(clock.length_s)} DTs")


def _big_button(text: str, name: str, factor: float = 1.3) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    font = QFont(QApplication.font())
    font.setPointSizeF(max(8.0, font.pointSizeF() * factor))
    font.setBold(True)
    button.setFont(font)
    button.setMinimumHeight(button.fontMetrics().height() * 2 + 6)
    side = button.fontMetrics().height()
    button.setIconSize(QSize(side, side))
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return button


class DungeonTurnPanel(QWidget):
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

    # construction ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.dt_label = QLabel("DT –")
        self.dt_label.setObjectName("dt_label")
        self.dt_label.setFont(_scaled(2.0, bold=True))
        self.dungeon_label = ElidedLabel("")  # the dungeon's name, as typed
        self.dungeon_label.setObjectName("dungeon_label")
        self.dungeon_label.setFont(_scaled(1.15))
        self.greed_label = QLabel("")
        self.greed_label.setObjectName("greed_label")
        self.greed_label.setFont(_scaled(1.3, bold=True))
        self.greed_label.setToolTip("Treasure found in this DT is worth this much more")
        self.clock = BigClock(minimum_height=96)
        self.clock.setObjectName("dt_clock")
        self.state_label = QLabel("")
        self.state_label.setObjectName("dt_state")
        self.state_label.setFont(_scaled(1.3, bold=True))
        self.state_label.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.run_button = _big_button("Start", "run_button")
        self.run_button.setToolTip("Start, pause or resume the clock (F6)")
        self.end_button = _big_button("End DT", "end_dt_button")
        self.end_button.setToolTip(
            "Roll usage dice, end conditions, check for an encounter, start the next DT (F5)"
        )

        self.dungeon_edit = QLineEdit()
        self.dungeon_edit.setObjectName("dungeon_name")
        self.dungeon_edit.setPlaceholderText("Dungeon name")
        keep_keys(self.dungeon_edit)
        self.enter_button = QPushButton("Enter dungeon")
        self.enter_button.setObjectName("enter_dungeon_button")
        self.enter_button.setToolTip("DT 1 of this dungeon starts (greed bonus on a first visit)")
        self.next_button = QPushButton("Come back")
        self.next_button.setObjectName("next_dt_button")
        self.start_row = QWidget()
        start_layout = QHBoxLayout(self.start_row)
        start_layout.setContentsMargins(0, 0, 0, 0)
        start_layout.addWidget(self.dungeon_edit, 1)
        start_layout.addWidget(self.enter_button)
        start_layout.addWidget(self.next_button)

        self.adjust_buttons: dict[int, QToolButton] = {}
        adjust_row = QHBoxLayout()
        adjust_row.setSpacing(4)
        for minutes in ADJUST_STEPS:
            button = QToolButton()
            button.setText(f"{minutes:+d}")
            button.setObjectName(f"adjust_{'minus' if minutes < 0 else 'plus'}_{abs(minutes)}")
            button.setToolTip(
                f"{'Add' if minutes > 0 else 'Take away'} {abs(minutes)} min "
                f"({'Alt+PgUp' if minutes == 5 else 'Alt+PgDown' if minutes == -5 else ''}"
                f"{'Alt+Up' if minutes == 1 else 'Alt+Down' if minutes == -1 else ''})"
            )
            button.setFont(_scaled(1.1, bold=True))
            button.setMinimumWidth(button.fontMetrics().horizontalAdvance("+5") + 18)
            button.clicked.connect(lambda _=False, m=minutes: self.adjust(m))
            self.adjust_buttons[minutes] = button
            adjust_row.addWidget(button)
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("adjust_reason")
        self.reason_edit.setPlaceholderText("reason (optional)")
        self.reason_edit.setClearButtonEnabled(True)
        keep_keys(self.reason_edit)
        self.forgot_button = QPushButton("We forgot to pause…")
        self.forgot_button.setObjectName("forgot_pause_button")
        adjust_row.addWidget(QLabel("min"))
        adjust_row.addWidget(self.reason_edit, 1)
        adjust_row.addWidget(self.forgot_button)

        self.forgot_row = QFrame()
        self.forgot_row.setObjectName("forgot_row")
        self.forgot_row.setFrameShape(QFrame.Shape.StyledPanel)
        self.forgot_minutes = QDoubleSpinBox()
        self.forgot_minutes.setObjectName("forgot_minutes")
        self.forgot_minutes.setDecimals(1)
        self.forgot_minutes.setSingleStep(1)
        self.forgot_minutes.setSuffix(" min ago")
        self.forgot_at_label = QLabel("")
        self.forgot_at_label.setObjectName("forgot_at")
        self.forgot_apply = QPushButton("Pause from then")
        self.forgot_apply.setObjectName("forgot_apply")
        self.forgot_cancel = QPushButton("Cancel")
        forgot_layout = QHBoxLayout(self.forgot_row)
        forgot_layout.setContentsMargins(6, 2, 6, 2)
        forgot_layout.addWidget(QLabel("Paused since"))
        forgot_layout.addWidget(self.forgot_minutes)
        forgot_layout.addWidget(self.forgot_at_label, 1)
        forgot_layout.addWidget(self.forgot_apply)
        forgot_layout.addWidget(self.forgot_cancel)
        self.forgot_row.hide()

        self.message_label = plain_label("")  # refusals name what they refuse
        self.message_label.setObjectName("dt_message")
        self.message_label.setWordWrap(True)
        # Two lines kept for it, said or not: a message never pushes what is below it.
        self.message_label.setMinimumHeight(text_height(self.message_label, lines=2))
        self._said: SaidLine[DungeonTurnView] = SaidLine()

        self.summary = EndSummary()
        self.encounters = EncounterBox()
        self.rest = RestBox()
        self.settings_button = QToolButton()
        self.settings_button.setObjectName("settings_toggle")
        self.settings_button.setText("Clock settings")
        self.settings_button.setCheckable(True)
        self.settings_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.settings_button.setArrowType(Qt.ArrowType.RightArrow)
        self.leave_button = QPushButton("Leave dungeon")
        self.leave_button.setObjectName("leave_dungeon_button")
        self.leave_button.setToolTip(
            "The group leaves: the clock stops. Coming back later is a revisit (no greed bonus)"
        )
        self.players_button = QPushButton("Players' window")
        self.players_button.setObjectName("players_button")
        self.players_button.setCheckable(True)
        self.players_button.setToolTip("Show the clock to the players on another screen")
        self.settings_box = SettingsBox()
        self.settings_box.hide()
        self.party_combo = QComboBox()
        self.party_combo.setObjectName("party_combo")
        self.party_combo.setToolTip(
            "The party whose crows are at the table: End DT ends their conditions and wounds "
            "doubled magic slots; a finished rest restores them"
        )
        self.party_combo.setMinimumContentsLength(16)  # a long party name must not widen it
        self.party_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        keep_keys(self.party_combo)
        party_caption = QLabel("Party at the table:")
        party_caption.setBuddy(self.party_combo)
        self.party_row = QWidget()
        self.party_row.setObjectName("party_row")
        party_layout = QHBoxLayout(self.party_row)
        party_layout.setContentsMargins(0, 0, 0, 0)
        party_layout.addWidget(party_caption)
        party_layout.addWidget(self.party_combo)
        party_layout.addStretch(1)
        self.party_row.hide()

        header = QHBoxLayout()
        header.addWidget(self.dt_label)
        header.addWidget(self.dungeon_label, 1)
        header.addWidget(self.greed_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button, 2)
        buttons.addWidget(self.end_button, 3)
        footer = QHBoxLayout()
        footer.addWidget(self.settings_button)
        footer.addStretch(1)
        footer.addWidget(self.leave_button)
        footer.addWidget(self.players_button)

        content = QWidget()
        content.setObjectName("dungeon_turn_content")
        layout = QVBoxLayout(content)
        layout.setSpacing(6)
        # Nothing the referee is about to press moves: the clock's height follows the panel's
        # size only (not what is shown below it), the controls come first, and what a step
        # says or shows (the message, the encounters, the End DT summary) comes after them,
        # so it grows downwards; the stretch at the end takes what is left.
        layout.addLayout(header)
        layout.addWidget(self.clock)
        layout.addWidget(self.state_label)
        layout.addLayout(buttons)
        layout.addWidget(self.start_row)
        layout.addLayout(adjust_row)
        layout.addLayout(footer)
        layout.addWidget(self.rest)
        layout.addWidget(self.party_row)
        layout.addWidget(self.message_label)
        layout.addWidget(self.forgot_row)
        layout.addWidget(self.encounters)
        layout.addWidget(self.summary)
        layout.addWidget(self.settings_box)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("dungeon_turn_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def _connect(self) -> None:
        session = self.session
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

        repository = party.characters.repository
        dialog = FinishRestDialog(
            crows,
            check_seclude=rest_check_seclude(service.store.session_log),
            check_campsite=rest_check_campsite(service.store.session_log),
            starvation={crow.name: starvation_wounds(repository, crow.name) for crow in crows},
            in_miasma=party.rest_in_miasma,
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

    # the party at the table -----------------------------------------------------------------

    def set_party(self, party: PartyBridge | None) -> None:
        """Show and choose the party at the table (None: the characters are not connected)."""
        if self.party is not None:
            self.party.remove_listener(self._show_party)
        self.party = party
        if party is not None:
            party.add_listener(on_gui_thread(self._show_party))
        self.party_row.setVisible(party is not None)
        self._show_party()

    def _show_party(self) -> None:
        party = self.party
        if party is None:
            self.rest.show_party(False, False)
            return

        def read() -> tuple[list[str], str | None, Sequence[str], bool]:
            return party.party_names(), party.party_name(), party.members(), party.rest_in_miasma

        try:  # one read, where the window reads (its worker)
            names, chosen, members, in_miasma = self.session.write(read)
        except Exception as error:  # the panel must keep working: say it and go on
            log.exception("cannot read the party at the table")
            self.show_message(f"Cannot read the parties: {error}")
            return
        self.party_combo.setEnabled(True)
        self._fill_party_combo(names, chosen, members)
        self.rest.show_party(chosen is not None, in_miasma)

    def show_stored_party(self, stored: StoredParty) -> None:
        """Show the parties and the party at the table as stored, before the characters are
        connected (:meth:`set_party` follows): the chooser in its place, off until then, so
        nothing moves when it goes live."""
        if self.party is not None:
            return
        self.party_row.setVisible(True)
        self.party_combo.setEnabled(False)
        self._fill_party_combo(list(stored.names), stored.at_table, None)
        self.rest.show_party(stored.at_table is not None, stored.rest_in_miasma)

    def _fill_party_combo(
        self, names: list[str], chosen: str | None, members: Sequence[str] | None
    ) -> None:
        combo = self.party_combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItem("No party", None)
        for name in names:
            combo.addItem(name, name)
        combo.setCurrentIndex(0 if chosen is None else names.index(chosen) + 1)
        combo.blockSignals(False)
        if not chosen:
            tip = "No party at the table: End DT and rests act on tracked effects only"
        elif members is None:  # the stored state only: the members are read with the party
            tip = rich_tooltip(chosen)
        else:
            tip = rich_tooltip(f"{chosen}: {', '.join(members) if members else 'no crows'}")
        combo.setToolTip(tip)

    def _party_chosen(self, index: int) -> None:
        party = self.party
        if party is None:
            return
        name = self.party_combo.itemData(index)
        from refkit.app.party.commands import SetTableParty

        # An undoable step; call() says why when the party is gone (None), as for any refusal.
        def make() -> tuple[SetTableParty, bool]:
            command = SetTableParty(party, name)
            return command, command.changes_anything  # both read in the worker

        made = self.session.call(make)
        chosen = made is not None and (not made[1] or self.session.run(made[0]))
        self._show_party()
        if chosen:
            shown = name if name is not None else "no party"
            self.status_message.emit(f"At the table: {shown}")

    def _miasma_toggled(self, on: bool) -> None:
        party = self.party
        if party is not None:
            self.session.call(lambda: party.set_rest_in_miasma(on))

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
        self.status_message.emit(f"Under {_minutes_words(threshold)} left in this DT")

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

    # the players' window --------------------------------------------------------------------

    def set_players_map_page(self, page: Callable[[], QWidget] | None) -> None:
        """Offer the players' window a map page (the travel feature's), made when first needed."""
        self._players_map_page = page
        if self.players_window is not None:
            self.players_window.set_map_page(page() if page is not None else None)

    def set_players_fight(self, fight: PlayersFight | None) -> None:
        """The fight as the players may see it (None: no fight), kept for the players' window."""
        self._players_fight = fight
        if self.players_window is not None:
            self.players_window.show_fight(fight)

    def set_players_window_shown(self, shown: bool) -> None:
        if shown:
            if self.players_window is None:
                from refkit.gui.dungeon.players_window import PlayersWindow

                self.players_window = PlayersWindow(self._players_options, self._referee())
                self.players_window.closed.connect(lambda: self.players_button.setChecked(False))
                self.players_window.show_fight(self._players_fight)
                if self._players_map_page is not None:
                    self.players_window.set_map_page(self._players_map_page())
            self._update_players()
            self.players_window.place()
        elif self.players_window is not None:
            self.players_window.hide()
        if self.players_button.isChecked() != shown:
            self.players_button.setChecked(shown)

    def _referee(self) -> QWidget:
        """The referee's window (the top ancestor: a floating dock is a window of its own, but
        the referee's actions live on the main window)."""
        top: QWidget = self
        while top.parentWidget() is not None:
            top = top.parentWidget()
        return top

    def toggle_players_window(self) -> None:
        self.set_players_window_shown(not self.players_button.isChecked())

    def set_players_options(self, options: PlayersOptions) -> None:
        moved = options.screen_name != self._players_options.screen_name or (
            options.full_screen != self._players_options.full_screen
        )
        self._players_options = options
        if self._settings is not None:
            options.save(self._settings)
        if self.players_window is not None:
            self.players_window.set_options(options)
            if moved and self.players_window.isVisible():
                self.players_window.place()

    def _update_players(self) -> None:
        window = self.players_window
        view = self.session.view()
        if window is None or view is None or not window.isVisible():
            return
        now = self.session.now()
        warning = (
            warning_threshold_reached(view.clock, now, view.settings.warning_thresholds_s)
            is not None
        )
        from refkit.gui.dungeon.players_window import players_view  # imported with the window

        window.show_view(players_view(view.clock, view.effects, now, warning=warning))

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


def _scaled(factor: float, *, bold: bool = False) -> QFont:
    font = QFont(QApplication.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * factor)
    else:
        font.setPixelSize(max(1, round(font.pixelSize() * factor)))
    font.setBold(bold)
    return font


def _truthy(value: object) -> bool:
    return value is True or str(value).lower() == "true"
