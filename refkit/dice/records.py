"""Roll records: what was rolled, the faces, the total, the seed and when.

A record is immutable and JSON-safe: ``to_dict`` gives plain JSON types (the time as an ISO 8601
string in UTC) and ``from_dict`` reads that back to an equal record. ``detail`` holds any extras in
their JSON form (tuples become lists, keys become strings) so the round trip is exact.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from types import MappingProxyType

from refkit.slot_record import SlotRecord

# SlotRecords and typing for the checker only: every refkit roll, test and cast makes a record,
# and dataclasses (with inspect, ast and dis) and typing cost more than a bare Python start.
TYPE_CHECKING = False  # as typing's
if TYPE_CHECKING:
    from typing import Any

    from refkit.dice.notation import NotationRoll

Clock = Callable[[], datetime]
"""Gives the current time as an aware datetime; injected so tests can fix the time."""


def utc_now() -> datetime:
    """The default clock: now, in UTC."""
    return datetime.now(UTC)


class RollRecord(SlotRecord):
    """One roll for the roll log.

    ``kind`` says which roller made it ("test", "d100", "usage_dice", "notation", ...),
    ``expression`` what was rolled in words ("2d10+1 (edge)"), ``summary`` the outcome in short
    ("Tier 2 — total 14"). ``seed`` replays the roll (None when the faces were given outright).
    Compared by every field, hashed by all but ``detail``.
    """

    FIELDS = ("kind", "expression", "faces", "total", "seed", "rolled_at", "summary", "detail")
    __slots__ = FIELDS
    kind: str
    expression: str
    faces: tuple[int, ...]
    total: int
    seed: int | None
    rolled_at: datetime
    summary: str
    detail: Mapping[str, Any]

    def __init__(
        self,
        kind: str,
        expression: str,
        faces: tuple[int, ...],
        total: int,
        seed: int | None,
        rolled_at: datetime,
        summary: str,
        detail: Mapping[str, Any] | None = None,
    ) -> None:
        shown = {} if detail is None else detail
        self._fill(kind, expression, faces, total, seed, rolled_at, summary, shown)
        self._check()

    def __hash__(self) -> int:
        return hash(self._values()[:-1])  # detail is a mapping: left out, as it always was

    def __reduce__(self) -> tuple[type[RollRecord], tuple[object, ...]]:
        return type(self), (*self._values()[:-1], dict(self.detail))  # a mappingproxy won't pickle

    def with_detail(self, detail: Mapping[str, Any]) -> RollRecord:
        """The same roll with ``detail`` in place of its own."""
        return RollRecord(
            self.kind,
            self.expression,
            self.faces,
            self.total,
            self.seed,
            self.rolled_at,
            self.summary,
            detail,
        )

    def _check(self) -> None:
        if not self.kind:
            raise ValueError("a roll record needs a kind")
        faces = tuple(self.faces)
        for face in faces:
            if isinstance(face, bool) or not isinstance(face, int):
                raise TypeError(f"die faces must be whole numbers, got {face!r}")
        if isinstance(self.total, bool) or not isinstance(self.total, int):
            raise TypeError(f"a roll total must be a whole number, got {self.total!r}")
        if self.seed is not None and (
            isinstance(self.seed, bool) or not isinstance(self.seed, int)
        ):
            raise TypeError(f"a seed must be a whole number or None, got {self.seed!r}")
        if not isinstance(self.rolled_at, datetime):
            raise TypeError(f"rolled_at must be a datetime, got {self.rolled_at!r}")
        if self.rolled_at.tzinfo is None or self.rolled_at.utcoffset() is None:
            raise ValueError(
                f"rolled_at {self.rolled_at.isoformat()} has no time zone; give an aware datetime"
            )
        try:
            detail = json.loads(json.dumps(dict(self.detail), allow_nan=False))
        except (TypeError, ValueError) as error:
            raise ValueError(f"roll record detail must be JSON-serialisable: {error}") from None
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "rolled_at", self.rolled_at.astimezone(UTC))
        object.__setattr__(self, "detail", MappingProxyType(detail))

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON types only (ISO 8601 UTC time)."""
        return {
            "kind": self.kind,
            "expression": self.expression,
            "faces": list(self.faces),
            "total": self.total,
            "seed": self.seed,
            "rolled_at": self.rolled_at.isoformat(),
            "summary": self.summary,
            "detail": json.loads(json.dumps(dict(self.detail))),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RollRecord:
        """Read a record written by ``to_dict``; raises ValueError naming a missing or bad field."""
        missing = [name for name in _REQUIRED if name not in data]
        if missing:
            raise ValueError(f"roll record is missing {', '.join(map(repr, missing))}")
        stamp = data["rolled_at"]
        try:
            rolled_at = datetime.fromisoformat(stamp)
        except (TypeError, ValueError):
            raise ValueError(f"roll record has a bad rolled_at time: {stamp!r}") from None
        faces = data["faces"]
        if not isinstance(faces, list | tuple):
            raise ValueError(f"roll record faces must be a list, got {faces!r}")
        try:
            return cls(
                kind=str(data["kind"]),
                expression=str(data["expression"]),
                faces=tuple(faces),
                total=data["total"],
                seed=data["seed"],
                rolled_at=rolled_at,
                summary=str(data["summary"]),
                detail=data.get("detail") or {},
            )
        except TypeError as error:
            raise ValueError(f"roll record is malformed: {error}") from None


_REQUIRED = ("kind", "expression", "faces", "total", "seed", "rolled_at", "summary")


class LoggedRoll(SlotRecord):
    """A roll as the roll log stores it: its row id, the record itself, and where it was made
    ("app" or "cli"). Kept here, beside the record, so a front end can hold one without the
    store's SQL modules."""

    FIELDS = ("id", "record", "source")
    __slots__ = FIELDS
    id: int
    record: RollRecord
    source: str

    def __init__(self, id: int, record: RollRecord, source: str) -> None:
        self._fill(id, record, source)


def notation_record(roll: NotationRoll, seed: int | None, clock: Clock = utc_now) -> RollRecord:
    """A record for a free-notation roll (kind "notation"), with the kept faces and each term."""
    return RollRecord(
        kind="notation",
        expression=roll.expression,
        faces=roll.dice,
        total=roll.total,
        seed=seed,
        rolled_at=clock(),
        summary=f"total {roll.total}",
        detail={
            "kept": list(roll.kept),
            "terms": [
                {
                    "term": term.text,
                    "sign": term.sign,
                    "faces": list(term.faces),
                    "kept": list(term.kept),
                    "value": term.value,
                }
                for term in roll.terms
            ],
        },
    )
