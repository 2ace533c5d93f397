"""Text set in a box: wrapped at spaces, and shrunk until every line fits (or, for text that
must stay readable, cut with an ellipsis at its smallest size).

User text is drawn with ``drawString`` (through :func:`draw_text`) and never parsed as markup, so
``<``, ``&`` and quotes print as typed. A word wider than the box is broken between letters
rather than run over the edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from refkit.export.fonts import text_width
from refkit.export.scripts import run_width, runs, shaped

LEADING = 1.2
"""Line height over font size."""
SMALLEST = 0.5
"""Points: the text shrinks to this before it would ever be cut (a page's worth of notes in a
card-sized box still prints, if tiny)."""
READABLE = 6.0
"""Points: the smallest size a player is asked to read. Text that must stay readable is fitted
with ``smallest=READABLE``: it wraps, then shrinks to this, and what still does not fit ends in
an ellipsis rather than going smaller."""
ELLIPSIS = "…"


@dataclass(frozen=True)
class Fitted:
    """Lines of text at one font size, fitting a box."""

    lines: tuple[str, ...]
    font: str
    size: float
    cut: bool = False
    """Whether the text was cut short (at ``smallest``), its last line ending in an ellipsis."""

    @property
    def leading(self) -> float:
        return self.size * LEADING

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


def wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken into lines no wider than ``width`` (its own line breaks kept)."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, font, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            # A word too wide on its own line is broken between letters.
            while text_width(word, font, size) > width:
                cut = _longest_prefix(word, font, size, width)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


def _longest_prefix(word: str, font: str, size: float, width: float) -> int:
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(word[:middle], font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return low


def fit(
    text: str,
    font: str,
    width: float,
    height: float,
    largest: float,
    *,
    smallest: float = SMALLEST,
) -> Fitted:
    """``text`` wrapped to ``width`` at the largest size up to ``largest`` whose lines fit in
    ``height`` (points); shrinks as far as ``smallest``, where what does not fit is cut after
    the last whole line that does, with an ellipsis."""
    if width <= 0 or height <= 0:
        raise ValueError(f"a text box needs room, got {width:g} × {height:g} pt")
    smallest = min(smallest, largest)
    largest = max(smallest, min(largest, _whole_words_size(text, font, width, largest)))
    fitted = Fitted(wrap(text, font, largest, width), font, largest)
    if fitted.height <= height:
        return fitted
    # Shrink in steps of a twentieth down to the smallest size allowed.
    size = largest
    while size > smallest:
        smaller = max(smallest, size * 0.95)
        candidate = Fitted(wrap(text, font, smaller, width), font, smaller)
        if candidate.height <= height:
            return candidate
        size = smaller
    return cut_to(Fitted(wrap(text, font, smallest, width), font, smallest), width, height)


def cut_to(fitted: Fitted, width: float, height: float) -> Fitted:
    """``fitted`` with only the lines that fit ``height``, the last ending in an ellipsis (no
    lines at all when not even one fits)."""
    keep = int(height / fitted.leading + 1e-9)
    if keep >= len(fitted.lines):
        return fitted
    if keep <= 0:
        return Fitted((), fitted.font, fitted.size, cut=True)
    lines = list(fitted.lines[:keep])
    lines[-1] = ellipsized(lines[-1], fitted.font, fitted.size, width)
    return Fitted(tuple(lines), fitted.font, fitted.size, cut=True)


def ellipsized(line: str, font: str, size: float, width: float) -> str:
    """``line`` with an ellipsis on the end, letters taken off until it fits ``width``."""
    text = line.rstrip()
    while text and text_width(text + ELLIPSIS, font, size) > width:
        text = text[:-1].rstrip()
    return text + ELLIPSIS


WORD_SHRINK_FLOOR = 0.6
"""A word too wide for the box shrinks the text down to this share of its size before it is
broken between letters ("Handaxe" a little smaller, not "Handa / xe"); a longer word (a pasted
address) is broken instead of making the whole text tiny."""


def _whole_words_size(text: str, font: str, width: float, largest: float) -> float:
    """The largest size up to ``largest`` at which the widest word fits ``width`` — unless that
    would shrink the text below :data:`WORD_SHRINK_FLOOR` of ``largest``."""
    widest = max((text_width(word, font, largest) for word in text.split()), default=0.0)
    if widest <= width:
        return largest
    needed = largest * width / widest * 0.999
    return needed if needed >= largest * WORD_SHRINK_FLOOR else largest


def fit_line(
    text: str, font: str, width: float, largest: float, *, smallest: float = SMALLEST
) -> float:
    """The size up to ``largest`` at which ``text`` fits on one line ``width`` points wide (not
    below ``smallest``: the caller then cuts the line, see :func:`draw_line`)."""
    natural = text_width(text, font, largest)
    if natural <= width or natural == 0:
        return largest
    return max(min(smallest, largest), largest * width / natural)


def draw_fitted(canvas: Canvas, fitted: Fitted, x: float, top: float) -> float:
    """Draw the lines from ``top`` down (points, y up); returns the y under the last line."""
    y = top
    for line in fitted.lines:
        y -= fitted.leading
        draw_text(
            canvas,
            x,
            y + fitted.size * (LEADING - 1) / 2 + fitted.size * 0.22,
            line,
            fitted.font,
            fitted.size,
        )
    return y


def draw_text(
    canvas: Canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left"
) -> None:
    """``text`` on one line from ``x`` (its right end or centre with ``align``) at baseline
    ``y``: each character in a font that has it, right-to-left runs shaped (see
    :mod:`refkit.export.scripts`). Never parsed as markup."""
    pieces = runs(text, font)
    widths = [run_width(run, size) for run in pieces]
    if align == "right":
        x -= sum(widths)
    elif align == "centre":
        x -= sum(widths) / 2
    for run, width in zip(pieces, widths, strict=True):
        canvas.setFont(run.font, size)
        canvas.drawString(x, y, shaped(run, size))
        x += width
    canvas.setFont(font, size)


def draw_line(
    canvas: Canvas,
    text: str,
    font: str,
    x: float,
    baseline: float,
    width: float,
    largest: float,
    *,
    align: str = "left",
    smallest: float = SMALLEST,
) -> float:
    """One line shrunk to fit ``width`` (not below ``smallest``: past that it ends in an
    ellipsis); returns the size used."""
    size = fit_line(text, font, width, largest, smallest=smallest)
    if text_width(text, font, size) > width * 1.001:  # not the last rounding of a fit
        text = ellipsized(text, font, size, width)
    if align == "right":
        draw_text(canvas, x + width, baseline, text, font, size, "right")
    elif align == "centre":
        draw_text(canvas, x + width / 2, baseline, text, font, size, "centre")
    else:
        draw_text(canvas, x, baseline, text, font, size)
    return size
