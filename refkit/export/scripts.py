"""Text in any script on a ReportLab canvas: each character in a font that has it, right-to-left
runs (Arabic, Hebrew…) shaped and joined, the line's runs in reading order.

The bundled DejaVu Sans covers Latin, Greek, Cyrillic, Arabic and Hebrew; the bundled Noto Emoji
(the window's emoji font too) covers emoji. A character neither has (李, ก, …) is set in a fallback
font found through fontconfig (``fc-list``) the first time it is needed:
a TrueType font that has the glyph (ReportLab cannot embed CFF-outline fonts such as Noto CJK's
OTFs). When no installed font has it, the character prints as DejaVu's empty box and
:func:`take_missing` tells the caller which characters, so it can say what to install.

Right-to-left runs are shaped with HarfBuzz (``uharfbuzz``, through ReportLab's ``shapeStr``):
letters join, and the glyphs come in visual order while the text layer keeps the logical order.
The bidirectional ordering here is the simple one a name or a note needs: runs of one direction,
laid left to right for a line that starts in a left-to-right script, right to left otherwise.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from refkit.locate import resource_path

RTL_CLASSES = frozenset({"R", "AL"})
STRONG_LTR = "L"
NUMBER_CLASSES = frozenset({"EN", "AN"})
FALLBACK_PREFIX = "RefkitFallback"
INSTALL_HINT = (
    "install a TrueType font that has them (on Debian or Ubuntu: apt-get install "
    "fonts-droid-fallback for Chinese, Japanese and Korean)"
)

_lock = threading.Lock()
_local = threading.local()
_ASTRAL_ENTRY = re.compile(r"^(<[0-9A-F]{2}>) <([0-9A-F]{5,6})>$", re.MULTILINE)
_reportlab_to_unicode = ttfonts.makeToUnicodeCMap


def _to_unicode_cmap(fontname: str, subset: Any) -> str:
    """ReportLab's ToUnicode map with characters beyond U+FFFF written as UTF-16 (a surrogate
    pair), as the PDF format wants: ReportLab writes ``<1F409>``, which readers take for
    U+1F40, so a copied or searched 🐉 came back as "ὀ"."""

    def as_utf16(match: re.Match[str]) -> str:
        hex_units = chr(int(match.group(2), 16)).encode("utf-16-be").hex().upper()
        return f"{match.group(1)} <{hex_units}>"

    return _ASTRAL_ENTRY.sub(as_utf16, _reportlab_to_unicode(fontname, subset))


ttfonts.makeToUnicodeCMap = _to_unicode_cmap


@dataclass(frozen=True)
class Run:
    """A piece of a line in one font and one direction, its text in logical order."""

    text: str
    font: str
    rtl: bool


def _glyphs(font: str) -> Any:
    """The character-to-glyph map of a registered TrueType font."""
    return pdfmetrics.getFont(font).face.charToGlyph


def has_glyph(font: str, char: str) -> bool:
    return ord(char) in _glyphs(font) or not char.isprintable()


def _is_plain(text: str) -> bool:
    """Latin and its extensions (up to U+024F): DejaVu has every one of them, none is shaped."""
    return not text or max(text) < "\u0250"


def runs(text: str, font: str) -> list[Run]:
    """``text`` cut into runs of one font and one direction, in visual order (left to right)."""
    if _is_plain(text):
        return [Run(text, font, False)] if text else []
    fonts = [_font_for(char, font) for char in text]
    directions = _directions(text)
    pieces: list[Run] = []
    for char, char_font, rtl in zip(text, fonts, directions, strict=True):
        if pieces and pieces[-1].font == char_font and pieces[-1].rtl == rtl:
            last = pieces[-1]
            pieces[-1] = Run(last.text + char, char_font, rtl)
        else:
            pieces.append(Run(char, char_font, rtl))
    base_rtl = _first_strong_is_rtl(text)
    if not base_rtl:
        return _rtl_groups_reversed(pieces)
    # A right-to-left line: its runs read from the right, so they are laid out reversed.
    return list(reversed(pieces))


def _rtl_groups_reversed(pieces: list[Run]) -> list[Run]:
    """In a left-to-right line, a right-to-left stretch set in several fonts is laid out with its
    runs reversed (each run is shaped right to left on its own)."""
    result: list[Run] = []
    group: list[Run] = []
    for piece in pieces:
        if piece.rtl:
            group.append(piece)
            continue
        result += reversed(group)
        group = []
        result.append(piece)
    result += reversed(group)
    return result


def _first_strong_is_rtl(text: str) -> bool:
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in RTL_CLASSES:
            return True
        if kind == STRONG_LTR:
            return False
    return False


def _directions(text: str) -> list[bool]:
    """Whether each character belongs to a right-to-left run: strong letters by their class,
    spaces and punctuation with their neighbours when both sides agree, else with the line."""
    strong: list[bool | None] = []
    for char in text:
        kind = unicodedata.bidirectional(char)
        # Numbers read left to right wherever they stand ("page 2" keeps its 2 after "page").
        ltr = kind == STRONG_LTR or kind in NUMBER_CLASSES
        strong.append(True if kind in RTL_CLASSES else False if ltr else None)
    base = _first_strong_is_rtl(text)
    result: list[bool] = []
    for index, value in enumerate(strong):
        if value is not None:
            result.append(value)
            continue
        before = next((v for v in reversed(strong[:index]) if v is not None), base)
        after = next((v for v in strong[index + 1 :] if v is not None), base)
        result.append(before if before == after else base)
    return result


def _font_for(char: str, font: str) -> str:
    if has_glyph(font, char):
        return font
    fallback = fallback_font(char)
    if fallback is None:
        _note_missing(char)
        return font
    return fallback


def _note_missing(char: str) -> None:
    missing: set[str] | None = getattr(_local, "missing", None)
    if missing is None:
        missing = set()
        _local.missing = missing
    missing.add(char)


def take_missing() -> str | None:
    """What this thread drew without a glyph since the last call, as a sentence, or None."""
    missing: set[str] = getattr(_local, "missing", None) or set()
    _local.missing = set()
    if not missing:
        return None
    shown = " ".join(f"{char} (U+{ord(char):04X})" for char in sorted(missing)[:8])
    more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
    return f"no installed font has {shown}{more}: they print as empty boxes; {INSTALL_HINT}"


BUNDLED_FALLBACKS = ("NotoEmoji-Regular.ttf",)
"""Fonts in resources/fonts/ tried before the system's: the window's emoji font (Noto Emoji,
monochrome outlines ReportLab can embed), so a name prints as the window shows it."""


@cache
def fallback_font(char: str) -> str | None:
    """The name of a registered font that has ``char``: a bundled fallback, else one found through
    fontconfig; None if none."""
    for path in (*_bundled_files(), *_fontconfig_files(char)):
        name = _register(path)
        if name is not None and has_glyph(name, char):
            return name
    return None


def _bundled_files() -> list[str]:
    return [str(resource_path("fonts", name)) for name in BUNDLED_FALLBACKS]


def _fontconfig_files(char: str) -> list[str]:
    program = shutil.which("fc-list")
    if program is None:
        return []
    try:
        done = subprocess.run(
            [program, f":charset={ord(char):x}", "file"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    files = sorted({line.split(":")[0].strip() for line in done.stdout.splitlines()})
    # TrueType first (ReportLab embeds only those); a collection's first face is taken.
    return [path for path in files if path.lower().endswith((".ttf", ".ttc"))]


@cache
def _register(path: str) -> str | None:
    """Register the font file as a fallback once; None when ReportLab cannot use it."""
    with _lock:
        name = f"{FALLBACK_PREFIX}{_register.cache_info().currsize}"
        try:
            pdfmetrics.registerFont(TTFont(name, path))
        except (TTFError, OSError, ValueError):
            return None
        return name


def run_width(run: Run, size: float) -> float:
    return float(pdfmetrics.stringWidth(shaped(run, size), run.font, size))


def shaped(run: Run, size: float) -> Any:
    """What to hand ``drawString`` for ``run``: shaped glyphs for a right-to-left run (its
    letters unjoined but in visual order when HarfBuzz is not installed)."""
    if not run.rtl:
        return run.text
    from reportlab.pdfbase.ttfonts import shapeStr

    try:
        return shapeStr(run.text, run.font, size)
    except ValueError:
        return run.text[::-1]
