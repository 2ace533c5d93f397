"""Cut-out cards on pages: each card's face drawn at its slot of the card sheet
(:func:`refkit.present.card_sheet.lay_out_cards`), cut marks that line up across the page, and
optional backs for duplex printing.

Backs are for long-edge duplex: the back page is the front page turned over about its vertical
centre line, so a card's back sits at the mirrored x (``paper width − the card's right edge``)
and at the same y.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from refkit.export.card_faces import draw_back, draw_blank_face
from refkit.export.pages import Page
from refkit.export.units import mm
from refkit.present.card_face import DEFAULT_KIND_COLOUR
from refkit.present.card_sheet import CardSheet, CardSize, Paper, card_sizes, lay_out_cards
from refkit.present.geometry import Rect

FaceDrawer = Callable[[Canvas, float, float, float], None]
"""Draws a face at the origin: (canvas, width, height, bleed), all in points."""
Progress = Callable[[int], None]
"""Told after each card is drawn (the number drawn so far)."""


@dataclass(frozen=True)
class PrintCard:
    """One card to print: how its face is drawn, its back's colour and caption."""

    draw: FaceDrawer
    back_colour: str = DEFAULT_KIND_COLOUR
    caption: str = ""


def blank_card() -> PrintCard:
    return PrintCard(lambda c, w, h, b: draw_blank_face(c, w, h, bleed=b), caption="")


@dataclass(frozen=True)
class CardOptions:
    """How cards are printed: the paper, the bleed (mm; None: the card's), cut marks, backs,
    how many blank write-in cards follow the rest, and whether sheets printed with them are
    fillable."""

    paper: Paper
    bleed: float | None = None
    cut_marks: bool = True
    backs: bool = False
    blanks: int = 0
    card: CardSize | None = None
    fillable: bool = False
    """Sheets printed with the cards (a party pack) get form fields, for a tablet."""

    def sheet(self) -> CardSheet:
        return lay_out_cards(self.paper, self.card or card_sizes()["poker"], self.bleed)


def draw_card_pages(
    canvas: Canvas,
    cards: Sequence[PrintCard],
    options: CardOptions,
    progress: Progress | None = None,
) -> int:
    """Every card (then the blanks) on as many pages as they need; returns the pages drawn."""
    sheet = options.sheet()
    everything = [*cards, *(blank_card() for _ in range(options.blanks))]
    page = Page(canvas, options.paper)
    drawn = pages = 0
    for start in range(0, len(everything), sheet.per_page):
        chunk = everything[start : start + sheet.per_page]
        printed = [sheet.printed_box(index, len(chunk)) for index in range(len(chunk))]
        for card, trim, bleed in zip(chunk, sheet.trims, printed, strict=False):
            with page.placed(trim, clip=bleed) as (width, height):
                card.draw(canvas, width, height, sheet.bleed * mm)
            drawn += 1
            if progress is not None:
                progress(drawn)
        if options.cut_marks:
            _cut_marks(page, sheet, mirrored=False)
        canvas.showPage()
        pages += 1
        if options.backs:
            for card, trim, bleed in zip(chunk, sheet.trims, printed, strict=False):
                with page.placed(
                    mirrored(trim, options.paper), clip=mirrored(bleed, options.paper)
                ) as (
                    width,
                    height,
                ):
                    draw_back(
                        canvas,
                        width,
                        height,
                        colour=card.back_colour,
                        caption=card.caption,
                        bleed=sheet.bleed * mm,
                    )
            if options.cut_marks:
                _cut_marks(page, sheet, mirrored=True)
            canvas.showPage()
            pages += 1
    return pages


def mirrored(box: Rect, paper: Paper) -> Rect:
    """Where ``box`` lands on the other side of the sheet, turned over its vertical centre line."""
    return Rect(paper.width - box.right, box.top, box.width, box.height)


def _cut_marks(page: Page, sheet: CardSheet, *, mirrored: bool) -> None:
    """The marks, black on a thin white line: one that has moved in over a dark outer bleed
    still shows."""
    canvas = page.canvas
    canvas.saveState()
    width = sheet.paper.width
    lines = [
        ((width - mark.x1, width - mark.x2) if mirrored else (mark.x1, mark.x2), mark)
        for mark in sheet.cut_marks
    ]
    for colour, line_width in ((white, 0.9), (black, 0.25)):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(line_width)
        for (x1, x2), mark in lines:
            page.line(x1, mark.y1, x2, mark.y2)
    canvas.restoreState()
