"""Reading a table file by its extension — pasted text (.txt, .md), .csv or .toml — once it is
known to be a regular file of at most :data:`~refkit.rules.common.file_bounds.TABLE_FILE_BYTES`
(see :mod:`refkit.rules.common.file_reading`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from refkit.rules.common import file_bounds
from refkit.rules.common.file_reading import UserFileError, read_user_file
from refkit.rules.tables.import_formats.checks import ImportProblem, RowFix, TableImportError
from refkit.rules.tables.import_formats.csv_format import parse_table_csv
from refkit.rules.tables.import_formats.pasted_text import parse_table_text
from refkit.rules.tables.import_formats.toml_format import parse_table_toml
from refkit.rules.tables.model import RollableTable, TableSource

TEXT_SUFFIXES = frozenset({".txt", ".md", ".markdown", ".text"})


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
