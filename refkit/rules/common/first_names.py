"""A crow picked by its first name: "Wren" finds Wren Ashdown when no other crow starts so."""

from __future__ import annotations

from collections.abc import Iterable

from refkit.errors import DomainError
from refkit.rules.common.name_text import match_key


class AmbiguousName(DomainError, ValueError):
    """A first name several crows share: the message names them."""


def by_first_name(names: Iterable[str], wanted: str) -> str | None:
    """The name equal to ``wanted`` (spacing and case aside), else the only one whose first
    word(s) are ``wanted``; None when none is; AmbiguousName when several are."""
    names = list(names)
    key = match_key(wanted)
    for name in names:
        if match_key(name) == key:
            return name
    begins = [name for name in names if match_key(name).startswith(key + " ")]
    if len(begins) > 1:
        raise AmbiguousName(f"{wanted!r} could be {' or '.join(begins)}: give the full name")
    return begins[0] if begins else None
