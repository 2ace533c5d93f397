"""Roll records: immutable, UTC, JSON-safe, and they survive a round trip."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta, timezone

import pytest

from refkit.dice import RollRecord, notation_record, parse_notation, utc_now

NOON = datetime(2031, 3, 4, 12, 0, 0, 250_000, tzinfo=UTC)


def record(**changes: object) -> RollRecord:
    fields: dict[str, object] = {
        "kind": "test",
        "expression": "2d10+1 (edge)",
        "faces": (7, 4),
        "total": 12,
        "seed": 99,
        "rolled_at": NOON,
        "summary": "Tier 2 — total 12",
        "detail": {"tier": 2, "crit": False},
    }
    fields.update(changes)
    return RollRecord(**fields)  # type: ignore[arg-type]


def test_a_record_round_trips_through_json() -> None:
    original = record()
    data = json.loads(json.dumps(original.to_dict()))
    assert data == {
        "kind": "test",
        "expression": "2d10+1 (edge)",
        "faces": [7, 4],
        "total": 12,
        "seed": 99,
        "rolled_at": "2031-03-04T12:00:00.250000+00:00",
        "summary": "Tier 2 — total 12",
        "detail": {"tier": 2, "crit": False},
    }
    assert RollRecord.from_dict(data) == original


def test_times_are_kept_in_utc() -> None:
    paris = timezone(timedelta(hours=2))
    moved = record(rolled_at=datetime(2031, 3, 4, 14, 0, 0, 250_000, tzinfo=paris))
    assert moved.rolled_at == NOON
    assert moved.rolled_at.utcoffset() == timedelta(0)
    assert RollRecord.from_dict({**record().to_dict(), "rolled_at": "2031-03-04T12:00:00Z"})


def test_naive_times_are_refused() -> None:
    with pytest.raises(ValueError, match="has no time zone"):
        record(rolled_at=datetime(2031, 3, 4, 12, 0))


def test_detail_is_stored_in_its_json_form_and_cannot_be_changed() -> None:
    kept = record(detail={"dice": (1, 2), "nested": {"a": [1, (2, 3)]}})
    assert kept.detail == {"dice": [1, 2], "nested": {"a": [1, [2, 3]]}}
    assert RollRecord.from_dict(kept.to_dict()) == kept
    with pytest.raises(TypeError):
        kept.detail["dice"] = []  # type: ignore[index]
    assert hash(kept) == hash(record(detail={"other": 1}))


@pytest.mark.parametrize("detail", [{"when": datetime(2031, 1, 1)}, {"x": float("nan")}])
def test_detail_must_be_json_safe(detail: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="JSON-serialisable"):
        record(detail=detail)


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"faces": (1, "2")}, TypeError),
        ({"total": 1.5}, TypeError),
        ({"seed": "7"}, TypeError),
        ({"kind": ""}, ValueError),
        ({"rolled_at": "2031-03-04"}, TypeError),
    ],
)
def test_bad_fields_are_refused(changes: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        record(**changes)


def test_reading_a_bad_dict_names_the_problem() -> None:
    data = record().to_dict()
    with pytest.raises(ValueError, match="missing 'total', 'seed'"):
        RollRecord.from_dict({k: v for k, v in data.items() if k not in ("total", "seed")})
    with pytest.raises(ValueError, match="bad rolled_at time: 'yesterday'"):
        RollRecord.from_dict({**data, "rolled_at": "yesterday"})
    with pytest.raises(ValueError, match="faces must be a list"):
        RollRecord.from_dict({**data, "faces": 7})
    with pytest.raises(ValueError, match="malformed"):
        RollRecord.from_dict({**data, "total": "12"})


def test_a_record_without_a_seed_is_fine() -> None:
    given = record(seed=None)
    assert RollRecord.from_dict(given.to_dict()).seed is None


def test_the_default_clock_is_aware_utc() -> None:
    now = utc_now()
    assert now.tzinfo is not None
    assert now.utcoffset() == timedelta(0)


def test_a_notation_roll_becomes_a_record() -> None:
    roll = parse_notation("4d6kh3-1").roll(random.Random(8))
    made = notation_record(roll, seed=8, clock=lambda: NOON)
    assert (made.kind, made.expression, made.seed, made.rolled_at) == (
        "notation",
        "4d6kh3-1",
        8,
        NOON,
    )
    assert made.faces == roll.dice
    assert made.total == roll.total
    assert made.summary == f"total {roll.total}"
    assert made.detail["kept"] == list(roll.kept)
    assert [term["value"] for term in made.detail["terms"]] == [roll.total + 1, -1]
    assert RollRecord.from_dict(json.loads(json.dumps(made.to_dict()))) == made


def test_with_detail_changes_the_detail_only_and_checks_it() -> None:
    kept = record(detail={"tier": 2})

    changed = kept.with_detail({**kept.detail, "crow": "Wren"})

    assert changed.to_dict() == {**kept.to_dict(), "detail": {"tier": 2, "crow": "Wren"}}
    assert changed != kept and hash(changed) == hash(kept)
    with pytest.raises(ValueError, match="JSON-serialisable"):
        kept.with_detail({"when": datetime(2031, 1, 1, tzinfo=UTC)})


def test_a_record_copies_and_pickles_to_an_equal_one_and_refuses_assignment() -> None:
    import copy
    import pickle

    kept = record(detail={"tier": 2, "terms": [1, 2]})

    assert copy.deepcopy(kept) == kept
    assert pickle.loads(pickle.dumps(kept)) == kept
    with pytest.raises(AttributeError):
        kept.total = 3  # type: ignore[misc]
