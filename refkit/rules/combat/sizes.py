"""Creature sizes, smallest first, with the reach each gives by default (fact sheet §10.1)."""

from __future__ import annotations

SIZES: tuple[str, ...] = ("tiny", "small", "medium", "large", "huge", "holy shit!")
"""Smallest first (L282, L457, L787; "small" from the public transcription)."""

DEFAULT_REACH: dict[str, int] = {
    "tiny": 1,
    "small": 1,
    "medium": 1,
    "large": 2,
    "huge": 2,
    "holy shit!": 3,
}
"""Reach in squares by size; a creature's own entry may say otherwise."""


def normal_size(text: str) -> str:
    """``text`` as one of :data:`SIZES` (any case, surrounding blanks ignored); ValueError else."""
    size = " ".join(text.split()).lower()
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}; got {text!r}")
    return size
