"""The bundled Unicode font (DejaVu Sans, resources/fonts/) registered with ReportLab once.

ReportLab's built-in Helvetica has no glyphs beyond Latin-1, so "Þórðarson" or "●" would print
as boxes; the TTF ships with Refkit, so a fresh machine needs no system font.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from refkit.locate import resource_path

REGULAR = "RefkitSans"
BOLD = "RefkitSans-Bold"
_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
_lock = threading.Lock()
_registered = False


def register_fonts() -> None:
    """Register the bundled fonts with ReportLab, the first time only (safe from any thread)."""
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        for name, filename in _FILES.items():
            pdfmetrics.registerFont(TTFont(name, str(resource_path("fonts", filename))))
        pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
        _registered = True


@lru_cache(maxsize=8192)
def text_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` in points, in ``font`` at ``size`` (a character ``font`` lacks
    measured in the fallback that prints it, a right-to-left run as shaped)."""
    from refkit.export.scripts import run_width, runs

    return sum(run_width(run, size) for run in runs(text, font))
