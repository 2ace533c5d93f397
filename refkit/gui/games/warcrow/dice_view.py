"""Painted Warcrow widgets: a row of dice that can be clicked, and a tally of symbols."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from refkit.games.warcrow import Colour, Symbol, Symbols
from refkit.gui.games.warcrow.dice_art import paint_die, paint_symbol

DIE_SIZE = 42
GAP = 10
MARGIN = 5


@dataclass(frozen=True)
class ShownDie:
    """A die on show: its colour, the face it shows (None before the roll) and its marks."""

    colour: Colour
    face: tuple[Symbol, ...] | None = None
    fixed: bool = False
    rerolled: bool = False


class DieStrip(QWidget):
    """Dice drawn in their colours with their symbols, wrapping to more rows when narrow.

    ``die_clicked(index)`` fires on a click; the owner decides what a click means (remove it,
    fix it, pick it for a reroll) and which dice are ``picked`` (drawn with a gold ring).
    """

    die_clicked = Signal(int)

    def __init__(
        self, parent: QWidget | None = None, *, empty_text: str = "No dice", size: int = DIE_SIZE
    ) -> None:
        super().__init__(parent)
        self._size = size
        self._dice: tuple[ShownDie, ...] = (
            ShownDie(Colour.RED, (Symbol.SUCCESS, Symbol.SPECIAL)),
            ShownDie(Colour.BLACK, (Symbol.HOLLOW_BLOCK,)),
        )
        self._picked: frozenset[int] = frozenset()
        self._empty_text = empty_text
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(self._height_for(400))

    def set_dice(self, dice: Sequence[ShownDie], picked: Sequence[int] = ()) -> None:
        self._dice = tuple(dice)
        self._picked = frozenset(picked)
        self.setMinimumHeight(self._height_for(max(self.width(), 1)))
        self.updateGeometry()
        self.update()

    def dice(self) -> tuple[ShownDie, ...]:
        return self._dice

    def picked(self) -> frozenset[int]:
        return self._picked

    # --- geometry ----------------------------------------------------------------------------

    def _per_row(self, width: int) -> int:
        return max(1, (width - 2 * MARGIN + GAP) // (self._size + GAP))

    def _height_for(self, width: int) -> int:
        rows = max(1, -(-len(self._dice) // self._per_row(width)))
        return 2 * MARGIN + rows * self._size + (rows - 1) * GAP + 4

    def die_rect(self, index: int) -> QRectF:
        per_row = self._per_row(self.width())
        row, column = divmod(index, per_row)
        return QRectF(
            MARGIN + 3 + column * (self._size + GAP),
            MARGIN + 2 + row * (self._size + GAP),
            self._size,
            self._size,
        )

    def sizeHint(self) -> QSize:
        return QSize(6 * (self._size + GAP), self._height_for(6 * (self._size + GAP)))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._height_for(width)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.setMinimumHeight(self._height_for(max(self.width(), 1)))

    # --- painting and clicks -----------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if not self._dice:
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.PlaceholderText)))
            painter.drawText(
                QRectF(self.rect()).adjusted(MARGIN, 0, 0, 0),
                int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                self._empty_text,
            )
        for index, die in enumerate(self._dice):
            paint_die(
                painter,
                self.die_rect(index),
                die.colour,
                die.face,
                picked=index in self._picked,
                fixed=die.fixed,
                rerolled=die.rerolled,
            )
        painter.end()

    def index_at(self, point: QPoint) -> int | None:
        for index in range(len(self._dice)):
            if self.die_rect(index).adjusted(-3, -3, 3, 3).contains(point.toPointF()):
                return index
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position().toPoint())
        if index is not None and event.button() == Qt.MouseButton.LeftButton:
            self.die_clicked.emit(index)
            event.accept()
            return
        super().mousePressEvent(event)


SYMBOL_SIZE = 22


class SymbolTally(QWidget):
    """A roll's symbols drawn as shapes with their counts: ★ 2  ⛨ 1  ✦ 3 (hollow ones outlined)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._symbols = Symbols(success=2, hollow_success=1, block=1, special=1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(SYMBOL_SIZE + 8)

    def set_symbols(self, symbols: Symbols) -> None:
        self._symbols = symbols
        self.setToolTip(symbols.words())
        self.update()

    def symbols(self) -> Symbols:
        return self._symbols

    def sizeHint(self) -> QSize:
        return QSize(6 * (SYMBOL_SIZE + 34), SYMBOL_SIZE + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        ink = self.palette().color(QPalette.ColorRole.WindowText)
        x = 4.0
        shown = [symbol for symbol in Symbol if self._symbols.count(symbol)]
        if not shown:
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.PlaceholderText)))
            painter.drawText(
                QRectF(self.rect()).adjusted(4, 0, 0, 0),
                int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                "No symbols",
            )
        for symbol in shown:
            rect = QRectF(x, 4, SYMBOL_SIZE, SYMBOL_SIZE)
            paint_symbol(painter, rect, symbol, ink)
            painter.setPen(QPen(ink))
            text_rect = QRectF(x + SYMBOL_SIZE + 3, 0, 28, self.height())
            painter.drawText(
                text_rect,
                int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                f"×{self._symbols.count(symbol)}",
            )
            x += SYMBOL_SIZE + 34
        painter.end()
