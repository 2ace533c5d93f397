"""Building the lookup index (:mod:`refkit.store.lookup`): its tables, filled from the
documents, and the cached file written whole or not at all. Only a build imports this; a search
does not."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from refkit.store.lookup_words import MIN_TYPO_LENGTH, deletes, words_of

if TYPE_CHECKING:
    from refkit.present.lookup_documents import LookupDocument

SCHEMA = """
CREATE TABLE lookup_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE VIRTUAL TABLE entry_text USING fts5(
    title, section, tags, body, game_name, game UNINDEXED, entry_id UNINDEXED, kind UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TABLE document (
    rowid INTEGER PRIMARY KEY, kind TEXT NOT NULL, game TEXT NOT NULL, entry_id TEXT NOT NULL,
    title TEXT NOT NULL, section TEXT NOT NULL, tags TEXT NOT NULL, text TEXT NOT NULL,
    fields TEXT NOT NULL, rows TEXT NOT NULL, body TEXT NOT NULL, UNIQUE (game, entry_id)
);
CREATE TABLE term (term TEXT PRIMARY KEY, documents INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE term_variant (
    variant TEXT NOT NULL, term TEXT NOT NULL, PRIMARY KEY (variant, term)
) WITHOUT ROWID;
"""


def fill_index(
    connection: sqlite3.Connection,
    documents: Sequence[LookupDocument],
    fingerprint: str,
    rank: str,
) -> None:
    """Write ``documents`` into the empty database ``connection`` as a lookup index: the FTS5
    table (ranked by ``rank``), the documents, the vocabulary with its one-letter deletions, and
    the fingerprint of what it was built from."""
    from refkit.games.reference import GAME_TITLES
    from refkit.present.lookup_documents import searchable_text

    term_documents: dict[str, int] = {}
    bodies = [searchable_text(document) for document in documents]
    for document, body in zip(documents, bodies, strict=True):
        text = " ".join((document.title, document.section, " ".join(document.tags), body))
        for word in set(words_of(text)):
            if not word.isdigit():
                term_documents[word] = term_documents.get(word, 0) + 1
    with connection:
        connection.executescript(SCHEMA)
        for rowid, (document, body) in enumerate(zip(documents, bodies, strict=True), start=1):
            connection.execute(
                "INSERT INTO entry_text (rowid, title, section, tags, body, game_name, game, "
                "entry_id, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    rowid,
                    document.title,
                    document.section,
                    " ".join(document.tags),
                    body,
                    f"{document.game} {GAME_TITLES.get(document.game, document.game)}",
                    document.game,
                    document.id,
                    document.kind,
                ),
            )
            connection.execute(
                "INSERT INTO document VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    rowid,
                    document.kind,
                    document.game,
                    document.id,
                    document.title,
                    document.section,
                    json.dumps(document.tags),
                    document.text,
                    json.dumps(document.fields),
                    json.dumps(document.rows),
                    body,
                ),
            )
        connection.executemany("INSERT INTO term VALUES (?, ?)", term_documents.items())
        connection.executemany(
            "INSERT INTO term_variant VALUES (?, ?)",
            (
                (variant, term)
                for term in term_documents
                if len(term) >= MIN_TYPO_LENGTH - 1
                for variant in deletes(term)
            ),
        )
        connection.executemany(
            "INSERT INTO lookup_meta (key, value) VALUES (?, ?)",
            (
                ("fingerprint", fingerprint),
                ("documents", str(len(documents))),
                ("games", json.dumps(list(GAME_TITLES.items()))),
            ),
        )
        connection.execute("INSERT INTO entry_text (entry_text, rank) VALUES ('rank', ?)", (rank,))
        connection.execute("INSERT INTO entry_text (entry_text) VALUES ('optimize')")


def write_index(
    path: Path, documents: Sequence[LookupDocument], fingerprint: str, rank: str
) -> None:
    """Build the index in a temporary file beside ``path`` and move it into place: a reader
    (another Refkit process) sees the old index or the new one, never half of one."""
    import tempfile  # only a build needs it: a search starts faster without

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".lookup-", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        connection = sqlite3.connect(temporary)
        try:
            fill_index(connection, documents, fingerprint, rank)
        finally:
            connection.close()
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
