"""The words of a lookup: how typed text becomes the terms the index is asked for.

- Words are folded (lower case, accents dropped) the way the index's tokenizer folds them.
- Filler words ("how", "do", "we", "the") are dropped from a question, unless nothing else is
  left: "how far can we travel in a day" asks for "far travel day".
- A word is matched as a prefix of a stem: "cards" also finds "card", "abilities" "ability".
- A word the index has never seen (not even as the start of a word) is a likely misspelling:
  the index's vocabulary offers the words one or two edits away ("backlsh" → "backlash"). The
  candidates come from a table of each word with one letter deleted (the "symmetric delete"
  method), so no scan of the vocabulary is needed.
- A game's name in the query ("warcrow dice") says which game is meant.

Pure Python: :mod:`refkit.store.lookup` runs the SQL. (No dataclasses: ``refkit lookup`` starts
sooner without loading them.)
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

_WORD = re.compile(r"\w+", re.UNICODE)
MAX_TOKENS = 12

_FILLER_WORDS = """
    a an the and or but if so than then that this these those there here
    how what whats when where which who whom whose why
    do does did done doing can could should would will shall may might must
    is are was were be been being am isnt arent
    i im we you he she it they me us my our your their its them his her
    of in on at to for from by with about into onto over under as up
    get gets got have has had having many much some any
    happen happens happened work works mean means
    tell explain rule rules please each other another after
"""
FILLER = frozenset(_FILLER_WORDS.split())
"""Words of a question that carry no topic. ("far", "long", "many" and numbers do: kept —
"many" is filler, but "0" in "what happens at 0 stamina" is kept.)"""

MIN_TYPO_LENGTH = 4
"""Shorter words are taken as typed: at three letters nearly every edit is another word."""
MAX_TYPO_LENGTH = 40
"""Longer words are taken as typed too: no word of the reference is that long, and the
candidates of a pasted paragraph's worth of letters would only cost time."""


def fold(text: str) -> str:
    """Lower case without accents, as the index's ``remove_diacritics`` tokenizer reads it."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def words_of(text: str) -> list[str]:
    """Every word of ``text``, folded."""
    return _WORD.findall(fold(text))


def query_tokens(text: str) -> tuple[str, ...]:
    """The words of a typed query; FTS syntax (quotes, ``*``, ``-``, ``:``, brackets) is dropped."""
    return tuple(words_of(text))[:MAX_TOKENS]


def content_words(tokens: Sequence[str]) -> tuple[str, ...]:
    """``tokens`` without the filler words, or all of them when every one is filler (a search
    for "how" still looks for "how")."""
    kept = tuple(token for token in tokens if token not in FILLER)
    return kept or tuple(tokens)


_ENDINGS = (("ies", 6), ("ing", 6), ("ed", 6), ("es", 6), ("s", 4), ("y", 5), ("e", 4))
"""Endings :func:`stem` drops, each from words at least this long."""


def stem(word: str) -> str:
    """A prefix that also covers the word's plural and -ing/-ed forms: ``cards`` → ``card``,
    ``abilities`` → ``abilit``, ``casting`` → ``cast``, ``hide`` → ``hid`` (hiding, hidden).
    Short words are left alone."""
    for ending, shortest in _ENDINGS:
        if len(word) >= shortest and word.endswith(ending):
            if ending == "s" and word.endswith(("ss", "us", "is")):
                return word
            if ending in ("ed", "e") and word.endswith(("eed", "ee")):
                return word
            return word[: -len(ending)]
    return word


def deletes(word: str) -> set[str]:
    """``word`` and every string made by deleting one of its letters."""
    return {word, *(word[:at] + word[at + 1 :] for at in range(len(word)))}


def edit_distance(first: str, second: str, limit: int) -> int:
    """The optimal-string-alignment distance (insert, delete, substitute, swap two neighbours)
    between two words, or ``limit + 1`` once it is known to exceed ``limit``."""
    if abs(len(first) - len(second)) > limit:
        return limit + 1
    before: list[int] = []
    previous = list(range(len(second) + 1))
    for row, char in enumerate(first, start=1):
        current = [row] + [0] * len(second)
        for column, other in enumerate(second, start=1):
            cost = 0 if char == other else 1
            best = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost)
            if row > 1 and column > 1 and char == second[column - 2] and first[row - 2] == other:
                best = min(best, before[column - 2] + 1)
            current[column] = best
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]


def typo_limit(word: str) -> int:
    """How many edits a misspelling of ``word`` may be: one up to six letters, two beyond."""
    return 1 if len(word) <= 6 else 2


def best_corrections(word: str, candidates: Mapping[str, int], *, most: int = 3) -> tuple[str, ...]:
    """The known words nearest ``word``: fewest edits first, then the most common (``candidates``
    maps each known word to how many documents hold it)."""
    limit = typo_limit(word)
    scored = []
    for candidate, documents in candidates.items():
        distance = edit_distance(word, candidate, limit)
        if distance <= limit and candidate != word:
            scored.append((distance, -documents, candidate))
    scored.sort()
    if not scored:
        return ()
    closest = scored[0][0]
    return tuple(candidate for distance, _, candidate in scored[:most] if distance == closest)


class QueryWord(NamedTuple):
    """One word of the query as the index is asked for it: ``forms`` are matched as prefixes,
    any of them will do; ``typed`` is what the user wrote."""

    typed: str
    forms: tuple[str, ...]
    weight: float = 1.0
    """How rare the word is in the index (see :func:`rarity`): a title holding a rare word of
    the query matches it better than one holding a common word."""
    documents: int = 0
    """About how many documents hold it."""

    @property
    def corrected(self) -> bool:
        return self.forms != (stem(self.typed),)

    def matches(self, word: str) -> bool:
        """Whether ``word`` (folded) is one the query word finds."""
        return word.startswith(self.forms)


def rarity(documents: int, total: int) -> float:
    """The inverse document frequency of a word found in ``documents`` of ``total``, as bm25
    reckons it (never below a small positive floor)."""
    documents = min(documents, total)
    return max(0.05, math.log((total - documents + 0.5) / (documents + 0.5) + 1.0))


def phrase(form: str) -> str:
    return f'"{form}"*'


def all_words_expression(words: Iterable[QueryWord]) -> str:
    """An FTS5 MATCH string that every word must match (each through any of its forms)."""
    return " AND ".join(_any_form(word) for word in words)


def any_word_expression(words: Iterable[QueryWord]) -> str:
    """An FTS5 MATCH string that any one word may match."""
    return " OR ".join(_any_form(word) for word in words)


def _any_form(word: QueryWord) -> str:
    if len(word.forms) == 1:
        return phrase(word.forms[0])
    return "(" + " OR ".join(phrase(form) for form in word.forms) + ")"
