"""The villain miniatures in the Widower's Wood box (rulebook L114), as data: how many of each
colour a villain type's reserve can hold at most, and so what a new type's reserve starts with.

The unique villains (Rasheldonak, the Wild Tatzylwurm, the Deathless) come one of a kind with no
colour pair, so they are not listed: their reserve is whatever the referee sets.
"""

from __future__ import annotations

from typing import Final

BOX_MINIATURES: Final[dict[str, tuple[int, int]]] = {
    "Bog Trog Lancers": (5, 5),
    "Swamp Shamblers": (4, 4),
    "Gatormen Clubbers": (3, 3),
    "Small Tatzylwurms": (3, 3),
    "Mist Speakers": (1, 1),
    "Swamp Gobber Pirates": (1, 1),
    "Gatorman Bokors": (1, 1),
}
"""Villain type → (red, blue) miniatures in the box."""


def _words(name: str) -> list[str]:
    """A name's words, casefolded and made singular the simple way the box's names need
    ("Gatormen" → "gatorman", "Lancers" → "lancer")."""
    words = []
    for word in name.casefold().split():
        if word.endswith("men"):
            word = word[:-3] + "man"
        elif word.endswith("s") and len(word) > 3:
            word = word[:-1]
        words.append(word)
    return words


def box_counts(name: str) -> tuple[str, tuple[int, int]] | None:
    """The box's entry for the villain type ``name`` — its name as the box has it and its (red,
    blue) miniatures — when exactly one entry starts with the words typed ("Bog Trog" is the
    Bog Trog Lancers; "Gatorman" could be either Gatorman type, so it is none)."""
    typed = _words(name)
    if not typed:
        return None
    found = [
        (box_name, counts)
        for box_name, counts in BOX_MINIATURES.items()
        if _words(box_name)[: len(typed)] == typed
    ]
    return found[0] if len(found) == 1 else None
