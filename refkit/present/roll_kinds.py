"""The roll log's kinds as people say them (Qt-free): each kind a roll is stored under, named.

The stored kind stays the key scripts and exports read (``warriors-of-krynn``, ``usage_dice``);
the window shows these names in its Kind column and its kind filter.
"""

from __future__ import annotations

ROLL_KIND_NAMES: dict[str, str] = {
    "test": "Test",
    "d100": "d100",
    "usage_dice": "Usage dice",
    "notation": "Dice",
    "encounter": "Encounter",
    "table_roll": "Table roll",
    "hazard": "Hazard",
    "cast": "Cast",
    "backlash": "Backlash",
    "attack": "Attack",
    "craft": "Crafting",
    "travel": "Travel",
    "warcrow": "Warcrow",
    "warriors-of-krynn": "Warriors of Krynn",
    "widowers-wood": "Widower's Wood",
    "stworze": "Stworze",
}
"""Every kind Refkit stores a roll under, in the order the filter offers them."""


def roll_kind_name(kind: str) -> str:
    """``kind`` as people say it; a kind not known here (a newer file's) in plain words."""
    known = ROLL_KIND_NAMES.get(kind)
    if known is not None:
        return known
    words = kind.replace("_", " ").replace("-", " ").split()
    return " ".join(words).capitalize() if words else "Roll"
