"""The inventory board's slot geometry in ``QRectF``: the present sheet layout at Qt's edge.

Where each slot sits is decided once, without Qt, by :func:`refkit.present.lay_out_sheet` (hands
and belt, backpack, magic slots, ground tray, in proportions read from ``sheets/inventory.toml``);
this module converts its rectangles to ``QRectF`` once per layout so the board's painting and hit
testing keep working in Qt's types.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSizeF

from refkit.present import (
    GROUND_PLACE,
    BoardMetrics,
    Place,
    Rect,
    SheetLayout,
    all_slot_places,
    lay_out_sheet,
    minimum_width,
)
from refkit.rules.inventory.model import BELT, SLOT_AREAS

__all__ = [
    "GROUND_PLACE",
    "AreaFrame",
    "BoardLayout",
    "BoardMetrics",
    "Place",
    "all_slot_places",
    "compute_layout",
    "laid_out_places",
    "minimum_width",
    "qrect",
]


def qrect(rect: Rect) -> QRectF:
    return QRectF(rect.x, rect.y, rect.width, rect.height)


@dataclass(frozen=True)
class AreaFrame:
    """An area's frame on the board and the strip at its top that holds its title."""

    area: str
    frame: QRectF
    title: QRectF


@dataclass
class BoardLayout:
    """The computed board in pixels: slot cells, area frames, ground cells and the total size."""

    sheet: SheetLayout
    """The layout it was converted from, in the same pixels."""
    slots: dict[Place, QRectF] = field(default_factory=dict)
    frames: dict[str, AreaFrame] = field(default_factory=dict)
    ground_cells: list[QRectF] = field(default_factory=list)
    size: QSizeF = field(default_factory=QSizeF)
    status: QRectF = field(default_factory=QRectF)
    """The column beside the backpack where the board shows speed and wounds."""

    @classmethod
    def from_sheet(cls, sheet: SheetLayout) -> BoardLayout:
        return cls(
            sheet=sheet,
            slots={place: qrect(cell) for place, cell in sheet.slots.items()},
            frames={
                area: AreaFrame(area, qrect(frame.frame), qrect(frame.title))
                for area, frame in sheet.frames.items()
            },
            ground_cells=[qrect(cell) for cell in sheet.ground_cells],
            size=QSizeF(*sheet.size),
            status=qrect(sheet.status),
        )

    @property
    def wide(self) -> bool:
        return self.sheet.wide

    @property
    def slot_width(self) -> float:
        return self.sheet.slot_width

    @property
    def metrics(self) -> BoardMetrics:
        return self.sheet.metrics

    def wound_box(self, slot: int) -> QRectF:
        """The clickable wound box at the foot of a backpack slot."""
        return qrect(self.sheet.wound_box(slot))

    def card_area(self, place: Place) -> QRectF:
        """The part of a slot cell where cards are drawn (above a backpack slot's wound band)."""
        return qrect(self.sheet.card_area(place))

    def place_at(self, point: QPointF) -> Place | None:
        """The slot (or the ground tray) under ``point``, or None between areas."""
        return self.sheet.place_at(point.x(), point.y())

    def wound_slot_at(self, point: QPointF) -> int | None:
        """The backpack slot whose wound box is under ``point``, or None."""
        return self.sheet.wound_slot_at(point.x(), point.y())

    def span_rects(self, area: str, at: int, slots: int) -> list[QRectF]:
        """The rectangles a card covering ``slots`` slots from ``at`` fills, one per board row."""
        return [rect for _first, rect in self.span_pieces(area, at, slots)]

    def span_pieces(self, area: str, at: int, slots: int) -> list[tuple[int, QRectF]]:
        """Like :meth:`span_rects`, each piece with the first slot number it covers."""
        return [(first, qrect(rect)) for first, rect in self.sheet.span_pieces(area, at, slots)]


def compute_layout(
    width: float,
    metrics: BoardMetrics,
    ground_slots: Sequence[int] = (),
    belt_slots: int = SLOT_AREAS[BELT],
) -> BoardLayout:
    """Lay the board out in ``width`` pixels (see :func:`refkit.present.lay_out_sheet`)."""
    return BoardLayout.from_sheet(lay_out_sheet(width, metrics, ground_slots, belt_slots))


def laid_out_places(layout: BoardLayout) -> tuple[Place, ...]:
    """The slots this layout has, in reading order (a trait's extra belt slot when laid out)."""
    return tuple(p for p in all_slot_places(SLOT_AREAS[BELT] + 1) if p in layout.slots)
