"""Reading a table from pasted lines: one row per line, a range then the text (any dash; an
optional ``:``, ``.``, ``)`` or tab after the range; ``00`` reads as 100). Blank lines and lines
starting with ``#`` are skipped; an indented line without a range continues the row above (text
wrapped when pasted); a Markdown table (``| 1–2 | text | duration |``) works too."""

from __future__ import annotations

import re
from collections.abc import Sequence

from refkit.rules.tables.import_formats.checks import (
    RANGE,
    RANGE_CELL,
    ImportProblem,
    RowFix,
    clip,
    describe,
    finish,
    row_range,
    too_many_rows,
)
from refkit.rules.tables.model import RollableTable, TableRow, TableSource

_RANGE_LINE = re.compile(rf"^{RANGE}(?:\s*[:.)\t|]\s*|\s+|$)(?P<text>.*)$", re.IGNORECASE)
_MARKDOWN_RULE = re.compile(r"^\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*\|?$")


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
    what = describe(name, origin)
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
                if too_many_rows(rows, number, problems):
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
                    f"{clip(stripped)!r}",
                    number,
                )
            )
            continues = False
            continue
        low, high = row_range(match)
        rows.append(TableRow(low, high, match["text"].strip()))
        lines.append(number)
        wrapped.append([])
        continues = True
        if too_many_rows(rows, number, problems):
            break
    rows = [
        row if not more else TableRow(row.low, row.high, " ".join([row.text, *more]), row.duration)
        for row, more in zip(rows, wrapped, strict=True)
    ]
    if not rows and not problems:
        problems.append(ImportProblem("no rows found: the text is empty"))
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


def _markdown_row(
    line: str, source_lines: Sequence[str], number: int, problems: list[ImportProblem]
) -> TableRow | None:
    if _MARKDOWN_RULE.match(line):
        return None
    following = source_lines[number].strip() if number < len(source_lines) else ""
    if _MARKDOWN_RULE.match(following):
        return None  # the header row of a Markdown table
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    match = RANGE_CELL.match(cells[0])
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
    low, high = row_range(match)
    duration = cells[2] if len(cells) > 2 else ""
    return TableRow(low, high, cells[1], duration)
