"""The persistent session log: entries in time order, filters, undone marks, refusals."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from refkit.store import Database, SessionLogEntry, SessionLogRepository

NOON = datetime(2031, 3, 4, 12, 0, tzinfo=UTC)


def entry(text: str, kind: str = "note", *, minutes: int = 0, dt: int = 1, **detail: object):
    return SessionLogEntry(
        kind=kind, dt=dt, text=text, at=NOON + timedelta(minutes=minutes), detail=detail
    )


@pytest.fixture
def log(tmp_path: Path):
    database = Database.open(str(tmp_path / "session.sqlite3"))
    yield SessionLogRepository(database)
    database.close()


def test_entries_come_back_in_time_order_with_ids_and_detail(log: SessionLogRepository) -> None:
    later = log.add(entry("DT 1 ended", "dt_end", minutes=30, rolled=[3, 6]))
    earlier = log.add(entry("DT 1 started", "dt_start", minutes=0))
    entries = log.entries()
    assert [e.id for e in entries] == [earlier, later]
    assert entries[1].text == "DT 1 ended"
    assert entries[1].detail == {"rolled": [3, 6]}
    assert entries[1].at == NOON + timedelta(minutes=30)
    assert entries[1].at.tzinfo is not None
    assert [e.id for e in log.entries(newest_first=True, limit=1)] == [later]


def test_times_in_other_zones_are_kept_as_the_same_instant(log: SessionLogRepository) -> None:
    eastern = NOON.astimezone(timezone(timedelta(hours=-5)))
    log.add(SessionLogEntry(kind="note", dt=0, text="x", at=eastern))
    assert log.entries()[0].at == NOON


def test_filter_by_kind_and_text(log: SessionLogRepository) -> None:
    log.add_all(
        [
            entry("Torch: 2 UD → 1", "usage_dice"),
            entry("EN 9, rolled 10: an encounter now", "encounter", minutes=1),
            entry("Lantern: 2 UD → 2", "usage_dice", minutes=2),
        ]
    )
    assert [e.text for e in log.entries(kinds=["usage_dice"])] == [
        "Torch: 2 UD → 1",
        "Lantern: 2 UD → 2",
    ]
    assert [e.text for e in log.entries(text="LANTERN")] == ["Lantern: 2 UD → 2"]
    assert [e.kind for e in log.entries(kinds=["encounter", "usage_dice"], text="1")] == [
        "usage_dice",
        "encounter",
    ]


def test_like_wildcards_in_the_search_text_are_literal(log: SessionLogRepository) -> None:
    log.add_all([entry("greed 30% bonus"), entry("greed 300 gc"), entry("a_b"), entry("axb")])
    assert [e.text for e in log.entries(text="30%")] == ["greed 30% bonus"]
    assert [e.text for e in log.entries(text="a_b")] == ["a_b"]


def test_undone_entries_are_hidden_until_redone(log: SessionLogRepository) -> None:
    ids = log.add_all([entry("first"), entry("second", minutes=1)])
    assert log.set_undone([ids[1]]) == 1
    assert [e.text for e in log.entries()] == ["first"]
    assert log.count() == 1
    assert [e.undone for e in log.entries(include_undone=True)] == [False, True]
    log.set_undone([ids[1]], undone=False)
    assert [e.text for e in log.entries()] == ["first", "second"]


def test_clear_removes_everything(log: SessionLogRepository) -> None:
    log.add_all([entry("a"), entry("b")])
    assert log.clear() == 2
    assert log.entries(include_undone=True) == []


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (SessionLogEntry(kind="gossip", dt=1, text="x", at=NOON), "unknown session-log kind"),
        (SessionLogEntry(kind="note", dt=-1, text="x", at=NOON), "DT number"),
        (SessionLogEntry(kind="note", dt=1, text="x", at=datetime(2031, 1, 1)), "naive"),
        (
            SessionLogEntry(kind="note", dt=1, text="x", at=NOON, detail={"f": float("nan")}),
            "JSON",
        ),
        (SessionLogEntry(kind="note", dt=1, text="x", at=NOON, detail={"s": {1, 2}}), "JSON"),
    ],
)
def test_bad_entries_are_refused_and_nothing_of_the_batch_is_stored(
    log: SessionLogRepository, bad: SessionLogEntry, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        log.add_all([entry("fine"), bad])
    assert log.entries(include_undone=True) == []


def test_unknown_kind_in_a_filter_is_an_error(log: SessionLogRepository) -> None:
    with pytest.raises(ValueError, match="gossip"):
        log.entries(kinds=["gossip"])


def test_a_view_can_read_just_what_changed(log: SessionLogRepository) -> None:
    assert log.newest_id() == 0 and log.undone_ids() == set()
    first, second, third = log.add_all([entry("a"), entry("b", minutes=1), entry("c", minutes=2)])
    assert log.newest_id() == third
    assert [e.text for e in log.entries(after_id=first)] == ["b", "c"]
    assert [e.text for e in log.entries(ids=[first, third])] == ["a", "c"]
    log.set_undone([first, third])
    assert log.undone_ids() == {first, third}
    assert log.undone_ids(from_id=second) == {third}
    assert log.entries(ids=[first]) == []  # undone: left out unless asked for
    assert [e.text for e in log.entries(ids=[first], include_undone=True)] == ["a"]
