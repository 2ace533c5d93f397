"""Drawing Stworze's pieces with QPainter: the Day and Night card icons, a countdown die's face
and an Impact token. Each function draws into the rectangle it is given and leaves the painter's
state as it found it.

Never pass None to a QPainter call (PySide 6.12 on Python 3.11 loses a reference to None each time).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from refkit.games.stworze import Icon, Influence, TimeOfDay

DAY_CARD = QColor("#f4e3b5")
DAY_EDGE = QColor("#b8862b")
SUN = QColor("#f0a202")
SUN_RAY = QColor("#d98200")
CLOUD = QColor("#e6e9ee")
CLOUD_EDGE = QColor("#8d96a3")
ECLIPSE_DISC = QColor("#2b2118")
CORONA = QColor("#ffd75e")
NIGHT_CARD = QColor("#1d2547")
NIGHT_EDGE = QColor("#6d7bb8")
MOON_LIT = QColor("#f1ebcf")
MOON_DARK = QColor("#39426b")
PIP = QColor("#20160c")
WOOD = QColor("#d3a66b")
WOOD_EDGE = QColor("#8a6235")
FEAR = QColor("#9c2a22")
FAVOR = QColor("#3f7f3a")
TOKEN_MARK = QColor("#fbf5e6")
EMPTY = QColor("#8c8c8c")


def icon_card(painter: QPainter, rect: QRectF, time: TimeOfDay, icon: Icon, ranks: int) -> None:
    """A test card: its time's colours, the icon drawn large, and one pip per rank below it (so
    the order shows whatever the icon is called)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    day = time is TimeOfDay.DAY
    radius = min(rect.width(), rect.height()) * 0.12
    painter.setPen(QPen(DAY_EDGE if day else NIGHT_EDGE, max(1.0, rect.width() * 0.03)))
    painter.setBrush(QBrush(DAY_CARD if day else NIGHT_CARD))
    painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
    side = min(rect.width() * 0.78, rect.height() * 0.62)
    art = QRectF(0, 0, side, side)
    art.moveCenter(QPointF(rect.center().x(), rect.top() + rect.height() * 0.42))
    if day:
        day_icon(painter, art, icon, ranks)
    else:
        night_icon(painter, art, icon, ranks)
    _rank_pips(painter, rect, icon.rank, ranks, TOKEN_MARK if not day else PIP)
    painter.restore()


def day_icon(painter: QPainter, rect: QRectF, icon: Icon, ranks: int) -> None:
    """The sun: an eclipse is a dark disc in a bright ring, a clouded sun sits behind a cloud,
    any other Day icon is a sun whose rays grow with its rank."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    name = icon.name.casefold()
    centre = rect.center()
    r = rect.width() * 0.28
    if "eclipse" in name:
        _rays(painter, centre, r * 1.25, r * 1.7, 16, CORONA, rect.width() * 0.03)
        painter.setPen(QPen(CORONA, rect.width() * 0.06))
        painter.setBrush(QBrush(ECLIPSE_DISC))
        painter.drawEllipse(centre, r, r)
    else:
        rays = 4 + 2 * max(1, icon.rank)
        _rays(painter, centre, r * 1.2, r * 1.65, rays, SUN_RAY, rect.width() * 0.045)
        painter.setPen(QPen(SUN_RAY, rect.width() * 0.02))
        painter.setBrush(QBrush(SUN))
        painter.drawEllipse(centre, r, r)
        if "cloud" in name:
            _cloud(painter, rect)
    painter.restore()


def night_icon(painter: QPainter, rect: QRectF, icon: Icon, ranks: int) -> None:
    """The moon, lit more the harder the icon: a full moon wholly, a half-moon by half, other
    Night icons as a crescent that thickens with rank."""
    name = icon.name.casefold()
    if "full" in name:
        lit = 1.0
    elif "half" in name:
        lit = 0.5
    else:
        lit = min(0.42, 0.12 + 0.18 * (max(1, icon.rank) - 1))
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    centre = rect.center()
    r = rect.width() * 0.36
    painter.setPen(QPen(MOON_LIT, rect.width() * 0.015))
    painter.setBrush(QBrush(MOON_DARK))
    painter.drawEllipse(centre, r, r)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(MOON_LIT))
    painter.drawPath(_lit_part(centre, r, lit))
    painter.restore()


def _lit_part(centre: QPointF, r: float, lit: float) -> QPainterPath:
    """The lit part of a moon ``lit`` (0–1) full, light from the right: the right half, less or
    plus an ellipse whose width is the terminator's."""
    disc = QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
    half = QPainterPath()
    half.moveTo(centre.x(), centre.y() - r)
    half.arcTo(disc, 90, -180)
    half.closeSubpath()
    if lit >= 1.0:
        whole = QPainterPath()
        whole.addEllipse(disc)
        return whole
    width = abs(1 - 2 * lit) * r
    terminator = QPainterPath()
    terminator.addEllipse(QRectF(centre.x() - width, centre.y() - r, 2 * width, 2 * r))
    if lit < 0.5:
        return half.subtracted(terminator)
    return half.united(terminator)


def _rays(
    painter: QPainter,
    centre: QPointF,
    inner: float,
    outer: float,
    count: int,
    colour: QColor,
    width: float,
) -> None:
    pen = QPen(colour, max(1.0, width))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    for index in range(count):
        angle = 2 * math.pi * index / count
        dx, dy = math.cos(angle), math.sin(angle)
        painter.drawLine(
            QPointF(centre.x() + dx * inner, centre.y() + dy * inner),
            QPointF(centre.x() + dx * outer, centre.y() + dy * outer),
        )


def _cloud(painter: QPainter, rect: QRectF) -> None:
    w = rect.width()
    cloud = QPainterPath()
    base_y = rect.top() + rect.height() * 0.72
    for dx, dy, size in ((0.18, 0.0, 0.2), (0.36, -0.1, 0.26), (0.58, -0.02, 0.22)):
        cloud.addEllipse(
            QPointF(rect.left() + w * dx + w * 0.1, base_y + rect.height() * dy),
            w * size,
            w * size * 0.75,
        )
    cloud.addRect(QRectF(rect.left() + w * 0.2, base_y, w * 0.6, w * 0.16))
    painter.setPen(QPen(CLOUD_EDGE, max(1.0, w * 0.02)))
    painter.setBrush(QBrush(CLOUD))
    painter.drawPath(cloud.simplified())


def _rank_pips(painter: QPainter, rect: QRectF, rank: int, ranks: int, colour: QColor) -> None:
    size = rect.width() * 0.07
    gap = size * 0.8
    total = ranks * size + (ranks - 1) * gap
    x = rect.center().x() - total / 2
    y = rect.bottom() - rect.height() * 0.12
    painter.setPen(QPen(colour, max(1.0, size * 0.18)))
    for index in range(ranks):
        painter.setBrush(QBrush(colour) if index < rank else QBrush(Qt.BrushStyle.NoBrush))
        painter.drawEllipse(QPointF(x + size / 2, y), size / 2, size / 2)
        x += size + gap


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def die_face(painter: QPainter, rect: QRectF, value: int) -> None:
    """A wooden countdown die showing ``value`` pips; 0 is the die taken off its Event (a dashed
    outline where it stood)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    side = min(rect.width(), rect.height()) - 2
    square = QRectF(0, 0, side, side)
    square.moveCenter(rect.center())
    radius = side * 0.16
    if value <= 0:
        pen = QPen(EMPTY, max(1.0, side * 0.04))
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        painter.drawRoundedRect(square, radius, radius)
        painter.restore()
        return
    painter.setPen(QPen(WOOD_EDGE, max(1.0, side * 0.05)))
    painter.setBrush(QBrush(WOOD))
    painter.drawRoundedRect(square, radius, radius)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(PIP))
    pip = side * 0.085
    for fx, fy in _PIPS[min(value, 6)]:
        painter.drawEllipse(QPointF(square.left() + fx * side, square.top() + fy * side), pip, pip)
    painter.restore()


def impact_token(painter: QPainter, rect: QRectF, side: Influence | None) -> None:
    """An Area's Impact token: red with a jagged mark for Fear, green with a heart for Favor,
    a dashed empty ring when the Area has none."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    d = min(rect.width(), rect.height()) - 2
    disc = QRectF(0, 0, d, d)
    disc.moveCenter(rect.center())
    if side is None:
        pen = QPen(EMPTY, max(1.0, d * 0.05))
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        painter.drawEllipse(disc)
        painter.restore()
        return
    painter.setPen(QPen(TOKEN_MARK, max(1.0, d * 0.05)))
    painter.setBrush(QBrush(FEAR if side is Influence.FEAR else FAVOR))
    painter.drawEllipse(disc)
    c, s = disc.center(), d * 0.26
    if side is Influence.FEAR:
        mark = QPolygonF(
            [
                QPointF(c.x() - s * 0.2, c.y() - s * 1.1),
                QPointF(c.x() + s * 0.55, c.y() - s * 1.1),
                QPointF(c.x() + s * 0.05, c.y() - s * 0.1),
                QPointF(c.x() + s * 0.6, c.y() - s * 0.1),
                QPointF(c.x() - s * 0.45, c.y() + s * 1.2),
                QPointF(c.x() - s * 0.05, c.y() + s * 0.15),
                QPointF(c.x() - s * 0.6, c.y() + s * 0.15),
            ]
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(TOKEN_MARK))
        painter.drawPolygon(mark)
    else:
        heart = QPainterPath()
        heart.moveTo(c.x(), c.y() + s * 0.95)
        heart.cubicTo(
            c.x() - s * 1.5,
            c.y() - s * 0.1,
            c.x() - s * 0.7,
            c.y() - s * 1.2,
            c.x(),
            c.y() - s * 0.45,
        )
        heart.cubicTo(
            c.x() + s * 0.7,
            c.y() - s * 1.2,
            c.x() + s * 1.5,
            c.y() - s * 0.1,
            c.x(),
            c.y() + s * 0.95,
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(TOKEN_MARK))
        painter.drawPath(heart)
    painter.restore()
