"""Small pieces of the effects panel: usage dice drawn as pips, and one row per tracked effect."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import ElidedLabel, rich_tooltip
from refkit.rules.dungeon.effects import EffectKind, LightStatus, TrackedEffect
from refkit.rules.usage_dice import UsageDiceMode

KIND_WORDS = {
    EffectKind.LIGHT: "light",
    EffectKind.SPELL: "spell",
    EffectKind.BACKLASH: "backlash",
    EffectKind.CONDITION: "condition",
    EffectKind.CUSTOM: "effect",
}
MODE_ORDER = (
    UsageDiceMode.DT,
    UsageDiceMode.USELESS,
    UsageDiceMode.REFUEL,
    UsageDiceMode.REST,
    UsageDiceMode.ACTIVATE,
)


def is_dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Window).lightness() < 128


def effect_status(effect: TrackedEffect) -> str:
    """A short word for the effect's state: burning / guttering / out / spent / 3 UD..."""
    if effect.spent:
        return "spent"
    if effect.kind is EffectKind.LIGHT:
        status = effect.light_status
        if status is LightStatus.OUT and effect.usage_dice > 0:
            return "doused"
        return status.value
    if effect.usage_dice == 0 and effect.ends_at_dt_end:
        return "ends with the DT"
    if effect.usage_dice == 0 and effect.ends_at_rest:
        return "until the next rest"
    if effect.usage_dice == 0:
        return "no dice left" if effect.is_equipment else "until removed"
    return "active"


def modes_text(effect: TrackedEffect) -> str:
    words = [mode.value for mode in MODE_ORDER if mode in effect.modes]
    if effect.refuel_with and UsageDiceMode.REFUEL in effect.modes:
        words = [f"Refuel: {effect.refuel_with}" if w == "Refuel" else w for w in words]
    if effect.ends_at_dt_end:
        words.append("ends with the DT")
    return "; ".join(words)


class UsageDicePips(QWidget):
    """``current`` filled dice out of ``maximum``, as little rounded squares (with a number)."""

    def __init__(self, current: int = 0, maximum: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("usage_dice_pips")
        self._current = current
        self._maximum = maximum
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._sync()

    def set_dice(self, current: int, maximum: int) -> None:
        self._current, self._maximum = current, maximum
        self._sync()
        self.update()

    def current(self) -> int:
        return self._current

    def _sync(self) -> None:
        self.setToolTip(f"{self._current} of {self._maximum} usage dice")
        self.setAccessibleName(f"{self._current} of {self._maximum} usage dice")
        self.updateGeometry()

    def _side(self) -> int:
        return max(10, self.fontMetrics().height() - 2)

    def sizeHint(self) -> QSize:
        side = self._side()
        shown = min(self._maximum, 10)
        return QSize(max(side, shown * (side + 3)), side + 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = self._side()
        dark = is_dark(self)
        full = QColor("#e8c170" if dark else "#b7791f")
        empty = QColor("#5a5d63" if dark else "#c9ccd1")
        for index in range(min(self._maximum, 10)):
            rect = QRectF(index * (side + 3) + 0.5, 1.5, side - 1, side - 1)
            if index < self._current:
                painter.setPen(full.darker(130))
                painter.setBrush(full)
            else:
                painter.setPen(empty)
                painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, side * 0.22, side * 0.22)
            if index < self._current:
                painter.setBrush(QColor("#2b2b2b"))
                painter.setPen(Qt.PenStyle.NoPen)
                dot = side * 0.16
                painter.drawEllipse(rect.center(), dot, dot)
        if self._maximum > 10:
            painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignRight, f"{self._current}")
        painter.end()


class EffectRow(QFrame):
    """One tracked effect: name and owner, UD pips and count, modes, state, and its actions."""

    douse_clicked = Signal(str)
    use_clicked = Signal(str)
    relight_clicked = Signal(str)
    refuel_clicked = Signal(str)
    remove_clicked = Signal(str)

    def __init__(self, effect: TrackedEffect, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"effect_{effect.id}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.effect = effect
        self.name_label = ElidedLabel()  # the effect's and its owner's names, as typed
        self.name_label.setObjectName("effect_name")
        font = self.name_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.name_label.setFont(font)
        self.detail_label = ElidedLabel()  # names the crow carrying the item
        self.detail_label.setObjectName("effect_detail")
        self.status_label = QLabel()
        self.status_label.setObjectName("effect_status")
        self.status_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.pips = UsageDicePips()
        self.count_label = QLabel()
        self.count_label.setObjectName("effect_ud")
        self.douse_button = self._button("Douse", "Put the light out (rolls its UD once)")
        self.use_button = self._button("Use", "It was used: roll its usage dice")
        self.relight_button = self._button("Light", "Light it again")
        self.refuel_button = self._button("Refuel", "Spend the fuel: back to full usage dice")
        self.remove_button = self._button("✕", "Stop tracking this effect")
        self.douse_button.clicked.connect(lambda: self.douse_clicked.emit(self.effect.id))
        self.use_button.clicked.connect(lambda: self.use_clicked.emit(self.effect.id))
        self.relight_button.clicked.connect(lambda: self.relight_clicked.emit(self.effect.id))
        self.refuel_button.clicked.connect(lambda: self.refuel_clicked.emit(self.effect.id))
        self.remove_button.clicked.connect(lambda: self.remove_clicked.emit(self.effect.id))

        top = QHBoxLayout()
        top.setSpacing(8)
        top.addWidget(self.name_label, 1)
        top.addWidget(self.status_label)
        bottom = QHBoxLayout()
        bottom.setSpacing(6)
        bottom.addWidget(self.pips)
        bottom.addWidget(self.count_label)
        bottom.addWidget(self.detail_label, 1)
        for button in (
            self.douse_button,
            self.use_button,
            self.relight_button,
            self.refuel_button,
            self.remove_button,
        ):
            bottom.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 6, 4)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(bottom)
        self.show_effect(effect)

    def _button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setObjectName(f"effect_{text.lower().strip('✕') or 'remove'}")
        button.setAutoRaise(False)
        return button

    def show_effect(self, effect: TrackedEffect) -> None:
        self.effect = effect
        name = effect.name if not effect.owner else f"{effect.name} — {effect.owner}"
        self.name_label.setText(name)
        kind = KIND_WORDS[effect.kind]
        if effect.bound:  # its dice are the item's, on the crow's sheet
            kind = f"carried {kind}"
        modes = modes_text(effect)
        self.detail_label.setText(f"{kind} · {modes}" if modes else kind)
        self.detail_label.setToolTip(
            rich_tooltip(
                f"{effect.crow}'s own {effect.name}: its usage dice are the ones on the sheet"
                if effect.bound
                else ""
            )
        )
        if effect.bound and effect.refuel_with:
            self.refuel_button.setToolTip(
                rich_tooltip(
                    f"Spend one {effect.refuel_with} {effect.crow} carries: back to full usage dice"
                )
            )
        status = effect_status(effect)
        self.status_label.setText(status.upper() if status in ("out", "spent") else status)
        colour = self._status_colour(effect, status)
        self.status_label.setStyleSheet(f"color: {colour}; font-weight: bold;")
        has_dice = effect.max_usage_dice > 0
        self.pips.setVisible(has_dice)
        self.count_label.setVisible(has_dice)
        self.pips.set_dice(effect.usage_dice, effect.max_usage_dice)
        self.count_label.setText(f"{effect.usage_dice}/{effect.max_usage_dice} UD")
        light = effect.kind is EffectKind.LIGHT
        self.douse_button.setVisible(light and effect.lit)
        self.use_button.setVisible(
            UsageDiceMode.ACTIVATE in effect.modes and not effect.spent and effect.usage_dice > 0
        )
        self.relight_button.setVisible(
            light and not effect.lit and not effect.spent and effect.usage_dice > 0
        )
        self.refuel_button.setVisible(
            UsageDiceMode.REFUEL in effect.modes
            and not effect.spent
            and effect.usage_dice < effect.max_usage_dice
        )
        self.setProperty("spent", effect.spent)
        self.setEnabled(True)
        for label in (self.name_label, self.detail_label):
            label.setEnabled(not effect.spent)

    def _status_colour(self, effect: TrackedEffect, status: str) -> str:
        dark = is_dark(self)
        if status in ("out", "spent", "no dice left"):
            return "#ff8a80" if dark else "#b00020"
        if status == "guttering":
            return "#ffb74d" if dark else "#b35c00"
        if status == "burning":
            return "#ffd54f" if dark else "#8a6a00"
        return self.palette().color(QPalette.ColorRole.WindowText).name()
