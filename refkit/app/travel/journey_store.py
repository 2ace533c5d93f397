"""Journeys kept in the database, as JSON values of its ``app_meta`` table (no table of their own).

Each journey is one value (``travel_journey:<name>``); an index lists the names and another value
names the journey last used, so a command need not repeat it. A save writes all three in one unit
of work: a journey is either the old one or the whole new one, never half of each.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Protocol

from refkit.app.travel.journey import Journey, journey_from_dict, journey_to_dict

JOURNEY_KEY = "travel_journey:"
INDEX_KEY = "travel_journeys"
CURRENT_KEY = "travel_current_journey"
_UNSAFE = re.compile(r"\s+")


class MetaStore(Protocol):
    """Small named values of the database (``CharacterRepository`` fits)."""

    def get_meta(self, key: str, default: str | None = None) -> str | None: ...

    def set_meta(self, key: str, value: str) -> None: ...


def journey_key(name: str) -> str:
    """The value's key: the name trimmed, case-folded, its spaces made single."""
    folded = _UNSAFE.sub(" ", name.strip()).casefold()
    if not folded:
        raise ValueError("a journey needs a name")
    return JOURNEY_KEY + folded


class JourneyStore:
    """The journeys of one database; ``unit_of_work`` opens one of its units of work."""

    def __init__(
        self, meta: MetaStore, unit_of_work: Callable[[], AbstractContextManager[object]]
    ) -> None:
        self._meta = meta
        self._unit_of_work = unit_of_work

    def transaction(self) -> AbstractContextManager[object]:
        """Everything done inside is kept together or not at all."""
        return self._unit_of_work()

    def names(self) -> list[str]:
        """Every journey's name, in the order they were started."""
        text = self._meta.get_meta(INDEX_KEY)
        if not text:
            return []
        names = json.loads(text)
        return [str(name) for name in names] if isinstance(names, list) else []

    def exists(self, name: str) -> bool:
        return self._meta.get_meta(journey_key(name)) is not None

    def current(self) -> str:
        name = self._meta.get_meta(CURRENT_KEY)
        if not name:
            raise ValueError("no journey started yet: start one with 'refkit travel journey start'")
        return name

    def load(self, name: str | None = None) -> Journey:
        """The journey called ``name`` (None: the one last used); ValueError when there is none."""
        wanted = self.current() if name is None else name
        text = self._meta.get_meta(journey_key(wanted))
        if text is None:
            known = ", ".join(self.names()) or "none yet"
            raise ValueError(f"no journey called {wanted!r} (journeys: {known})")
        where = f"the stored journey {wanted!r}"
        try:
            data = json.loads(text)
        except json.JSONDecodeError as problem:
            raise ValueError(f"{where} is damaged: {problem.msg}") from None
        if not isinstance(data, dict):
            raise ValueError(f"{where} is damaged: not a journey")
        return journey_from_dict(data, where)

    def save(self, journey: Journey) -> None:
        """Keep the journey and make it the current one."""
        text = json.dumps(journey_to_dict(journey), ensure_ascii=False)
        with self._unit_of_work():
            self._meta.set_meta(journey_key(journey.name), text)
            names = self.names()
            if journey_key(journey.name) not in {journey_key(n) for n in names}:
                self._meta.set_meta(INDEX_KEY, json.dumps([*names, journey.name]))
            self._meta.set_meta(CURRENT_KEY, journey.name)
