"""How many cut-out item cards fit on a page and where: sheets/cards.toml on sheets/paper.toml.

As pretix lays out badges, a card is drawn once at the origin and placed per slot: this module gives
each slot's origin (the card's trim box, and the bleed box around it) and the cut marks, in
millimetres from the page's top-left corner with y growing down (PDF export flips y for ReportLab).
The cards form a grid centred inside the page's margins; each card carries its own bleed and the
gutter separates neighbouring bleed edges. Cut marks sit outside the grid, in line with every trim
edge, so cutting along them never cuts into a neighbouring card's bleed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from refkit.locate import sheet_path
from refkit.present.geometry import Rect
from refkit.present.sheet_toml import SheetLayoutError, number, parse_sheet, text

_FIT_SLACK = 1e-9
"""A card that fits to the last micrometre fits, whatever the float rounding of mm sums."""


@dataclass(frozen=True)
class CardSize:
    """A card from ``sheets/cards.toml``, in millimetres."""

    key: str
    label: str
    width: float
    height: float
    bleed: float
    gutter: float
    cut_mark_length: float
    cut_mark_offset: float


@dataclass(frozen=True)
class Paper:
    """A paper size from ``sheets/paper.toml``, in millimetres."""

    key: str
    label: str
    width: float
    height: float
    margin: float


def read_card_sizes(source_text: str, source: str = "sheets/cards.toml") -> dict[str, CardSize]:
    """Every card size in the file, by its table name; bad numbers raise SheetLayoutError."""
    sizes = {}
    for key, values in parse_sheet(source_text, source).items():
        where = f"{source} [{key}]"
        if not isinstance(values, dict):
            raise SheetLayoutError(f"{source}: {key} must be a table of card sizes")
        sizes[key] = CardSize(
            key=key,
            label=text(values, "label", where),
            width=number(values, "width", where),
            height=number(values, "height", where),
            bleed=number(values, "bleed", where, zero_ok=True),
            gutter=number(values, "gutter", where, zero_ok=True),
            cut_mark_length=number(values, "cut_mark_length", where, zero_ok=True),
            cut_mark_offset=number(values, "cut_mark_offset", where, zero_ok=True),
        )
    if not sizes:
        raise SheetLayoutError(f"{source}: no card sizes")
    return sizes


def read_papers(source_text: str, source: str = "sheets/paper.toml") -> dict[str, Paper]:
    """Every paper size in the file, by its table name; bad numbers raise SheetLayoutError."""
    papers = {}
    for key, values in parse_sheet(source_text, source).items():
        where = f"{source} [{key}]"
        if not isinstance(values, dict):
            raise SheetLayoutError(f"{source}: {key} must be a table of paper sizes")
        paper = Paper(
            key=key,
            label=text(values, "label", where),
            width=number(values, "width", where),
            height=number(values, "height", where),
            margin=number(values, "margin", where, zero_ok=True),
        )
        if 2 * paper.margin >= min(paper.width, paper.height):
            raise SheetLayoutError(f"{where}: margin {paper.margin} mm leaves no room on the page")
        papers[key] = paper
    if not papers:
        raise SheetLayoutError(f"{source}: no paper sizes")
    return papers


@cache
def card_sizes() -> dict[str, CardSize]:
    """The card sizes Refkit ships (``poker``), read once."""
    return read_card_sizes(sheet_path("cards.toml").read_text(encoding="utf-8"))


@cache
def papers() -> dict[str, Paper]:
    """The paper sizes Refkit ships (``a4``, ``letter``), read once."""
    return read_papers(sheet_path("paper.toml").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class CutMark:
    """A short line from (x1, y1) to (x2, y2), in line with a trim edge, outside the grid."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class CardSheet:
    """One page of cards: the grid, each card's trim and bleed box in reading order, cut marks."""

    paper: Paper
    card: CardSize
    bleed: float
    columns: int
    rows: int
    trims: tuple[Rect, ...]
    """Where each card is cut out, row by row; a card is drawn at its trim box's origin."""
    bleeds: tuple[Rect, ...]
    """Each trim box grown by the bleed: what is printed, background to the edge."""
    cut_marks: tuple[CutMark, ...]

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def pages_for(self, cards: int) -> int:
        """How many pages ``cards`` cards take (0 for none)."""
        return -(-cards // self.per_page) if cards > 0 else 0


def lay_out_cards(paper: Paper, card: CardSize, bleed: float | None = None) -> CardSheet:
    """As many ``card`` as fit on ``paper`` inside its margins; ``bleed`` overrides the card's.

    Raises SheetLayoutError if not even one card fits.
    """
    bleed = card.bleed if bleed is None else bleed
    if not math.isfinite(bleed) or bleed < 0:
        raise SheetLayoutError(f"bleed must be zero or more millimetres, not {bleed!r}")
    cell_width = card.width + 2 * bleed
    cell_height = card.height + 2 * bleed
    room_width = paper.width - 2 * paper.margin
    room_height = paper.height - 2 * paper.margin
    columns = _how_many(room_width, cell_width, card.gutter)
    rows = _how_many(room_height, cell_height, card.gutter)
    if columns == 0 or rows == 0:
        raise SheetLayoutError(
            f"a {card.label.lower()} ({_mm(cell_width)} × {_mm(cell_height)} mm with its bleed) "
            f"does not fit on {paper.label} inside {_mm(paper.margin)} mm margins"
        )
    grid_width = columns * cell_width + (columns - 1) * card.gutter
    grid_height = rows * cell_height + (rows - 1) * card.gutter
    grid_left = paper.margin + (room_width - grid_width) / 2
    grid_top = paper.margin + (room_height - grid_height) / 2
    bleeds = tuple(
        Rect(
            grid_left + column * (cell_width + card.gutter),
            grid_top + row * (cell_height + card.gutter),
            cell_width,
            cell_height,
        )
        for row in range(rows)
        for column in range(columns)
    )
    trims = tuple(box.adjusted(bleed, bleed, -bleed, -bleed) for box in bleeds)
    grid = Rect(grid_left, grid_top, grid_width, grid_height)
    return CardSheet(
        paper=paper,
        card=card,
        bleed=bleed,
        columns=columns,
        rows=rows,
        trims=trims,
        bleeds=bleeds,
        cut_marks=_cut_marks(grid, trims, card),
    )


def _how_many(room: float, cell: float, gutter: float) -> int:
    return max(0, math.floor((room + gutter) / (cell + gutter) + _FIT_SLACK))


def _cut_marks(grid: Rect, trims: tuple[Rect, ...], card: CardSize) -> tuple[CutMark, ...]:
    """Marks above and below the grid at each trim x, left and right of it at each trim y."""
    if card.cut_mark_length == 0:
        return ()
    near, far = card.cut_mark_offset, card.cut_mark_offset + card.cut_mark_length
    xs = _distinct(x for trim in trims for x in (trim.left, trim.right))
    ys = _distinct(y for trim in trims for y in (trim.top, trim.bottom))
    marks = [CutMark(x, grid.top - far, x, grid.top - near) for x in xs]
    marks += [CutMark(x, grid.bottom + near, x, grid.bottom + far) for x in xs]
    marks += [CutMark(grid.left - far, y, grid.left - near, y) for y in ys]
    marks += [CutMark(grid.right + near, y, grid.right + far, y) for y in ys]
    return tuple(marks)


def _distinct(values: Iterable[float]) -> list[float]:
    """Sorted, with edges that coincide (no bleed, no gutter) given one mark."""
    result: list[float] = []
    for value in sorted(values):
        if not result or value - result[-1] > _FIT_SLACK:
            result.append(value)
    return result


def _mm(value: float) -> str:
    return f"{value:g}"
