"""Words too long to wrap: a label that wraps breaks only between words, so a hostile name of
200 letters with no space would be given its whole width or cut off at the edge. Such a word is
shortened with "…" for the label; the whole text goes in its tooltip."""

from __future__ import annotations

import re
from typing import Final

LONGEST_WORD: Final = 40
"""Characters a word may have in a wrapped label before it is shortened (no crow, item or
trait name Refkit knows is longer; a sentence's words are far shorter)."""


def shorten_long_words(text: str, longest: int = LONGEST_WORD) -> str:
    """``text`` with each run of more than ``longest`` non-space characters cut to ``longest``
    of them, the last one an ellipsis; everything else (line breaks included) as it was."""
    if longest < 2:
        raise ValueError(f"longest must be at least 2, not {longest}")
    too_long = re.compile(rf"\S{{{longest + 1},}}")
    return too_long.sub(lambda run: run.group()[: longest - 1] + "…", text)
