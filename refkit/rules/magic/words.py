"""Reading the words of a spell's fields: any case, any spacing, one shared error type."""

from __future__ import annotations

from refkit.errors import DomainError
from refkit.rules.common.name_text import match_key


class SpellFieldError(DomainError, ValueError):
    """A spell field's text cannot be read; the message quotes it and says what was expected."""


def plain_words(text: str) -> str:
    """``text`` with its spacing collapsed and its case folded, for matching."""
    if not isinstance(text, str):
        raise SpellFieldError(f"expected text, got {text!r}")
    return match_key(text)
