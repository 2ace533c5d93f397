"""Rollable tables: a dice expression and rows that each cover a range of results.

A table may also take a modifier added to the dice (a backlash is d100 + the spell's rank, 0–5; a
Miasma effect is 1d10 + cruelty, without an upper limit), and its last row may be open-ended
(``13+``: that value and every one above it). :func:`validate_table` reports every gap, overlap,
backwards row and row outside the possible results by the row numbers the user sees (1-based).
Dice written inside a row's text (``1d4+1 giant rats``) are rolled when the row is shown.

A table holds at most :data:`~refkit.rules.common.file_bounds.TABLE_ROWS` rows, each end within
:data:`~refkit.rules.common.file_bounds.TABLE_INDEX`; the checks run in one sorted pass
(n log n), so a huge pasted table is refused in a blink, not in minutes.

Refkit's own default tables are read from ``resources/tables/*.toml`` by
:func:`load_default_tables`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from refkit.dice.errors import DiceNotationError
from refkit.dice.notation import parse_notation
from refkit.errors import DomainError
from refkit.rules.common import file_bounds
from refkit.rules.common.name_text import match_key, name_problem
from refkit.rules.common.slot_record import SlotRecord

# The values below are frozen records (SlotRecord), not dataclasses, and typing is for the checker
# only: every ``refkit cast`` reads its backlash table through this module, and dataclasses (with
# inspect, ast and dis) and typing cost more than a bare Python start. Copy one with
# :func:`refkit.slot_record.replace`.
TYPE_CHECKING = False  # as typing's
if TYPE_CHECKING:
    from typing import Any

    from refkit.dice.notation import NotationRoll


class TableSource(StrEnum):
    REFKIT_DEFAULT = "refkit-default"
    IMPORTED = "imported"
    CUSTOM = "custom"


class TableError(DomainError, ValueError):
    """A table cannot be rolled on as it stands (see ``problems``)."""

    def __init__(self, message: str, problems: Sequence[TableProblem] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


class TableRow(SlotRecord):
    """One row: it covers ``low`` .. ``high``; ``high`` None means ``low`` and everything above."""

    FIELDS = ("low", "high", "text", "duration")
    __slots__ = FIELDS
    low: int
    high: int | None
    text: str
    duration: str

    def __init__(self, low: int, high: int | None, text: str, duration: str = "") -> None:
        self._fill(low, high, text, duration)

    @property
    def open_ended(self) -> bool:
        return self.high is None

    def covers(self, index: int) -> bool:
        return self.low <= index and (self.high is None or index <= self.high)

    @property
    def label(self) -> str:
        """The range as a user writes it: ``7``, ``61–62`` or ``13+``."""
        if self.high is None:
            return f"{self.low}+"
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}–{self.high}"

    def to_dict(self) -> dict[str, Any]:
        return {"low": self.low, "high": self.high, "text": self.text, "duration": self.duration}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableRow:
        high = data.get("high", data["low"])
        return cls(
            low=int(data["low"]),
            high=None if high is None else int(high),
            text=str(data["text"]),
            duration=str(data.get("duration", "")),
        )


class RollableTable(SlotRecord):
    """A rollable table.

    ``max_modifier`` is the largest modifier that may be added to the dice (0: none; None: no
    limit, in which case the last row must be open-ended); ``modifier_name`` says what it is
    (``rank``, ``cruelty``).
    """

    FIELDS = ("name", "dice", "rows", "source", "description", "max_modifier", "modifier_name")
    __slots__ = FIELDS
    name: str
    dice: str
    rows: tuple[TableRow, ...]
    source: TableSource
    description: str
    max_modifier: int | None
    modifier_name: str

    def __init__(
        self,
        name: str,
        dice: str,
        rows: Iterable[TableRow],
        source: TableSource | str = TableSource.CUSTOM,
        description: str = "",
        max_modifier: int | None = 0,
        modifier_name: str = "",
    ) -> None:
        rows = tuple(rows)
        if not isinstance(source, TableSource):
            source = TableSource(source)
        if max_modifier is not None and (
            isinstance(max_modifier, bool) or not isinstance(max_modifier, int) or max_modifier < 0
        ):
            raise ValueError(
                f"a table's largest modifier must be a whole number from 0 up, got {max_modifier!r}"
            )
        self._fill(name, dice, rows, source, description, max_modifier, modifier_name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "dice": self.dice,
            "source": self.source.value,
            "description": self.description,
            "max_modifier": self.max_modifier,
            "modifier_name": self.modifier_name,
            "rows": [row.to_dict() for row in self.rows],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RollableTable:
        try:
            return cls(
                name=str(data["name"]),
                dice=str(data["dice"]),
                rows=tuple(TableRow.from_dict(row) for row in data["rows"]),
                source=TableSource(data.get("source", TableSource.CUSTOM.value)),
                description=str(data.get("description", "")),
                max_modifier=data.get("max_modifier", 0),
                modifier_name=str(data.get("modifier_name", "")),
            )
        except KeyError as missing:
            raise ValueError(f"table data is missing the key {missing}") from None


# -- ranges and validation ------------------------------------------------------------------------


class IndexRange(SlotRecord):
    """The results a table can be asked for: ``low`` .. ``high`` (None: no upper limit)."""

    FIELDS = ("low", "high", "description")
    __slots__ = FIELDS
    low: int
    high: int | None
    description: str  # e.g. "2d10's range 2–20"

    def __init__(self, low: int, high: int | None, description: str) -> None:
        self._fill(low, high, description)

    def contains(self, index: int) -> bool:
        return self.low <= index and (self.high is None or index <= self.high)


def dice_range(dice: str) -> tuple[int, int]:
    """The lowest and highest total of a dice expression (DiceNotationError if it is not one)."""
    expression = parse_notation(dice)
    return expression.min(), expression.max()


def index_range(table: RollableTable) -> IndexRange:
    """The results a table's rows must cover: the dice's range plus any modifier."""
    low, high = dice_range(table.dice)
    if table.max_modifier == 0:
        return IndexRange(low, high, f"{table.dice}'s range {_span(low, high)}")
    what = table.modifier_name or "modifier"
    if table.max_modifier is None:
        return IndexRange(low, None, f"the range of {table.dice} + {what} ({low} and up)")
    top = high + table.max_modifier
    return IndexRange(
        low,
        top,
        f"the range of {table.dice} + {what} 0–{table.max_modifier} ({_span(low, top)})",
    )


def _span(low: int, high: int | None) -> str:
    if high is None:
        return f"{low} and up"
    return str(low) if low == high else f"{low}–{high}"


class TableProblem(SlotRecord):
    """One thing wrong with a table. ``rows`` are 1-based row numbers; ``values`` the results
    concerned (``high`` None: and everything above)."""

    FIELDS = ("kind", "message", "rows", "values")
    __slots__ = FIELDS
    kind: str  # name, dice, empty, text, reversed, open_ended, out_of_range, overlap, gap
    message: str
    rows: tuple[int, ...]
    values: tuple[int, int | None] | None

    def __init__(
        self,
        kind: str,
        message: str,
        rows: tuple[int, ...] = (),
        values: tuple[int, int | None] | None = None,
    ) -> None:
        self._fill(kind, message, rows, values)


class _RowNames:
    """How problems name rows: ``row 3 (9–7)``, or ``row 3 (9–7, line 12)`` for an import."""

    def __init__(self, line_numbers: Sequence[int] | None) -> None:
        self.lines = line_numbers

    def one(self, number: int, label: str = "") -> str:
        details = [part for part in (label, self._line(number)) if part]
        return f"row {number} ({', '.join(details)})" if details else f"row {number}"

    def two(self, first: int, second: int) -> str:
        if self.lines is None:
            return f"rows {first} and {second}"
        return (
            f"rows {first} and {second} "
            f"(lines {self.lines[first - 1]} and {self.lines[second - 1]})"
        )

    def near(self, word: str, *numbers: int) -> str:
        """``between rows 2 and 3`` / ``after row 4``, with lines: ``..., lines 2 and 4``."""
        rows = " and ".join(str(number) for number in numbers)
        text = f"{word} row{'s' if len(numbers) > 1 else ''} {rows}"
        if self.lines is None:
            return text
        lines = " and ".join(str(self.lines[number - 1]) for number in numbers)
        return f"{text}, line{'s' if len(numbers) > 1 else ''} {lines}"

    def _line(self, number: int) -> str:
        return "" if self.lines is None else f"line {self.lines[number - 1]}"


def validate_table(
    table: RollableTable, line_numbers: Sequence[int] | None = None
) -> list[TableProblem]:
    """Every problem with ``table``; an empty list means it can be rolled on.

    ``line_numbers`` (one per row) makes the messages also name the source lines of an import.
    """
    if line_numbers is not None and len(line_numbers) != len(table.rows):
        raise ValueError("line_numbers needs exactly one line number per row")
    names = _RowNames(line_numbers)
    problems: list[TableProblem] = []
    if not table.name.strip():
        problems.append(TableProblem("name", "the table needs a name"))
    elif (hidden := name_problem(table.name)) is not None:
        problems.append(TableProblem("name", f"the table's name {hidden}"))
    if len(table.rows) > file_bounds.TABLE_ROWS:
        problems.append(
            TableProblem(
                "rows",
                f"the table has {len(table.rows)} rows; a table holds at most "
                f"{file_bounds.TABLE_ROWS}",
            )
        )
        return problems  # checking each row of a huge paste would only bury this
    if table.max_modifier is not None and table.max_modifier > file_bounds.TABLE_MODIFIER:
        problems.append(
            TableProblem(
                "modifier",
                f"the largest modifier {file_bounds.number_words(table.max_modifier)} is more "
                f"than {file_bounds.TABLE_MODIFIER}",
            )
        )
    span: IndexRange | None
    try:
        span = index_range(table)
    except DiceNotationError as error:
        problems.append(
            TableProblem("dice", f"the dice {table.dice!r} are not valid dice notation: {error}")
        )
        span = None
    if not table.rows:
        problems.append(TableProblem("empty", "the table has no rows"))
        return problems

    usable: list[tuple[int, TableRow]] = []
    for number, row in enumerate(table.rows, start=1):
        if not row.text.strip():
            problems.append(TableProblem("text", f"{names.one(number)} has no text", (number,)))
        beyond = _beyond_bounds(row)
        if beyond is not None:
            problems.append(
                TableProblem("out_of_range", f"{names.one(number)}: {beyond}", (number,))
            )
            continue
        if row.high is not None and row.low > row.high:
            problems.append(
                TableProblem(
                    "reversed",
                    f"{names.one(number, f'{row.low}–{row.high}')} runs backwards: "
                    f"its low end {row.low} is above its high end {row.high}",
                    (number,),
                    (row.high, row.low),
                )
            )
            continue
        usable.append((number, row))

    problems.extend(_open_ended_problems(usable, names))
    if span is not None:
        problems.extend(_range_problems(usable, span, names))
    problems.extend(_overlap_problems(usable, names))
    problems.extend(_gap_problems(usable, span, names))
    return problems


def _beyond_bounds(row: TableRow) -> str | None:
    for end, value in (("low", row.low), ("high", row.high)):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            return f"its {end} end must be a whole number, not {value!r}"
        beyond = file_bounds.bound_problem(value, file_bounds.TABLE_INDEX)
        if beyond is not None:
            return f"its {end} end {beyond}"
    return None


def _open_ended_problems(
    rows: Sequence[tuple[int, TableRow]], names: _RowNames
) -> list[TableProblem]:
    problems = []
    top_low = max(row.low for _, row in rows) if rows else 0
    for number, row in rows:
        if row.open_ended and row.low < top_low:
            problems.append(
                TableProblem(
                    "open_ended",
                    f"{names.one(number, row.label)} is open-ended, "
                    "but only the highest row may be",
                    (number,),
                    (row.low, None),
                )
            )
    return problems


def _range_problems(
    rows: Sequence[tuple[int, TableRow]], span: IndexRange, names: _RowNames
) -> list[TableProblem]:
    problems = []
    for number, row in rows:
        below = row.low < span.low
        above = span.high is not None and (row.high is None or row.high > span.high)
        if not (below or above):
            continue
        wholly = (row.high is not None and row.high < span.low) or (
            span.high is not None and row.low > span.high
        )
        if row.open_ended and not wholly and not below:
            continue  # "N+" reaching past the top is fine as long as N can be rolled
        verb = "is outside" if wholly else "goes beyond"
        problems.append(
            TableProblem(
                "out_of_range",
                f"{names.one(number, row.label)} {verb} {span.description}",
                (number,),
                (row.low, row.high),
            )
        )
    return problems


def _overlap_problems(rows: Sequence[tuple[int, TableRow]], names: _RowNames) -> list[TableProblem]:
    problems: list[TableProblem] = []
    ordered = sorted(rows, key=lambda item: (item[1].low, item[0]))
    for position, (first, row_a) in enumerate(ordered):
        # Walk on by index (a slice per row made this quadratic for tables without overlaps).
        for later in range(position + 1, len(ordered)):
            second, row_b = ordered[later]
            if row_a.high is not None and row_b.low > row_a.high:
                break  # sorted by low: no later row can overlap row_a
            if len(problems) >= _MOST_OVERLAPS:
                break
            low = max(row_a.low, row_b.low)
            highs = [h for h in (row_a.high, row_b.high) if h is not None]
            high = min(highs) if highs else None
            a, b = sorted((first, second))
            problems.append(
                TableProblem(
                    "overlap",
                    f"{names.two(a, b)} both cover {_span(low, high)}",
                    (a, b),
                    (low, high),
                )
            )
    problems.sort(key=lambda problem: problem.rows)
    return problems


_MOST_OVERLAPS = 1000
"""Overlapping pairs reported at most: rows that all cover one value make n²/2 pairs."""


def _gap_problems(
    rows: Sequence[tuple[int, TableRow]], span: IndexRange | None, names: _RowNames
) -> list[TableProblem]:
    if not rows:
        return []
    ordered = sorted(rows, key=lambda item: (item[1].low, item[0]))
    start = span.low if span is not None else ordered[0][1].low
    problems: list[TableProblem] = []
    covered_to = start - 1  # everything up to here is covered
    previous: int | None = None  # row number reaching furthest so far
    for number, row in ordered:
        if row.low > covered_to + 1:
            gap_low = covered_to + 1
            gap_high = row.low - 1
            if span is not None and span.high is not None:
                gap_high = min(gap_high, span.high)
            if gap_low <= gap_high:
                where = (
                    names.near("between", previous, number)
                    if previous is not None
                    else names.near("below", number)
                )
                around = (number,) if previous is None else (previous, number)
                problems.append(
                    TableProblem(
                        "gap",
                        f"no row covers {_span(gap_low, gap_high)} ({where})",
                        around,
                        (gap_low, gap_high),
                    )
                )
        if row.high is None:
            return problems  # an open-ended row covers everything above it
        if row.high > covered_to:
            covered_to = row.high
            previous = number
    top = span.high if span is not None else covered_to
    if top is None:
        problems.append(
            TableProblem(
                "gap",
                f"no row covers {covered_to + 1} and up ({names.near('after', previous or 1)}): "
                "with no limit on the modifier the last row must be open-ended, e.g. "
                f"'{covered_to + 1}+'",
                (previous or 1,),
                (covered_to + 1, None),
            )
        )
    elif covered_to < top:
        problems.append(
            TableProblem(
                "gap",
                f"no row covers {_span(max(covered_to + 1, start), top)} "
                f"({names.near('after', previous or 1)})",
                (previous or 1,),
                (max(covered_to + 1, start), top),
            )
        )
    return problems


def check_table(table: RollableTable) -> None:
    """Raise TableError listing every problem unless the table validates."""
    problems = validate_table(table)
    if problems:
        listed = "; ".join(problem.message for problem in problems)
        raise TableError(f"table {table.name!r} cannot be used: {listed}", problems)


# -- inline dice ----------------------------------------------------------------------------------

_DIE = r"\d*[dD](?:\d+|%)(?:[kK][hHlL]?\d+)?"
_INLINE_DICE = rf"(?<![\w.]){_DIE}(?:[ ]?[+\-][ ]?(?:{_DIE}|\d+)(?![\w.]))*(?![\w])"
"""Compiled at its first use (re keeps it): a cast without a backlash rolls no row's dice."""


class InlineRoll(SlotRecord):
    FIELDS = ("notation", "total", "dice")
    __slots__ = FIELDS
    notation: str  # as written in the text
    total: int
    dice: tuple[int, ...]

    def __init__(self, notation: str, total: int, dice: tuple[int, ...]) -> None:
        self._fill(notation, total, dice)


class InlineDiceText(SlotRecord):
    FIELDS = ("text", "rolls")
    __slots__ = FIELDS
    text: str  # with every dice expression replaced by its total
    rolls: tuple[InlineRoll, ...]

    def __init__(self, text: str, rolls: tuple[InlineRoll, ...] = ()) -> None:
        self._fill(text, rolls)


def roll_inline_dice(text: str, rng: random.Random) -> InlineDiceText:
    """Roll every dice expression written in ``text`` (``1d6 rats``, ``2d4+1``, ``d8``).

    Plain numbers and anything that is not valid dice notation are left as they are.
    """
    rolls: list[InlineRoll] = []

    def substitute(match: re.Match[str]) -> str:
        written = match.group(0)
        try:
            expression = parse_notation(written.replace(" ", ""))
        except DiceNotationError:
            return written
        result = expression.roll(rng)
        rolls.append(InlineRoll(written, result.total, _faces(result)))
        return str(result.total)

    return InlineDiceText(re.sub(_INLINE_DICE, substitute, text), tuple(rolls))


def _faces(result: NotationRoll) -> tuple[int, ...]:
    return tuple(result.dice)


# -- rolling --------------------------------------------------------------------------------------


class TableRoll(SlotRecord):
    """A roll on a table: the dice total, the modifier, the index looked up, and the row."""

    FIELDS = (
        "table", "dice_total", "modifier", "index", "row_number", "row", "text", "inline_rolls",
        "dice",
    )  # fmt: skip
    __slots__ = FIELDS
    table: str
    dice_total: int
    modifier: int
    index: int
    row_number: int  # 1-based
    row: TableRow
    text: str  # the row's text with its inline dice rolled
    inline_rolls: tuple[InlineRoll, ...]
    dice: tuple[int, ...]  # faces rolled for the index (empty when the total was given)

    def __init__(
        self,
        table: str,
        dice_total: int,
        modifier: int,
        index: int,
        row_number: int,
        row: TableRow,
        text: str,
        inline_rolls: tuple[InlineRoll, ...] = (),
        dice: tuple[int, ...] = (),
    ) -> None:
        self._fill(table, dice_total, modifier, index, row_number, row, text, inline_rolls, dice)

    def to_dict(self) -> dict[str, Any]:
        """The ``refkit table roll`` JSON object.

        The contract gives ``entry.high`` as a whole number. An open-ended row ("13+") has no
        top, so its ``high`` is the index rolled (the row certainly reaches that far) and
        ``open_ended`` says so.
        """
        entry = self.row.to_dict()
        entry["open_ended"] = self.row.high is None
        if self.row.high is None:
            entry["high"] = max(self.index, self.row.low)
        return {"table": self.table, "index": self.index, "entry": entry, "text": self.text}


def row_for(table: RollableTable, index: int) -> tuple[int, TableRow]:
    """The (1-based number, row) covering ``index``; TableError if none does."""
    for number, row in enumerate(table.rows, start=1):
        if row.covers(index):
            return number, row
    raise TableError(f"no row of table {table.name!r} covers {index}")


def roll_table(
    table: RollableTable,
    rng: random.Random,
    total: int | None = None,
    modifier: int = 0,
) -> TableRoll:
    """Roll ``table``'s dice (or take ``total`` as the dice's total), add ``modifier`` and read
    the row; dice written in the row's text are rolled too.

    Raises TableError if the table has problems, ValueError if ``total`` is not a possible total
    of the dice or ``modifier`` is outside 0..max_modifier.
    """
    check_table(table)
    if isinstance(modifier, bool) or not isinstance(modifier, int):
        raise ValueError(f"a table modifier must be a whole number, got {modifier!r}")
    if modifier < 0 or (table.max_modifier is not None and modifier > table.max_modifier):
        allowed = "0 and up" if table.max_modifier is None else _span(0, table.max_modifier)
        what = table.modifier_name or "modifier"
        raise ValueError(f"table {table.name!r} takes a {what} of {allowed}, got {modifier}")
    expression = parse_notation(table.dice)
    faces: tuple[int, ...] = ()
    if total is None:
        result = expression.roll(rng)
        dice_total = result.total
        faces = _faces(result)
    else:
        if isinstance(total, bool) or not isinstance(total, int):
            raise ValueError(f"a forced total must be a whole number, got {total!r}")
        low, high = expression.min(), expression.max()
        if not low <= total <= high:
            raise ValueError(f"total {total} is outside {table.dice}'s range {_span(low, high)}")
        dice_total = total
    index = dice_total + modifier
    number, row = row_for(table, index)
    shown = roll_inline_dice(row.text, rng)
    return TableRoll(
        table=table.name,
        dice_total=dice_total,
        modifier=modifier,
        index=index,
        row_number=number,
        row=row,
        text=shown.text,
        inline_rolls=shown.rolls,
        dice=faces,
    )


def find_table(tables: Iterable[RollableTable], name: str) -> RollableTable:
    """The table called ``name`` (ignoring case and spacing); ValueError naming the choices."""
    wanted = match_key(name)
    tables = tuple(tables)
    for table in tables:
        if match_key(table.name) == wanted:
            return table
    known = ", ".join(repr(table.name) for table in tables) or "none"
    raise ValueError(f"no table called {name!r} (tables: {known})")
