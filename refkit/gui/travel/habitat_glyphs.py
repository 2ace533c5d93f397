"""The small drawings that mark each habitat's pattern, so the map reads without its colours.

Each pattern (``trees``, ``arcs``, ``peaks``, ``reeds``, ``waves``, ``stones``) is a path around
a hex's centre, made once and moved to each hex; a pattern Refkit does not know draws nothing
(its colour still shows it), as does ``""`` (plains, by default).
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from refkit.gui.travel.hex_geometry import SIZE

PATTERNS = ("trees", "arcs", "peaks", "reeds", "waves", "stones")
"""The patterns a habitat may name (the editor offers these)."""


def _tree(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.moveTo(x, y - s)
    path.lineTo(x + s * 0.62, y + s * 0.45)
    path.lineTo(x - s * 0.62, y + s * 0.45)
    path.closeSubpath()
    path.addRect(QRectF(x - s * 0.1, y + s * 0.45, s * 0.2, s * 0.35))


def _arc(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.moveTo(x - s, y)
    path.quadTo(QPointF(x, y - s * 1.1), QPointF(x + s, y))


def _peak(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.moveTo(x - s, y + s * 0.6)
    path.lineTo(x, y - s * 0.8)
    path.lineTo(x + s, y + s * 0.6)
    # the snow line
    path.moveTo(x - s * 0.35, y - s * 0.3)
    path.lineTo(x - s * 0.1, y - s * 0.15)
    path.lineTo(x + s * 0.1, y - s * 0.32)
    path.lineTo(x + s * 0.35, y - s * 0.3)


def _reed(path: QPainterPath, x: float, y: float, s: float) -> None:
    for dx in (-0.35, 0.0, 0.35):
        path.moveTo(x + dx * s, y + s * 0.4)
        path.lineTo(x + dx * s * 1.4, y - s * 0.5)
    path.moveTo(x - s * 0.8, y + s * 0.45)
    path.lineTo(x + s * 0.8, y + s * 0.45)


def _wave(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.moveTo(x - s, y)
    path.cubicTo(
        QPointF(x - s * 0.5, y - s * 0.5), QPointF(x - s * 0.2, y - s * 0.5), QPointF(x, y)
    )
    path.cubicTo(
        QPointF(x + s * 0.2, y + s * 0.5), QPointF(x + s * 0.5, y + s * 0.5), QPointF(x + s, y)
    )


def _stones(path: QPainterPath, x: float, y: float, s: float) -> None:
    # a broken wall: two blocks and a fallen one
    path.addRect(QRectF(x - s * 0.8, y - s * 0.2, s * 0.6, s * 0.5))
    path.addRect(QRectF(x - s * 0.1, y - s * 0.7, s * 0.5, s))
    path.addRect(QRectF(x + s * 0.55, y + s * 0.1, s * 0.35, s * 0.25))


_SPOTS = ((-0.38, -0.2), (0.3, -0.35), (-0.05, 0.32), (0.42, 0.3))
"""Where in a hex the marks go (fractions of its size), spread so they do not overlap."""

_DRAW = {
    "trees": (_tree, _SPOTS, 0.2),
    "arcs": (_arc, ((-0.3, -0.05), (0.3, -0.25), (0.1, 0.38)), 0.2),
    "peaks": (_peak, ((-0.28, 0.05), (0.3, -0.12)), 0.32),
    "reeds": (_reed, ((-0.3, -0.1), (0.33, 0.2)), 0.25),
    "waves": (_wave, ((-0.2, -0.3), (0.2, 0.0), (-0.15, 0.32)), 0.22),
    "stones": (_stones, ((0.0, 0.0),), 0.35),
}


@cache
def glyph(pattern: str) -> QPainterPath | None:
    """The pattern's marks around (0, 0), or None for a pattern with no marks."""
    found = _DRAW.get(pattern)
    if found is None:
        return None
    draw, spots, scale = found
    path = QPainterPath()
    for fx, fy in spots:
        draw(path, fx * SIZE, fy * SIZE, scale * SIZE)
    return path


def filled(pattern: str) -> bool:
    """Trees and stones are filled shapes; the other marks are strokes."""
    return pattern in ("trees", "stones")
