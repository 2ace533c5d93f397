"""The rolls inside session-log entries, as roll-log records (Qt-free, no store).

End DT's usage dice and encounter check, a loud noise's check, a rest's check and a table roll
are written to the session log as lines of the step; each is also a roll of the evening, so the
store puts the roll these entries carry into the roll log in the same transaction. An entry that
only reports (what ran out, an encounter resolved) carries no roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from refkit.dice.records import RollRecord

ENCOUNTER_DIE = "d10"
"""The encounter check's die (a 10 is an encounter at once)."""


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _faces(values: object) -> tuple[int, ...] | None:
    if not isinstance(values, list | tuple):
        return None
    faces = tuple(_whole(value) for value in values)
    return None if any(face is None for face in faces) else faces  # type: ignore[return-value]


def roll_of_entry(
    kind: str, text: str, detail: Mapping[str, Any], at: datetime
) -> RollRecord | None:
    """The roll a session-log entry of ``kind`` records, or None when it records none."""
    seed = _whole(detail.get("seed"))
    if kind == "usage_dice":
        # The line that sums up two hours outside carries no roll: its rolls have their own.
        faces = _faces(detail.get("rolled"))
        before, after = _whole(detail.get("before")), _whole(detail.get("after"))
        if faces is None or before is None or after is None:
            return None
        return RollRecord(
            kind="usage_dice",
            expression=f"{before} UD",
            faces=faces,
            total=after,
            seed=seed,
            rolled_at=at,
            summary=text,
            detail={"effect": str(detail.get("effect", "")), "before": before, "after": after},
        )
    if kind == "encounter":
        roll, en = _whole(detail.get("roll")), _whole(detail.get("en"))
        if roll is None or en is None or "encounter" not in detail:
            return None  # an encounter resolved: its check was logged when it was rolled
        return RollRecord(
            kind="encounter",
            expression=f"{ENCOUNTER_DIE} vs EN {en}",
            faces=(roll,),
            total=roll,
            seed=seed,
            rolled_at=at,
            summary=text,
            detail={"en": en, "encounter": bool(detail["encounter"])},
        )
    if kind == "table_roll":
        total = _whole(detail.get("dice_total"))
        if total is None:
            return None
        faces = _faces(detail.get("dice", [])) or ()
        table = str(detail.get("table", "a table"))
        return RollRecord(
            kind="table_roll",
            expression=str(detail.get("table_dice") or table),
            faces=faces,
            total=total,
            seed=seed,
            rolled_at=at,
            summary=text,
            detail={"table": table, "modifier": detail.get("modifier", 0)},
        )
    return None
