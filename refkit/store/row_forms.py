"""Stored rows as the app's objects, in plain Python: what the ORM's repositories and the quick
``sqlite3`` path (:mod:`refkit.store.sqlite.quick`) both read, so the two never read a row apart.

Each function takes a row's column values as stored (JSON text, ints, bools) and gives the
domain object; none of them imports SQLAlchemy.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Final

from refkit.dice.records import LoggedRoll, RollRecord
from refkit.store.row_values import ROLL_SOURCES as ROLL_SOURCES
from refkit.store.row_values import TABLES_SEEDED_KEY as TABLES_SEEDED_KEY
from refkit.store.row_values import table_key as table_key

if TYPE_CHECKING:
    from refkit.rules.character.model import Character
    from refkit.rules.dungeon.effects import TrackedEffect

SAMPLES_SEEDED_KEY: Final = "sample_content_seeded"
"""The ``app_meta`` flag set once the sample party was offered to this database."""

EFFECT_COLUMNS = (
    "effect_id",
    "name",
    "kind",
    "usage_dice",
    "max_usage_dice",
    "modes",
    "spent",
    "lit",
    "ends_at_dt_end",
    "refuel_with",
    "owner",
    "crow",
    "item_id",
    "ends_at_rest",
)
"""The ``tracked_effect`` columns :func:`tracked_effect` reads, in its arguments' order."""


def tracked_effect(
    effect_id: str,
    name: str,
    kind: str,
    usage_dice: int,
    max_usage_dice: int,
    modes: str,
    spent: bool,
    lit: bool,
    ends_at_dt_end: bool,
    refuel_with: str,
    owner: str,
    crow: str,
    item_id: str,
    ends_at_rest: bool,
) -> TrackedEffect:
    """A ``tracked_effect`` row (``modes`` is a JSON list of mode names)."""
    # Here, not at the top: a roll logged on the quick path needs no dungeon rules.
    from refkit.rules.dungeon.effects import TrackedEffect

    mode_names: Iterable[str] = json.loads(modes)
    return TrackedEffect.from_dict(
        {
            "id": effect_id,
            "name": name,
            "kind": kind,
            "usage_dice": usage_dice,
            "max_usage_dice": max_usage_dice,
            "modes": list(mode_names),
            "spent": bool(spent),
            "lit": bool(lit),
            "ends_at_dt_end": bool(ends_at_dt_end),
            "refuel_with": refuel_with,
            "owner": owner,
            "crow": crow,
            "item_id": item_id,
            "ends_at_rest": bool(ends_at_rest),
        }
    )


ROLL_COLUMNS = (
    "id",
    "kind",
    "expression",
    "faces",
    "total",
    "seed",
    "rolled_at",
    "summary",
    "detail",
    "source",
)
"""The ``roll_log`` columns :func:`logged_roll` reads, in its arguments' order."""


def logged_roll(
    row_id: int | None,
    kind: str,
    expression: str,
    faces: str,
    total: int,
    seed: str | None,
    rolled_at: datetime,
    summary: str,
    detail: str,
    source: str,
) -> LoggedRoll:
    """A ``roll_log`` row (``rolled_at`` already read as an aware UTC time)."""
    assert row_id is not None
    record = RollRecord(
        kind=kind,
        expression=expression,
        faces=tuple(json.loads(faces)),
        total=total,
        seed=None if seed is None else int(seed),
        rolled_at=rolled_at,
        summary=summary,
        detail=json.loads(detail),
    )
    return LoggedRoll(id=row_id, record=record, source=source)


def name_key(name: str) -> str:
    """The form of a crow's or a party's name that must be unique (the ``name_key`` column):
    trimmed, NFC-normalised and case-folded."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def stored_character(payload: str, name: str) -> Character:
    """The crow in a ``character`` row's ``payload`` (its ``name`` says which in an error).
    Raises ValueError (the JSON) or CharacterFileError (the crow) when it cannot be read."""
    # Imported here: the clock's first look at the stored state reads no crow's file format.
    from refkit.rules.character.file_format import character_from_json

    return character_from_json(json.loads(payload), f"stored character {name!r}")


def spell_key(name: str) -> str:
    """The name as the uniqueness check reads it: case and spacing folded."""
    return " ".join(name.split()).casefold()
