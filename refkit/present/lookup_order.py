"""The order of the lookup's results (Ctrl+K), over the index's ranking (Qt-free).

A title that is exactly what was typed comes first, then titles that begin with it, then the
entries read lately in this window (the latest first), then the rest in the index's order (its
ranking, typo corrections and all). Within each group the index's order is kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

RECENT_KEPT = 20
"""How many read entries the lookup remembers."""


class Hit(Protocol):
    @property
    def title(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def id(self) -> str: ...


H = TypeVar("H", bound=Hit)


def _plain(text: str) -> str:
    """Case, punctuation and spacing left out: "Getting  Lost!" reads as "getting lost"."""
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


def ordered_hits(hits: Sequence[H], typed: str, recent: Sequence[tuple[str, str]]) -> list[H]:
    """``hits`` (the index's order) in the lookup's order; ``recent``: (game, id) of the
    entries read lately, the latest first."""
    query = _plain(typed)
    lately = {key: place for place, key in enumerate(recent)}

    def group(hit: H) -> tuple[int, int]:
        title = _plain(hit.title)
        if query and title == query:
            return (0, 0)
        if query and title.startswith(query):
            return (1, 0)
        place = lately.get((hit.game, hit.id))
        if place is not None:
            return (2, place)
        return (3, 0)

    return sorted(hits, key=group)  # stable: the index's order within a group


def remember(recent: Sequence[tuple[str, str]], key: tuple[str, str]) -> list[tuple[str, str]]:
    """``recent`` with ``key`` read just now: first, once, at most :data:`RECENT_KEPT`."""
    return [key, *(other for other in recent if other != key)][:RECENT_KEPT]
