"""The sample map a fresh database starts with, so the Travel map has something to show.

Put in once, the first time a database's maps are looked at with none stored and no record of a
sample given before; a referee who deletes it does not get it back, and a database that already
has maps is left as it is.
"""

from __future__ import annotations

from refkit.app.travel.map_library import MapLibrary
from refkit.app.versioned import VersionedMeta
from refkit.locate import resource_path
from refkit.rules.travel.map_file import parse_map

SAMPLE_MAP_FILE = ("maps", "ashen-marches.map.json")
SEEDED_KEY = "travel_maps_sample_seeded"


def seed_sample_map(library: MapLibrary, meta: VersionedMeta) -> bool:
    """Store the sample map if this database never had maps nor the sample; True if stored."""
    if meta.get_meta(SEEDED_KEY) is not None:
        return False
    if not library.names():
        path = resource_path(*SAMPLE_MAP_FILE)
        library.save(parse_map(path.read_text(encoding="utf-8"), path.name), replace=False)
    meta.set_meta(SEEDED_KEY, "1")
    return True
