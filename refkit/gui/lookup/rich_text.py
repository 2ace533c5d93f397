"""Reference text as the lookup's Qt rich text, always escaped first: an entry or a query holding
``<b>`` shows those characters, never bold, and only Refkit's own tags reach the renderer."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from refkit.games.reference import BodyPart, EntryKey
from refkit.store.lookup import snippet_parts

LINK_SCHEME = "refkit-entry"
"""Links in an entry's body: ``refkit-entry:crows/edge-and-bane``."""


def snippet_html(snippet: str) -> str:
    """A search snippet with its hits in bold and everything else escaped."""
    return "".join(
        f"<b>{escape(text)}</b>" if hit else escape(text) for text, hit in snippet_parts(snippet)
    )


def link_url(key: EntryKey) -> str:
    return f"{LINK_SCHEME}:{key.game}/{key.id}"


def link_key(url: str) -> EntryKey | None:
    """The entry a body link points at, or None for any other URL."""
    scheme, _, rest = url.partition(":")
    game, _, entry_id = rest.partition("/")
    if scheme != LINK_SCHEME or not game or not entry_id:
        return None
    return EntryKey(game, entry_id)


def body_html(parts: tuple[BodyPart, ...], words: Sequence[str] = ()) -> str:
    """An entry's body: blank lines part paragraphs, lines starting ``- `` or ``1. `` stay lines,
    each link becomes an anchor to its entry, and the searched ``words`` (as prefixes) are bold."""
    runs: list[str] = []
    for part in parts:
        if part.link is not None:
            url = escape(link_url(part.link), quote=True)
            runs.append(f'<a href="{url}">{escape(part.text)}</a>')
        else:
            runs.append(_bold_words(part.text, words))
    joined = "".join(runs).strip()
    paragraphs = [block.strip() for block in joined.split("\n\n") if block.strip()]
    return "".join(f"<p>{block.replace(chr(10), '<br>')}</p>" for block in paragraphs)


def _bold_words(text: str, words: Sequence[str]) -> str:
    """``text`` escaped, with every word starting with one of ``words`` in bold."""
    if not words:
        return escape(text)
    pattern = re.compile(
        r"(?<!\w)(?:" + "|".join(re.escape(word) for word in words) + r")\w*", re.IGNORECASE
    )
    pieces: list[str] = []
    position = 0
    for match in pattern.finditer(text):
        pieces.append(escape(text[position : match.start()]))
        pieces.append(f"<b>{escape(match.group())}</b>")
        position = match.end()
    pieces.append(escape(text[position:]))
    return "".join(pieces)
