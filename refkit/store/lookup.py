"""The lookup's full-text index: an SQLite FTS5 table over every reference entry and every
item card, spell, creature and table of Crows, cached in the data folder and rebuilt when any of
those files change.

The index lives in its own file (``lookup-index.sqlite3``) rather than in the campaign database: it
is derived data, rebuilt whenever the source files' hash changes, so it needs no migrations, no
backups and no write to the user's database. When the data folder cannot be written the index is
built in memory instead. The command line and the window open the same file.

A search (see :mod:`refkit.store.lookup_words` for how typed words become terms) first asks for
the documents that hold every word; when those are fewer than asked for, the documents holding
any of the words follow, ranked by bm25. Documents whose title holds every word come first, then
those whose title holds some; the game in front is preferred, and a game named in the query
("warcrow dice") narrows the search to it (unless it has no hit). Each candidate's snippet is
FTS5's own, made in C as the candidate is read. Snippets mark hits with :data:`HIT_START` /
:data:`HIT_END`, which a front end turns into bold (GUI) or drops (CLI): see :func:`snippet_parts`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from refkit.errors import DomainError
from refkit.present.lookup_sources import documents_fingerprint
from refkit.store.lookup_snippets import (
    HIT_END,
    HIT_START,
    SNIPPET_WORDS,
    hit_forms,
    one_line,
    plain_snippet,
    snippet_parts,
)
from refkit.store.lookup_words import (
    FILLER,
    MAX_TYPO_LENGTH,
    MIN_TYPO_LENGTH,
    QueryWord,
    all_words_expression,
    any_word_expression,
    best_corrections,
    content_words,
    deletes,
    phrase,
    query_tokens,
    rarity,
    stem,
    words_of,
)

if TYPE_CHECKING:
    from refkit.games.reference import EntryKey, ReferenceLibrary
    from refkit.present.lookup_documents import LookupDocument

INDEX_FILE_NAME = "lookup-index.sqlite3"
INDEX_VERSION = "6"
"""Raise when the table layout, the tokenizer or the indexed text changes: old caches rebuild."""

DEFAULT_LIMIT = 20
MAX_LIMIT = 200
COMMON_SHARE = 4
"""A word in more than one document in this many (and in more documents than are ranked) is
too common to bring in documents alone."""
CANDIDATES = 20
"""How many documents of each pass (all words, any word) are ranked, at least (the limit asked
for when more); the scan stops there, so a two-letter prefix matching most of the index costs
no more than this (snippets included). Twenty, as many as a search shows by default: thirty
ranked the measured queries (``tests/store/data/lookup_queries*.toml``) no better and made a
snippet for ten documents never shown."""

# Column weights for bm25, in table order: title, section, tags, body, game name. The game's
# name is indexed so that "warcrow dice" narrows to Warcrow's entries as --game would.
_WEIGHTS = (10.0, 2.0, 4.0, 1.0, 0.5)

__all__ = [
    "DEFAULT_LIMIT",
    "HIT_END",
    "HIT_START",
    "INDEX_FILE_NAME",
    "LookupHit",
    "LookupIndex",
    "LookupQueryError",
    "check_game",
    "check_search",
    "hit_forms",
    "match_expression",
    "plain_snippet",
    "query_tokens",
    "snippet_parts",
]


class LookupQueryError(DomainError, ValueError):
    """A search that cannot be run: no words in it, an unknown game or a bad limit."""


class LookupHit(NamedTuple):
    """One search result, best first; ``snippet`` holds the hit markers; ``kind`` is ``rule``,
    ``item``, ``spell``, ``creature`` or ``table``."""

    game: str
    id: str
    title: str
    section: str
    snippet: str
    kind: str = "rule"

    @property
    def key(self) -> EntryKey:
        from refkit.games.reference import EntryKey

        return EntryKey(self.game, self.id)


def match_expression(tokens: Sequence[str]) -> str:
    """An FTS5 MATCH string for ``tokens``: every word quoted and matched as a prefix."""
    return " ".join(phrase(token) for token in tokens)


def _shipped_games() -> Mapping[str, str]:
    from refkit.games.reference import GAME_TITLES

    return GAME_TITLES


def check_game(game: str | None, games: Mapping[str, str] | None = None) -> str | None:
    """``game`` if it is a known game id (or None); a LookupQueryError naming the ids otherwise.
    ``games``: the games by id (the shipped ones by default; an index has them stored)."""
    known = _shipped_games() if games is None else games
    if game is None or game in known:
        return game
    raise LookupQueryError(f"unknown game {game!r}; games: {', '.join(known)}")


def check_search(
    query: str,
    *,
    game: str | None = None,
    limit: int = DEFAULT_LIMIT,
    games: Mapping[str, str] | None = None,
) -> tuple[str, ...]:
    """The words of ``query`` if the search can run; a LookupQueryError saying what is wrong with
    the query, the game or the limit otherwise (before any index is opened, or with an index's
    own ``games``)."""
    tokens = query_tokens(query)
    if not tokens:
        if query.strip():
            raise LookupQueryError(f"the query {query.strip()!r} has no words to look up")
        raise LookupQueryError("the query is empty; give a word to look up")
    check_game(game, games)
    if not 1 <= limit <= MAX_LIMIT:
        raise LookupQueryError(f"--limit must be 1 to {MAX_LIMIT}, got {limit}")
    return tokens


def _game_words(titles: Mapping[str, str]) -> dict[str, str]:
    """Words that name one game only ("warcrow", "krynn", "stworze"), to the game's id."""
    seen: dict[str, set[str]] = {}
    for game, title in titles.items():
        for word in {*words_of(title), *words_of(game)}:
            if len(word) >= 4:
                seen.setdefault(word, set()).add(game)
    return {word: next(iter(games)) for word, games in seen.items() if len(games) == 1}


class _Candidate(NamedTuple):
    rowid: int
    game: str
    id: str
    kind: str
    title: str
    section: str
    bm25: float
    snippet: str
    all_words: bool


# How much each sign of a good hit counts (see _Ranking.score).
_TEXT_WEIGHT = 1.0
_TITLE_COVER_WEIGHT = 1.0
_TITLE_PRECISION_WEIGHT = 0.5
_ALL_WORDS_WEIGHT = 0.35
_TITLE_START_WEIGHT = 0.2
_KIND_WEIGHT = 0.6
_RULE_WEIGHT = 0.2
"""With no kind named, a rule counts a little more than a card: "death" asks how dying works
before it asks for the Death ring."""
FRONT_GAME_WEIGHT = 0.5
"""What being of the game in front adds: enough to settle a near tie, not to lift a poor hit."""

KIND_WORDS = {
    "item": "item",
    "items": "item",
    "card": "item",
    "spell": "spell",
    "spells": "spell",
    "creature": "creature",
    "creatures": "creature",
    "table": "table",
    "tables": "table",
}
"""A query word that names a kind of document: "backlash table" wants the table."""


class _Ranking:
    """Scores candidates for one query: the text match (bm25, scaled to the best candidate's),
    how many query words the title holds and how much of the title they make up, whether every
    word was found, the kind named and the game in front."""

    def __init__(
        self,
        words: Sequence[QueryWord],
        prefer: str | None,
        kinds: frozenset[str],
        best_bm25: float = 0.0,
    ) -> None:
        self.words = tuple(words)
        self.prefer = prefer
        self.kinds = kinds
        self.best_bm25 = best_bm25
        """The best (lowest) bm25 of the candidates: set once they are all read."""
        self.total_weight = sum(word.weight for word in self.words) or 1.0
        self._every = frozenset(range(len(self.words)))
        self._found: dict[str, tuple[int, ...]] = {}
        """Title word → the positions of the query words that find it (titles share words)."""

    def _finders(self, title_word: str) -> tuple[int, ...]:
        found = self._found.get(title_word)
        if found is None:
            found = self._found[title_word] = tuple(
                place for place, word in enumerate(self.words) if word.matches(title_word)
            )
        return found

    def _title_match(self, title_words: Sequence[str]) -> tuple[set[int], int, bool]:
        """The query words the title holds (by position), how many title words are found and
        whether the first is."""
        covered: set[int] = set()
        matched = 0
        starts = False
        for number, title_word in enumerate(title_words):
            found = self._found.get(title_word)
            if found is None:
                found = self._finders(title_word)
            if found:
                matched += 1
                covered.update(found)
                starts = starts or (number == 0 and 0 in found)
        return covered, matched, starts

    def titled_with_all(self, title_words: Sequence[str]) -> bool:
        """Whether the title holds every query word: the query names it."""
        return self._title_match(title_words)[0] >= self._every

    def score(self, candidate: _Candidate, title_words: Sequence[str]) -> float:
        """``title_words``: the title's words without filler (all of them if all are)."""
        covered, matched, starts = self._title_match(title_words)
        words = self.words
        cover = sum(words[place].weight for place in covered) / self.total_weight
        text = candidate.bm25 / self.best_bm25 if self.best_bm25 else 0.0
        return (
            _TEXT_WEIGHT * text
            + _TITLE_COVER_WEIGHT * cover
            + _TITLE_PRECISION_WEIGHT * (matched / len(title_words) if title_words else 0.0)
            + _ALL_WORDS_WEIGHT * candidate.all_words
            + _TITLE_START_WEIGHT * starts
            + _KIND_WEIGHT * (candidate.kind in self.kinds)
            + _RULE_WEIGHT * (not self.kinds and candidate.kind == "rule")
            + FRONT_GAME_WEIGHT * (candidate.game == self.prefer)
        )


class LookupIndex:
    """A searchable index of the reference entries and Crows' cards. Use from one thread at a
    time (it may be opened in one thread and handed to another)."""

    def __init__(self, connection: sqlite3.Connection, *, path: Path | None = None) -> None:
        self._connection = connection
        self.path = path
        """The cache file, or None when the index lives in memory."""
        self._titles: dict[int, tuple[str, ...]] = {}
        self._count: int | None = None
        self._games: dict[str, str] | None = None
        self._game_words: dict[str, str] | None = None

    # --- opening ------------------------------------------------------------------------------

    @classmethod
    def in_memory(
        cls, library: ReferenceLibrary, cards: Iterable[LookupDocument] = ()
    ) -> LookupIndex:
        """An index held in memory, of ``library``'s entries and ``cards``."""
        from refkit.store.lookup_build import fill_index

        connection = sqlite3.connect(":memory:", check_same_thread=False)
        fill_index(connection, _documents(library, cards), "", _RANK)
        return cls(connection)

    @classmethod
    def open_cached(
        cls,
        folder: Path,
        *,
        reference: Path | None = None,
        library: ReferenceLibrary | None = None,
    ) -> LookupIndex:
        """The index cached in ``folder``, rebuilt first if the reference or card files changed.

        ``reference`` is the reference folder (the shipped one by default); ``library`` saves
        reading it again when the caller has it loaded. The shipped reference comes with
        Crows' item cards, spells, creatures and tables; another folder is indexed alone. If the
        cache cannot be written, the index is built in memory: searching never fails for want
        of a writable folder.
        """
        fingerprint = f"{INDEX_VERSION}:{documents_fingerprint(reference)}"
        path = folder / INDEX_FILE_NAME
        cached = _open_if_current(path, fingerprint)
        if cached is not None:
            return cls(cached, path=path)
        from refkit.games.reference import read_reference
        from refkit.present.lookup_documents import card_documents
        from refkit.store.lookup_build import fill_index, write_index

        library = library if library is not None else read_reference(reference)[0]
        documents = _documents(library, card_documents()[0] if reference is None else ())
        try:
            write_index(path, documents, fingerprint, _RANK)
        except (OSError, sqlite3.Error):
            connection = sqlite3.connect(":memory:", check_same_thread=False)
            fill_index(connection, documents, fingerprint, _RANK)
            return cls(connection)
        return cls(_read_only(path), path=path)

    @classmethod
    def open_current(cls, folder: Path) -> LookupIndex | None:
        """The index cached in ``folder`` when it is current for the shipped reference and
        cards, opened read-only; None when it is missing or out of date (nothing is built:
        :meth:`open_cached` builds)."""
        path = folder / INDEX_FILE_NAME
        cached = _open_if_current(path, f"{INDEX_VERSION}:{documents_fingerprint()}")
        return None if cached is None else cls(cached, path=path)

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
        self,
        query: str,
        *,
        game: str | None = None,
        limit: int = DEFAULT_LIMIT,
        prefer: str | None = None,
    ) -> tuple[LookupHit, ...]:
        """The documents for ``query``, best first (see the module's notes on ranking).

        ``game`` keeps to one game; ``prefer`` is the game in front, whose hits count more.
        Raises LookupQueryError for a query with no words, an unknown game or a limit outside
        1..MAX_LIMIT.
        """
        tokens = check_search(query, game=game, limit=limit, games=self.games)
        check_game(prefer, self.games)
        named = None
        if game is None:
            if self._game_words is None:
                self._game_words = _game_words(self.games)
            game_words = self._game_words
            named_games = {game_words[token] for token in tokens if token in game_words}
            if len(named_games) == 1 and any(token not in game_words for token in tokens):
                named = named_games.pop()
                tokens = tuple(token for token in tokens if token not in game_words)
        words = self.query_words(content_words(tokens))
        if not words:
            return ()
        ranked = self._ranked(words, named or game, limit, prefer=named or prefer)
        if not ranked and named is not None:  # nothing in the game named: look everywhere
            ranked = self._ranked(words, None, limit, prefer=named)
        return tuple(
            LookupHit(c.game, c.id, c.title, c.section, one_line(c.snippet), c.kind)
            for c in ranked[:limit]
        )

    def _ranked(
        self, words: Sequence[QueryWord], game: str | None, limit: int, *, prefer: str | None
    ) -> list[_Candidate]:
        """Documents holding every word, then (when too few, and none of them is titled with
        every word) those holding any, best first."""
        candidates = self._candidates(all_words_expression(words), game, limit, all_words=True)
        ranking = _Ranking(
            words,
            prefer,
            frozenset(KIND_WORDS[word.typed] for word in words if word.typed in KIND_WORDS),
        )
        if (
            len(words) > 1
            and len(candidates) < limit
            and not any(ranking.titled_with_all(self._title_words(c)) for c in candidates)
        ):
            seen = {candidate.rowid for candidate in candidates}
            candidates += [
                candidate
                for candidate in self._candidates(
                    any_word_expression(self._telling(words)), game, limit, all_words=False
                )
                if candidate.rowid not in seen
            ]
        if not candidates:
            return candidates
        ranking.best_bm25 = min(candidate.bm25 for candidate in candidates)
        title_words = self._title_words
        candidates.sort(
            key=lambda candidate: (
                -ranking.score(candidate, title_words(candidate)),
                candidate.title,
            )
        )
        return candidates

    def _telling(self, words: Sequence[QueryWord]) -> Sequence[QueryWord]:
        """The words of an any-word pass: those in at most a quarter of the documents (or in no
        more than are ranked), when there are any. A word found nearly everywhere ("acti…",
        "card") would only bring in most of the index, each document ranked for nothing."""
        common = max(self._size() / COMMON_SHARE, CANDIDATES)
        rare = [word for word in words if word.documents <= common]
        return rare or words

    def searched_forms(self, query: str) -> tuple[str, ...]:
        """The word starts a search for ``query`` looks for (filler dropped, stems, corrected
        spellings), for a front end to mark them in an entry it shows."""
        words = self.query_words(content_words(query_tokens(query)))
        return tuple(dict.fromkeys(form for word in words for form in word.forms))

    def _title_words(self, candidate: _Candidate) -> tuple[str, ...]:
        """The title's words without filler (all of them if all are), kept per document."""
        words = self._titles.get(candidate.rowid)
        if words is None:
            every = words_of(candidate.title)
            words = tuple(word for word in every if word not in FILLER) or tuple(every)
            self._titles[candidate.rowid] = words
        return words

    def query_words(self, tokens: Sequence[str]) -> tuple[QueryWord, ...]:
        """Each token as the forms the index is asked for: its stem as a prefix, or — for a
        word the index has never seen — the nearest words it has (or the longest start of it
        that starts a known word). A misspelling with nothing near is left out, unless every
        word is one (then nothing is found). Each word is weighted by how rare it is."""
        words: list[QueryWord] = []
        for token in tokens:
            documents = self._documents_with_prefix(token)
            if documents or not MIN_TYPO_LENGTH <= len(token) <= MAX_TYPO_LENGTH:
                forms: tuple[str, ...] = (stem(token),)
            else:
                forms = self._corrections(token) or self._known_start(token)
                forms = tuple(stem(form) for form in forms)
                documents = sum(self._documents_with_prefix(form) for form in forms)
            if forms:
                words.append(QueryWord(token, forms, rarity(documents, self._size()), documents))
        return tuple(words)

    @property
    def games(self) -> Mapping[str, str]:
        """The games a search may name, by id, with their titles: the shipped games when the
        index was built (kept in it, so a search needs no reading of the reference)."""
        if self._games is None:
            row = self._connection.execute(
                "SELECT value FROM lookup_meta WHERE key = 'games'"
            ).fetchone()
            self._games = dict(json.loads(row[0])) if row else dict(_shipped_games())
        return self._games

    def _size(self) -> int:
        """How many documents the index holds (kept at build: counting an FTS5 table reads
        every row)."""
        if self._count is None:
            row = self._connection.execute(
                "SELECT value FROM lookup_meta WHERE key = 'documents'"
            ).fetchone()
            self._count = int(row[0]) if row else self.entry_count()
        return self._count

    def _documents_with_prefix(self, prefix: str) -> int:
        """About how many documents hold a word starting with ``prefix`` (0: none)."""
        row = self._connection.execute(
            "SELECT sum(documents) FROM term WHERE term >= ? AND term < ?",
            (prefix, prefix + "\U0010ffff"),
        ).fetchone()
        return int(row[0] or 0)

    def _known_start(self, token: str) -> tuple[str, ...]:
        """The longest start of ``token`` (dropping up to three letters) that starts a known
        word: "navigator" finds "navigat…" when the index says "navigate"."""
        for cut in range(1, min(3, len(token) - MIN_TYPO_LENGTH) + 1):
            if self._documents_with_prefix(token[:-cut]):
                return (token[:-cut],)
        return ()

    def _corrections(self, token: str) -> tuple[str, ...]:
        variants = sorted(deletes(token))
        marks = ", ".join("?" for _ in variants)
        rows = self._connection.execute(
            "SELECT DISTINCT term.term, term.documents FROM term_variant "
            f"JOIN term ON term.term = term_variant.term WHERE term_variant.variant IN ({marks})",
            variants,
        ).fetchall()
        return best_corrections(token, {term: documents for term, documents in rows})

    def _candidates(
        self, match: str, game: str | None, limit: int, *, all_words: bool
    ) -> list[_Candidate]:
        rows = self._connection.execute(
            _CANDIDATES_IN_GAME if game else _CANDIDATES_ALL,
            {"match": match, "game": game, "limit": max(CANDIDATES, limit), **_SNIPPET_MARKS},
        ).fetchall()
        return [
            _Candidate(rowid, game_id, entry_id, kind, title, section, bm25, snippet, all_words)
            for rowid, game_id, entry_id, kind, title, section, bm25, snippet in rows
        ]

    # --- reading ------------------------------------------------------------------------------

    def document(self, key: EntryKey) -> LookupDocument | None:
        """The document of ``key`` as indexed (a card's fields and rows included), or None."""
        row = self._connection.execute(
            "SELECT kind, game, entry_id, title, section, tags, text, fields, rows FROM document "
            "WHERE game = ? AND entry_id = ?",
            (key.game, key.id),
        ).fetchone()
        if row is None:
            return None
        from refkit.present.lookup_documents import LookupDocument

        kind, game, entry_id, title, section, tags, text, fields, rows = row
        return LookupDocument(
            kind=kind,
            game=game,
            id=entry_id,
            title=title,
            section=section,
            tags=tuple(json.loads(tags)),
            text=text,
            fields=tuple((label, value) for label, value in json.loads(fields)),
            rows=tuple((label, value) for label, value in json.loads(rows)),
        )

    def entry_count(self) -> int:
        return int(self._connection.execute("SELECT count(*) FROM entry_text").fetchone()[0])


# ``rank`` is the table's bm25 with the column weights (set when the index is built), which
# FTS5 sorts by itself. The snippet is FTS5's own, of the body (column 3): the window of
# SNIPPET_WORDS words holding the most of the words searched, those words between the hit
# markers. It is made in C for the rows returned only (FTS5 consumes ORDER BY rank, so LIMIT
# stops the scan): cutting it in Python cost more than the whole FTS5 query.
_CANDIDATES_SQL = """
SELECT rowid, game, entry_id, kind, title, section, rank,
    snippet(entry_text, 3, :hit_start, :hit_end, '…', :snippet_words)
FROM entry_text
WHERE entry_text MATCH :match {game_filter}
ORDER BY rank
LIMIT :limit
"""

_CANDIDATES_ALL, _CANDIDATES_IN_GAME = (
    _CANDIDATES_SQL.format(game_filter=game_filter) for game_filter in ("", "AND game = :game")
)
_SNIPPET_MARKS = {"hit_start": HIT_START, "hit_end": HIT_END, "snippet_words": SNIPPET_WORDS}
_RANK = f"bm25({', '.join(str(weight) for weight in _WEIGHTS)})"


def _documents(
    library: ReferenceLibrary, cards: Iterable[LookupDocument]
) -> tuple[LookupDocument, ...]:
    from refkit.present.lookup_documents import rule_documents

    return (*rule_documents(library), *cards)


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)


def _open_if_current(path: Path, fingerprint: str) -> sqlite3.Connection | None:
    if not path.is_file():
        return None
    try:
        connection = _read_only(path)
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
