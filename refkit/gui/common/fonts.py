"""Names exactly as typed in the window: the emoji font that ships with Refkit, and a check for
characters that would show as empty boxes.

Qt falls back per character to the fonts fontconfig knows (the system's CJK font shows 李), but a
machine without an emoji font shows 🐉 as a box. Refkit bundles Noto Emoji (monochrome, SIL Open
Font License, ``resources/fonts/``) and makes it the application's emoji font unless the system
has a colour emoji font of its own, which Qt prefers by itself. The same file is the PDFs' first
fallback (:mod:`refkit.export.scripts`), so a name prints as the window shows it.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication, QTextLayout

from refkit.locate import resource_path

EMOJI_FILE = "NotoEmoji-Regular.ttf"
COLOUR_EMOJI_FAMILIES = (
    "Noto Color Emoji",
    "Apple Color Emoji",
    "Segoe UI Emoji",
    "Twemoji",
    "JoyPixels",
)
"""System colour emoji fonts that Qt prefers to the bundled monochrome one when installed."""

_installed: list[str] = []


def install_fallback_fonts() -> list[str]:
    """Register the bundled emoji font with Qt (once; some 0.5 ms, so on the GUI thread before
    the first paint) and make it the emoji font when the system has no colour one. Returns the
    families Refkit added as emoji fonts (empty when the system's font is used)."""
    if _installed:
        return list(_installed)
    font_id = QFontDatabase.addApplicationFont(str(resource_path("fonts", EMOJI_FILE)))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        raise RuntimeError(f"Qt could not load the bundled font resources/fonts/{EMOJI_FILE}")
    if any(QFontDatabase.hasFamily(name) for name in COLOUR_EMOJI_FAMILIES):
        _installed.append("")  # registered; the system's colour font stays the emoji font
        return []
    add_emoji = getattr(QFontDatabase, "addApplicationEmojiFontFamily", None)
    for family in families:
        if add_emoji is not None:
            add_emoji(family)
        else:  # Qt before 6.9: the default family's substitute covers the window's text
            QFont.insertSubstitution(QGuiApplication.font().family(), family)
    _installed.extend(families)
    return list(families)


def missing_glyphs(text: str, font: QFont) -> str:
    """The characters of ``text`` that ``font`` and Qt's fallbacks draw as an empty box
    ("tofu", glyph 0), in order of first appearance; empty when every one has a glyph."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    line = layout.createLine()
    line.setLineWidth(1_000_000)
    layout.endLayout()
    # Qt counts in UTF-16 code units: map each unit back to the character it belongs to.
    chars: list[str] = []
    for char in text:
        chars += [char] * (2 if ord(char) > 0xFFFF else 1)
    boxed: list[str] = []
    flags = QTextLayout.GlyphRunRetrievalFlag
    wanted = flags.RetrieveGlyphIndexes | flags.RetrieveStringIndexes
    for run in layout.glyphRuns(-1, -1, wanted):
        for glyph, index in zip(run.glyphIndexes(), run.stringIndexes(), strict=True):
            char = chars[index]
            if glyph == 0 and char not in boxed and char.isprintable():
                boxed.append(char)
    return "".join(boxed)
