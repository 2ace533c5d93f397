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

Each format has its own module; files are read only when they are regular files of at most
:data:`~refkit.rules.common.file_bounds.TABLE_FILE_BYTES` (see
:mod:`refkit.rules.common.file_reading`); TOML nested too deeply to read is refused, not a crash.
"""

from refkit.rules.tables.import_formats.checks import (
    MOST_FIXES,
    ImportProblem,
    RowFix,
    TableImportError,
    apply_fixes,
    infer_dice,
    suggest_fix,
    with_suggested_fixes,
)
from refkit.rules.tables.import_formats.csv_format import parse_table_csv
from refkit.rules.tables.import_formats.effect_durations import (
    DURATION_CHOICES,
    EFFECT_TABLE_WORDS,
    duration_from_text,
    is_effect_table,
    rows_without_kind,
    with_duration_read,
)
from refkit.rules.tables.import_formats.files import TEXT_SUFFIXES, load_table_file
from refkit.rules.tables.import_formats.pasted_text import parse_table_text
from refkit.rules.tables.import_formats.toml_format import parse_table_toml, table_to_toml

__all__ = [
    "DURATION_CHOICES",
    "EFFECT_TABLE_WORDS",
    "MOST_FIXES",
    "TEXT_SUFFIXES",
    "ImportProblem",
    "RowFix",
    "TableImportError",
    "apply_fixes",
    "duration_from_text",
    "infer_dice",
    "is_effect_table",
    "load_table_file",
    "parse_table_csv",
    "parse_table_text",
    "parse_table_toml",
    "rows_without_kind",
    "suggest_fix",
    "table_to_toml",
    "with_duration_read",
    "with_suggested_fixes",
]
