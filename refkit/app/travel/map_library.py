"""Hex maps kept in the database: one versioned row each, its ``*.map.json`` text.

A map is read and written whole: an import that fails leaves the maps as they were. A map is
read with its version and saved only if it is still at that version, so an edit made from a
map another window or the command line saved since is refused
(:class:`~refkit.errors.StaleWriteError`, nothing saved) instead of overwriting it. A journey
started from a stored map keeps the map's name
(:attr:`~refkit.app.travel.journey.Journey.map_name`) and a copy of it as it was that day.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from refkit.app.versioned import VersionedMeta
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.map_file import map_to_json, parse_map

MAPS = "map"
"""The kind of stored document a hex map is."""
_SPACES = re.compile(r"\s+")


def map_key(name: str) -> str:
    """A map's key: the name trimmed, case-folded, its spaces made single."""
    folded = _SPACES.sub(" ", name.strip()).casefold()
    if not folded:
        raise ValueError("a map needs a name")
    return folded


@dataclass(frozen=True)
class LoadedMap:
    """A map as read, with the version to save an edit of it on."""

    hex_map: HexMap
    version: int


class MapLibrary:
    """The maps of one database."""

    def __init__(self, meta: VersionedMeta) -> None:
        self._shelf = meta.documents(MAPS)

    def names(self) -> list[str]:
        """Every stored map's name, in the order they were first saved."""
        return self._shelf.names()

    def exists(self, name: str) -> bool:
        return self._shelf.read(map_key(name)) is not None

    def load(self, name: str) -> HexMap:
        """The map called ``name``; ValueError naming the maps there are when there is none."""
        return self.load_versioned(name).hex_map

    def load_versioned(self, name: str) -> LoadedMap:
        """The map called ``name`` and its version (see :meth:`load`)."""
        stored = self._shelf.read(map_key(name))
        if stored is None:
            known = ", ".join(self.names()) or "none yet: import one with 'refkit map import FILE'"
            raise ValueError(f"no map called {name!r} (maps: {known})")
        return LoadedMap(parse_map(stored.text, f"the stored map {name!r}"), stored.version)

    def save(
        self, hex_map: HexMap, *, replace: bool = True, expected_version: int | None = None
    ) -> int:
        """Keep ``hex_map`` under its name (``replace=False``: refuse a name already taken);
        returns its new version. ``expected_version``: the version the edited map was read at
        (0: a new map); StaleWriteError, nothing saved, when the stored one is at another.
        None: replace whatever is stored (an import with ``--replace``)."""
        text = map_to_json(hex_map)
        key = map_key(hex_map.name)
        stored = self._shelf.read(key)
        if not replace and stored is not None:
            raise ValueError(
                f"a map called {hex_map.name!r} is stored already (use --replace to replace it)"
            )
        if expected_version is None:
            expected_version = 0 if stored is None else stored.version
        return self._shelf.write(hex_map.name, key, text, expected_version)
