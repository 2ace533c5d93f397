"""Form fields for a fillable character sheet (PDF AcroForm), for a player who keeps the sheet on
a tablet: Stamina now, the wound boxes, each item's usage dice, each expertise's uses, the notes.

Each field is put where the printed sheet has its box, in the canvas's current coordinates (so a
field inside a placed card face lands on that face). Field names carry the crow's prefix, so a
party pack's sheets do not share their fields.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

INK = HexColor("#1d1d1d")
FIELD_FONT = "Helvetica"
"""The form's font: PDF viewers draw what is typed in one of the standard fonts. Fields start
out empty or with digits (what a crow already has is printed in the sheet's own fonts)."""


class SheetForm:
    """Adds named fields to one crow's sheet on ``canvas``."""

    def __init__(self, canvas: Canvas, prefix: str) -> None:
        self.canvas = canvas
        self.prefix = prefix
        self._count: dict[str, int] = {}

    def _name(self, kind: str) -> str:
        number = self._count.get(kind, 0) + 1
        self._count[kind] = number
        return f"{self.prefix}.{kind}.{number}"

    def checkbox(self, kind: str, x: float, y: float, size: float, *, checked: bool) -> None:
        """A tick box with its bottom-left corner at (x, y), ``size`` points square."""
        self.canvas.acroForm.checkbox(
            name=self._name(kind),
            checked=checked,
            buttonStyle="cross",
            x=x,
            y=y,
            size=size,
            borderColor=INK,
            fillColor=white,
            textColor=INK,
            borderWidth=0.6,
            fieldFlags="",
            relative=True,
        )

    def text(
        self,
        kind: str,
        x: float,
        y: float,
        width: float,
        height: float,
        value: str,
        *,
        size: float,
        multiline: bool = False,
    ) -> None:
        self.canvas.acroForm.textfield(
            name=self._name(kind),
            value=value,
            x=x,
            y=y,
            width=width,
            height=height,
            fontName=FIELD_FONT,
            fontSize=size,
            borderWidth=0,
            borderColor=None,
            fillColor=Color(1, 1, 1, alpha=0),
            textColor=INK,
            fieldFlags="multiline" if multiline else "",
            maxlen=100_000 if multiline else 100,
            relative=True,
        )
