"""Hex maps kept in the database, as ``*.map.json`` texts in its ``app_meta`` values.

Each map is one value (``travel_map:<name>``) beside an index of the names, so a map is read and
written whole: an import that fails leaves the maps as they were, and a save writes the map and
the index in one unit of work. A journey started from a stored map keeps the map's name
(:attr:`~refkit.app.travel.journey.Journey.map_name`) and a copy of it as it was that day.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import AbstractContextManager

from refkit.app.travel.journey_store import MetaStore
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.map_file import map_to_json, parse_map

MAP_KEY = "travel_map:"
MAP_INDEX_KEY = "travel_maps"
_SPACES = re.compile(r"\s+")


def map_key(name: str) -> str:
    """The value's key: the name trimmed, case-folded, its spaces made single."""
    folded = _SPACES.sub(" ", name.strip()).casefold()
    if not folded:
        raise ValueError("a map needs a name")
    return MAP_KEY + folded


class MapLibrary:
    """The maps of one database; ``unit_of_work`` opens one of its units of work."""

    def __init__(
        self, meta: MetaStore, unit_of_work: Callable[[], AbstractContextManager[object]]
    ) -> None:
        self._meta = meta
        self._unit_of_work = unit_of_work

    def names(self) -> list[str]:
        """Every stored map's name, in the order they were first saved."""
        text = self._meta.get_meta(MAP_INDEX_KEY)
        if not text:
            return []
        names = json.loads(text)
        return [str(name) for name in names] if isinstance(names, list) else []

    def exists(self, name: str) -> bool:
        return self._meta.get_meta(map_key(name)) is not None

    def load(self, name: str) -> HexMap:
        """The map called ``name``; ValueError naming the maps there are when there is none."""
        text = self._meta.get_meta(map_key(name))
        if text is None:
            known = ", ".join(self.names()) or "none yet: import one with 'refkit map import FILE'"
            raise ValueError(f"no map called {name!r} (maps: {known})")
        return parse_map(text, f"the stored map {name!r}")

    def save(self, hex_map: HexMap, *, replace: bool = True) -> None:
        """Keep ``hex_map`` under its name (``replace=False``: refuse a name already taken)."""
        text = map_to_json(hex_map)
        with self._unit_of_work():
            key = map_key(hex_map.name)
            if not replace and self._meta.get_meta(key) is not None:
                raise ValueError(
                    f"a map called {hex_map.name!r} is stored already (use --replace to replace it)"
                )
            self._meta.set_meta(key, text)
            names = self.names()
            if key not in {map_key(n) for n in names}:
                self._meta.set_meta(MAP_INDEX_KEY, json.dumps([*names, hex_map.name]))
