"""Six-sided dice drawn as the box's white and black dice, pips and all; a click picks a die to
reroll, a discarded die is drawn faded and struck through."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

DIE_SIZE = 46
GAP = 10
CAPTION_HEIGHT = 18

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}

WHITE_FACE = QColor("#f4f1e8")
WHITE_EDGE = QColor("#8d8677")
BLACK_FACE = QColor("#26221f")
BLACK_EDGE = QColor("#000000")
PICKED = QColor("#e0a100")


@dataclass(frozen=True)
class ShownDie:
    """One die on show: its face, whether it is a black die, whether it was discarded, and a
    short caption under it (``type``, ``passage``, ``boost``) or an empty one."""

    face: int
    black: bool = False
    discarded: bool = False
    caption: str = ""


class D6Strip(QWidget):
    """A row of drawn d6s; wraps to more rows when narrow. ``picked_changed`` fires when a click
    picks or drops a die (only while picking is allowed)."""

    picked_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("widowers_dice")
        self._dice: tuple[ShownDie, ...] = ()
        self._picked: set[int] = set()
        self._can_pick = False
        self.setSizePolicy(_wrapping_policy())
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # --- what is shown ----------------------------------------------------------------------

    def show_dice(self, dice: Sequence[ShownDie], *, can_pick: bool = False) -> None:
        self._dice = tuple(dice)
        self._picked.clear()
        self._can_pick = can_pick
        self.setToolTip("Click dice to pick them for a reroll." if can_pick else "")
        self.updateGeometry()
        self.update()
        self.picked_changed.emit()

    def dice(self) -> tuple[ShownDie, ...]:
        return self._dice

    def picked(self) -> tuple[int, ...]:
        return tuple(sorted(self._picked))

    def toggle(self, index: int) -> None:
        if not self._can_pick or not 0 <= index < len(self._dice):
            return
        self._picked.symmetric_difference_update({index})
        self.update()
        self.picked_changed.emit()

    # --- geometry ---------------------------------------------------------------------------

    def _per_row(self, width: int) -> int:
        return max(1, (width - GAP) // (DIE_SIZE + GAP))

    def _height_for(self, width: int) -> int:
        rows = max(1, -(-len(self._dice) // self._per_row(width)))
        return rows * (DIE_SIZE + CAPTION_HEIGHT + GAP) + 4

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._height_for(width)

    def sizeHint(self) -> QSize:
        width = 4 * (DIE_SIZE + GAP) + GAP
        return QSize(width, self._height_for(width))

    def die_rect(self, index: int) -> QRectF:
        per_row = self._per_row(self.width())
        row, column = divmod(index, per_row)
        x = GAP + column * (DIE_SIZE + GAP)
        y = 4 + row * (DIE_SIZE + CAPTION_HEIGHT + GAP)
        return QRectF(x, y, DIE_SIZE, DIE_SIZE)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        for index in range(len(self._dice)):
            if self.die_rect(index).contains(event.position()):
                self.toggle(index)
                return
        super().mousePressEvent(event)

    # --- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        caption_font = QFont(self.font())
        caption_font.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.85))
        text_colour = self.palette().color(self.foregroundRole())
        for index, die in enumerate(self._dice):
            rect = self.die_rect(index)
            _paint_die(painter, rect, die, picked=index in self._picked)
            if die.caption:
                painter.setFont(caption_font)
                painter.setPen(QPen(text_colour))
                caption = QRectF(rect.left() - GAP / 2, rect.bottom() + 2, rect.width() + GAP, 16)
                painter.drawText(caption, int(Qt.AlignmentFlag.AlignCenter), die.caption)
        painter.end()


def _paint_die(painter: QPainter, rect: QRectF, die: ShownDie, *, picked: bool) -> None:
    painter.save()
    if die.discarded:
        painter.setOpacity(0.35)
    face, edge = (BLACK_FACE, BLACK_EDGE) if die.black else (WHITE_FACE, WHITE_EDGE)
    pip = WHITE_FACE if die.black else BLACK_FACE
    painter.setPen(QPen(PICKED if picked else edge, 3.0 if picked else 1.5))
    painter.setBrush(face)
    painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 8, 8)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(pip)
    radius = rect.width() * 0.085
    for fx, fy in PIPS.get(die.face, ()):
        centre = QPointF(rect.left() + fx * rect.width(), rect.top() + fy * rect.height())
        painter.drawEllipse(centre, radius, radius)
    if die.discarded:
        painter.setOpacity(1.0)
        painter.setPen(QPen(QColor("#b00020"), 3.0))
        painter.drawLine(rect.bottomLeft() + QPointF(4, -4), rect.topRight() + QPointF(-4, 4))
    painter.restore()


def _wrapping_policy() -> QSizePolicy:
    """Wide as it is given, tall as the dice need at that width (they wrap into rows)."""
    policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)
    return policy
