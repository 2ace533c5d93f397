"""What a name may hold (no control or invisible formatting characters), and text made safe to
print on a terminal.

A name (a crow's, a player's, a party's, a dungeon's, an effect's, a table's) is shown on screens,
printed on sheets and written to terminals. ESC starts terminal escape sequences (clearing the
screen, rewriting the title), NUL cuts text short in C libraries, and the right-to-left override
makes ``evil‮txt.exe`` read as something else. So names refuse Unicode's control (Cc) and format
(Cf) characters, and line or paragraph separators, except the zero-width joiner and non-joiner,
which emoji and several scripts need inside words.
"""

from __future__ import annotations

import unicodedata

ALLOWED_FORMAT_CHARACTERS = frozenset({"\u200c", "\u200d"})
"""Zero-width non-joiner and joiner: ordinary parts of Persian, Indic scripts and emoji."""

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
_SHORT_NAMES = {
    "\x00": "NUL",
    "\x07": "BEL",
    "\x08": "BACKSPACE",
    "\t": "TAB",
    "\n": "LINE FEED",
    "\r": "CARRIAGE RETURN",
    "\x1b": "ESC",
    "\x7f": "DELETE",
    "\x9b": "CSI",
}


def match_key(text: str) -> str:
    """How two names (or any words typed to be matched) are told apart when looking one up:
    ``text`` with its spacing collapsed and its case folded ("Wren  ashdown" finds "Wren
    Ashdown")."""
    return " ".join(text.split()).casefold()


def is_hidden_character(character: str) -> bool:
    """True for a control, format or separator character a name must not hold."""
    if character in ALLOWED_FORMAT_CHARACTERS:
        return False
    return unicodedata.category(character) in _REFUSED_CATEGORIES


def character_label(character: str) -> str:
    """``U+001B (ESC)``, ``U+202E (RIGHT-TO-LEFT OVERRIDE)``: a character named for a message."""
    name = _SHORT_NAMES.get(character) or unicodedata.name(character, "")
    code = f"U+{ord(character):04X}"
    return f"{code} ({name})" if name else code


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be a name, or None: the first hidden character and where it is."""
    for position, character in enumerate(text, start=1):
        if is_hidden_character(character):
            return (
                f"holds the control character {character_label(character)} at character "
                f"{position}; a name is plain text"
            )
    return None


def require_plain_name(what: str, text: str) -> str:
    """``text`` if it holds no hidden characters; ValueError naming ``what`` otherwise."""
    problem = name_problem(text)
    if problem is not None:
        raise ValueError(f"{what} {problem}")
    return text


def terminal_safe(text: str, *, keep: str = "\n") -> str:
    """``text`` with every hidden character (but those in ``keep``) written as an escape
    (``\\x1b``, ``\\u202e``), so printing it cannot move the cursor or reorder the line."""
    plain = text
    for character in keep:
        plain = plain.replace(character, "")
    if plain.isprintable():  # no Cc, Cf, Zl or Zp character at all, checked in C: the common
        return text  # case, and ten thousand crows' list is over 600,000 characters
    if not any(is_hidden_character(c) and c not in keep for c in text):
        return text
    return "".join(_escape(c) if is_hidden_character(c) and c not in keep else c for c in text)


def _escape(character: str) -> str:
    code = ord(character)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def json_safe(encoded: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with every hidden character
    written as a ``\\uXXXX`` escape: the same JSON value, but safe on a terminal.

    ``json.dumps`` already escapes U+0000–U+001F; DEL, the C1 controls (U+0080–U+009F, where
    U+009B starts an escape sequence on some terminals) and the format characters it leaves raw.
    Hidden characters can only stand inside JSON strings, so escaping them keeps the value.
    """
    if encoded.isprintable():  # no hidden character at all, checked in C (see terminal_safe)
        return encoded
    if not any(is_hidden_character(c) for c in encoded):
        return encoded
    return "".join(_json_escape(c) if is_hidden_character(c) else c for c in encoded)


def _json_escape(character: str) -> str:
    code = ord(character)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def plain_name(what: str, text: str) -> str:
    """The one rule for every named thing (a crow, a journey, a table, a crafting project, an
    effect): no hidden characters (a tab or a line break included), runs of spaces as one, no
    spaces at the ends, and not empty. ValueError naming ``what`` otherwise."""
    require_plain_name(what, text)
    clean = " ".join(text.split())
    if not clean:
        raise ValueError(f"{what} is empty")
    return clean
