"""Roll log exports: CSV with proper quoting, Markdown with escaped cells."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from refkit.app.roll_log_export import (
    CSV_COLUMNS,
    markdown_cell,
    roll_log_csv,
    roll_log_markdown,
)
from refkit.dice.records import RollRecord
from refkit.store.roll_log import LoggedRoll

NOON = datetime(2031, 5, 6, 12, 0, tzinfo=UTC)


def logged(
    roll_id: int = 1,
    *,
    expression: str = "2d10+1",
    summary: str = "Tier 2 — total 14",
    faces: tuple[int, ...] = (6, 7),
    seed: int | None = 99,
    rolled_at: datetime = NOON,
    kind: str = "test",
) -> LoggedRoll:
    record = RollRecord(
        kind=kind,
        expression=expression,
        faces=faces,
        total=sum(faces) + 1,
        seed=seed,
        rolled_at=rolled_at,
        summary=summary,
        detail={"tier": 2, "crit": False},
    )
    return LoggedRoll(id=roll_id, record=record, source="app")


def parse_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_csv_has_a_header_and_one_row_per_roll_in_the_given_order() -> None:
    text = roll_log_csv([logged(1), logged(2, kind="d100", faces=(7, 2), seed=None)])
    assert text.splitlines()[0] == ",".join(CSV_COLUMNS)
    rows = parse_csv(text)
    assert [row["id"] for row in rows] == ["1", "2"]
    assert rows[0]["rolled_at"] == "2031-05-06T12:00:00+00:00"
    assert rows[0]["faces"] == "6 7"
    assert rows[0]["total"] == "14"
    assert rows[0]["seed"] == "99" and rows[1]["seed"] == ""
    assert rows[0]["detail"] == '{"crit":false,"tier":2}'
    assert text.endswith("\r\n")


def test_csv_times_are_written_in_utc() -> None:
    evening_in_tokyo = datetime(2031, 5, 6, 21, 0, tzinfo=timezone(timedelta(hours=9)))
    (row,) = parse_csv(roll_log_csv([logged(rolled_at=evening_in_tokyo)]))
    assert row["rolled_at"] == "2031-05-06T12:00:00+00:00"


def test_csv_quotes_commas_quotes_and_line_breaks() -> None:
    nasty = 'Tier 2, "at a cost"\nsecond line'
    text = roll_log_csv([logged(summary=nasty, expression="2d10+1, 1 edge")])
    (row,) = parse_csv(text)
    assert row["summary"] == nasty
    assert row["expression"] == "2d10+1, 1 edge"
    assert '"Tier 2, ""at a cost""' in text


@given(st.text(max_size=60), st.text(max_size=60))
def test_csv_round_trips_any_text(expression: str, summary: str) -> None:
    (row,) = parse_csv(roll_log_csv([logged(expression=expression, summary=summary)]))
    assert row["expression"] == expression
    assert row["summary"] == summary


def test_markdown_is_a_table_with_escaped_cells() -> None:
    text = roll_log_markdown(
        [logged(1), logged(2, summary="a | b\nnext *bold* <b>", expression="4d6kh3")],
        title="Session 3",
    )
    lines = text.splitlines()
    assert lines[0] == "# Session 3"
    assert lines[2] == "2 rolls"
    assert lines[4] == "| Time (UTC) | Kind | Roll | Dice | Total | Result |"
    assert lines[5] == "| --- | --- | --- | --- | ---: | --- |"
    assert lines[6] == "| 2031-05-06 12:00:00 | test | 2d10+1 | 6 7 | 14 | Tier 2 — total 14 |"
    assert lines[7].endswith("| a \\| b<br>next \\*bold\\* &lt;b&gt; |")
    assert len(lines) == 8


@given(st.text(max_size=80))
def test_a_markdown_cell_never_breaks_the_table(text: str) -> None:
    cell = markdown_cell(text)
    assert "\n" not in cell and "\r" not in cell
    unescaped_pipes = cell.replace("\\\\", "").replace("\\|", "")
    assert "|" not in unescaped_pipes


def test_an_empty_log_exports_headers_only() -> None:
    assert roll_log_csv([]) == ",".join(CSV_COLUMNS) + "\r\n"
    assert "0 rolls" in roll_log_markdown([])
