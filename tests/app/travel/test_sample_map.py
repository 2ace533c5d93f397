"""A fresh database starts with the sample map; a database with maps, or one that had the sample
once, is left as it is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refkit.app.travel.map_library import MapLibrary
from refkit.app.travel.sample_map import SEEDED_KEY, seed_sample_map
from refkit.cli import run_cli
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.store.store_helpers import run_sql


@pytest.fixture
def db() -> Database:
    database = Database.open("sqlite://")
    yield database
    database.close()


def test_a_fresh_database_gets_the_sample_map_once(db: Database) -> None:
    meta = CharacterRepository(db)
    library = MapLibrary(meta)
    assert seed_sample_map(library, meta)
    assert library.names() == ["The Ashen Marches"]
    assert library.load("The Ashen Marches").cells
    with db.session() as session:  # the referee removed it
        run_sql(session, "DELETE FROM hex_map")
    assert not seed_sample_map(library, meta)
    assert library.names() == []


def test_a_database_with_its_own_maps_gets_no_sample(db: Database) -> None:
    meta = CharacterRepository(db)
    library = MapLibrary(meta)
    seed_sample_map(library, meta)
    own = library.load("The Ashen Marches")
    from dataclasses import replace

    other = Database.open("sqlite://")
    try:
        other_meta = CharacterRepository(other)
        other_library = MapLibrary(other_meta)
        other_library.save(replace(own, name="My marches"))
        assert seed_sample_map(other_library, other_meta)  # recorded, nothing added
        assert other_library.names() == ["My marches"]
        assert other_meta.get_meta(SEEDED_KEY) == "1"
    finally:
        other.close()


def test_map_list_on_a_fresh_database_shows_the_sample(tmp_path: Path, capsys) -> None:
    assert run_cli(["--json", "--db", str(tmp_path / "r.sqlite3"), "map", "list"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [m if isinstance(m, str) else m.get("name") for m in listed["maps"]] == [
        "The Ashen Marches"
    ]
