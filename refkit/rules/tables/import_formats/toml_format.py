"""Reading a table from TOML and writing one back (the layout is in the package's docstring):
every problem is named, by line where it can tell; TOML nested too deeply to read is refused,
not a crash."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from refkit.rules.common.nesting import TooDeepError, UnreadableValueError, read_nested
from refkit.rules.tables.import_formats.checks import (
    RANGE_CELL,
    ImportProblem,
    RowFix,
    TableImportError,
    describe,
    finish,
    row_range,
)
from refkit.rules.tables.model import RollableTable, TableRow, TableSource

_TOML_ROWS_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*rows[ \t]*\]\][ \t]*(?:#.*)?$", re.MULTILINE)
_TOML_ERROR_LINE = re.compile(r"at line (\d+)")

_TABLE_KEYS = frozenset({"name", "dice", "description", "source", "modifier", "max_modifier"})
_ROW_KEYS = frozenset({"low", "high", "range", "text", "duration", "open_ended"})


def parse_table_toml(
    text: str,
    *,
    name: str | None = None,
    dice: str | None = None,
    source: TableSource | None = None,
    origin: str | None = None,
    fixes: Sequence[RowFix] = (),
) -> RollableTable:
    """A table from TOML (module docstring). ``name``, ``dice`` and ``source`` override the
    file's. Raises TableImportError listing every problem (by line where it can tell)."""
    what = describe(name, origin)
    try:
        data = read_nested(tomllib.loads, text)
    except tomllib.TOMLDecodeError as error:
        found = _TOML_ERROR_LINE.search(str(error))
        line = int(found.group(1)) if found else None
        raise TableImportError(what, [ImportProblem(f"not valid TOML: {error}", line)]) from None
    except TooDeepError:
        raise TableImportError(
            what,
            [ImportProblem("not readable TOML: lists or tables are nested too deeply to read")],
        ) from None
    except UnreadableValueError as error:  # e.g. a number of over 4300 digits
        raise TableImportError(what, [ImportProblem(f"not readable TOML: {error}")]) from None
    problems: list[ImportProblem] = []
    header = data.get("table", {})
    if not isinstance(header, dict):
        header = {}
        problems.append(ImportProblem("[table] must be a section with name and dice"))
    for key in sorted(set(data) - {"table", "rows"}):
        problems.append(
            ImportProblem(f"unknown top-level key {key!r} (expected [table], [[rows]])")
        )
    for key in sorted(set(header) - _TABLE_KEYS):
        problems.append(ImportProblem(f"unknown key {key!r} in [table]"))

    table_name = name if name is not None else _string(header, "name", "[table]", problems)
    what = describe(table_name or None, origin)
    table_dice = dice if dice is not None else header.get("dice")
    if table_dice is not None and not isinstance(table_dice, str):
        problems.append(
            ImportProblem(f'[table] dice must be text such as "2d6", got {table_dice!r}')
        )
        table_dice = None
    description = header.get("description", "")
    if not isinstance(description, str):
        problems.append(ImportProblem("[table] description must be text"))
        description = ""
    table_source = source or _toml_source(header, problems)
    max_modifier = _toml_max_modifier(header, problems)
    modifier_name = header.get("modifier", "")
    if not isinstance(modifier_name, str):
        problems.append(ImportProblem('[table] modifier must be text such as "rank"'))
        modifier_name = ""

    raw_rows = data.get("rows", [])
    if not isinstance(raw_rows, list) or not all(isinstance(row, dict) for row in raw_rows):
        problems.append(ImportProblem("rows must be written as [[rows]] sections"))
        raw_rows = []
    row_lines = _line_numbers(text, (m.start() for m in _TOML_ROWS_HEADER.finditer(text)))
    lines = row_lines if len(row_lines) == len(raw_rows) else None
    rows = []
    for number, raw in enumerate(raw_rows, start=1):
        row = _toml_row(raw, number, None if lines is None else lines[number - 1], problems)
        if row is not None:
            rows.append(row)
    if not raw_rows:
        problems.append(ImportProblem("the table has no [[rows]]"))
    return finish(
        what,
        name=table_name or "",
        dice=table_dice,
        rows=rows,
        lines=lines,
        problems=problems,
        source=table_source,
        description=description,
        max_modifier=max_modifier,
        modifier_name=modifier_name,
        fixes=fixes,
    )


def _line_numbers(text: str, offsets: Iterable[int]) -> list[int]:
    """The 1-based line of each offset (ascending), counting newlines once from the last one:
    counting from the start for every row made a long file quadratic."""
    lines: list[int] = []
    line, previous = 1, 0
    for offset in offsets:
        line += text.count("\n", previous, offset)
        previous = offset
        lines.append(line)
    return lines


def _string(data: Mapping[str, Any], key: str, where: str, problems: list[ImportProblem]) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        problems.append(ImportProblem(f"{where} needs a {key} (text), got {value!r}"))
        return ""
    return value


def _toml_source(header: Mapping[str, Any], problems: list[ImportProblem]) -> TableSource:
    value = header.get("source", TableSource.IMPORTED.value)
    try:
        return TableSource(value)
    except ValueError:
        choices = ", ".join(source.value for source in TableSource)
        problems.append(ImportProblem(f"[table] source {value!r} is not one of {choices}"))
        return TableSource.IMPORTED


def _toml_max_modifier(header: Mapping[str, Any], problems: list[ImportProblem]) -> int | None:
    value = header.get("max_modifier", 0)
    if value == "any":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        problems.append(
            ImportProblem(
                f'[table] max_modifier must be a whole number from 0 up or "any", got {value!r}'
            )
        )
        return 0
    return value


def _toml_row(
    raw: Mapping[str, Any], number: int, line: int | None, problems: list[ImportProblem]
) -> TableRow | None:
    where = f"row {number}"
    before = len(problems)
    for key in sorted(set(raw) - _ROW_KEYS):
        problems.append(ImportProblem(f"{where}: unknown key {key!r}", line))
    text = raw.get("text")
    if not isinstance(text, str):
        problems.append(ImportProblem(f"{where}: text must be given as text", line))
    duration = raw.get("duration", "")
    if not isinstance(duration, str):
        problems.append(ImportProblem(f"{where}: duration must be text", line))
    open_ended = raw.get("open_ended", False)
    if not isinstance(open_ended, bool):
        problems.append(ImportProblem(f"{where}: open_ended must be true or false", line))
    low: int | None = None
    high: int | None = None
    if "range" in raw:
        if "low" in raw or "high" in raw:
            problems.append(
                ImportProblem(f"{where}: give either range or low/high, not both", line)
            )
        match = RANGE_CELL.match(raw["range"]) if isinstance(raw["range"], str) else None
        if match is None:
            problems.append(
                ImportProblem(
                    f"{where}: range {raw['range']!r} is not like '3', '1–2' or '13+'", line
                )
            )
        else:
            low, high = row_range(match)
    else:
        low = _whole(raw.get("low"), f"{where}: low", line, problems)
        high = low if "high" not in raw else _whole(raw["high"], f"{where}: high", line, problems)
    if open_ended is True:
        if "high" in raw:
            problems.append(ImportProblem(f"{where}: an open-ended row has no high", line))
        high = None
    if len(problems) > before or low is None:
        return None
    assert isinstance(text, str) and isinstance(duration, str)
    return TableRow(low, high, text.strip(), duration.strip())


def _whole(value: Any, what: str, line: int | None, problems: list[ImportProblem]) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(ImportProblem(f"{what} must be a whole number, got {value!r}", line))
        return None
    return value


def table_to_toml(table: RollableTable) -> str:
    """The TOML form that :func:`parse_table_toml` reads back into the same table."""

    def string(value: str) -> str:
        return json.dumps(value, ensure_ascii=False)

    out = ["[table]", f"name = {string(table.name)}", f"dice = {string(table.dice)}"]
    out.append(f"source = {string(table.source.value)}")
    if table.description:
        out.append(f"description = {string(table.description)}")
    if table.modifier_name:
        out.append(f"modifier = {string(table.modifier_name)}")
    if table.max_modifier != 0:
        value = '"any"' if table.max_modifier is None else str(table.max_modifier)
        out.append(f"max_modifier = {value}")
    for row in table.rows:
        out += ["", "[[rows]]", f"low = {row.low}"]
        if row.high is None:
            out.append("open_ended = true")
        elif row.high != row.low:
            out.append(f"high = {row.high}")
        out.append(f"text = {string(row.text)}")
        if row.duration:
            out.append(f"duration = {string(row.duration)}")
    return "\n".join(out) + "\n"
