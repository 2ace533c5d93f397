"""What a form tells its user when the record it edits was saved elsewhere while it was open.

The form opened on ``base``; the user typed ``mine``; meanwhile another window or the command
line saved ``theirs`` (None: deleted). :func:`form_conflict` words what changed meanwhile, field
by field, so the window can show the stored record again and keep the user's values to put back.
Nothing here decides for the user: the record as stored is shown, the typed values are kept.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from refkit.slot_record import SlotRecord

T = TypeVar("T")


@dataclass(frozen=True)
class FormConflict(Generic[T]):
    """A save refused because the record changed since the form opened."""

    what: str
    """The record in words: ``the spell “Ember Lance”``."""
    theirs: T | None
    """The record as stored now (None: deleted meanwhile)."""
    version: int
    """Its version now (0: deleted); a save after the user has seen it names this one."""
    mine: T
    """What the user typed (checked), kept to be put back."""
    changed: tuple[str, ...]
    """The fields changed meanwhile, in words."""

    @property
    def message(self) -> str:
        if self.theirs is None:
            return (
                f"{_capital(self.what)} was deleted in another window or on the command line "
                "since you opened it. Nothing was saved; your values are kept in the form, so "
                "Save again to store it anew."
            )
        said = f" ({', '.join(self.changed)})" if self.changed else ""
        return (
            f"{_capital(self.what)} was changed in another window or on the command line since "
            f"you opened it{said}. Nothing was saved: the form now shows it as stored, and "
            "your values are kept below — put them back to save them over it."
        )


def changed_fields(
    base: Any, theirs: Any, words: Mapping[str, str] | None = None
) -> tuple[str, ...]:
    """The fields of two records of one dataclass (or SlotRecord: a table) that differ, in words
    (``words`` or the field name with spaces), in the record's order."""
    names = (
        base.FIELDS
        if isinstance(base, SlotRecord)
        else tuple(field.name for field in dataclasses.fields(base))
    )
    return tuple(
        (words or {}).get(name, name.replace("_", " "))
        for name in names
        if getattr(base, name) != getattr(theirs, name)
    )


def form_conflict(
    what: str,
    base: T,
    mine: T,
    stored: tuple[T, int] | None,
    words: Mapping[str, str] | None = None,
) -> FormConflict[T]:
    """The conflict of a form opened on ``base`` and saved as ``mine`` when the record is now
    ``stored`` (its value and version; None: deleted)."""
    if stored is None:
        return FormConflict(what, None, 0, mine, ())
    theirs, version = stored
    return FormConflict(what, theirs, version, mine, changed_fields(base, theirs, words))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
