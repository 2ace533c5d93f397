"""Where a flat-topped axial hex lies on the scene: its centre, its corners, its edge midpoints.

One hex is ``SIZE`` scene units from centre to corner; ``q`` runs east, ``r`` south-south-west
as in :mod:`refkit.rules.travel.hexes`. The polygon is made once and moved, since every hex has
the same shape.
"""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

from refkit.rules.travel.hexes import Hex, HexDirection

SIZE = 40.0
ROOT3 = math.sqrt(3.0)
WIDTH = 2 * SIZE
HEIGHT = ROOT3 * SIZE


def centre(hex_: Hex) -> QPointF:
    return QPointF(SIZE * 1.5 * hex_.q, SIZE * ROOT3 * (hex_.r + hex_.q / 2))


def centre_xy(q: int, r: int) -> tuple[float, float]:
    return SIZE * 1.5 * q, SIZE * ROOT3 * (r + q / 2)


def hex_at(x: float, y: float) -> Hex:
    """The hex under the scene point (cube rounding)."""
    fq = x / (1.5 * SIZE)
    fr = y / (ROOT3 * SIZE) - fq / 2
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


@cache
def unit_polygon(scale: float = 1.0) -> QPolygonF:
    """The hex's six corners around (0, 0), east corner first."""
    return QPolygonF(
        [
            QPointF(
                SIZE * scale * math.cos(math.radians(60 * i)),
                SIZE * scale * math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        ]
    )


@cache
def unit_path(scale: float = 1.0) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(unit_polygon(scale))
    path.closeSubpath()
    return path


def hex_path(hex_: Hex, scale: float = 1.0) -> QPainterPath:
    return unit_path(scale).translated(centre(hex_))


_EDGE_ANGLE = {
    HexDirection.N: -90.0,
    HexDirection.NE: -30.0,
    HexDirection.SE: 30.0,
    HexDirection.S: 90.0,
    HexDirection.SW: 150.0,
    HexDirection.NW: 210.0,
}


def edge_offset(direction: HexDirection, fraction: float = 1.0) -> QPointF:
    """From a hex's centre to the middle of its edge toward ``direction`` (times ``fraction``)."""
    angle = math.radians(_EDGE_ANGLE[direction])
    reach = HEIGHT / 2 * fraction
    return QPointF(reach * math.cos(angle), reach * math.sin(angle))


def bounds_rect(hexes: list[Hex] | tuple[Hex, ...] | set[Hex] | frozenset[Hex]) -> QRectF:
    """The scene rectangle holding every hex given, with a hex's margin round it."""
    xs, ys = [], []
    for hex_ in hexes:
        x, y = centre_xy(hex_.q, hex_.r)
        xs.append(x)
        ys.append(y)
    if not xs:
        return QRectF()
    return QRectF(
        min(xs) - WIDTH,
        min(ys) - HEIGHT,
        max(xs) - min(xs) + 2 * WIDTH,
        max(ys) - min(ys) + 2 * HEIGHT,
    )
