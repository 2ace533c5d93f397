"""The lookup's snippets: a few words of a hit's text around the first word the search found,
those words marked with :data:`HIT_START` / :data:`HIT_END`, which a front end turns into bold
(GUI) or drops (CLI): see :func:`snippet_parts`. Pure Python, cut from the text of the hits
shown only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from refkit.store.lookup_words import QueryWord, fold

HIT_START = "\x02"
HIT_END = "\x03"
"""Snippet hit markers: control characters no reference entry may hold (the loader refuses
them), so a marker in a snippet is always one the index put there."""

SNIPPET_WORDS = 14
_TEXT_WORD = re.compile(r"\w+", re.UNICODE)
_SPACES = re.compile(r"\s+")


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


def _first_hit(lowered: str, forms: Sequence[str]) -> int:
    """Where the first word of ``lowered`` starting with one of ``forms`` begins (-1: none).
    ``str.find`` per form: a regular expression that must try a word boundary at every
    character is many times slower over a long body."""
    best = -1
    for form in forms:
        at = lowered.find(form)
        while at > 0 and (lowered[at - 1].isalnum() or lowered[at - 1] == "_"):
            at = lowered.find(form, at + 1)
        if at != -1 and (best == -1 or at < best):
            best = at
    return best


def snippet_of(text: str, forms: Sequence[str], size: int = SNIPPET_WORDS) -> str:
    """About ``size`` words of ``text`` around its first word starting with one of ``forms``
    (its start when there is none), those words between HIT_START and HIT_END, with "…" where
    text is left out. Only the words shown are looked at, one by one."""
    forms = tuple(forms)
    lowered = text.lower()
    start = max(0, _first_hit(lowered, forms)) if len(lowered) == len(text) else 0
    after: list[tuple[int, int]] = []
    for match in _TEXT_WORD.finditer(text, start):
        if len(after) >= size:
            break
        after.append(match.span())
    # a quarter of the words before the hit, more when the text ends soon after it
    wanted = max(size // 4, size - len(after)) if start else 0
    reach = max(0, start - 16 * wanted)  # room for that many words (and a word cut in two)
    lead = [match.span() for match in _TEXT_WORD.finditer(text, reach, start)]
    lead = lead[1:] if reach else lead  # the first may be a word cut in two
    wanted = min(len(lead), wanted)
    chosen = (lead[len(lead) - wanted :] if wanted else []) + after[: size - wanted]
    if not chosen:
        return _SPACES.sub(" ", text).strip()
    skipped = _TEXT_WORD.search(text, 0, chosen[0][0]) is not None
    more = _TEXT_WORD.search(text, chosen[-1][1]) is not None
    parts = ["…" if skipped else ""]
    position = chosen[0][0] if skipped else 0
    for begin, end in chosen:
        parts.append(text[position:begin])
        shown = text[begin:end]
        word = shown.casefold()
        hit = (word if word.isascii() else fold(word)).startswith(forms)
        parts.append(f"{HIT_START}{shown}{HIT_END}" if hit else shown)
        position = end
    parts.append("…" if more else text[position:])
    return _SPACES.sub(" ", "".join(parts)).strip()


def plain_snippet(snippet: str) -> str:
    """A snippet without its hit markers."""
    return snippet.replace(HIT_START, "").replace(HIT_END, "")
