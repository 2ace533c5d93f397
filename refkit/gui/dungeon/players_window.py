"""The players' window: the dungeon turn as the players may see it, on a second screen or a TV.

It shows the DT number, a very large clock, the greed step, "Something approaches…" while an
encounter is pending, and each light as burning / guttering / out. It never shows the referee's
numbers: no usage dice, no encounter number or roll, no table result. What it shows is decided by
:func:`players_view`, a plain function of the clock and the effects, so the rule is testable
without a screen.

The referee picks the screen and what is shown (:class:`PlayersOptions`). Full screen is only
used on a screen the referee is not working on: on a one-screen laptop the window opens windowed
beside the referee's, with its frame, so it can be moved and closed. Esc always makes it windowed,
F11 toggles full screen, Ctrl+W (and the right-click menu) closes it, and the referee's own keys
(F5 End DT, F6 start/pause, Ctrl+Shift+P…) work from it: the referee's window's actions are added
to it, so whichever of the two windows has focus, the same QAction fires.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QMargins, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QContextMenuEvent,
    QFont,
    QGuiApplication,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QRadialGradient,
    QResizeEvent,
    QScreen,
)
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import ElidedLabel
from refkit.gui.dungeon.clock_widget import BigClock, ClockMood
from refkit.gui.dungeon.players_options import PlayersOptions as PlayersOptions
from refkit.present.clock_text import players_clock_text
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock
from refkit.rules.dungeon.effects import EffectKind, LightStatus, TrackedEffect

if TYPE_CHECKING:
    from refkit.app.combat.fight_view import PlayersFight

APPROACH_TEXT = "Something approaches…"
LIGHT_WORDS = {
    LightStatus.BURNING: "burning",
    LightStatus.GUTTERING: "guttering",
    LightStatus.OUT: "out",
}
MAX_LIGHTS_SHOWN = 8


@dataclass(frozen=True)
class LightShown:
    """A light as the players see it: whose or what it is, and whether it burns."""

    label: str
    status: LightStatus


@dataclass(frozen=True)
class PlayersView:
    """Everything the players' window may show (and nothing else)."""

    dt: int
    clock_text: str
    mood: ClockMood
    state_text: str  # "", "Paused", "Resting", "Time's up", "Waiting to enter"
    greed_percent: int
    something_approaches: bool
    lights: tuple[LightShown, ...]


def _light_label(effect: TrackedEffect) -> str:
    if effect.owner.strip():
        return f"{effect.owner.strip()}’s {effect.name.strip().lower()}"
    return effect.name.strip()


def players_view(
    clock: DungeonTurnClock,
    effects: Sequence[TrackedEffect],
    now: float,
    *,
    warning: bool = False,
) -> PlayersView:
    """What the players may see of ``clock`` and ``effects`` at ``now``.

    Lights only (other effects are the referee's business), and only their status word.
    """
    if clock.state is ClockState.STOPPED:
        mood, state = ClockMood.IDLE, "Waiting to enter" if clock.dt == 0 else "Stopped"
    elif clock.state is ClockState.RESTING:
        mood, state = ClockMood.IDLE, "Resting"
    elif clock.time_up(now):
        mood, state = ClockMood.TIME_UP, "Time's up"
    elif clock.state is ClockState.PAUSED:
        mood, state = ClockMood.PAUSED, "Paused"
    else:
        mood, state = (ClockMood.WARNING if warning else ClockMood.RUNNING), ""
    lights = tuple(
        LightShown(_light_label(effect), effect.light_status)
        for effect in effects
        if effect.kind is EffectKind.LIGHT
    )
    return PlayersView(
        dt=clock.dt,
        clock_text=players_clock_text(clock, now),
        mood=mood,
        state_text=state,
        greed_percent=clock.greed_percent,
        something_approaches=clock.pending_encounter,
        lights=lights,
    )


# -- widgets ------------------------------------------------------------------------------------

_BACKGROUND = QColor("#0d0f12")
_FOREGROUND = QColor("#f4f1ea")
_MUTED = QColor("#a8a29a")
_APPROACH = QColor("#ff7043")

_FLAME = {
    LightStatus.BURNING: (QColor("#ffd54f"), QColor("#ff8f00"), 1.0),
    LightStatus.GUTTERING: (QColor("#ffb74d"), QColor("#8d3f00"), 0.62),
    LightStatus.OUT: (QColor("#5c5f66"), QColor("#2a2c30"), 0.0),
}


class LightGlyph(QWidget):
    """A flame drawn for a light: full and bright, small and low, or an empty grey wick."""

    def __init__(self, status: LightStatus, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.status = status
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        core, rim, size = _FLAME[self.status]
        base_y = rect.bottom() - rect.height() * 0.1
        centre_x = rect.center().x()
        wick = QColor("#3b3b3b") if self.status is not LightStatus.OUT else QColor("#777b83")
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(wick)
        painter.drawRoundedRect(
            QRectF(
                centre_x - rect.width() * 0.05,
                base_y - rect.height() * 0.14,
                rect.width() * 0.1,
                rect.height() * 0.16,
            ),
            2,
            2,
        )
        if size > 0:
            height = rect.height() * 0.78 * size
            width = rect.width() * 0.5 * max(size, 0.75)
            top = base_y - rect.height() * 0.12 - height
            # The halo fades out before the widget's edge, so it never shows a square.
            glow_centre = QPointF(centre_x, top + height * 0.6)
            glow_radius = min(rect.width() / 2, rect.height() / 2, height * 0.9)
            glow = QRadialGradient(glow_centre, glow_radius)
            halo = QColor(rim)
            halo.setAlpha(110 if self.status is LightStatus.BURNING else 50)
            glow.setColorAt(0.0, halo)
            glow.setColorAt(1.0, QColor(0, 0, 0, 0))
            painter.setBrush(glow)
            painter.drawEllipse(glow_centre, glow_radius, glow_radius)
            flame = QPainterPath()
            bottom = top + height
            flame.moveTo(centre_x, top)
            flame.cubicTo(
                centre_x + width * 0.15,
                top + height * 0.35,
                centre_x + width * 0.55,
                top + height * 0.55,
                centre_x + width * 0.45,
                bottom - height * 0.18,
            )
            flame.cubicTo(
                centre_x + width * 0.35,
                bottom,
                centre_x - width * 0.35,
                bottom,
                centre_x - width * 0.45,
                bottom - height * 0.18,
            )
            flame.cubicTo(
                centre_x - width * 0.55,
                top + height * 0.55,
                centre_x - width * 0.15,
                top + height * 0.35,
                centre_x,
                top,
            )
            gradient = QRadialGradient(QPointF(centre_x, bottom - height * 0.25), height * 0.8)
            gradient.setColorAt(0.0, QColor("#fffde7") if size == 1.0 else core)
            gradient.setColorAt(0.45, core)
            gradient.setColorAt(1.0, rim)
            painter.setBrush(gradient)
            painter.drawPath(flame)
        else:
            painter.setPen(QColor("#8a8f98"))
            smoke = QPainterPath()
            top = base_y - rect.height() * 0.2
            smoke.moveTo(centre_x, top)
            smoke.cubicTo(
                centre_x + rect.width() * 0.2,
                top - rect.height() * 0.15,
                centre_x - rect.width() * 0.2,
                top - rect.height() * 0.3,
                centre_x + rect.width() * 0.05,
                top - rect.height() * 0.5,
            )
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(smoke)
        painter.end()


class _LightTile(QWidget):
    def __init__(self, light: LightShown, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("players_light")
        self.light = light
        self.glyph = LightGlyph(light.status)
        self.name = ElidedLabel(light.label)  # a crow's name: as typed, cut to the tile
        self.name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.word = QLabel(LIGHT_WORDS[light.status])
        self.word.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.setSpacing(2)
        layout.addWidget(self.glyph, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.name)
        layout.addWidget(self.word)

    def resize_for(self, unit: int, width: int) -> None:
        self.glyph.setFixedSize(QSize(round(unit * 2.2), round(unit * 2.6)))
        for label, factor in ((self.name, 0.55), (self.word, 0.45)):
            font = QFont(label.font())
            font.setPixelSize(max(10, round(unit * factor)))
            font.setBold(label is self.name)
            label.setFont(font)
        self.name.setMaximumWidth(max(unit * 3, width))  # a long name never widens the row
        self.word.setStyleSheet(f"color: {_MUTED.name()};")


class PlayersWindow(QWidget):
    """A separate top-level window for the players. Call :meth:`show_view` to update it."""

    closed = Signal()

    def __init__(
        self, options: PlayersOptions | None = None, referee: QWidget | None = None
    ) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("players_window")
        self.setWindowTitle("Refkit — players' view")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self._options = options or PlayersOptions()
        self._view: PlayersView | None = None
        self._light_tiles: list[_LightTile] = []

        palette = self.palette()
        for role, colour in (
            (QPalette.ColorRole.Window, _BACKGROUND),
            (QPalette.ColorRole.WindowText, _FOREGROUND),
            (QPalette.ColorRole.Text, _FOREGROUND),
        ):
            palette.setColor(role, colour)
        self.setPalette(palette)
        self.setAutoFillBackground(True)

        self.dt_label = QLabel("")
        self.dt_label.setObjectName("players_dt")
        self.greed_label = QLabel("")
        self.greed_label.setObjectName("players_greed")
        self.greed_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.clock = BigClock(minimum_height=60)
        self.clock.setObjectName("players_clock")
        self.state_label = QLabel("")
        self.state_label.setObjectName("players_state")
        self.state_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.approach_label = QLabel(APPROACH_TEXT)
        self.approach_label.setObjectName("players_approach")
        self.approach_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.approach_label.setStyleSheet(f"color: {_APPROACH.name()};")
        self.approach_label.hide()
        # The fight as the players see it: the round, whose side acts, each combatant with
        # "wounded" or "down" (never Stamina or AD); hidden while no one is in a fight.
        self.fight_label = QLabel("")
        self.fight_label.setObjectName("players_fight")
        self.fight_label.setTextFormat(Qt.TextFormat.PlainText)
        self.fight_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.fight_label.setWordWrap(True)
        self.fight_label.hide()
        self.lights_row = QHBoxLayout()
        self.lights_row.setSpacing(18)
        self._lights_box = QWidget()
        self._lights_box.setObjectName("players_lights")
        self._lights_box.setLayout(self.lights_row)

        top = QHBoxLayout()
        top.addWidget(self.dt_label, 1)
        top.addWidget(self.greed_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 20, 32, 20)
        layout.addLayout(top)
        layout.addWidget(self.clock, 5)
        layout.addWidget(self.state_label)
        layout.addWidget(self.approach_label)
        layout.addWidget(self.fight_label)
        layout.addWidget(self._lights_box, 0, Qt.AlignmentFlag.AlignHCenter)
        self._map_page: QWidget | None = None
        self._map_shown = False
        self.resize(960, 540)
        self._apply_fonts()

        # The window's own keys are actions (not keyPressEvent) so they work whichever child has
        # focus, and the right-click menu shows the same three.
        self.windowed_action = self._own_action("Windowed", ("Esc",), self.leave_full_screen)
        self.full_screen_action = self._own_action("Full screen", ("F11",), self.toggle_full_screen)
        self.close_action = self._own_action(
            "Close the players' window",
            tuple(
                key.toString(QKeySequence.SequenceFormat.PortableText)
                for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Close)
            )
            or ("Ctrl+W",),
            self.close,
        )
        self.map_action = self._own_action("The map or the clock", ("M",), self.toggle_map_page)
        self.map_action.setEnabled(False)
        self._referee = referee
        self.forwarded: list[QAction] = []
        if referee is not None:
            self.forward_keys_of(referee)

    def _own_action(
        self, text: str, keys: tuple[str, ...], handler: Callable[[], object]
    ) -> QAction:
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(key) for key in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False: handler())
        self.addAction(action)
        return action

    def forward_keys_of(self, referee: QWidget) -> None:
        """Make the keys of ``referee``'s actions work here too (except the window's own keys).

        A window-wide QAction fires in every window it is added to, so the referee's F5 is the
        same action, with the same handler and the same undo step, from either window.
        """
        own = {
            key.toString(QKeySequence.SequenceFormat.PortableText)
            for action in (
                self.windowed_action,
                self.full_screen_action,
                self.close_action,
                self.map_action,
            )
            for key in action.shortcuts()
        }
        for action in referee.actions():
            keys = {
                key.toString(QKeySequence.SequenceFormat.PortableText) for key in action.shortcuts()
            }
            if not keys or keys & own or action in self.forwarded:
                continue
            self.addAction(action)
            self.forwarded.append(action)

    # options and placement ------------------------------------------------------------------

    def options(self) -> PlayersOptions:
        return self._options

    def set_options(self, options: PlayersOptions) -> None:
        self._options = options
        if self._view is not None:
            self.show_view(self._view)

    def shares_referee_screen(self, screen: QScreen | None) -> bool:
        """True when ``screen`` is the one the referee works on (or the only one there is)."""
        if len(QGuiApplication.screens()) <= 1:
            return True
        referee = self._referee
        referee_screen = referee.screen() if referee is not None else None
        return screen is (referee_screen or QGuiApplication.primaryScreen())

    def place(self, screen: QScreen | None = None, *, full_screen: bool | None = None) -> None:
        """Show the window on ``screen`` (or the chosen one).

        Full screen if the options ask for it and the screen is not the referee's (or if
        ``full_screen`` says so: the players' F11). Never frameless: a full-screen window needs no
        frame hint, and a windowed one must keep its title bar to be moved and closed.
        """
        screen = screen or choose_screen(self._options.screen_name)
        if full_screen is None:
            full_screen = self._options.full_screen and not self.shares_referee_screen(screen)
        if self.windowFlags() & Qt.WindowType.FramelessWindowHint:
            self.setWindowFlag(Qt.WindowType.FramelessWindowHint, False)
        if screen is not None:
            self.setScreen(screen)
            if not full_screen:
                self.setGeometry(self._windowed_geometry(screen))
        if full_screen:
            self.showFullScreen()
        else:
            self.showNormal()
        if QGuiApplication.platformName() != "offscreen":  # that platform cannot raise windows
            self.raise_()

    def _windowed_geometry(self, screen: QScreen) -> QRect:
        area = screen.availableGeometry()
        # The geometry set is the inside's: the window manager's frame (title bar, borders)
        # comes around it, as around the referee's window, and must stay on the screen too.
        area = area.marginsRemoved(self._frame_margins())
        if self.shares_referee_screen(screen):
            # Beside the referee's work, not over it: a quarter of the screen, bottom right.
            least = self.minimumSizeHint()  # the layout's own floor, so the corner still holds
            width = min(area.width(), max(480, least.width(), area.width() // 2))
            height = min(area.height(), max(270, least.height(), area.height() // 2))
            return QRect(area.right() - width + 1, area.bottom() - height + 1, width, height)
        width, height = min(1280, area.width()), min(720, area.height())
        return QRect(
            area.x() + (area.width() - width) // 2,
            area.y() + (area.height() - height) // 2,
            width,
            height,
        )

    def _frame_margins(self) -> QMargins:
        """The window manager's frame around a window: this one's once framed, else the
        referee's (the same manager draws both); none without either."""
        for window in (self, self._referee):
            if window is None or not window.isVisible():
                continue
            frame, inside = window.frameGeometry(), window.geometry()
            if frame != inside:
                return QMargins(
                    inside.left() - frame.left(),
                    inside.top() - frame.top(),
                    frame.right() - inside.right(),
                    frame.bottom() - inside.bottom(),
                )
        return QMargins()

    def toggle_full_screen(self) -> None:
        full = not self.isFullScreen()
        self._options = replace(self._options, full_screen=full)
        self.place(self.screen(), full_screen=full)

    def leave_full_screen(self) -> None:
        """Esc: windowed, with its frame, whatever state the window was in."""
        self._options = replace(self._options, full_screen=False)
        if self.isFullScreen() or self.isMaximized() or self.isMinimized():
            self.place(self.screen(), full_screen=False)

    # content --------------------------------------------------------------------------------

    def view(self) -> PlayersView | None:
        return self._view

    def show_view(self, view: PlayersView) -> None:
        previous = self._view
        self._view = view
        options = self._options
        self.dt_label.setVisible(options.show_dt and view.dt > 0)
        self.dt_label.setText(f"Dungeon turn {view.dt}")
        greed = options.show_greed and view.greed_percent > 0
        self.greed_label.setVisible(greed)
        self.greed_label.setText(f"Greed +{view.greed_percent} %")
        self.clock.setVisible(options.show_clock)
        self.clock.show_time(view.clock_text, view.mood)
        self.state_label.setText(view.state_text)
        self.state_label.setVisible(bool(view.state_text))
        self.approach_label.setVisible(options.show_encounter and view.something_approaches)
        self._lights_box.setVisible(options.show_lights and bool(view.lights))
        if previous is None or previous.lights != view.lights:
            self._rebuild_lights(view.lights)
        if self._map_shown:
            self._hide_clock_parts()

    # the map page (another feature's widget: the travel map as the players know it) ---------

    def set_map_page(self, page: QWidget | None) -> None:
        """A page the players may see instead of the clock (M toggles); None takes it away."""
        if self._map_page is not None and self._map_page is not page:
            self.layout().removeWidget(self._map_page)
            self._map_page.hide()
        self._map_page = page
        self.map_action.setEnabled(page is not None)
        if page is not None:
            page.setParent(self)
            self.layout().addWidget(page, 5)  # type: ignore[call-arg]
            page.setVisible(self._map_shown)
        elif self._map_shown:
            self.show_map_page(False)

    def map_page_shown(self) -> bool:
        return self._map_shown

    def show_map_page(self, shown: bool) -> None:
        self._map_shown = shown and self._map_page is not None
        if self._map_page is not None:
            self._map_page.setVisible(self._map_shown)
        if self._map_shown:
            self._hide_clock_parts()
        elif self._view is not None:
            self.show_view(self._view)
        else:
            self.clock.setVisible(True)

    def toggle_map_page(self) -> None:
        self.show_map_page(not self._map_shown)

    def _hide_clock_parts(self) -> None:
        for part in (self.dt_label, self.greed_label, self.clock, self.state_label,
                     self.approach_label, self._lights_box):  # fmt: skip
            part.setVisible(False)

    def show_fight(self, fight: PlayersFight | None) -> None:
        """Show the fight's line (None: no fight, the line is hidden)."""
        self.fight_label.setText("" if fight is None else f"{fight.head}\n{fight.people}")
        self.fight_label.setVisible(fight is not None)

    def visible_texts(self) -> list[str]:
        """Every piece of text the window shows right now (for tests and screen readers)."""
        texts: list[str] = []
        for label in self.findChildren(QLabel):
            if label.isVisibleTo(self) and label.text():
                texts.append(label.text())
        if self.clock.isVisibleTo(self):
            texts.append(self.clock.text())
        return texts

    def _rebuild_lights(self, lights: Sequence[LightShown]) -> None:
        for tile in self._light_tiles:
            self.lights_row.removeWidget(tile)
            tile.hide()
            tile.deleteLater()
        self._light_tiles = []
        for light in lights[:MAX_LIGHTS_SHOWN]:
            tile = _LightTile(light)
            self._light_tiles.append(tile)
            self.lights_row.addWidget(tile)
        self._apply_fonts()

    def _apply_fonts(self) -> None:
        # Sized by the height on a 16:9 screen; a narrower window must not push text off it.
        unit = max(12, min(self.height() // 22, self.width() // 39))
        for label, factor, bold in (
            (self.dt_label, 1.5, True),
            (self.greed_label, 1.5, True),
            (self.state_label, 2.0, True),
            (self.approach_label, 2.2, True),
            (self.fight_label, 1.4, True),
        ):
            font = QFont(QApplication.font())
            font.setPixelSize(round(unit * factor))
            font.setBold(bold)
            label.setFont(font)
        self.clock.setMinimumHeight(unit * 5)
        margins = self.layout().contentsMargins()
        room = self.width() - margins.left() - margins.right()
        share = room // max(1, len(self._light_tiles)) - self.lights_row.spacing() - 12
        for tile in self._light_tiles:
            tile.resize_for(unit, share)

    # events ---------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._apply_fonts()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        # Full screen has no title bar: the mouse can still leave it or close the window.
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        menu.addActions([self.windowed_action, self.full_screen_action, self.close_action])
        if self._map_page is not None:
            menu.addAction(self.map_action)
        menu.popup(event.globalPos())

    def closeEvent(self, event: QCloseEvent) -> None:
        self.closed.emit()
        super().closeEvent(event)


def choose_screen(name: str) -> QScreen | None:
    """The screen called ``name``; else the first one that is not the primary; else the primary."""
    screens = QGuiApplication.screens()
    for screen in screens:
        if name and screen.name() == name:
            return screen
    primary = QGuiApplication.primaryScreen()
    for screen in screens:
        if screen is not primary:
            return screen
    return primary
