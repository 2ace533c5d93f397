"""Filling in the list lines of crows saved before Refkit kept them (issue 30 item 3).

Since the repository keeps each crow's list line beside it (:mod:`refkit.store.crow_summaries`),
a crow gets one whenever it is saved. A database whose crows were last saved by an older Refkit
has none, so every list decoded all of them (3.4 s for 10,000 crows) until each crow happened to
be edited. Here the missing lines are found with one read (:func:`crows_without_lines`) and
written a batch at a time (:func:`fill_lines`), each batch in a unit of work its runner opens
(:meth:`refkit.compose.Services.fill_crow_lines`), so a step the user makes meanwhile waits for
one batch at most.

A line is written only while the crow's row still has the revision it was made from, in the
statement that writes it: a crow saved by another program in between keeps the line that save
wrote. A crow whose stored copy cannot be read is left without one (the list names it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sqlalchemy import text
from sqlmodel import Session, col, select

from refkit.store.character_rows import line_of
from refkit.store.character_tables import CharacterRow
from refkit.store.crow_summaries import (
    KEEP_LINE_IF_CURRENT,
    SUMMARY_RANGE,
    fresh_line,
    row_id_of,
    summary_key,
    summary_text,
)
from refkit.store.row_forms import stored_character
from refkit.store.state_tables import AppStateRow

FILL_BATCH: Final = 250
"""Crows decoded and given a line per unit of work (some 80 ms on a slow machine)."""

HEADS_SQL: Final = "SELECT id, name_key, revision, updated_at FROM character"
"""Every crow's bookkeeping, in no order: read from ``ix_character_list`` alone. Ordered by id
it was read from the rows, walking each crow's document (revision and ``updated_at`` come
after it); the ids are put in order here instead."""
_HEADS = text(HEADS_SQL)
_WRITE_IF_CURRENT = text(KEEP_LINE_IF_CURRENT)


def crows_without_lines(session: Session) -> list[int]:
    """The row ids of the crows with no current list line (none kept, or one made from an
    older revision), in row order."""
    lines: dict[int, str] = {}
    for key, payload in session.exec(
        select(AppStateRow.key, AppStateRow.payload).where(
            col(AppStateRow.key) >= SUMMARY_RANGE[0], col(AppStateRow.key) < SUMMARY_RANGE[1]
        )
    ).all():
        row_id = row_id_of(key)
        if row_id is not None:
            lines[row_id] = payload
    missing = []
    for row_id, key, revision, updated in session.connection().execute(_HEADS).all():
        if fresh_line(lines.get(row_id), key, revision, updated) is None:
            missing.append(int(row_id))
    return sorted(missing)


def fill_lines(session: Session, row_ids: Sequence[int]) -> int:
    """Write the list line of each crow in ``row_ids`` (those still there and readable) from its
    stored document; returns how many were written."""
    if not row_ids:
        return 0
    written = 0
    connection = session.connection()
    rows = session.exec(select(CharacterRow).where(col(CharacterRow.id).in_(list(row_ids))))
    for row in rows.all():
        assert row.id is not None
        try:
            crow = stored_character(row.payload, row.name)
        except ValueError:  # damaged (CharacterFileError is one): the list names it
            continue
        payload = summary_text(line_of(crow), row.name_key, row.revision, row.updated_at)
        outcome = connection.execute(
            _WRITE_IF_CURRENT,
            {
                "key": summary_key(row.id),
                "payload": payload,
                "id": row.id,
                "revision": row.revision,
            },
        )
        written += max(outcome.rowcount, 0)
    return written
