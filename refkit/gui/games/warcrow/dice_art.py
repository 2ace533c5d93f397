"""How Warcrow dice and symbols are drawn: the six die colours, and Success (star), Block
(shield) and Special (spark) as filled shapes, their hollow forms as outlines."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from refkit.games.warcrow import Colour, Symbol

DIE_FILL: dict[Colour, QColor] = {
    Colour.RED: QColor("#c62828"),
    Colour.ORANGE: QColor("#ef6c00"),
    Colour.YELLOW: QColor("#f6c915"),
    Colour.GREEN: QColor("#2e7d32"),
    Colour.BLUE: QColor("#1f5fbf"),
    Colour.BLACK: QColor("#1d1d1d"),
}
DIE_EDGE: dict[Colour, QColor] = {colour: fill.darker(160) for colour, fill in DIE_FILL.items()}
DIE_EDGE[Colour.BLACK] = QColor("#7a7a7a")
PICKED = QColor("#e0a100")
FIXED = QColor("#00a7c4")


def ink_for(colour: Colour) -> QColor:
    """The symbol colour that reads on a die: dark on yellow, white on the others."""
    return QColor("#1d1d1d") if colour is Colour.YELLOW else QColor("#ffffff")


def _star(rect: QRectF) -> QPainterPath:
    centre = rect.center()
    outer, inner = rect.width() / 2, rect.width() / 5
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi / 5 * index - math.pi / 2
        points.append(
            QPointF(centre.x() + radius * math.cos(angle), centre.y() + radius * math.sin(angle))
        )
    path = QPainterPath()
    path.addPolygon(QPolygonF(points))
    path.closeSubpath()
    return path


def _shield(rect: QRectF) -> QPainterPath:
    left, top, width, height = rect.left(), rect.top(), rect.width(), rect.height()
    path = QPainterPath()
    path.moveTo(left + width * 0.5, top)
    path.lineTo(left + width * 0.92, top + height * 0.16)
    path.lineTo(left + width * 0.86, top + height * 0.58)
    path.quadTo(left + width * 0.76, top + height * 0.86, left + width * 0.5, top + height)
    path.quadTo(left + width * 0.24, top + height * 0.86, left + width * 0.14, top + height * 0.58)
    path.lineTo(left + width * 0.08, top + height * 0.16)
    path.closeSubpath()
    return path


def _spark(rect: QRectF) -> QPainterPath:
    centre = rect.center()
    outer, inner = rect.width() / 2, rect.width() / 7
    points = []
    for index in range(8):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi / 4 * index - math.pi / 2
        points.append(
            QPointF(centre.x() + radius * math.cos(angle), centre.y() + radius * math.sin(angle))
        )
    path = QPainterPath()
    path.addPolygon(QPolygonF(points))
    path.closeSubpath()
    return path


_SHAPES = {
    Symbol.SUCCESS: _star,
    Symbol.BLOCK: _shield,
    Symbol.SPECIAL: _spark,
}


def paint_symbol(painter: QPainter, rect: QRectF, symbol: Symbol, ink: QColor) -> None:
    """One symbol in ``rect``: filled when full, an outline when hollow."""
    path = _SHAPES[symbol.full](rect)
    if symbol.hollow:
        painter.setPen(QPen(ink, max(1.2, rect.width() / 11)))
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
    else:
        painter.setPen(QPen(Qt.PenStyle.NoPen))
        painter.setBrush(QBrush(ink))
    painter.drawPath(path)


def paint_die(
    painter: QPainter,
    rect: QRectF,
    colour: Colour,
    face: Sequence[Symbol] | None,
    *,
    picked: bool = False,
    fixed: bool = False,
    rerolled: bool = False,
) -> None:
    """A die in ``rect``: its colour, the symbols of ``face`` (None: not rolled yet) and marks
    for a picked die (gold ring), a fixed one (teal ring and pin) and a rerolled one (dot)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    radius = rect.width() * 0.18
    painter.setPen(QPen(DIE_EDGE[colour], 1.5))
    painter.setBrush(QBrush(DIE_FILL[colour]))
    painter.drawRoundedRect(rect, radius, radius)
    ink = ink_for(colour)
    inner = rect.adjusted(
        rect.width() * 0.14, rect.height() * 0.14, -rect.width() * 0.14, -rect.height() * 0.14
    )
    if face is None:
        # Not rolled yet: a faint diamond says "a d8 waiting".
        faint = QColor(ink)
        faint.setAlpha(90)
        painter.setPen(QPen(faint, 1.5))
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        centre = inner.center()
        half = inner.width() * 0.32
        painter.drawPolygon(
            QPolygonF(
                [
                    QPointF(centre.x(), centre.y() - half),
                    QPointF(centre.x() + half, centre.y()),
                    QPointF(centre.x(), centre.y() + half),
                    QPointF(centre.x() - half, centre.y()),
                ]
            )
        )
    else:
        for slot, symbol in zip(_slots(inner, len(face)), face, strict=True):
            paint_symbol(painter, slot, symbol, ink)
    if picked or fixed:
        ring = PICKED if picked else FIXED
        painter.setPen(QPen(ring, max(2.5, rect.width() / 14)))
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        grown = rect.adjusted(-3, -3, 3, 3)
        painter.drawRoundedRect(grown, radius + 2, radius + 2)
    if fixed:
        pin = QRectF(
            rect.right() - rect.width() * 0.3,
            rect.top() - rect.height() * 0.08,
            rect.width() * 0.34,
            rect.width() * 0.34,
        )
        painter.setPen(QPen(QColor("#ffffff"), 1.2))
        painter.setBrush(QBrush(FIXED))
        painter.drawEllipse(pin)
    if rerolled:
        dot = QRectF(
            rect.left() + rect.width() * 0.07,
            rect.top() + rect.height() * 0.07,
            rect.width() * 0.16,
            rect.width() * 0.16,
        )
        painter.setPen(QPen(ink, 1.2))
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        painter.drawEllipse(dot)


def _slots(inner: QRectF, count: int) -> list[QRectF]:
    """Where ``count`` symbols sit on a face: one large, or two/three smaller side by side."""
    if count == 0:
        return []
    if count == 1:
        side = inner.width() * 0.78
        return [QRectF(inner.center().x() - side / 2, inner.center().y() - side / 2, side, side)]
    if count == 2:
        side = inner.width() * 0.56
        first = QRectF(inner.left(), inner.top(), side, side)
        second = QRectF(inner.right() - side, inner.bottom() - side, side, side)
        return [first, second]
    side = inner.width() / count
    return [
        QRectF(inner.left() + index * side, inner.center().y() - side / 2, side, side)
        for index in range(count)
    ]


def die_icon(colour: Colour, size: int = 28) -> QIcon:
    """A small die of ``colour`` for the add-a-die buttons."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_die(painter, QRectF(1.5, 1.5, size - 3, size - 3), colour, None)
    painter.end()
    return QIcon(pixmap)
