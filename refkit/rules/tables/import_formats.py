"""Reading rollable tables from pasted text, CSV and TOML, checked before anything is kept.

Pasted text: one row per line, a range then the text — ``01–02 text``, ``3 text``, ``1-3: text``,
``61 — 62 text``, ``13+ text`` (any dash; an optional ``:``, ``.``, ``)`` or tab after the range;
``00`` reads as 100). Blank lines and lines starting with ``#`` are skipped; an indented line
without a range continues the row above (text wrapped when pasted); a Markdown table
(``| 1–2 | text | duration |``) works too.

CSV: ``low,high,text[,duration]`` (an empty high means the same as low, ``+`` means "and up"), or
``range,text``; an optional header row names the columns. ``;`` or tab separators are recognised.

TOML::

    [table]
    name = "Goblin warren"
    dice = "2d6"
    description = "..."          # optional
    modifier = "rank"            # optional: what is added to the dice
    max_modifier = 5             # optional: its largest value, or "any" for no limit

    [[rows]]
    low = 2
    high = 3                     # optional (defaults to low); or range = "2–3"
    text = "1d4+1 goblins"
    duration = ""                # optional
    # open_ended = true          # this row covers low and everything above

Every problem — a line that cannot be read, a gap, an overlap, a row outside the dice's range —
is collected and raised together as a :class:`TableImportError` naming the lines; nothing is
returned until all are fixed.

Files are read only when they are regular files of at most
:data:`~refkit.rules.common.file_bounds.TABLE_FILE_BYTES` (see
:mod:`refkit.rules.common.file_reading`); TOML nested too deeply to read is refused, not a crash.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refkit.errors import DomainError
from refkit.rules.common import file_bounds
from refkit.rules.common.file_reading import UserFileError, read_user_file
from refkit.rules.common.name_text import name_problem
from refkit.rules.common.nesting import TooDeepError, UnreadableValueError, read_nested
from refkit.rules.tables.duration_kind import MOST_DURATION_DICE, row_duration
from refkit.rules.tables.model import (
    RollableTable,
    TableProblem,
    TableRow,
    TableSource,
    validate_table,
)

_DASH = r"[-–—‒―−]"
# At most 30 digits: far past any row bound (said as such), short of Python's 4,300-digit limit
# on reading a number (a longer one is "no range at the start", not a crash).
_RANGE = rf"(?P<low>\d{{1,30}})\s*(?:(?:{_DASH}|to)\s*(?P<high>\d{{1,30}})|(?P<plus>\+))?"
_RANGE_LINE = re.compile(rf"^{_RANGE}(?:\s*[:.)\t|]\s*|\s+|$)(?P<text>.*)$", re.IGNORECASE)
_RANGE_CELL = re.compile(rf"^\s*{_RANGE}\s*$", re.IGNORECASE)
_MARKDOWN_RULE = re.compile(r"^\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*\|?$")
_TOML_ROWS_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*rows[ \t]*\]\][ \t]*(?:#.*)?$", re.MULTILINE)
_TOML_ERROR_LINE = re.compile(r"at line (\d+)")

TEXT_SUFFIXES = frozenset({".txt", ".md", ".markdown", ".text"})


@dataclass(frozen=True)
class RowFix:
    """A change to one row (1-based ``row``): a new ``low`` or ``high`` end, its removal, or
    its ``duration``. ``text`` asks for it in words: ``make row 32 start at 63?``."""

    row: int
    text: str
    low: int | None = None
    high: int | None = None
    remove: bool = False
    duration: str | None = None


@dataclass(frozen=True)
class ImportProblem:
    message: str
    line: int | None = None
    fix: RowFix | None = None

    def __str__(self) -> str:
        text = self.message if self.line is None else f"line {self.line}: {self.message}"
        return f"{text}: {self.fix.text}" if self.fix is not None else text


class TableImportError(DomainError, ValueError):
    """A table could not be imported; ``problems`` lists every reason, by source line."""

    def __init__(self, what: str, problems: Sequence[ImportProblem]) -> None:
        self.what = what
        self.problems = tuple(problems)
        count = len(self.problems)
        shown = file_bounds.TABLE_PROBLEMS_SHOWN
        listed = "; ".join(str(problem) for problem in self.problems[:shown])
        if count > shown:
            listed += f"; and {count - shown} more"
        noun = "problem" if count == 1 else "problems"
        super().__init__(f"cannot import {what}: {count} {noun}: {listed}")

    @property
    def fixes(self) -> tuple[RowFix, ...]:
        """The suggested fixes, in the order of the problems they fix."""
        return tuple(problem.fix for problem in self.problems if problem.fix is not None)


def _number(text: str) -> int:
    return 100 if text == "00" else int(text)


def _row_range(match: re.Match[str]) -> tuple[int, int | None]:
    low = _number(match["low"])
    if match["plus"]:
        return low, None
    return low, _number(match["high"]) if match["high"] else low


# -- building and checking ----------------------------------------------------------------------


def infer_dice(rows: Sequence[TableRow]) -> str:
    """``1dN`` (``d100`` for 1–100) when the rows start at 1; ValueError otherwise."""
    if not rows:
        raise ValueError("cannot tell the dice of a table with no rows")
    low = min(row.low for row in rows)
    if any(row.high is None for row in rows):
        raise ValueError(
            "cannot tell the dice of a table with an open-ended row; give the dice expression"
        )
    high = max(row.high for row in rows if row.high is not None)
    if low != 1 or high < 2:
        raise ValueError(
            f"cannot tell the dice from rows covering {low}–{high}; "
            "give the dice expression (e.g. 2d6)"
        )
    return "d100" if high == 100 else f"1d{high}"


def _finish(
    what: str,
    *,
    name: str,
    dice: str | None,
    rows: Sequence[TableRow],
    lines: Sequence[int] | None,
    problems: list[ImportProblem],
    source: TableSource,
    description: str = "",
    max_modifier: int | None = 0,
    modifier_name: str = "",
    fixes: Sequence[RowFix] = (),
) -> RollableTable:
    if problems:
        raise TableImportError(what, problems)
    rows, lines = apply_fixes(rows, lines, fixes)
    if is_effect_table(name):  # only their rows' durations drive anything (the repeat rule)
        rows = [with_duration_read(row) for row in rows]
    if dice is None:
        try:
            dice = infer_dice(rows)
        except ValueError as error:
            raise TableImportError(what, [ImportProblem(str(error))]) from None
    hidden = name_problem(name)
    if hidden is not None:
        raise TableImportError(what, [ImportProblem(f"the table's name {hidden}")])
    table = RollableTable(
        name=" ".join(name.split()),
        dice=dice.strip(),
        rows=tuple(rows),
        source=source,
        description=description,
        max_modifier=max_modifier,
        modifier_name=modifier_name,
    )
    found = validate_table(table, line_numbers=lines)
    if found:
        raise TableImportError(
            what,
            [ImportProblem(problem.message, fix=suggest_fix(rows, problem)) for problem in found],
        )
    return table


# -- suggested fixes and duration kinds --------------------------------------------------------


def apply_fixes(
    rows: Sequence[TableRow], lines: Sequence[int] | None, fixes: Sequence[RowFix]
) -> tuple[list[TableRow], list[int] | None]:
    """``rows`` (and their source ``lines``) with ``fixes`` applied in order; each fix names a
    row as numbered after the fixes before it. A fix naming no row is refused (ValueError)."""
    fixed = list(rows)
    fixed_lines = list(lines) if lines is not None else None
    for fix in fixes:
        if not 1 <= fix.row <= len(fixed):
            raise ValueError(f"the fix {fix.text!r} names row {fix.row}, and there is none")
        index = fix.row - 1
        if fix.remove:
            del fixed[index]
            if fixed_lines is not None:
                del fixed_lines[index]
            continue
        row = fixed[index]
        fixed[index] = TableRow(
            row.low if fix.low is None else fix.low,
            row.high if fix.high is None else fix.high,
            row.text,
            row.duration if fix.duration is None else fix.duration,
        )
    return fixed, fixed_lines


def suggest_fix(rows: Sequence[TableRow], problem: TableProblem) -> RowFix | None:
    """A one-row change that ends an overlap (the official backlash table's 61–62 / 62–64 pair:
    the second starts at 63) or a duplicate range (the later row goes); None for other problems
    and for overlaps no single row change mends without opening a gap."""
    if problem.kind != "overlap" or len(problem.rows) != 2:
        return None
    (first, a), (second, b) = sorted(
        ((number, rows[number - 1]) for number in problem.rows),
        key=lambda item: (item[1].low, _top(item[1]), item[0]),
    )
    if a.low == b.low and a.high == b.high:
        later = max(first, second)
        return RowFix(later, f"the same range twice: remove row {later}?", remove=True)
    if a.high is not None and _top(b) > a.high:
        start = a.high + 1
        return RowFix(second, f"make row {second} start at {start}?", low=start)
    if a.low < b.low and a.high == b.high:
        end = b.low - 1
        return RowFix(first, f"make row {first} end at {end}?", high=end)
    if a.low == b.low and b.high is not None and _top(a) > b.high:
        start = b.high + 1
        return RowFix(first, f"make row {first} start at {start}?", low=start)
    return None


MOST_FIXES = 200
"""Suggestions applied at most in one import (each mends one overlap)."""


def with_suggested_fixes(
    parse: Callable[[Sequence[RowFix]], RollableTable],
) -> tuple[RollableTable, tuple[RowFix, ...]]:
    """``parse`` the table, applying the first suggested fix of each failed attempt in turn,
    until it reads (the table and the fixes applied) or a try has problems none of which has a
    fix (its TableImportError goes on, unchanged)."""
    fixes: list[RowFix] = []
    while True:
        try:
            return parse(tuple(fixes)), tuple(fixes)
        except TableImportError as error:
            if not error.fixes or len(fixes) >= MOST_FIXES:
                raise
            fixes.append(error.fixes[0])


def _top(row: TableRow) -> float:
    return float("inf") if row.high is None else row.high


EFFECT_TABLE_WORDS = ("backlash", "miasma")
"""A table whose name holds one of these is rolled for lasting effects: each row needs a
duration kind (it drives the repeat rule), so the import dialog asks for the ones it cannot
read."""

DURATION_CHOICES: tuple[str, ...] = (
    "instant",
    "end of DT",
    "1 UD",
    "2 UD",
    "3 UD",
    "until a rest",
    "until removed",
    "permanent",
    "condition",
)
"""The durations the import dialog offers for a row whose kind it cannot read."""

# The crows' conditions (rules.character's CONDITIONS; the tables cannot import that package).
_CONDITION_WORDS = ("blessed", "grabbed", "prone", "vulnerable", "unconscious", "weakened")
_DURATION_CLUES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(\d{1,2})\s*(?:UD|usage dic?e)\b", re.IGNORECASE), "UD"),
    (
        re.compile(
            r"\b(?:until the end of (?:the|this|your) (?:DT|dungeon turn)|for the rest of the "
            r"(?:DT|dungeon turn)|(?:this|the current) (?:DT|dungeon turn))\b",
            re.IGNORECASE,
        ),
        "end of DT",
    ),
    (
        re.compile(
            r"\buntil (?:you|they|it|the group|the party)?\s*(?:next )?(?:finish(?:es)? )?"
            r"(?:a |your |their |its |the )?(?:next )?rests?\b",
            re.IGNORECASE,
        ),
        "until a rest",
    ),
    (
        re.compile(
            r"\buntil (?:it is |they are )?(?:removed|cured|dispelled|lifted)\b", re.IGNORECASE
        ),
        "until removed",
    ),
    (re.compile(r"\b(?:permanent(?:ly)?|forever|for good)\b", re.IGNORECASE), "permanent"),
    (
        re.compile(
            r"\b(?:become|becomes|are|is|fall|falls|knocked)\s+(?:\w+\s+)?(?:"
            + "|".join(_CONDITION_WORDS)
            + r")\b",
            re.IGNORECASE,
        ),
        "condition",
    ),
)
_STACKS_CLUE = re.compile(r"\balready (?:suffering|under|affected by) this\b", re.IGNORECASE)


def duration_from_text(text: str) -> str:
    """The duration a row's text implies (``2 UD``, ``end of DT``, ``until a rest``, …, with
    ``, stacks`` when it says it adds to itself), or "" when it names none."""
    for pattern, kind in _DURATION_CLUES:
        found = pattern.search(text)
        if found is None:
            continue
        if kind == "UD":
            count = int(found.group(1))
            if not 1 <= count <= MOST_DURATION_DICE:
                continue
            kind = f"{count} UD"
        if _STACKS_CLUE.search(text):
            kind += ", stacks"
        return kind
    return ""


def with_duration_read(row: TableRow) -> TableRow:
    """The row with its duration read from its text when it gives none."""
    if row.duration.strip():
        return row
    guessed = duration_from_text(row.text)
    return TableRow(row.low, row.high, row.text, guessed) if guessed else row


def is_effect_table(name: str) -> bool:
    key = name.casefold()
    return any(word in key for word in EFFECT_TABLE_WORDS)


def rows_without_kind(table: RollableTable) -> tuple[int, ...]:
    """The 1-based rows whose duration names no kind (for an effect table, to be asked for)."""
    return tuple(
        number
        for number, row in enumerate(table.rows, start=1)
        if row_duration(row.duration) is None
    )


def _what(name: str | None, origin: str | None) -> str:
    if origin and name:
        return f"table {name!r} from {origin}"
    if origin:
        return origin
    return f"table {name!r}" if name else "table"


# -- pasted text ------------------------------------------------------------------------------


def parse_table_text(
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
    """A table from pasted lines (module docstring). ``dice`` is inferred when the rows start
    at 1; otherwise it is needed. Raises TableImportError listing every problem by line."""
    what = _what(name, origin)
    rows: list[TableRow] = []
    lines: list[int] = []
    problems: list[ImportProblem] = []
    source_lines = text.splitlines()
    wrapped: list[list[str]] = []  # each row's continuation lines
    continues = False  # whether an indented line here would continue the row above
    for number, raw in enumerate(source_lines, start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continues = False
            continue
        if stripped.startswith("|"):
            continues = False
            row = _markdown_row(stripped, source_lines, number, problems)
            if row is not None:
                rows.append(row)
                lines.append(number)
                wrapped.append([])
                if _too_many_rows(rows, number, problems):
                    break
            continue
        match = _RANGE_LINE.match(stripped)
        if match is None:
            if line[:1] in (" ", "\t") and continues:
                wrapped[-1].append(stripped)  # joined once at the end: no copy per line
                continue
            problems.append(
                ImportProblem(
                    "no range at the start (expected e.g. '3 text' or '1–2 text'): "
                    f"{_clip(stripped)!r}",
                    number,
                )
            )
            continues = False
            continue
        low, high = _row_range(match)
        rows.append(TableRow(low, high, match["text"].strip()))
        lines.append(number)
        wrapped.append([])
        continues = True
        if _too_many_rows(rows, number, problems):
            break
    rows = [
        row if not more else TableRow(row.low, row.high, " ".join([row.text, *more]), row.duration)
        for row, more in zip(rows, wrapped, strict=True)
    ]
    if not rows and not problems:
        problems.append(ImportProblem("no rows found: the text is empty"))
    return _finish(
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


def _markdown_row(
    line: str, source_lines: Sequence[str], number: int, problems: list[ImportProblem]
) -> TableRow | None:
    if _MARKDOWN_RULE.match(line):
        return None
    following = source_lines[number].strip() if number < len(source_lines) else ""
    if _MARKDOWN_RULE.match(following):
        return None  # the header row of a Markdown table
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    match = _RANGE_CELL.match(cells[0])
    if match is None:
        problems.append(
            ImportProblem(
                f"the first cell {cells[0]!r} is not a range such as '3' or '1–2'", number
            )
        )
        return None
    if len(cells) < 2:
        problems.append(ImportProblem("a table row needs a range and a text cell", number))
        return None
    low, high = _row_range(match)
    duration = cells[2] if len(cells) > 2 else ""
    return TableRow(low, high, cells[1], duration)


def _too_many_rows(rows: Sequence[TableRow], line: int, problems: list[ImportProblem]) -> bool:
    """True (and a problem said) once there is one row more than a table may hold: reading on
    through a huge paste would only take time."""
    if len(rows) <= file_bounds.TABLE_ROWS:
        return False
    problems.append(
        ImportProblem(
            f"more than {file_bounds.TABLE_ROWS} rows (row {len(rows)} is here); a table holds "
            f"at most {file_bounds.TABLE_ROWS}",
            line,
        )
    )
    return True


def _not_a_row_number(text: str) -> str:
    """Why ``text`` is no row end: too long a number to be one, or no whole number at all."""
    if re.fullmatch(r"[+-]?\d+", text):
        return f"is far beyond any row number ({len(text.lstrip('+-')):,} digits)"
    return "is not a whole number"


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- CSV ----------------------------------------------------------------------------------------

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
    what = _what(name, origin)
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
                if _too_many_rows(rows, line, problems):
                    break
    except csv.Error as error:
        problems.append(ImportProblem(f"not valid CSV: {error}", reader.line_num))
    if not rows and not problems:
        problems.append(ImportProblem("no rows found: the CSV has no data lines"))
    return _finish(
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
    return _RANGE_CELL.match(cell) is not None


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
        match = _RANGE_CELL.match(values["range"])
        if match is None:
            problems.append(
                ImportProblem(f"{values['range']!r} is not a range such as '3' or '1–2'", line)
            )
            return None
        low, high = _row_range(match)
    else:
        low_text = values.get("low", "")
        if not re.fullmatch(r"[+-]?\d{1,30}", low_text):
            problems.append(
                ImportProblem(f"low {_clip(low_text)!r} {_not_a_row_number(low_text)}", line)
            )
            return None
        low = _number(low_text)
        high_text = values.get("high", "")
        if high_text == "":
            high = low
        elif high_text == "+":
            high = None
        elif re.fullmatch(r"[+-]?\d{1,30}", high_text):
            high = _number(high_text)
        else:
            problems.append(
                ImportProblem(
                    f"high {_clip(high_text)!r} {_not_a_row_number(high_text)} (or '+' for "
                    "'and up')",
                    line,
                )
            )
            return None
    return TableRow(low, high, values.get("text", ""), values.get("duration", ""))


# -- TOML ---------------------------------------------------------------------------------------

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
    what = _what(name, origin)
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
    what = _what(table_name or None, origin)
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
    return _finish(
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
        match = _RANGE_CELL.match(raw["range"]) if isinstance(raw["range"], str) else None
        if match is None:
            problems.append(
                ImportProblem(
                    f"{where}: range {raw['range']!r} is not like '3', '1–2' or '13+'", line
                )
            )
        else:
            low, high = _row_range(match)
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


# -- files --------------------------------------------------------------------------------------


def load_table_file(
    path: str | Path,
    name: str | None = None,
    dice: str | None = None,
    *,
    max_modifier: int | None = 0,
    modifier_name: str = "",
    fixes: Sequence[RowFix] = (),
) -> RollableTable:
    """Import a table file by its extension: .txt/.md (pasted text), .csv or .toml.

    ``name`` defaults to the file's own name (TOML) or its stem; ``dice`` to the file's or to an
    inferred ``1dN``. The table is marked as imported. Raises TableImportError, also for a file
    that cannot be read.
    """
    path = Path(path)
    try:
        data = read_user_file(path, limit=file_bounds.TABLE_FILE_BYTES, what="table file")
        text = data.decode("utf-8-sig")
    except UserFileError as error:
        reason = str(error).removeprefix(f"{path}: ")
        raise TableImportError(
            str(path), [ImportProblem(f"cannot read the file: {reason}")]
        ) from None
    except UnicodeDecodeError as error:
        raise TableImportError(
            str(path), [ImportProblem(f"not UTF-8 text (byte {error.start})")]
        ) from None
    suffix = path.suffix.casefold()
    origin = path.name
    if suffix == ".toml":
        return parse_table_toml(
            text, name=name, dice=dice, source=TableSource.IMPORTED, origin=origin, fixes=fixes
        )
    options: dict[str, Any] = {
        "max_modifier": max_modifier,
        "modifier_name": modifier_name,
        "origin": origin,
        "fixes": fixes,
    }
    if suffix == ".csv":
        return parse_table_csv(text, name or path.stem, dice, **options)
    if suffix in TEXT_SUFFIXES:
        return parse_table_text(text, name or path.stem, dice, **options)
    raise TableImportError(
        str(path),
        [
            ImportProblem(
                f"unknown table file type {path.suffix or '(none)'!r}: use .txt, .md, .csv or .toml"
            )
        ],
    )
