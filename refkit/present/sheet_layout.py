"""Where each slot of the inventory sheet sits, as plain rectangles, from ``sheets/inventory.toml``.

Two arrangements, chosen by the width available:

- **wide** (eight slot columns): hands (2) and belt (4) on the top row, the backpack's two rows of
  five under them, and the six magic-item slots as a column of three pairs on the right;
- **narrow** (six slot columns): hands and belt, the backpack, then the magic slots in one row.

The ground tray runs across the bottom and grows a row at a time with what lies in it. Backpack
slots keep a band at their foot for the wound box, like the "Wound ( )" box of the paper sheet.
Units are the caller's (pixels for the board); every size follows one text line height by the
proportions in ``sheets/inventory.toml``, while the arrangement itself follows the rules' areas.
The GUI converts the rectangles to ``QRectF`` at its edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from refkit.locate import sheet_path
from refkit.present import sheet_toml
from refkit.present.geometry import Rect
from refkit.rules.inventory.model import (
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


@dataclass(frozen=True)
class InventorySheet:
    """The proportions of ``sheets/inventory.toml``: sizes in text lines, floors in units."""

    slot_min_width: float
    slot_height: float
    slot_aspect: float
    """Height over width of a slot once the board is wide enough for cards to grow."""
    slot_max_growth: float
    gap: float
    gap_floor: float
    margin: float
    margin_floor: float
    title: float
    wound_band: float
    narrow_magic_height: float
    ground_card_height: float
    ground_empty_height: float


def read_inventory_sheet(text: str, source: str = "sheets/inventory.toml") -> InventorySheet:
    """Parse the inventory sheet; a missing or bad number raises SheetLayoutError naming it."""
    data = sheet_toml.parse_sheet(text, source)
    slot, spacing = (
        sheet_toml.table(data, "slot", source),
        sheet_toml.table(data, "spacing", source),
    )
    magic, ground = (
        sheet_toml.table(data, "magic", source),
        sheet_toml.table(data, "ground", source),
    )
    at_slot, at_spacing = f"{source} [slot]", f"{source} [spacing]"
    return InventorySheet(
        slot_min_width=sheet_toml.number(slot, "min_width", at_slot),
        slot_height=sheet_toml.number(slot, "height", at_slot),
        slot_aspect=sheet_toml.number(slot, "aspect", at_slot),
        slot_max_growth=sheet_toml.number(slot, "max_growth", at_slot),
        gap=sheet_toml.number(spacing, "gap", at_spacing),
        gap_floor=sheet_toml.number(spacing, "gap_floor", at_spacing, zero_ok=True),
        margin=sheet_toml.number(spacing, "margin", at_spacing, zero_ok=True),
        margin_floor=sheet_toml.number(spacing, "margin_floor", at_spacing, zero_ok=True),
        title=sheet_toml.number(spacing, "title", at_spacing),
        wound_band=sheet_toml.number(spacing, "wound_band", at_spacing),
        narrow_magic_height=sheet_toml.number(magic, "narrow_height", f"{source} [magic]"),
        ground_card_height=sheet_toml.number(ground, "card_height", f"{source} [ground]"),
        ground_empty_height=sheet_toml.number(ground, "empty_height", f"{source} [ground]"),
    )


@cache
def inventory_sheet() -> InventorySheet:
    """The inventory sheet Refkit ships, read once."""
    path = sheet_path("inventory.toml")
    return read_inventory_sheet(path.read_text(encoding="utf-8"), "sheets/inventory.toml")


@dataclass(frozen=True, order=True)
class Place:
    """One place on the sheet: a numbered slot, a magic slot by name, or the ground tray."""

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


EXTRA_BELT = "belt+"
"""The frame of the belt slot a trait adds (it sits above the speed box, beside the backpack)."""


def all_slot_places(belt_slots: int = SLOT_AREAS[BELT]) -> tuple[Place, ...]:
    """Every slot in reading order: hands, belt (with a trait's extra slot when ``belt_slots``
    says so), backpack 1–10, then the magic slots."""
    places = [Place(area, number) for area in (HAND, BELT, BACKPACK) for number in _numbers(area)]
    places[2 + SLOT_AREAS[BELT] : 2 + SLOT_AREAS[BELT]] = [
        Place(BELT, number) for number in range(SLOT_AREAS[BELT] + 1, belt_slots + 1)
    ]
    places += [Place(MAGIC, name) for name in MAGIC_SLOTS]
    return tuple(places)


def _numbers(area: str) -> range:
    return range(1, SLOT_AREAS[area] + 1)


@dataclass(frozen=True)
class BoardMetrics:
    """Sizes in units, all derived from one text line height so the sheet follows the font."""

    line: float
    slot_min_width: float
    slot_height: float
    gap: float
    title: float
    margin: float
    wound_band: float
    sheet: InventorySheet = field(default_factory=inventory_sheet, repr=False, compare=False)

    @classmethod
    def from_line_height(cls, line: float, sheet: InventorySheet | None = None) -> BoardMetrics:
        s = sheet or inventory_sheet()
        return cls(
            line=line,
            slot_min_width=line * s.slot_min_width,
            slot_height=line * s.slot_height,
            gap=max(s.gap_floor, line * s.gap),
            title=line * s.title,
            margin=max(s.margin_floor, line * s.margin),
            wound_band=line * s.wound_band,
            sheet=s,
        )


@dataclass(frozen=True)
class AreaFrame:
    """An area's frame on the sheet and the strip at its top that holds its title."""

    area: str
    frame: Rect
    title: Rect


@dataclass
class SheetLayout:
    """The computed sheet: slot cells, area frames, ground cells and the total size."""

    wide: bool
    slot_width: float
    metrics: BoardMetrics
    slots: dict[Place, Rect] = field(default_factory=dict)
    frames: dict[str, AreaFrame] = field(default_factory=dict)
    ground_cells: list[Rect] = field(default_factory=list)
    size: tuple[float, float] = (0.0, 0.0)
    """Width and height of the whole sheet."""
    status: Rect = field(default_factory=lambda: Rect(0.0, 0.0, 0.0, 0.0))
    """The column beside the backpack where the board shows speed and wounds."""

    def wound_box(self, slot: int) -> Rect:
        """The wound box at the foot of a backpack slot."""
        cell = self.slots[Place(BACKPACK, slot)]
        band = self.metrics.wound_band
        return Rect(cell.left, cell.bottom - band, cell.width, band)

    def card_area(self, place: Place) -> Rect:
        """The part of a slot cell where cards are drawn (above a backpack slot's wound band)."""
        cell = self.slots[place]
        if place.area == BACKPACK:
            return Rect(cell.left, cell.top, cell.width, cell.height - self.metrics.wound_band)
        return cell

    def place_at(self, x: float, y: float) -> Place | None:
        """The slot (or the ground tray) at (x, y), or None between areas."""
        for place, cell in self.slots.items():
            if cell.contains(x, y):
                return place
        ground = self.frames.get(GROUND)
        if ground is not None and ground.frame.contains(x, y):
            return GROUND_PLACE
        return None

    def wound_slot_at(self, x: float, y: float) -> int | None:
        """The backpack slot whose wound box is at (x, y), or None."""
        for number in _numbers(BACKPACK):
            if self.wound_box(number).contains(x, y):
                return number
        return None

    def span_pieces(self, area: str, at: int, slots: int) -> list[tuple[int, Rect]]:
        """The rectangles a card covering ``slots`` slots from ``at`` fills, one per sheet row,
        each with the first slot number it covers.

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


def lay_out_sheet(
    width: float,
    metrics: BoardMetrics,
    ground_slots: Sequence[int] = (),
    belt_slots: int = SLOT_AREAS[BELT],
) -> SheetLayout:
    """Lay the sheet out in ``width`` units.

    ``ground_slots`` gives, for each item in the ground tray in order, how many slots wide its
    card is; the tray flows them into rows and always keeps room for one more card.
    ``belt_slots`` above four: the extra belt slot a trait gives sits in its own frame at the
    top of the column beside the backpack, the speed box under it.
    """
    m = metrics
    s = m.sheet
    inner = max(0.0, width - 2 * m.margin)
    wide_slot = (inner - (WIDE_COLUMNS - 1) * m.gap - 2 * m.gap) / WIDE_COLUMNS
    wide = wide_slot >= m.slot_min_width
    columns = WIDE_COLUMNS if wide else NARROW_COLUMNS
    extra_gaps = 2 if wide else 0  # the wider gutter between the backpack and the magic column
    slot_width = max(m.slot_min_width, (inner - (columns - 1 + extra_gaps) * m.gap) / columns)
    slot_width = min(slot_width, m.slot_min_width * s.slot_max_growth)
    # On a wide screen the cards grow in both directions, so their notes get more lines.
    m = replace(m, slot_height=max(m.slot_height, slot_width * s.slot_aspect))
    layout = SheetLayout(wide=wide, slot_width=slot_width, metrics=m)
    step = slot_width + m.gap
    used = (8 * step + 2 * m.gap) if wide else (6 * step + m.gap)
    left = m.margin + max(0.0, (inner - used) / 2)
    top = m.margin

    def frame(area: str, x: float, y: float, cols: int, rows: int) -> float:
        """Frame ``area`` at (x, y) for a grid of cols × rows slots; returns its bottom."""
        height = m.title + rows * m.slot_height + (rows - 1) * m.gap + m.gap
        rect = Rect(x - m.gap / 2, y, cols * step, height)
        title = Rect(rect.left, rect.top, rect.width, m.title)
        layout.frames[area] = AreaFrame(area, rect, title)
        return rect.bottom

    def cell(x: float, y: float) -> Rect:
        return Rect(x, y, slot_width, m.slot_height)

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
    status_top = pack_top
    if belt_slots > SLOT_AREAS[BELT]:
        extra_left = left + BACKPACK_ROW_BREAK * step + m.gap
        status_top = frame(EXTRA_BELT, extra_left, pack_top, 1, 1) + m.gap
        layout.slots[Place(BELT, SLOT_AREAS[BELT] + 1)] = cell(extra_left, pack_top + m.title)
    layout.status = Rect(
        status_left, status_top, status_right - status_left, pack_bottom - status_top
    )

    if wide:
        magic_left = belt_left + 4 * step + m.gap
        magic_top = row_top
        magic_height = pack_bottom - row_top
        rect = Rect(magic_left - m.gap / 2, magic_top, 2 * step, magic_height)
        layout.frames[MAGIC] = AreaFrame(
            MAGIC, rect, Rect(rect.left, rect.top, rect.width, m.title)
        )
        cell_height = (magic_height - m.title - 3 * m.gap) / 3
        for index, name in enumerate(MAGIC_SLOTS):
            row, column = divmod(index, 2)
            layout.slots[Place(MAGIC, name)] = Rect(
                magic_left + column * step,
                magic_top + m.title + row * (cell_height + m.gap),
                slot_width,
                cell_height,
            )
        content_right = magic_left + 2 * step
        below = pack_bottom
    else:
        magic_top = pack_bottom + m.gap
        magic_slot_height = m.slot_height * s.narrow_magic_height
        magic_height = m.title + magic_slot_height + m.gap
        rect = Rect(left - m.gap / 2, magic_top, 6 * step, magic_height)
        layout.frames[MAGIC] = AreaFrame(
            MAGIC, rect, Rect(rect.left, rect.top, rect.width, m.title)
        )
        for index, name in enumerate(MAGIC_SLOTS):
            layout.slots[Place(MAGIC, name)] = Rect(
                left + index * step, magic_top + m.title, slot_width, magic_slot_height
            )
        below = rect.bottom

    # The ground tray: cards flow left to right, as many rows as they need plus room for one more.
    tray_top = below + m.gap
    tray_width = content_right - left
    x, y = left, tray_top + m.title
    ground_height = m.slot_height * s.ground_card_height
    for slots in ground_slots:
        card_width = min(tray_width - m.gap, slots * step - m.gap)
        if x > left and x + card_width > left + tray_width - m.gap / 2:
            x, y = left, y + ground_height + m.gap
        layout.ground_cells.append(Rect(x, y, card_width, ground_height))
        x += card_width + m.gap
    if not ground_slots:
        ground_height = m.line * s.ground_empty_height
    elif x + slot_width > left + tray_width:
        y += ground_height + m.gap
    tray_bottom = y + ground_height + m.gap
    tray = Rect(left - m.gap / 2, tray_top, tray_width, tray_bottom - tray_top)
    layout.frames[GROUND] = AreaFrame(GROUND, tray, Rect(tray.left, tray.top, tray.width, m.title))
    layout.size = (content_right + m.margin - m.gap / 2, tray.bottom + m.margin)
    return layout


def minimum_width(metrics: BoardMetrics) -> float:
    """The narrowest width the narrow arrangement fits in."""
    return 2 * metrics.margin + NARROW_COLUMNS * metrics.slot_min_width + 5 * metrics.gap
