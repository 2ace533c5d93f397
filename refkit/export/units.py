"""ReportLab's units, typed: the library ships no hints, so its own ``mm`` reads as ``Any``."""

from __future__ import annotations

from typing import Final

from reportlab.lib import units

mm: Final[float] = units.mm
"""Points in a millimetre."""
