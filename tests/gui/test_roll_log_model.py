"""The roll log's Qt model (checked with qtmodeltester) and its kind/text filter."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from PySide6.QtCore import Qt

from refkit.dice.records import RollRecord
from refkit.gui.dice.roll_log_model import (
    COLUMNS,
    KIND_ROLE,
    RESULT_COLUMN,
    ROLL_COLUMN,
    RollLogFilter,
    RollLogModel,
    time_text,
)
from refkit.store.roll_log import LoggedRoll

NOON = datetime(2031, 5, 6, 12, 0, tzinfo=UTC)


def logged(roll_id: int, kind: str, expression: str, summary: str, minutes: int = 0) -> LoggedRoll:
    record = RollRecord(
        kind=kind,
        expression=expression,
        faces=(3, 4),
        total=7,
        seed=1000 + roll_id,
        rolled_at=NOON + timedelta(minutes=minutes),
        summary=summary,
        detail={},
    )
    return LoggedRoll(id=roll_id, record=record, source="app")


def sample_rolls() -> list[LoggedRoll]:
    """Newest first, as the repository returns them."""
    return [
        logged(3, "usage_dice", "3 usage dice", "3 → 1 left", minutes=2),
        logged(2, "d100", "d100", "72 (tens 7, ones 2)", minutes=1),
        logged(1, "test", "2d10+1, 1 edge", "Tier 2 — total 14"),
    ]


def local_today() -> date:
    return NOON.astimezone().date()


def test_model_passes_qtmodeltester(qtmodeltester) -> None:
    model = RollLogModel(today=local_today)
    model.replace_all(sample_rolls())
    qtmodeltester.check(model, force_py=True)
    model.add_newest(logged(4, "notation", "4d6kh3", "4d6kh3 = 12", minutes=3))
    qtmodeltester.check(model, force_py=True)


def test_rows_are_newest_first_with_readable_columns(qapp) -> None:
    model = RollLogModel(today=local_today)
    model.replace_all(sample_rolls())
    model.add_newest(logged(4, "notation", "4d6kh3", "4d6kh3 = 12", minutes=3))
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == list(COLUMNS) == ["Time", "Kind", "Roll", "Result"]
    rows = [
        [model.data(model.index(row, column)) for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]
    local = (NOON + timedelta(minutes=3)).astimezone().strftime("%H:%M:%S")
    assert rows[0] == [local, "Dice", "4d6kh3", "4d6kh3 = 12"]
    assert [row[1] for row in rows] == ["Dice", "Usage dice", "d100", "Test"]
    assert model.data(model.index(3, RESULT_COLUMN), KIND_ROLE) == "test"
    tooltip = model.data(model.index(3, ROLL_COLUMN), Qt.ItemDataRole.ToolTipRole)
    assert "Seed 1001" in tooltip and "dice 3 4, total 7" in tooltip


def test_older_rolls_show_their_date() -> None:
    moment = datetime(2031, 5, 6, 12, 0, tzinfo=UTC)
    assert time_text(moment, moment.astimezone().date() + timedelta(days=1)) == (
        moment.astimezone().strftime("%Y-%m-%d %H:%M")
    )


def test_filter_by_kind_and_by_text_any_case(qapp) -> None:
    model = RollLogModel(today=local_today)
    model.replace_all(sample_rolls())
    proxy = RollLogFilter()
    proxy.setSourceModel(model)

    def shown() -> list[str]:
        return [proxy.data(proxy.index(r, ROLL_COLUMN)) for r in range(proxy.rowCount())]

    assert shown() == ["3 usage dice", "d100", "2d10+1, 1 edge"]
    proxy.set_kind("test")
    assert shown() == ["2d10+1, 1 edge"]
    proxy.set_kind(None)
    proxy.set_text("  TIER ")
    assert shown() == ["2d10+1, 1 edge"]
    proxy.set_text("usage")  # matches the kind column's label too
    assert shown() == ["3 usage dice"]
    proxy.set_kind("d100")
    assert shown() == []
    model.add_newest(logged(5, "d100", "d100", "100 usage?", minutes=5))
    assert shown() == ["d100"]


def test_the_filter_passes_qtmodeltester_and_follows_the_log(qtmodeltester) -> None:
    model = RollLogModel(today=local_today)
    model.replace_all(sample_rolls())
    proxy = RollLogFilter()
    proxy.setSourceModel(model)
    proxy.set_kind("d100")
    qtmodeltester.check(proxy, force_py=True)
    model.add_newest(logged(4, "d100", "d100", "5 (tens 0, ones 5)", minutes=3))
    model.add_newest(logged(5, "test", "2d10", "Tier 1 — total 9", minutes=4))
    assert [proxy.index(r, ROLL_COLUMN).data() for r in range(proxy.rowCount())] == ["d100"] * 2
    assert proxy.mapToSource(proxy.index(0, 0)).row() == 1
    assert proxy.mapFromSource(model.index(0, 0)).isValid() is False  # the test is left out
    assert proxy.headerData(0, Qt.Orientation.Horizontal) == "Time"
    proxy.set_text("no such roll")
    assert proxy.rowCount() == 0
    assert proxy.headerData(3, Qt.Orientation.Horizontal) == "Result"  # headers stay
    proxy.set_text("")
    model.remove(0, 2)
    assert proxy.rowCount() == 1
    model.replace_all([])
    assert proxy.rowCount() == 0
    qtmodeltester.check(proxy, force_py=True)


def test_the_log_lets_the_oldest_rolls_go_past_its_limit_all_at_once(qapp) -> None:
    """An evening of rolls does not grow the window's memory without end (issue 30): past
    ``kept`` + ``slack`` rolls the oldest go, in one removal, and the filter follows."""
    model = RollLogModel(today=local_today, kept=4, slack=2)
    shown = RollLogFilter()
    shown.setSourceModel(model)
    shown.set_kind("d100")
    removals: list[tuple[int, int]] = []
    model.rowsRemoved.connect(lambda _parent, first, last: removals.append((first, last)))
    for roll_id in range(1, 7):
        model.add_newest(logged(roll_id, "d100" if roll_id % 2 else "test", "d100", f"{roll_id}"))
    assert len(model) == 6 and removals == []
    model.add_newest(logged(7, "d100", "d100", "7"))
    assert [roll.id for roll in model.rolls()] == [7, 6, 5, 4]
    assert removals == [(4, 6)]
    assert [shown.index(row, 0).data(KIND_ROLE) for row in range(shown.rowCount())] == [
        "d100",
        "d100",
    ]
    for roll_id in range(8, 40):
        model.add_newest(logged(roll_id, "d100", "d100", f"{roll_id}"))
        assert len(model) <= 6
    assert model.roll_at(0).id == 39


def test_the_window_keeps_as_many_rolls_as_it_loads() -> None:
    from refkit.gui.dice.install import LOG_LOAD_LIMIT
    from refkit.gui.dice.roll_log_model import ROLLS_KEPT, ROLLS_SLACK

    model = RollLogModel(today=local_today)
    model.replace_all(logged(n, "d100", "d100", f"{n}") for n in range(LOG_LOAD_LIMIT, 0, -1))
    for roll_id in range(LOG_LOAD_LIMIT + 1, LOG_LOAD_LIMIT + ROLLS_SLACK + 2):
        model.add_newest(logged(roll_id, "d100", "d100", f"{roll_id}"))
    assert len(model) == ROLLS_KEPT == LOG_LOAD_LIMIT


def test_the_rest_of_the_log_fills_in_around_the_rolls_shown_which_stay_in_place(
    qtmodeltester,
) -> None:
    """The newest rolls, read ahead, are shown while the roll log opens; the log read once it
    is open joins them without a reset (a roll selected meanwhile stays selected): the older
    rolls below, up to the limit, and one another program stored meanwhile on top."""
    model = RollLogModel(today=local_today, kept=6, slack=2)
    model.replace_all([logged(roll_id, "d100", "d100", f"{roll_id}") for roll_id in (9, 8, 7)])
    shown = [model.roll_at(row) for row in range(3)]
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))
    read = [logged(roll_id, "d100", "d100", f"{roll_id}") for roll_id in range(10, 0, -1)]
    model.fill_from(read)
    assert [roll.id for roll in model.rolls()] == [10, 9, 8, 7, 6, 5]  # six kept
    assert model.rolls()[1:4] == shown and resets == []
    qtmodeltester.check(model, force_py=True)


def test_a_log_cleared_before_the_rest_is_read_shows_what_was_read(qapp) -> None:
    model = RollLogModel(today=local_today)
    model.replace_all([logged(roll_id, "d100", "d100", f"{roll_id}") for roll_id in (9, 8)])
    model.fill_from([logged(1, "test", "2d10", "after the clear")])
    assert [roll.id for roll in model.rolls()] == [1]
    model.fill_from([])
    assert model.rolls() == []
