"""A page of paper in millimetres from its top-left corner, over a ReportLab canvas (points, y up).

Layouts in :mod:`refkit.present` measure down from the top in mm; this is the one place that
turns them into ReportLab's coordinates, and that opens a canvas: always ``invariant`` (the same
input prints the same bytes) with the bundled font registered.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from refkit import __version__
from refkit.export.fonts import REGULAR, register_fonts
from refkit.export.scripts import take_missing
from refkit.export.sheet_form import SheetForm
from refkit.export.units import mm
from refkit.present.card_sheet import Paper
from refkit.present.geometry import Rect


def open_canvas(out: BinaryIO, paper: Paper, title: str) -> Canvas:
    """A canvas of ``paper``'s size writing to ``out``, deterministic, titled ``title``."""
    register_fonts()
    take_missing()  # what an earlier document on this thread lacked is not this one's
    canvas = Canvas(
        out,
        pagesize=(paper.width * mm, paper.height * mm),
        invariant=1,
        # Not Helvetica: every page would name a font that is not embedded.
        initialFontName=REGULAR,
        initialFontSize=10,
    )
    canvas.setTitle(title)
    canvas.setAuthor("Refkit")
    canvas.setCreator(f"Refkit {__version__}")
    return canvas


class Page:
    """Millimetre rectangles (y down from the top edge) turned into points on ``canvas``."""

    def __init__(self, canvas: Canvas, paper: Paper, form: SheetForm | None = None) -> None:
        self.canvas = canvas
        self.paper = paper
        self.form = form
        """Where a fillable sheet adds its fields (None: a sheet for paper only)."""

    def x(self, x_mm: float) -> float:
        return x_mm * mm

    def y(self, y_mm: float) -> float:
        """The point height of ``y_mm`` millimetres down from the top edge."""
        return (self.paper.height - y_mm) * mm

    @contextmanager
    def placed(self, box: Rect, *, clip: Rect | None = None) -> Iterator[tuple[float, float]]:
        """Draw in ``box`` with the origin at its bottom-left corner; yields its size in points.

        ``clip`` (default: the box) bounds what is drawn, so nothing reaches a neighbour.
        """
        canvas = self.canvas
        canvas.saveState()
        edge = clip or box
        path = canvas.beginPath()
        path.rect(self.x(edge.left), self.y(edge.bottom), edge.width * mm, edge.height * mm)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.translate(self.x(box.left), self.y(box.bottom))
        try:
            yield box.width * mm, box.height * mm
        finally:
            canvas.restoreState()

    def rect(self, box: Rect, *, stroke: bool = True, fill: bool = False) -> None:
        self.canvas.rect(
            self.x(box.left),
            self.y(box.bottom),
            box.width * mm,
            box.height * mm,
            stroke=int(stroke),
            fill=int(fill),
        )

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.canvas.line(self.x(x1), self.y(y1), self.x(x2), self.y(y2))


FILLER_NOTE = "This page is left blank so that each card's back prints behind it."


def draw_duplex_filler(canvas: Canvas, paper: Paper) -> int:
    """A page left blank but for a small grey note (a printer set to skip empty pages would
    otherwise drop it and put every back behind the wrong front); returns 1, the page drawn."""
    canvas.saveState()
    canvas.setFillGray(0.55)
    canvas.setFont(REGULAR, 8)
    canvas.drawCentredString(paper.width * mm / 2, paper.height * mm / 2, FILLER_NOTE)
    canvas.restoreState()
    canvas.showPage()
    return 1
