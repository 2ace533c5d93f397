"""Migration 0010: a database from the previous Refkit keeps every journey, map and value it held
in ``app_meta`` — each moved into its versioned row as it was, an unreadable one too — and
downgrade writes them all back."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine

from refkit.app.party.rest import read_records
from refkit.app.party.table_party import read_choice
from refkit.app.travel.journey import Journey, journey_to_dict
from refkit.app.travel.journey_store import JourneyStore
from refkit.app.travel.map_library import MapLibrary
from refkit.locate import resource_path
from refkit.rules.travel.map_file import parse_map
from refkit.rules.travel.travel_day import Traveller
from refkit.store import CharacterRepository, Database
from refkit.store.dungeon_settings import DungeonSettings
from refkit.store.dungeon_turn_store import DungeonTurnStore
from refkit.store.migrations import SCRIPT_LOCATION
from refkit.store.table_store import TableStore
from tests.store.store_helpers import current_head, seed_old_sample, sqlite_rows

MAP_TEXT = resource_path("maps", "ashen-marches.map.json").read_text(encoding="utf-8")
MAP = parse_map(MAP_TEXT)
JOURNEY = Journey.begin("Into the  Marches", MAP, MAP.start, (Traveller("Mara", mind=2),))
JOURNEY_TEXT = json.dumps(journey_to_dict(JOURNEY), ensure_ascii=False)

OLD_VALUES = {
    "travel_journey:into the marches": JOURNEY_TEXT,
    "travel_journey:broken road": "{not a journey",  # damaged: kept, named when read
    "travel_journeys": json.dumps(["Into the  Marches", "Broken Road"]),
    "travel_current_journey": "Into the  Marches",
    "travel_map:the ashen marches": MAP_TEXT,
    "travel_map:torn map": '{"format": "refkit-map"',
    "travel_maps": json.dumps(["The Ashen Marches"]),  # the torn map is not in the index
    "dungeon_party": json.dumps({"party": "The Ashdown Crows", "rest_in_miasma": True}),
    "rest_records": json.dumps({"brannoc tull": {"starvation_wounds": 2, "prepared": "Climb"}}),
    "dungeon_turn_settings": json.dumps(DungeonSettings(dt_minutes=20, chaos=True).to_dict()),
    "encounter_table_by_dungeon": json.dumps(
        {"the crypt": {"dungeon": "The Crypt", "table": "Dungeon Encounters"}}
    ),
    "active_tables": json.dumps({"miasma": "Miasma"}),
}
FLAGS = {"sample_content_seeded": "1", "travel_maps_sample_seeded": "1"}
STATES = {
    "party_at_table": "dungeon_party",
    "rest_records": "rest_records",
    "dungeon_settings": "dungeon_turn_settings",
    "encounter_tables": "encounter_table_by_dungeon",
    "active_tables": "active_tables",
    "current_journey": "travel_current_journey",
}


def migrations_up_to_0009(tmp_path: Path) -> Path:
    target = tmp_path / "migrations-0009"
    shutil.copytree(SCRIPT_LOCATION, target, ignore=shutil.ignore_patterns("__pycache__"))
    for script in (target / "versions").glob("*.py"):
        if int(script.name[:4]) > 9:
            script.unlink()
    return target


def old_database(tmp_path: Path, values: dict[str, str]) -> Path:
    """A database as the previous Refkit left it: the sample party and ``values`` in app_meta."""
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path), script_location=migrations_up_to_0009(tmp_path)) as old:
        repository = CharacterRepository(old)
        seed_old_sample(old)  # the sample party
        for key, value in {**values, **FLAGS}.items():
            repository.set_meta(key, value)
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [("0009",)]
    return path


def app_meta(path: Path) -> dict[str, str]:
    return {str(k): str(v) for k, v in sqlite_rows(path, "SELECT key, value FROM app_meta")}


def downgrade_to_0009(path: Path) -> None:
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    config.set_main_option("path_separator", "os")
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0009")
    finally:
        engine.dispose()


def test_every_value_moves_into_its_versioned_row_as_it_was(tmp_path: Path) -> None:
    path = old_database(tmp_path, OLD_VALUES)
    with Database.open(str(path)) as db:
        assert db.migrated and db.backup_path is not None
        backup = db.backup_path
        repository = CharacterRepository(db)
        journeys = JourneyStore(repository)
        assert journeys.names() == ["Into the  Marches", "Broken Road"]
        assert journeys.current() == "Into the  Marches"
        assert journeys.load() == JOURNEY
        with pytest.raises(ValueError, match="'Broken Road' is damaged"):
            journeys.load("Broken Road")
        maps = MapLibrary(repository)
        assert maps.names() == ["The Ashen Marches", "torn map"]
        assert maps.load("the ashen marches") == MAP
        with pytest.raises(ValueError, match=r"stored map .Torn Map.*not JSON"):
            maps.load("Torn Map")
        choice = read_choice(repository)
        assert (choice.party, choice.chosen, choice.rest_in_miasma) == (
            "The Ashdown Crows",
            True,
            True,
        )
        assert read_records(repository) == {
            "brannoc tull": {"starvation_wounds": 2, "prepared": "Climb"}
        }
        assert DungeonTurnStore(db).settings() == DungeonSettings(dt_minutes=20, chaos=True)
        tables = TableStore(db)
        assert tables.active_tables() == {"miasma": "Miasma"}
        assert tables.encounter_tables() == {"The Crypt": "Dungeon Encounters"}
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [(current_head(),)]
    assert app_meta(path) == FLAGS  # only the flags stay behind
    states = dict(sqlite_rows(path, "SELECT key, payload FROM app_state"))
    assert states == {new: OLD_VALUES[old] for new, old in STATES.items()}
    assert sqlite_rows(path, "SELECT DISTINCT version FROM app_state") == [(1,)]
    assert sqlite_rows(path, "SELECT name, name_key, payload, position, version FROM journey") == [
        ("Into the  Marches", "into the marches", JOURNEY_TEXT, 0, 1),
        ("Broken Road", "broken road", "{not a journey", 1, 1),
    ]
    assert sqlite_rows(path, "SELECT name, payload, position FROM hex_map ORDER BY position") == [
        ("The Ashen Marches", MAP_TEXT, 0),
        ("torn map", OLD_VALUES["travel_map:torn map"], 1),
    ]
    assert {**FLAGS, **OLD_VALUES}.items() <= app_meta(backup).items()  # the backup: as it was


def test_unreadable_values_do_not_stop_the_upgrade_and_are_named_when_read(
    tmp_path: Path,
) -> None:
    broken = {key: "{oops" for key in STATES.values()}
    broken["travel_journeys"] = "[not a list"
    broken["travel_map:torn map"] = "{"
    broken["travel_maps"] = json.dumps(["Torn Map", "Lost Map"])  # names a map not stored
    path = old_database(tmp_path, broken)
    with Database.open(str(path)) as db:
        repository = CharacterRepository(db)
        with pytest.raises(ValueError, match="stored party in the dungeon cannot be read"):
            read_choice(repository)
        with pytest.raises(ValueError, match="rest records cannot be read"):
            read_records(repository)
        with pytest.raises(ValueError, match="dungeon-turn settings cannot be read"):
            DungeonTurnStore(db).settings()
        assert JourneyStore(repository).names() == []
        assert MapLibrary(repository).names() == ["Torn Map"]
    states = dict(sqlite_rows(path, "SELECT key, payload FROM app_state"))
    assert states == {new: "{oops" for new in STATES}
    # The indexes that say more than the rows (unreadable, or naming a map not stored) stay.
    assert app_meta(path) == {
        **FLAGS,
        "travel_journeys": "[not a list",
        "travel_maps": broken["travel_maps"],
    }
    downgrade_to_0009(path)  # every value back as it was; the map index names the maps stored
    assert app_meta(path) == {**FLAGS, **broken, "travel_maps": json.dumps(["Torn Map"])}


def test_downgrade_writes_every_value_back(tmp_path: Path) -> None:
    path = old_database(tmp_path, OLD_VALUES)
    with Database.open(str(path)):
        pass
    downgrade_to_0009(path)
    restored = {**OLD_VALUES, "travel_maps": json.dumps(["The Ashen Marches", "torn map"])}
    assert app_meta(path) == {**FLAGS, **restored}  # the map index now lists the torn map too
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [("0009",)]
    with Database.open(str(path)) as db:  # and up again: the same rows
        assert JourneyStore(CharacterRepository(db)).load() == JOURNEY
