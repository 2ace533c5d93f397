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
import threading
from dataclasses import dataclass

from refkit.app.travel.journey import Journey, journey_from_dict, journey_to_dict
from refkit.app.versioned import VersionedMeta

JOURNEYS = "journey"
"""The kind of stored document a journey is."""
CURRENT_KEY = "current_journey"
"""The state value naming the journey last used."""
_UNSAFE = re.compile(r"\s+")
KEPT_JOURNEYS = 4
"""How many journeys a store keeps read (the ones last used): see :meth:`JourneyStore.load`."""


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
        self._kept: dict[str, tuple[str, Journey]] = {}
        """The journeys last read or saved, by key, with their stored text. A read of the same
        text gives the same (frozen) journey again: every undo step of a journey then shares
        its days and map with the others instead of holding a copy parsed anew, which grew
        with every day travelled (issue 30)."""
        self._kept_lock = threading.Lock()  # read on the GUI thread, saved in the DB worker

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
        key = name_key(wanted)
        stored = self._shelf.read(key)
        if stored is None:
            known = ", ".join(self.names()) or "none yet"
            raise ValueError(f"no journey called {wanted!r} (journeys: {known})")
        kept = self._kept_journey(key, stored.text)
        if kept is not None:
            return LoadedJourney(kept, stored.version)
        where = f"the stored journey {wanted!r}"
        try:
            data = json.loads(stored.text)
        except json.JSONDecodeError as problem:
            raise ValueError(f"{where} is damaged: {problem.msg}") from None
        if not isinstance(data, dict):
            raise ValueError(f"{where} is damaged: not a journey")
        journey = journey_from_dict(data, where)
        self._keep(key, stored.text, journey)
        return LoadedJourney(journey, stored.version)

    def _kept_journey(self, key: str, text: str) -> Journey | None:
        with self._kept_lock:
            kept = self._kept.get(key)
        return kept[1] if kept is not None and kept[0] == text else None

    def _keep(self, key: str, text: str, journey: Journey) -> None:
        with self._kept_lock:
            self._kept.pop(key, None)
            self._kept[key] = (text, journey)
            while len(self._kept) > KEPT_JOURNEYS:
                del self._kept[next(iter(self._kept))]

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
        # Kept as saved when reading the text back gives the same journey (it shares the days
        # and map of the one it was made from); else as read back, so a read is never other
        # than the stored text says. A save undone by its unit of work leaves another text
        # stored: the kept one is then not used.
        again = journey_from_dict(json.loads(text), f"the journey {journey.name!r} as saved")
        self._keep(key, text, journey if again == journey else again)
        current = self._meta.read_state(CURRENT_KEY)
        if current.text != journey.name:
            self._meta.write_state(CURRENT_KEY, journey.name, current.version)
        return version
