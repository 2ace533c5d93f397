"""The session log as a Markdown document, for session notes.

Every cell is escaped (pipes, Markdown markup, HTML specials) and line breaks become ``<br>``, so
a table or effect name with ``|``, ``*`` or ``<`` in it cannot break the table or inject markup.
Times are written in UTC so an export reads the same on every machine.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC
from pathlib import Path

from refkit.app.atomic_files import write_text_atomic
from refkit.app.ports import SessionLog
from refkit.app.roll_log_export import markdown_cell
from refkit.app.session_log_kinds import KIND_LABELS
from refkit.store.records import SessionLogEntry

MARKDOWN_COLUMNS: tuple[str, ...] = ("Time (UTC)", "DT", "Kind", "Entry")


def session_log_markdown(entries: Iterable[SessionLogEntry], *, title: str = "Session log") -> str:
    """A Markdown document: a heading, a count, and one table row per entry (in the order
    given). Undone entries, if any are passed, are marked "(undone)"."""
    rows = [
        "| " + " | ".join(MARKDOWN_COLUMNS) + " |",
        "|" + "|".join(" ---: " if name == "DT" else " --- " for name in MARKDOWN_COLUMNS) + "|",
    ]
    count = 0
    for entry in entries:
        count += 1
        if entry.at.tzinfo is None or entry.at.utcoffset() is None:
            raise ValueError(f"session-log time {entry.at.isoformat()} has no time zone")
        kind = KIND_LABELS.get(entry.kind, entry.kind)
        if entry.undone:
            kind += " (undone)"
        cells = (
            entry.at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S"),
            str(entry.dt) if entry.dt else "",
            kind,
            entry.text,
        )
        rows.append("| " + " | ".join(markdown_cell(cell) for cell in cells) + " |")
    noun = "entry" if count == 1 else "entries"
    heading = f"# {markdown_cell(title)}\n\n{count} {noun}\n\n"
    return heading + "\n".join(rows) + "\n"


def export_session_log(
    log: SessionLog,
    path: str | Path,
    *,
    kinds: Iterable[str] | None = None,
    text: str | None = None,
    title: str = "Session log",
) -> int:
    """Write the (filtered) session log to ``path`` as Markdown, atomically; returns the number
    of entries written. Undone steps are left out."""
    entries = log.entries(kinds=kinds, text=text)
    write_text_atomic(path, session_log_markdown(entries, title=title))
    return len(entries)
