"""A whole-crow edit made in a form, put over a crow that was saved elsewhere meanwhile.

The direct editor shows every field of the crow as it was when it opened (``base``); the user
changes some (``mine``); meanwhile another window or the command line may have saved the crow
(``theirs``: damage at the table, an item moved). :func:`merge_edit` keeps both sides' work: each
field the user changed takes the user's value, every other field the stored one. Only a field
both sides changed, to different values, cannot be decided without the user; then
:class:`EditCollisionError` names those fields and nothing is saved.

A field whose value is itself a frozen dataclass (Stamina, Characteristics) is merged field by
field the same way, so raising the maximum Stamina in the form keeps the Stamina lost meanwhile.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from refkit.store.errors import CharacterChangedError

T = TypeVar("T")

_DEEP = ("stamina", "characteristics")
"""The fields merged field by field (small frozen dataclasses of numbers)."""

_WORDS = {
    "items": "inventory",
    "wounds": "wounds",
    "speed_base": "base speed",
    "magic_characteristics": "magic-raised characteristics",
    "stamina.max": "maximum Stamina",
    "stamina.current": "Stamina",
}


class EditCollisionError(CharacterChangedError):
    """The same field was changed here and elsewhere, to different values; nothing saved."""

    def __init__(self, crow: str, fields: tuple[str, ...]) -> None:
        said = ", ".join(_WORDS.get(name, name.replace("_", " ")) for name in fields)
        super().__init__(
            f"{crow} was changed elsewhere (in another window or the command line) while you "
            f"edited, in the same places as you: {said}. Nothing was saved; the sheet shows the "
            "crow as stored now and the editor keeps your version, so Save again to put yours "
            "over it"
        )
        self.crow = crow
        self.fields = fields


def merge_edit(base: T, mine: T, theirs: T) -> T:
    """``mine`` (an edit of ``base``) put over ``theirs`` (the stored crow now); see the module
    docstring. Raises EditCollisionError when a field was changed on both sides differently."""
    if theirs == base:
        return mine
    merged, collisions = _merge(base, mine, theirs, "")
    if collisions:
        raise EditCollisionError(str(getattr(theirs, "name", "the crow")), tuple(collisions))
    result: T = merged
    return result


def _merge(base: Any, mine: Any, theirs: Any, prefix: str) -> tuple[Any, list[str]]:
    changes: dict[str, Any] = {}
    collisions: list[str] = []
    for field in dataclasses.fields(base):
        name = field.name
        was, ours, now = (getattr(x, name) for x in (base, mine, theirs))
        if ours in (was, now):
            value = now
        elif now == was:
            value = ours
        elif not prefix and name in _DEEP and dataclasses.is_dataclass(was):
            value, deeper = _merge(was, ours, now, f"{name}.")
            collisions.extend(deeper)
        else:
            collisions.append(prefix + name)
            continue
        changes[name] = value
    if collisions:
        return base, collisions
    try:
        return dataclasses.replace(theirs, **changes), []
    except ValueError:  # the two sides make an impossible crow together (Stamina over its max)
        changed = [prefix + n for n in changes if getattr(mine, n) != getattr(base, n)]
        return base, changed or [prefix.rstrip(".") or "the crow"]
