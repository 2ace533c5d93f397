"""The undo and redo actions' tooltips (Qt-free): the word, the step it would undo or redo as
its command named it, and the keys, as in "Undo Add torch (Ctrl+Z)"."""

from __future__ import annotations


def history_tip(word: str, command: str, keys: str) -> str:
    """``word`` with its mnemonic ampersand left out, ``command`` (none: the word alone) and
    ``keys`` in brackets when there are any."""
    plain = word.replace("&", "")
    tip = f"{plain} {command}" if command else plain
    return f"{tip} ({keys})" if keys else tip
