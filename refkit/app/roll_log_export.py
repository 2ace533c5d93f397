"""The roll log as CSV or Markdown text, for saving or pasting into session notes.

Both exporters take logged rolls in the order they should appear and return the whole file as one
string. Times are written in UTC (ISO 8601 in CSV) so an export reads the same on every machine.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from refkit.dice.records import LoggedRoll

CSV_COLUMNS: tuple[str, ...] = (
    "id",
    "rolled_at",
    "kind",
    "expression",
    "faces",
    "total",
    "summary",
    "seed",
    "source",
    "detail",
)

MARKDOWN_COLUMNS: tuple[str, ...] = ("Time (UTC)", "Kind", "Roll", "Dice", "Total", "Result")


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)  # records always carry a time zone


def _faces_text(faces: Iterable[int]) -> str:
    return " ".join(str(face) for face in faces)


def roll_log_csv(rolls: Iterable[LoggedRoll]) -> str:
    """RFC 4180 CSV with a header row; every field that needs quoting is quoted.

    ``faces`` are space-separated; ``detail`` is the roll's particulars as compact JSON.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for roll in rolls:
        record = roll.record
        writer.writerow(
            (
                roll.id,
                _utc(record.rolled_at).isoformat(timespec="seconds"),
                record.kind,
                record.expression,
                _faces_text(record.faces),
                record.total,
                record.summary,
                "" if record.seed is None else record.seed,
                roll.source,
                json.dumps(dict(record.detail), sort_keys=True, separators=(",", ":")),
            )
        )
    return buffer.getvalue()


_MARKDOWN_SPECIALS = str.maketrans(
    {
        "\\": "\\\\",
        "|": "\\|",
        "*": "\\*",
        "_": "\\_",
        "`": "\\`",
        "[": "\\[",
        "]": "\\]",
        "#": "\\#",
        "<": "&lt;",
        ">": "&gt;",
        "&": "&amp;",
    }
)


def markdown_cell(text: str) -> str:
    """``text`` made safe for one table cell: specials escaped, line breaks as ``<br>``."""
    escaped = str(text).translate(_MARKDOWN_SPECIALS)
    lines = escaped.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "<br>".join(line.strip() for line in lines)


def roll_log_markdown(rolls: Iterable[LoggedRoll], *, title: str = "Roll log") -> str:
    """A Markdown document: a heading and one table row per roll."""
    rows = [
        "| " + " | ".join(MARKDOWN_COLUMNS) + " |",
        "|" + "|".join(" --- " if name != "Total" else " ---: " for name in MARKDOWN_COLUMNS) + "|",
    ]
    count = 0
    for roll in rolls:
        count += 1
        record = roll.record
        cells = (
            _utc(record.rolled_at).strftime("%Y-%m-%d %H:%M:%S"),
            record.kind,
            record.expression,
            _faces_text(record.faces),
            str(record.total),
            record.summary,
        )
        rows.append("| " + " | ".join(markdown_cell(cell) for cell in cells) + " |")
    heading = f"# {markdown_cell(title)}\n\n{count} {'roll' if count == 1 else 'rolls'}\n\n"
    return heading + "\n".join(rows) + "\n"
