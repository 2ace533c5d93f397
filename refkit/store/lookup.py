"""The lookup's full-text index: an SQLite FTS5 table over every reference entry, cached in the
data folder and rebuilt when the reference files change.

The index lives in its own file (``lookup-index.sqlite3``) rather than in the campaign database: it
is derived data, rebuilt from ``resources/reference`` whenever their hash changes, so it needs no
migrations, no backups and no write to the user's database. When the data folder cannot be
written the index is built in memory instead.

Ranking puts entries whose title matches first, then orders by bm25 with the title weighted over
the tags, section and body. Snippets mark hits with :data:`HIT_START` / :data:`HIT_END`, which a
front end turns into bold (GUI) or drops (CLI): see :func:`snippet_parts`.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from refkit.errors import DomainError
from refkit.games.reference import (
    GAME_IDS,
    GAME_TITLES,
    ReferenceLibrary,
    read_reference,
    reference_fingerprint,
)

INDEX_FILE_NAME = "lookup-index.sqlite3"
INDEX_VERSION = "1"
"""Raise when the table layout, the tokenizer or the indexed text changes: old caches rebuild."""

HIT_START = "\x02"
HIT_END = "\x03"
"""Snippet hit markers: control characters no reference entry may hold (the loader refuses
them), so a marker in a snippet is always one the index put there."""

DEFAULT_LIMIT = 20
MAX_LIMIT = 200
SNIPPET_WORDS = 14

# Column weights for bm25, in table order: title, section, tags, body, game name. The game's
# name is indexed so that "warcrow dice" narrows to Warcrow's entries as --game would.
_WEIGHTS = (10.0, 2.0, 4.0, 1.0, 0.5)
_WORD = re.compile(r"\w+", re.UNICODE)
_MAX_TOKENS = 12


class LookupQueryError(DomainError, ValueError):
    """A search that cannot be run: no words in it, an unknown game or a bad limit."""


@dataclass(frozen=True)
class LookupHit:
    """One search result, best first; ``snippet`` holds the hit markers."""

    game: str
    id: str
    title: str
    section: str
    snippet: str


def query_tokens(text: str) -> tuple[str, ...]:
    """The words of a typed query; FTS syntax (quotes, ``*``, ``-``, ``:``, brackets) is dropped."""
    return tuple(_WORD.findall(text.casefold()))[:_MAX_TOKENS]


def match_expression(tokens: Sequence[str]) -> str:
    """An FTS5 MATCH string for ``tokens``: every word quoted and matched as a prefix."""
    return " ".join(f'"{token}"*' for token in tokens)


def snippet_parts(snippet: str) -> tuple[tuple[str, bool], ...]:
    """A snippet as (text, is_hit) runs, for a front end to draw the hits its own way."""
    parts: list[tuple[str, bool]] = []
    for index, piece in enumerate(re.split(f"[{HIT_START}{HIT_END}]", snippet)):
        if piece:
            parts.append((piece, index % 2 == 1))
    return tuple(parts)


def plain_snippet(snippet: str) -> str:
    """A snippet without its hit markers."""
    return snippet.replace(HIT_START, "").replace(HIT_END, "")


def check_game(game: str | None) -> str | None:
    """``game`` if it is a known game id (or None); a LookupQueryError naming the ids otherwise."""
    if game is None or game in GAME_TITLES:
        return game
    raise LookupQueryError(f"unknown game {game!r}; games: {', '.join(GAME_IDS)}")


def check_search(
    query: str, *, game: str | None = None, limit: int = DEFAULT_LIMIT
) -> tuple[str, ...]:
    """The words of ``query`` if the search can run; a LookupQueryError saying what is wrong with
    the query, the game or the limit otherwise (before any index is opened)."""
    tokens = query_tokens(query)
    if not tokens:
        if query.strip():
            raise LookupQueryError(f"the query {query.strip()!r} has no words to look up")
        raise LookupQueryError("the query is empty; give a word to look up")
    check_game(game)
    if not 1 <= limit <= MAX_LIMIT:
        raise LookupQueryError(f"--limit must be 1 to {MAX_LIMIT}, got {limit}")
    return tokens


class LookupIndex:
    """A searchable index of the reference entries. Use from one thread."""

    def __init__(self, connection: sqlite3.Connection, *, path: Path | None = None) -> None:
        self._connection = connection
        self.path = path
        """The cache file, or None when the index lives in memory."""

    # --- opening ------------------------------------------------------------------------------

    @classmethod
    def in_memory(cls, library: ReferenceLibrary) -> LookupIndex:
        connection = sqlite3.connect(":memory:")
        _fill(connection, library, fingerprint="")
        return cls(connection)

    @classmethod
    def open_cached(
        cls,
        folder: Path,
        *,
        reference: Path | None = None,
        library: ReferenceLibrary | None = None,
    ) -> LookupIndex:
        """The index cached in ``folder``, rebuilt first if the reference files changed.

        ``reference`` is the reference folder (the shipped one by default); ``library`` saves
        reading it again when the caller has it loaded. If the cache cannot be written, the
        index is built in memory: searching never fails for want of a writable folder.
        """
        fingerprint = f"{INDEX_VERSION}:{reference_fingerprint(reference)}"
        path = folder / INDEX_FILE_NAME
        cached = _open_if_current(path, fingerprint)
        if cached is not None:
            return cls(cached, path=path)
        library = library if library is not None else read_reference(reference)[0]
        try:
            _write_cache(path, library, fingerprint)
        except (OSError, sqlite3.Error):
            connection = sqlite3.connect(":memory:")
            _fill(connection, library, fingerprint)
            return cls(connection)
        return cls(sqlite3.connect(f"file:{path}?mode=ro", uri=True), path=path)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> LookupIndex:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def connection(self) -> sqlite3.Connection:
        """The SQLite connection, for benchmarks that compare against a raw FTS5 query."""
        return self._connection

    # --- searching ----------------------------------------------------------------------------

    def search(
        self, query: str, *, game: str | None = None, limit: int = DEFAULT_LIMIT
    ) -> tuple[LookupHit, ...]:
        """Entries matching every word of ``query`` (each as a prefix), best first.

        Raises LookupQueryError for a query with no words, an unknown game or a limit outside
        1..MAX_LIMIT.
        """
        tokens = check_search(query, game=game, limit=limit)
        rows = self._connection.execute(
            _SEARCH_IN_GAME if game else _SEARCH_ALL,
            {
                "match": match_expression(tokens),
                "game": game,
                "limit": limit,
                "start": HIT_START,
                "end": HIT_END,
            },
        ).fetchall()
        return tuple(LookupHit(*row) for row in rows)

    def entry_count(self) -> int:
        return int(self._connection.execute("SELECT count(*) FROM entry_text").fetchone()[0])


# The title hit test reads highlight() on the title column: it holds a start marker exactly
# when a query word matched the title. Title matches sort first, bm25 orders within each group.
_SEARCH_SQL = """
SELECT game, entry_id, title, section,
       snippet(entry_text, 3, :start, :end, '…', {words})
FROM entry_text
WHERE entry_text MATCH :match {game_filter}
ORDER BY instr(highlight(entry_text, 0, :start, :end), :start) = 0,
         bm25(entry_text, {weights}), title
LIMIT :limit
"""

_SEARCH_ALL, _SEARCH_IN_GAME = (
    _SEARCH_SQL.format(
        words=SNIPPET_WORDS,
        weights=", ".join(str(weight) for weight in _WEIGHTS),
        game_filter=game_filter,
    )
    for game_filter in ("", "AND game = :game")
)

_SCHEMA = """
CREATE TABLE lookup_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE VIRTUAL TABLE entry_text USING fts5(
    title, section, tags, body, game_name, game UNINDEXED, entry_id UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
"""


def _fill(connection: sqlite3.Connection, library: ReferenceLibrary, fingerprint: str) -> None:
    with connection:
        connection.executescript(_SCHEMA)
        connection.executemany(
            "INSERT INTO entry_text (title, section, tags, body, game_name, game, entry_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                (
                    entry.title,
                    entry.section,
                    " ".join(entry.tags),
                    library.plain_body(entry),
                    f"{entry.game} {entry.game_title}",
                    entry.game,
                    entry.id,
                )
                for entry in library
            ),
        )
        connection.execute(
            "INSERT INTO lookup_meta (key, value) VALUES ('fingerprint', ?)", (fingerprint,)
        )
        connection.execute("INSERT INTO entry_text (entry_text) VALUES ('optimize')")


def _open_if_current(path: Path, fingerprint: str) -> sqlite3.Connection | None:
    if not path.is_file():
        return None
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        row = connection.execute(
            "SELECT value FROM lookup_meta WHERE key = 'fingerprint'"
        ).fetchone()
    except sqlite3.Error:
        row = None
    if row is None or row[0] != fingerprint:
        connection.close()
        return None
    return connection


def _write_cache(path: Path, library: ReferenceLibrary, fingerprint: str) -> None:
    """Build the index in a temporary file beside ``path`` and move it into place: a reader
    (another Refkit process) sees the old index or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".lookup-", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        connection = sqlite3.connect(temporary)
        try:
            _fill(connection, library, fingerprint)
        finally:
            connection.close()
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
