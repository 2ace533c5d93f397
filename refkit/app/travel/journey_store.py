"""Journeys kept in the database: one versioned row each, and the name of the journey last used.

A journey is read with its version and saved only if it is still at that version, so a second
window or the command line never silently overwrites it: a stale save raises
:class:`~refkit.errors.StaleWriteError` and saves nothing. The journey last used is a value of its
own, so a command need not repeat the name; a save writes it with the journey, in one unit of
work: a journey is either the old one or the whole new one, never half of each.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from refkit.app.travel.journey import Journey, journey_from_dict, journey_to_dict
from refkit.app.versioned import VersionedMeta

JOURNEYS = "journey"
"""The kind of stored document a journey is."""
CURRENT_KEY = "current_journey"
"""The state value naming the journey last used."""
_UNSAFE = re.compile(r"\s+")


def name_key(name: str) -> str:
    """A journey's key: the name trimmed, case-folded, its spaces made single."""
    folded = _UNSAFE.sub(" ", name.strip()).casefold()
    if not folded:
        raise ValueError("a journey needs a name")
    return folded


@dataclass(frozen=True)
class LoadedJourney:
    """A journey as read, with the version to save it on."""

    journey: Journey
    version: int


class JourneyStore:
    """The journeys of one database."""

    def __init__(self, meta: VersionedMeta) -> None:
        self._meta = meta
        self._shelf = meta.documents(JOURNEYS)

    def names(self) -> list[str]:
        """Every journey's name, in the order they were started."""
        return self._shelf.names()

    def exists(self, name: str) -> bool:
        return self._shelf.read(name_key(name)) is not None

    def version(self, name: str) -> int:
        """The stored journey's version (0: none of that name)."""
        stored = self._shelf.read(name_key(name))
        return 0 if stored is None else stored.version

    def current(self) -> str:
        name = self._meta.read_state(CURRENT_KEY).text
        if not name:
            raise ValueError("no journey started yet: start one with 'refkit travel journey start'")
        return name

    def load(self, name: str | None = None) -> Journey:
        """The journey called ``name`` (None: the one last used); ValueError when there is none."""
        return self.load_versioned(name).journey

    def load_versioned(self, name: str | None = None) -> LoadedJourney:
        """The journey called ``name`` (None: the one last used) and its version."""
        wanted = self.current() if name is None else name
        stored = self._shelf.read(name_key(wanted))
        if stored is None:
            known = ", ".join(self.names()) or "none yet"
            raise ValueError(f"no journey called {wanted!r} (journeys: {known})")
        where = f"the stored journey {wanted!r}"
        try:
            data = json.loads(stored.text)
        except json.JSONDecodeError as problem:
            raise ValueError(f"{where} is damaged: {problem.msg}") from None
        if not isinstance(data, dict):
            raise ValueError(f"{where} is damaged: not a journey")
        return LoadedJourney(journey_from_dict(data, where), stored.version)

    def save(self, journey: Journey, expected_version: int | None = None) -> int:
        """Keep the journey and make it the current one; returns its new version.

        ``expected_version``: the version it was read at (0: a new journey); StaleWriteError,
        nothing saved, when the stored one is at another. None: replace whatever is stored
        (a journey started again on purpose)."""
        text = json.dumps(journey_to_dict(journey), ensure_ascii=False)
        key = name_key(journey.name)
        if expected_version is None:
            expected_version = self.version(journey.name)
        version = self._shelf.write(journey.name, key, text, expected_version)
        current = self._meta.read_state(CURRENT_KEY)
        if current.text != journey.name:
            self._meta.write_state(CURRENT_KEY, journey.name, current.version)
        return version
