"""How many cut-out item cards fit on a page and where: sheets/cards.toml on sheets/paper.toml.

As pretix lays out badges, a card is drawn once at the origin and placed per slot: this module gives
each slot's origin (the card's trim box, and the box its colour may fill around it) and the cut
marks, in millimetres from the page's top-left corner with y growing down (PDF export flips y for
ReportLab).

The cards share their cut lines, as a print shop lays a sheet out: neighbours touch (or stand a
gutter apart), so one cut separates two cards, and the bleed is printed once, around the outside
of the grid (and into half of each gutter). Only that outer bleed and the cut marks need room, so
nine poker cards fit on A4 and on US Letter with the 3 mm bleed. Nothing is printed nearer the
paper's edge than its ``edge`` (what a printer cannot reach); where the marks would, they move in
over the outer bleed, which is cut away.
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
    """Around a character sheet or the quick sheet."""
    edge: float
    """How near a card sheet prints to the paper's edge: its outer bleed and marks stay inside."""


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
            edge=number(values, "edge", where, zero_ok=True),
        )
        for name, value in (("margin", paper.margin), ("edge", paper.edge)):
            if 2 * value >= min(paper.width, paper.height):
                raise SheetLayoutError(f"{where}: {name} {value} mm leaves no room on the page")
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
    """One page of cards: the grid, each card's trim and printed box in reading order, cut marks."""

    paper: Paper
    card: CardSize
    bleed: float
    columns: int
    rows: int
    trims: tuple[Rect, ...]
    """Where each card is cut out, row by row; a card is drawn at its trim box's origin."""
    bleeds: tuple[Rect, ...]
    """What of each card is printed: its trim box grown by the bleed on the grid's outside and by
    half the gutter (at most the bleed) towards a neighbour."""
    cut_marks: tuple[CutMark, ...]

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def pages_for(self, cards: int) -> int:
        """How many pages ``cards`` cards take (0 for none)."""
        return -(-cards // self.per_page) if cards > 0 else 0

    def printed_box(self, index: int, count: int) -> Rect:
        """What of card ``index`` is printed on a page holding ``count`` cards: its bleed box,
        grown by the full bleed towards a neighbouring slot left empty (a last, part-full page),
        so a cut a little off that line shows no white either."""
        box = self.bleeds[index]
        row, column = divmod(index, self.columns)

        def empty(r: int, c: int) -> bool:
            inside = 0 <= r < self.rows and 0 <= c < self.columns
            return inside and r * self.columns + c >= count

        trim = self.trims[index]
        left = trim.left - self.bleed if empty(row, column - 1) else box.left
        top = trim.top - self.bleed if empty(row - 1, column) else box.top
        right = trim.right + self.bleed if empty(row, column + 1) else box.right
        bottom = trim.bottom + self.bleed if empty(row + 1, column) else box.bottom
        return Rect(left, top, right - left, bottom - top)


def lay_out_cards(paper: Paper, card: CardSize, bleed: float | None = None) -> CardSheet:
    """As many ``card`` as fit on ``paper``, the grid and its outer bleed inside the paper's
    ``edge``, centred; ``bleed`` overrides the card's.

    Raises SheetLayoutError if not even one card fits.
    """
    bleed = card.bleed if bleed is None else bleed
    if not math.isfinite(bleed) or bleed < 0:
        raise SheetLayoutError(f"bleed must be zero or more millimetres, not {bleed!r}")
    gutter = card.gutter
    room_width = paper.width - 2 * (paper.edge + bleed)
    room_height = paper.height - 2 * (paper.edge + bleed)
    columns = _how_many(room_width, card.width, gutter)
    rows = _how_many(room_height, card.height, gutter)
    if columns == 0 or rows == 0:
        raise SheetLayoutError(
            f"a {card.label.lower()} ({_mm(card.width + 2 * bleed)} × "
            f"{_mm(card.height + 2 * bleed)} mm with its bleed) does not fit on {paper.label} "
            f"inside its {_mm(paper.edge)} mm unprinted edge"
        )
    grid_width = columns * card.width + (columns - 1) * gutter
    grid_height = rows * card.height + (rows - 1) * gutter
    grid = Rect(
        (paper.width - grid_width) / 2, (paper.height - grid_height) / 2, grid_width, grid_height
    )
    inner = min(bleed, gutter / 2)
    trims: list[Rect] = []
    bleeds: list[Rect] = []
    for row in range(rows):
        for column in range(columns):
            trim = Rect(
                grid.left + column * (card.width + gutter),
                grid.top + row * (card.height + gutter),
                card.width,
                card.height,
            )
            trims.append(trim)
            bleeds.append(
                trim.adjusted(
                    -(bleed if column == 0 else inner),
                    -(bleed if row == 0 else inner),
                    bleed if column == columns - 1 else inner,
                    bleed if row == rows - 1 else inner,
                )
            )
    return CardSheet(
        paper=paper,
        card=card,
        bleed=bleed,
        columns=columns,
        rows=rows,
        trims=tuple(trims),
        bleeds=tuple(bleeds),
        cut_marks=_cut_marks(grid, tuple(trims), card, bleed, paper),
    )


def _how_many(room: float, size: float, gutter: float) -> int:
    return max(0, math.floor((room + gutter) / (size + gutter) + _FIT_SLACK))


def _cut_marks(
    grid: Rect, trims: tuple[Rect, ...], card: CardSize, bleed: float, paper: Paper
) -> tuple[CutMark, ...]:
    """Marks above and below the grid at each trim x, left and right of it at each trim y:
    ``cut_mark_offset`` past the outer bleed and ``cut_mark_length`` long, moved in over the bleed
    (never into a card) where the paper's edge leaves less room."""
    if card.cut_mark_length == 0:
        return ()
    xs = _distinct(x for trim in trims for x in (trim.left, trim.right))
    ys = _distinct(y for trim in trims for y in (trim.top, trim.bottom))
    above = _mark_span(grid.top - paper.edge, card, bleed)
    below = _mark_span(paper.height - paper.edge - grid.bottom, card, bleed)
    before = _mark_span(grid.left - paper.edge, card, bleed)
    after = _mark_span(paper.width - paper.edge - grid.right, card, bleed)
    marks: list[CutMark] = []
    if above:
        marks += [CutMark(x, grid.top - above[1], x, grid.top - above[0]) for x in xs]
    if below:
        marks += [CutMark(x, grid.bottom + below[0], x, grid.bottom + below[1]) for x in xs]
    if before:
        marks += [CutMark(grid.left - before[1], y, grid.left - before[0], y) for y in ys]
    if after:
        marks += [CutMark(grid.right + after[0], y, grid.right + after[1], y) for y in ys]
    return tuple(marks)


def _mark_span(room: float, card: CardSize, bleed: float) -> tuple[float, float] | None:
    """How far out from the grid's trim edge a mark starts and ends, given ``room`` (mm from
    that edge to the unprinted edge of the paper); None when there is no room for one."""
    near = bleed + card.cut_mark_offset
    far = near + card.cut_mark_length
    if far > room:
        far = room
        near = max(0.0, room - card.cut_mark_length)
    return (near, far) if far - near > _FIT_SLACK else None


def _distinct(values: Iterable[float]) -> list[float]:
    """Sorted, with edges that coincide (no bleed, no gutter) given one mark."""
    result: list[float] = []
    for value in sorted(values):
        if not result or value - result[-1] > _FIT_SLACK:
            result.append(value)
    return result


def _mm(value: float) -> str:
    return f"{value:g}"
