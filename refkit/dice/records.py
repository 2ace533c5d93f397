"""Roll records: what was rolled, the faces, the total, the seed and when.

A record is immutable and JSON-safe: ``to_dict`` gives plain JSON types (the time as an ISO 8601
string in UTC) and ``from_dict`` reads that back to an equal record. ``detail`` holds any extras in
their JSON form (tuples become lists, keys become strings) so the round trip is exact.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from refkit.dice.notation import NotationRoll

Clock = Callable[[], datetime]
"""Gives the current time as an aware datetime; injected so tests can fix the time."""


def utc_now() -> datetime:
    """The default clock: now, in UTC."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class RollRecord:
    """One roll for the roll log.

    ``kind`` says which roller made it ("test", "d100", "usage_dice", "notation", ...),
    ``expression`` what was rolled in words ("2d10+1 (edge)"), ``summary`` the outcome in short
    ("Tier 2 — total 14"). ``seed`` replays the roll (None when the faces were given outright).
    """

    kind: str
    expression: str
    faces: tuple[int, ...]
    total: int
    seed: int | None
    rolled_at: datetime
    summary: str
    detail: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
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


@dataclass(frozen=True)
class LoggedRoll:
    """A roll as the roll log stores it: its row id, the record itself, and where it was made
    ("app" or "cli"). Kept here, beside the record, so a front end can hold one without the
    store's SQL modules."""

    id: int
    record: RollRecord
    source: str


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
