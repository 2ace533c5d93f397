"""Reading a table from CSV: ``low,high,text[,duration]`` (an empty high means the same as low,
``+`` means "and up"), or ``range,text``; an optional header row names the columns. ``;`` or tab
separators are recognised."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from refkit.rules.tables.import_formats.checks import (
    RANGE_CELL,
    ImportProblem,
    RowFix,
    clip,
    describe,
    finish,
    read_number,
    row_range,
    too_many_rows,
)
from refkit.rules.tables.model import RollableTable, TableRow, TableSource

_COLUMN_NAMES = {
    "low": "low",
    "from": "low",
    "min": "low",
    "high": "high",
    "to": "high",
    "max": "high",
    "range": "range",
    "roll": "range",
    "text": "text",
    "result": "text",
    "entry": "text",
    "effect": "text",
    "duration": "duration",
}


def _csv_delimiter(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    if "," in first:
        return ","
    if ";" in first:
        return ";"
    return "\t" if "\t" in first else ","


def parse_table_csv(
    text: str,
    name: str,
    dice: str | None = None,
    *,
    description: str = "",
    max_modifier: int | None = 0,
    modifier_name: str = "",
    source: TableSource = TableSource.IMPORTED,
    origin: str | None = None,
    fixes: Sequence[RowFix] = (),
) -> RollableTable:
    """A table from CSV (module docstring); TableImportError listing every problem by line."""
    what = describe(name, origin)
    rows: list[TableRow] = []
    lines: list[int] = []
    problems: list[ImportProblem] = []
    reader = csv.reader(io.StringIO(text), delimiter=_csv_delimiter(text))
    columns: list[str] | None = None
    ended = 0
    try:
        for record in reader:
            line, ended = ended + 1, reader.line_num
            cells = [cell.strip() for cell in record]
            if not any(cells):
                continue
            if columns is None and not rows and not _looks_numeric(cells[0]):
                columns = _csv_header(cells, line, problems)
                continue
            row = _csv_row(cells, columns, line, problems)
            if row is not None:
                rows.append(row)
                lines.append(line)
                if too_many_rows(rows, line, problems):
                    break
    except csv.Error as error:
        problems.append(ImportProblem(f"not valid CSV: {error}", reader.line_num))
    if not rows and not problems:
        problems.append(ImportProblem("no rows found: the CSV has no data lines"))
    return finish(
        what,
        name=name,
        dice=dice,
        rows=rows,
        lines=lines,
        problems=problems,
        source=source,
        description=description,
        max_modifier=max_modifier,
        modifier_name=modifier_name,
        fixes=fixes,
    )


def _looks_numeric(cell: str) -> bool:
    return RANGE_CELL.match(cell) is not None


def _csv_header(cells: list[str], line: int, problems: list[ImportProblem]) -> list[str]:
    columns = []
    for cell in cells:
        column = _COLUMN_NAMES.get(cell.casefold())
        if column is None:
            problems.append(
                ImportProblem(
                    f"unknown column {cell!r} (expected low, high, text, duration, or range)",
                    line,
                )
            )
            column = ""
        columns.append(column)
    if "text" not in columns or not ({"low", "range"} & set(columns)):
        problems.append(
            ImportProblem("the header needs a text column and a low or range column", line)
        )
    return columns


def _csv_row(
    cells: list[str], columns: list[str] | None, line: int, problems: list[ImportProblem]
) -> TableRow | None:
    if columns is None:
        if len(cells) == 2:
            columns = ["range", "text"]
        elif 3 <= len(cells) <= 4:
            columns = ["low", "high", "text", "duration"][: len(cells)]
        else:
            problems.append(
                ImportProblem(
                    f"expected low,high,text[,duration] or range,text, got {len(cells)} columns",
                    line,
                )
            )
            return None
    if len(cells) > len(columns):
        problems.append(
            ImportProblem(f"{len(cells)} columns, but the header names {len(columns)}", line)
        )
        return None
    values = dict(zip(columns, cells, strict=False))
    low: int
    high: int | None
    if "range" in values and values.get("low", "") == "":
        match = RANGE_CELL.match(values["range"])
        if match is None:
            problems.append(
                ImportProblem(f"{values['range']!r} is not a range such as '3' or '1–2'", line)
            )
            return None
        low, high = row_range(match)
    else:
        low_text = values.get("low", "")
        if not re.fullmatch(r"[+-]?\d{1,30}", low_text):
            problems.append(
                ImportProblem(f"low {clip(low_text)!r} {_not_a_row_number(low_text)}", line)
            )
            return None
        low = read_number(low_text)
        high_text = values.get("high", "")
        if high_text == "":
            high = low
        elif high_text == "+":
            high = None
        elif re.fullmatch(r"[+-]?\d{1,30}", high_text):
            high = read_number(high_text)
        else:
            problems.append(
                ImportProblem(
                    f"high {clip(high_text)!r} {_not_a_row_number(high_text)} (or '+' for "
                    "'and up')",
                    line,
                )
            )
            return None
    return TableRow(low, high, values.get("text", ""), values.get("duration", ""))


def _not_a_row_number(text: str) -> str:
    """Why ``text`` is no row end: too long a number to be one, or no whole number at all."""
    if re.fullmatch(r"[+-]?\d+", text):
        return f"is far beyond any row number ({len(text.lstrip('+-')):,} digits)"
    return "is not a whole number"
