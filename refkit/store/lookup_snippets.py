"""The lookup's snippets: :data:`SNIPPET_WORDS` words of a hit's text (FTS5 cuts them, see
:mod:`refkit.store.lookup`), the words searched marked with :data:`HIT_START` / :data:`HIT_END`,
which a front end turns into bold (GUI) or drops (CLI): see :func:`snippet_parts`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from refkit.store.lookup_words import QueryWord

HIT_START = "\x02"
HIT_END = "\x03"
"""Snippet hit markers: control characters no reference entry may hold (the loader refuses
them), so a marker in a snippet is always one the index put there."""

SNIPPET_WORDS = 14


def snippet_parts(snippet: str) -> tuple[tuple[str, bool], ...]:
    """A snippet as (text, is_hit) runs, for a front end to draw the hits its own way."""
    parts: list[tuple[str, bool]] = []
    for index, piece in enumerate(re.split(f"[{HIT_START}{HIT_END}]", snippet)):
        if piece:
            parts.append((piece, index % 2 == 1))
    return tuple(parts)


def hit_forms(words: Sequence[QueryWord]) -> tuple[str, ...]:
    """The word starts a snippet marks: every form of every query word."""
    return tuple(dict.fromkeys(form for word in words for form in word.forms))


def one_line(snippet: str) -> str:
    """A snippet on one line: a body's line breaks (a table's rows) and runs of spaces as one
    space."""
    return " ".join(snippet.split())


def plain_snippet(snippet: str) -> str:
    """A snippet without its hit markers."""
    return snippet.replace(HIT_START, "").replace(HIT_END, "")
