"""The largest (and smallest) numbers, lists and files Refkit reads in character and table files.

The bounds are far beyond real play (sources: ``rules/crows-facts.md``, ``rules/items-facts.md``)
yet small enough that nothing built from a file can hang, overflow or stretch a window. A file
beyond one is refused as it is read, before anything is built from it, with the field's path:
``items[3].slots: 10000000 is more than 99``. Values inside a bound may still break a rule (a
characteristic of 7, a wound in slot 12): ``refkit character check`` reports those.
"""

from __future__ import annotations

MEGABYTE = 1024 * 1024
"""Bytes in a megabyte (:mod:`refkit.rules.common.file_reading` reads files by it; kept here,
which imports no ``pathlib``: a table's bounds are read by every ``refkit cast``)."""

# -- files --------------------------------------------------------------------------------------

CHARACTER_FILE_BYTES = 2 * MEGABYTE
"""A ``*.crow.json`` file (a full crow with long notes is a few kilobytes)."""
TABLE_FILE_BYTES = 5 * MEGABYTE
"""A table file (.txt, .md, .csv, .toml)."""

# -- a crow -------------------------------------------------------------------------------------

CHARACTERISTIC = (-99, 99)
"""Read as given; the check reports anything outside −5..5 (``characteristic_range``)."""
STAMINA = (0, 999)
"""Backgrounds give 5, 7 or 9, advancement +2 at a time."""
SPEED = (0, 99)
"""Base speed 5; mounts and magic add a few."""
CRUELTY = (0, 99)
"""1d10 + cruelty of 13 or more already ends play."""
EXPERTISE_USES = (0, 99)
"""Uses and spent uses of one expertise."""
SLOT_NUMBER = (-99, 99)
"""An item's first slot (``at``) and a wound's slot; the check reports those outside the area."""
ITEM_SLOTS = (1, 10)
"""Slots one catalogue or edited item takes: no area has more than the backpack's ten."""
ITEM_SLOTS_READ = (1, 99)
"""Slots of an item as read from a character file: 11..99 load, and the check reports the item
running past its area (``slot_out_of_range``, exit 1), as the contract says; beyond is refused."""
ITEM_COUNT = (1, 999)
"""Things in one stack entry, and a stack's limit (cards print Stack 1–10)."""
USAGE_DICE = (0, 20)
"""Usage dice of an item (cards print 1–4; a masterwork lantern has 4)."""
ARMOUR_DEFENSE = (0, 99)
"""AD of one suit or shield (the heaviest armour has 15)."""
DAMAGE = (0, 999)
"""A weapon's tier 2 and tier 3 damage."""
PRICE = (0, 10_000_000)
"""Gold crowns on one card, and a crafting goal (the dearest Playtest 2 card costs 2,015 gc)."""

ITEMS = 200
"""Entries in ``items`` (16 numbered slots and 6 magic slots, stacks sharing slots)."""
GROUND_ITEMS = 1000
"""Entries in ``ground``."""
EXPERTISES = 100
WOUNDS = 99
TAGS = 50
"""Tags on one item."""

# -- a rollable table ---------------------------------------------------------------------------

TABLE_ROWS = 1000
"""Rows of one table: a d1000 table has 1000; a d100 + rank backlash table about 100."""
TABLE_INDEX = (-10_000_000, 10_000_000)
"""A row's low and high end (dice reach at most 1000 × 1000 plus a constant of 1,000,000)."""
TABLE_MODIFIER = 1000
"""The largest ``max_modifier`` of a table (a backlash's rank goes to 5)."""
TABLE_PROBLEMS_SHOWN = 20
"""Problems an import error lists one by one before it says how many more there are."""


def bound_problem(value: int, bounds: tuple[int, int]) -> str | None:
    """``10000000 is more than 99`` (or ``-5 is less than 0``) for a value outside ``bounds``."""
    low, high = bounds
    if value > high:
        return f"{number_words(value)} is more than {high}"
    if value < low:
        return f"{number_words(value)} is less than {low}"
    return None


def number_words(value: int) -> str:
    """A number as typed, or its size when it has too many digits to print whole."""
    if -(10**30) < value < 10**30:
        return str(value)
    digits = int(value.bit_length() * 0.30103) + 1  # str() refuses ints of over 4300 digits
    return f"{'-' if value < 0 else ''}a number of about {digits} digits"
