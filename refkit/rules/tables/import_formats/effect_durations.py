"""The durations of effect tables' rows (backlash, Miasma): read from a row's text where it names
one, and the choices the import dialog offers where it does not."""

from __future__ import annotations

import re

from refkit.rules.tables.duration_kind import MOST_DURATION_DICE, row_duration
from refkit.rules.tables.model import RollableTable, TableRow

EFFECT_TABLE_WORDS = ("backlash", "miasma")
"""A table whose name holds one of these is rolled for lasting effects: each row needs a
duration kind (it drives the repeat rule), so the import dialog asks for the ones it cannot
read."""

DURATION_CHOICES: tuple[str, ...] = (
    "instant",
    "end of DT",
    "1 UD",
    "2 UD",
    "3 UD",
    "until a rest",
    "until removed",
    "permanent",
    "condition",
)
"""The durations the import dialog offers for a row whose kind it cannot read."""

# The crows' conditions (rules.character's CONDITIONS; the tables cannot import that package).
_CONDITION_WORDS = ("blessed", "grabbed", "prone", "vulnerable", "unconscious", "weakened")
_DURATION_CLUES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(\d{1,2})\s*(?:UD|usage dic?e)\b", re.IGNORECASE), "UD"),
    (
        re.compile(
            r"\b(?:until the end of (?:the|this|your) (?:DT|dungeon turn)|for the rest of the "
            r"(?:DT|dungeon turn)|(?:this|the current) (?:DT|dungeon turn))\b",
            re.IGNORECASE,
        ),
        "end of DT",
    ),
    (
        re.compile(
            r"\buntil (?:you|they|it|the group|the party)?\s*(?:next )?(?:finish(?:es)? )?"
            r"(?:a |your |their |its |the )?(?:next )?rests?\b",
            re.IGNORECASE,
        ),
        "until a rest",
    ),
    (
        re.compile(
            r"\buntil (?:it is |they are )?(?:removed|cured|dispelled|lifted)\b", re.IGNORECASE
        ),
        "until removed",
    ),
    (re.compile(r"\b(?:permanent(?:ly)?|forever|for good)\b", re.IGNORECASE), "permanent"),
    (
        re.compile(
            r"\b(?:become|becomes|are|is|fall|falls|knocked)\s+(?:\w+\s+)?(?:"
            + "|".join(_CONDITION_WORDS)
            + r")\b",
            re.IGNORECASE,
        ),
        "condition",
    ),
)
_STACKS_CLUE = re.compile(r"\balready (?:suffering|under|affected by) this\b", re.IGNORECASE)


def duration_from_text(text: str) -> str:
    """The duration a row's text implies (``2 UD``, ``end of DT``, ``until a rest``, …, with
    ``, stacks`` when it says it adds to itself), or "" when it names none."""
    for pattern, kind in _DURATION_CLUES:
        found = pattern.search(text)
        if found is None:
            continue
        if kind == "UD":
            count = int(found.group(1))
            if not 1 <= count <= MOST_DURATION_DICE:
                continue
            kind = f"{count} UD"
        if _STACKS_CLUE.search(text):
            kind += ", stacks"
        return kind
    return ""


def with_duration_read(row: TableRow) -> TableRow:
    """The row with its duration read from its text when it gives none."""
    if row.duration.strip():
        return row
    guessed = duration_from_text(row.text)
    return TableRow(row.low, row.high, row.text, guessed) if guessed else row


def is_effect_table(name: str) -> bool:
    key = name.casefold()
    return any(word in key for word in EFFECT_TABLE_WORDS)


def rows_without_kind(table: RollableTable) -> tuple[int, ...]:
    """The 1-based rows whose duration names no kind (for an effect table, to be asked for)."""
    return tuple(
        number
        for number, row in enumerate(table.rows, start=1)
        if row_duration(row.duration) is None
    )
