"""A plain rectangle in abstract units (pixels on screen, millimetres on paper), y growing down.

It does what Qt's ``QRectF`` does for the layouts, with the same arithmetic, so a layout computed
here and converted at the GUI's edge lands on exactly the pixels it did when it was computed in Qt.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    """``width`` × ``height`` with its top-left corner at (``x``, ``y``)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def left(self) -> float:
        return self.x

    @property
    def top(self) -> float:
        return self.y

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def contains(self, x: float, y: float) -> bool:
        """Whether (x, y) is inside or on the edge; an empty rectangle contains nothing (as Qt)."""
        left, right = self.x, self.x + self.width
        top, bottom = self.y, self.y + self.height
        if left == right or top == bottom:
            return False
        if right < left:  # a negative width reaches left of x, as in Qt
            left, right = right, left
        if bottom < top:
            top, bottom = bottom, top
        return left <= x <= right and top <= y <= bottom

    def united(self, other: Rect) -> Rect:
        """The smallest rectangle holding both."""
        left = min(self.x, other.x)
        top = min(self.y, other.y)
        right = max(self.right, other.right)
        bottom = max(self.bottom, other.bottom)
        return Rect(left, top, right - left, bottom - top)

    def adjusted(self, left: float, top: float, right: float, bottom: float) -> Rect:
        """Edges moved by the given amounts (positive moves right/down), as ``QRectF.adjusted``."""
        return Rect(
            self.x + left, self.y + top, self.width + right - left, self.height + bottom - top
        )

    def translated(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)
