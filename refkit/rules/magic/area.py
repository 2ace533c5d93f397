"""A spell's area of effect (L1017–1027): an aura around the caster, a cube, or a line.

The origin square is within range and line of effect; the area itself stops at walls and does not
bend round corners unless the spell says so. Sizes are squares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from refkit.rules.magic.words import SpellFieldError, plain_words

MOST_SQUARES = 100


class AreaShape(StrEnum):
    AURA = "aura"  # radius around the caster, moving with them
    CUBE = "cube"  # side length
    LINE = "line"  # length × width (and height)


@dataclass(frozen=True)
class Area:
    shape: AreaShape
    size: int
    width: int = 0  # a line's width and height; 0 for the other shapes

    @property
    def text(self) -> str:
        if self.shape is AreaShape.LINE:
            return f"line {self.size}×{self.width}"
        return f"{self.shape} {self.size}"


_AREA = re.compile(r"^(aura|cube)\s+(\d{1,3})$|^line\s+(\d{1,3})\s*[x×]\s*(\d{1,3})$")


def parse_area(text: str) -> Area | None:
    """``aura 2``, ``cube 3``, ``line 5x1`` (or ``5×1``); an empty entry is no area (None)."""
    words = plain_words(text)
    if not words:
        return None
    match = _AREA.match(words)
    if match is None:
        raise SpellFieldError(
            f"cannot read area {text!r}: expected 'aura X', 'cube X' or 'line A×B' in squares"
        )
    if match[1]:
        area = Area(AreaShape(match[1]), int(match[2]))
    else:
        area = Area(AreaShape.LINE, int(match[3]), int(match[4]))
    for value in (area.size, area.width if area.shape is AreaShape.LINE else 1):
        if not 1 <= value <= MOST_SQUARES:
            raise SpellFieldError(f"area {text!r}: sizes run from 1 to {MOST_SQUARES} squares")
    return area
