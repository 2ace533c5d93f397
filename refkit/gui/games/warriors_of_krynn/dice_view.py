"""Warriors of Krynn battle dice drawn: each die a dark face carrying its hit stars and woe
drops; dice typed in from the table are shown as a tally of the same symbols."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

DIE_SIZE = 46
GAP = 10
SYMBOL = 18
DIE_FACE = QColor("#1f3a5f")
DIE_EDGE = QColor("#0d1b2a")
HIT_FILL = QColor("#f2c14e")
HIT_EDGE = QColor("#7a5c00")
WOE_FILL = QColor("#c0392b")
WOE_EDGE = QColor("#5c0f08")
BLANK_MARK = QColor("#8fa6c1")


def star(centre: QPointF, radius: float) -> QPolygonF:
    """A five-pointed star: the hit symbol."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(QPointF(centre.x() + r * math.cos(angle), centre.y() + r * math.sin(angle)))
    return QPolygonF(points)


def drop(centre: QPointF, radius: float) -> QPainterPath:
    """A drop of blood: the woe symbol."""
    path = QPainterPath()
    tip = QPointF(centre.x(), centre.y() - radius)
    path.moveTo(tip)
    bowl = QRectF(centre.x() - radius * 0.7, centre.y() - radius * 0.15, radius * 1.4, radius * 1.2)
    path.cubicTo(
        QPointF(centre.x() + radius * 0.2, centre.y() - radius * 0.5),
        QPointF(bowl.right(), bowl.top()),
        QPointF(bowl.right(), bowl.center().y()),
    )
    path.arcTo(bowl, 0, -180)
    path.cubicTo(
        QPointF(bowl.left(), bowl.top()),
        QPointF(centre.x() - radius * 0.2, centre.y() - radius * 0.5),
        tip,
    )
    return path


def paint_symbols(painter: QPainter, rect: QRectF, hits: int, woes: int, size: float) -> None:
    """``hits`` stars then ``woes`` drops, centred in ``rect`` in rows of three."""
    symbols = ["hit"] * hits + ["woe"] * woes
    if not symbols:
        painter.setPen(QPen(BLANK_MARK, 2.0))
        c = rect.center()
        painter.drawLine(QPointF(c.x() - size / 3, c.y()), QPointF(c.x() + size / 3, c.y()))
        return
    per_row = 3 if len(symbols) > 2 else len(symbols)
    rows = -(-len(symbols) // per_row)
    step = min(size, rect.width() / per_row, rect.height() / rows)
    top = rect.center().y() - rows * step / 2
    for index, kind in enumerate(symbols):
        row, column = divmod(index, per_row)
        in_row = min(per_row, len(symbols) - row * per_row)
        left = rect.center().x() - in_row * step / 2
        centre = QPointF(left + (column + 0.5) * step, top + (row + 0.5) * step)
        if kind == "hit":
            painter.setPen(QPen(HIT_EDGE, 1.0))
            painter.setBrush(HIT_FILL)
            painter.drawPolygon(star(centre, step * 0.46))
        else:
            painter.setPen(QPen(WOE_EDGE, 1.0))
            painter.setBrush(WOE_FILL)
            painter.drawPath(drop(centre, step * 0.44))


class BattleDiceView(QWidget):
    """Rolled battle dice (``show_dice``) or a typed-in tally of hits and woes (``show_tally``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("krynn_dice")
        self._dice: tuple[tuple[int, int], ...] = ()
        self._tally: tuple[int, int] | None = None
        self.setSizePolicy(_wrapping_policy())

    def show_dice(self, faces: Sequence[tuple[int, int]]) -> None:
        self._dice, self._tally = tuple(faces), None
        self._relayout()

    def show_tally(self, hits: int, woes: int) -> None:
        self._dice, self._tally = (), (hits, woes)
        self._relayout()

    def clear(self) -> None:
        self._dice, self._tally = (), None
        self._relayout()

    def shown(self) -> tuple[tuple[tuple[int, int], ...], tuple[int, int] | None]:
        return self._dice, self._tally

    def _per_row(self, width: int) -> int:
        return max(1, (width - GAP) // (DIE_SIZE + GAP))

    def _height_for(self, width: int) -> int:
        if self._tally is not None:
            count = max(1, sum(self._tally))
            per_row = max(1, (width - GAP) // (SYMBOL + 6))
            return -(-count // per_row) * (SYMBOL + 6) + 8
        rows = max(1, -(-len(self._dice) // self._per_row(width)))
        return rows * (DIE_SIZE + GAP) + 4

    def _relayout(self) -> None:
        self.updateGeometry()
        self.update()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._height_for(width)

    def sizeHint(self) -> QSize:
        width = 4 * (DIE_SIZE + GAP) + GAP
        return QSize(width, self._height_for(width))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._tally is not None:
            hits, woes = self._tally
            per_row = max(1, (self.width() - GAP) // (SYMBOL + 6))
            for index, kind in enumerate(["hit"] * hits + ["woe"] * woes):
                row, column = divmod(index, per_row)
                cell = QRectF(GAP + column * (SYMBOL + 6), 4 + row * (SYMBOL + 6), SYMBOL, SYMBOL)
                paint_symbols(painter, cell, int(kind == "hit"), int(kind == "woe"), float(SYMBOL))
        per_row = self._per_row(self.width())
        for index, (hits, woes) in enumerate(self._dice):
            row, column = divmod(index, per_row)
            rect = QRectF(
                GAP + column * (DIE_SIZE + GAP), 4 + row * (DIE_SIZE + GAP), DIE_SIZE, DIE_SIZE
            )
            painter.setPen(QPen(DIE_EDGE, 1.5))
            painter.setBrush(DIE_FACE)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 8, 8)
            paint_symbols(painter, rect.adjusted(5, 5, -5, -5), hits, woes, 20.0)
        painter.end()


def _wrapping_policy() -> QSizePolicy:
    """Wide as it is given, tall as the dice need at that width (they wrap into rows)."""
    policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)
    return policy
