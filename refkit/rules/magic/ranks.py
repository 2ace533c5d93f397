"""A spell's rank (0–5) and a spellbook's most usage dice: what a cast checks before it is made.

Kept apart from :mod:`refkit.rules.magic.spell` (the whole spell: targets, range, area, duration)
so that a cast that names no spell (``refkit cast --rank 1``) does not load the spell model.
"""

from __future__ import annotations

from refkit.rules.magic.words import SpellFieldError

RANK_MIN = 0
RANK_MAX = 5
MOST_BOOK_DICE = 20


def check_rank(rank: int) -> int:
    """``rank`` if it is a spell rank (0..5); SpellFieldError otherwise."""
    if isinstance(rank, bool) or not isinstance(rank, int) or not RANK_MIN <= rank <= RANK_MAX:
        raise SpellFieldError(f"a spell's rank runs from {RANK_MIN} to {RANK_MAX}, got {rank!r}")
    return rank
