"""Where each slot of the inventory board sits, laid out like the physical character sheet.

Two arrangements, chosen by the width available:

- **wide** (eight slot columns): hands (2) and belt (4) on the top row, the backpack's two rows of
  five under them, and the six magic-item slots as a column of three pairs on the right;
- **narrow** (six slot columns): hands and belt, the backpack, then the magic slots in one row.

The ground tray runs across the bottom and grows a row at a time with what lies in it. Backpack
slots keep a band at their foot for the wound box, like the "Wound ( )" box of the paper sheet.
Everything here is plain geometry (``QRectF``), computed from font metrics so it scales with the
user's font size and the screen's DPI.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QPointF, QRectF, QSizeF

from refkit.rules.inventory import (
    BACKPACK,
    BACKPACK_ROW_BREAK,
    BELT,
    GROUND,
    HAND,
    MAGIC,
    MAGIC_SLOTS,
    SLOT_AREAS,
)

WIDE_COLUMNS = 8
NARROW_COLUMNS = 6
SLOT_ASPECT = 0.76
"""Height over width of a slot once the board is wide enough for cards to grow."""


@dataclass(frozen=True, order=True)
class Place:
    """One place on the board: a numbered slot, a magic slot by name, or the ground tray."""

    area: str
    at: int | str | None = None

    @property
    def label(self) -> str:
        """Plain words for the place: ``Backpack 3``, ``Finger slot``, ``the ground``."""
        if self.area == GROUND:
            return "the ground"
        if self.area == MAGIC:
            return f"{str(self.at).capitalize()} slot"
        return f"{self.area.capitalize()} {self.at}"


GROUND_PLACE = Place(GROUND, None)


def all_slot_places() -> tuple[Place, ...]:
    """Every slot in reading order: hands, belt, backpack 1–10, then the magic slots."""
    places = [Place(area, number) for area in (HAND, BELT, BACKPACK) for number in _numbers(area)]
    places += [Place(MAGIC, name) for name in MAGIC_SLOTS]
    return tuple(places)


def _numbers(area: str) -> range:
    return range(1, SLOT_AREAS[area] + 1)


@dataclass(frozen=True)
class BoardMetrics:
    """Sizes in pixels, all derived from one text line height so the board follows the font."""

    line: float
    slot_min_width: float
    slot_height: float
    gap: float
    title: float
    margin: float
    wound_band: float

    @classmethod
    def from_line_height(cls, line: float) -> BoardMetrics:
        return cls(
            line=line,
            slot_min_width=line * 5.6,
            slot_height=line * 7.4,
            gap=max(4.0, line * 0.45),
            title=line * 1.45,
            margin=max(6.0, line * 0.6),
            wound_band=line * 1.45,
        )


@dataclass(frozen=True)
class AreaFrame:
    """An area's frame on the board and the strip at its top that holds its title."""

    area: str
    frame: QRectF
    title: QRectF


@dataclass
class BoardLayout:
    """The computed board: slot cells, area frames, ground cells and the total size."""

    wide: bool
    slot_width: float
    slots: dict[Place, QRectF] = field(default_factory=dict)
    frames: dict[str, AreaFrame] = field(default_factory=dict)
    ground_cells: list[QRectF] = field(default_factory=list)
    size: QSizeF = field(default_factory=QSizeF)
    metrics: BoardMetrics | None = None
    status: QRectF = field(default_factory=QRectF)
    """The column beside the backpack where the board shows speed and wounds."""

    def wound_box(self, slot: int) -> QRectF:
        """The clickable wound box at the foot of a backpack slot."""
        assert self.metrics is not None
        cell = self.slots[Place(BACKPACK, slot)]
        band = self.metrics.wound_band
        return QRectF(cell.left(), cell.bottom() - band, cell.width(), band)

    def card_area(self, place: Place) -> QRectF:
        """The part of a slot cell where cards are drawn (above a backpack slot's wound band)."""
        assert self.metrics is not None
        cell = self.slots[place]
        if place.area == BACKPACK:
            return QRectF(
                cell.left(), cell.top(), cell.width(), cell.height() - self.metrics.wound_band
            )
        return QRectF(cell)

    def place_at(self, point: QPointF) -> Place | None:
        """The slot (or the ground tray) under ``point``, or None between areas."""
        for place, cell in self.slots.items():
            if cell.contains(point):
                return place
        ground = self.frames.get(GROUND)
        if ground is not None and ground.frame.contains(point):
            return GROUND_PLACE
        return None

    def wound_slot_at(self, point: QPointF) -> int | None:
        """The backpack slot whose wound box is under ``point``, or None."""
        for number in _numbers(BACKPACK):
            if self.wound_box(number).contains(point):
                return number
        return None

    def span_rects(self, area: str, at: int, slots: int) -> list[QRectF]:
        """The rectangles a card covering ``slots`` slots from ``at`` fills, one per board row."""
        return [rect for _first, rect in self.span_pieces(area, at, slots)]

    def span_pieces(self, area: str, at: int, slots: int) -> list[tuple[int, QRectF]]:
        """Like :meth:`span_rects`, each piece with the first slot number it covers.

        A backpack item running from slot 5 into slot 6 comes out as two pieces, one at the end
        of each row.
        """
        numbers = [n for n in range(at, at + slots) if Place(area, n) in self.slots]
        pieces: list[list[int]] = []
        for number in numbers:
            if pieces and number == pieces[-1][-1] + 1 and not _row_break(area, pieces[-1][-1]):
                pieces[-1].append(number)
            else:
                pieces.append([number])
        rects = []
        for piece in pieces:
            first = self.card_area(Place(area, piece[0]))
            last = self.card_area(Place(area, piece[-1]))
            rects.append((piece[0], first.united(last)))
        return rects


def _row_break(area: str, number: int) -> bool:
    return area == BACKPACK and number == BACKPACK_ROW_BREAK


def compute_layout(
    width: float,
    metrics: BoardMetrics,
    ground_slots: Sequence[int] = (),
) -> BoardLayout:
    """Lay the board out in ``width`` pixels.

    ``ground_slots`` gives, for each item in the ground tray in order, how many slots wide its
    card is; the tray flows them into rows and always keeps room for one more card.
    """
    m = metrics
    inner = max(0.0, width - 2 * m.margin)
    wide_slot = (inner - (WIDE_COLUMNS - 1) * m.gap - 2 * m.gap) / WIDE_COLUMNS
    wide = wide_slot >= m.slot_min_width
    columns = WIDE_COLUMNS if wide else NARROW_COLUMNS
    extra_gaps = 2 if wide else 0  # the wider gutter between the backpack and the magic column
    slot_width = max(m.slot_min_width, (inner - (columns - 1 + extra_gaps) * m.gap) / columns)
    slot_width = min(slot_width, m.slot_min_width * 3.0)
    # On a wide screen the cards grow in both directions, so their notes get more lines.
    m = replace(m, slot_height=max(m.slot_height, slot_width * SLOT_ASPECT))
    layout = BoardLayout(wide=wide, slot_width=slot_width, metrics=m)
    step = slot_width + m.gap
    used = (8 * step + 2 * m.gap) if wide else (6 * step + m.gap)
    left = m.margin + max(0.0, (inner - used) / 2)
    top = m.margin

    def frame(area: str, x: float, y: float, cols: int, rows: int) -> float:
        """Frame ``area`` at (x, y) for a grid of cols × rows slots; returns its bottom."""
        height = m.title + rows * m.slot_height + (rows - 1) * m.gap + m.gap
        rect = QRectF(x - m.gap / 2, y, cols * step, height)
        title = QRectF(rect.left(), rect.top(), rect.width(), m.title)
        layout.frames[area] = AreaFrame(area, rect, title)
        return rect.bottom()

    def cell(x: float, y: float) -> QRectF:
        return QRectF(x, y, slot_width, m.slot_height)

    # Hands and belt, side by side.
    row_top = top
    frame(HAND, left, row_top, 2, 1)
    belt_left = left + 2 * step + m.gap
    bottom = frame(BELT, belt_left, row_top, 4, 1)
    for number in _numbers(HAND):
        layout.slots[Place(HAND, number)] = cell(left + (number - 1) * step, row_top + m.title)
    for number in _numbers(BELT):
        layout.slots[Place(BELT, number)] = cell(belt_left + (number - 1) * step, row_top + m.title)

    # Backpack: two rows of five.
    pack_top = bottom + m.gap
    pack_bottom = frame(BACKPACK, left, pack_top, 5, 2)
    for number in _numbers(BACKPACK):
        row, column = divmod(number - 1, BACKPACK_ROW_BREAK)
        layout.slots[Place(BACKPACK, number)] = cell(
            left + column * step, pack_top + m.title + row * (m.slot_height + m.gap)
        )
    content_right = belt_left + 4 * step
    status_left = left + 5 * step + m.gap / 2
    status_right = content_right - m.gap / 2
    layout.status = QRectF(
        status_left, pack_top, status_right - status_left, pack_bottom - pack_top
    )

    if wide:
        magic_left = belt_left + 4 * step + m.gap
        magic_top = row_top
        magic_height = pack_bottom - row_top
        rect = QRectF(magic_left - m.gap / 2, magic_top, 2 * step, magic_height)
        layout.frames[MAGIC] = AreaFrame(
            MAGIC, rect, QRectF(rect.left(), rect.top(), rect.width(), m.title)
        )
        cell_height = (magic_height - m.title - 3 * m.gap) / 3
        for index, name in enumerate(MAGIC_SLOTS):
            row, column = divmod(index, 2)
            layout.slots[Place(MAGIC, name)] = QRectF(
                magic_left + column * step,
                magic_top + m.title + row * (cell_height + m.gap),
                slot_width,
                cell_height,
            )
        content_right = magic_left + 2 * step
        below = pack_bottom
    else:
        magic_top = pack_bottom + m.gap
        magic_height = m.title + m.slot_height * 0.8 + m.gap
        rect = QRectF(left - m.gap / 2, magic_top, 6 * step, magic_height)
        layout.frames[MAGIC] = AreaFrame(
            MAGIC, rect, QRectF(rect.left(), rect.top(), rect.width(), m.title)
        )
        for index, name in enumerate(MAGIC_SLOTS):
            layout.slots[Place(MAGIC, name)] = QRectF(
                left + index * step, magic_top + m.title, slot_width, m.slot_height * 0.8
            )
        below = rect.bottom()

    # The ground tray: cards flow left to right, as many rows as they need plus room for one more.
    tray_top = below + m.gap
    tray_width = content_right - left
    x, y = left, tray_top + m.title
    ground_height = m.slot_height * 0.8
    for slots in ground_slots:
        card_width = min(tray_width - m.gap, slots * step - m.gap)
        if x > left and x + card_width > left + tray_width - m.gap / 2:
            x, y = left, y + ground_height + m.gap
        layout.ground_cells.append(QRectF(x, y, card_width, ground_height))
        x += card_width + m.gap
    if not ground_slots:
        ground_height = m.line * 2.2
    elif x + slot_width > left + tray_width:
        y += ground_height + m.gap
    tray_bottom = y + ground_height + m.gap
    tray = QRectF(left - m.gap / 2, tray_top, tray_width, tray_bottom - tray_top)
    layout.frames[GROUND] = AreaFrame(
        GROUND, tray, QRectF(tray.left(), tray.top(), tray.width(), m.title)
    )
    layout.size = QSizeF(content_right + m.margin - m.gap / 2, tray.bottom() + m.margin)
    return layout


def minimum_width(metrics: BoardMetrics) -> float:
    """The narrowest width the narrow arrangement fits in."""
    return 2 * metrics.margin + NARROW_COLUMNS * metrics.slot_min_width + 5 * metrics.gap
