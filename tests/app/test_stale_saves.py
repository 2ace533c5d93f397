"""Two programs on one database file saving the same journey, map, party at the table, dungeon
settings or table choices from the same read: the second save is refused, nothing of the first is
lost; a step worked out from the state read is read and worked out again instead.

These values used to be ``app_meta`` values written with no version: the second save silently
overwrote the first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from refkit.app.character_service import CharacterService
from refkit.app.dungeon.settings import SettingsSteps
from refkit.app.party.bridge import PartyBridge
from refkit.app.party.table_party import (
    PartyChoice,
    read_choice,
    read_choice_versioned,
    write_choice,
)
from refkit.app.steps import Planned, StepRunner
from refkit.app.travel.journey import Journey
from refkit.app.travel.journey_steps import JourneyAggregate
from refkit.app.travel.journey_store import JourneyStore
from refkit.app.travel.map_library import MapLibrary
from refkit.errors import ConflictError, StaleWriteError
from refkit.locate import resource_path
from refkit.rules.travel.map_file import parse_map
from refkit.rules.travel.travel_day import Traveller
from refkit.slot_record import replace
from refkit.store import CharacterRepository, Database
from refkit.store.dungeon_settings import DungeonSettings
from refkit.store.dungeon_turn_store import DungeonTurnStore
from refkit.store.table_store import ACTIVE_TABLES_KEY, TableStore

MAP = parse_map(resource_path("maps", "ashen-marches.map.json").read_text(encoding="utf-8"))
NAME = "Into the Marches"
MARA, BO = Traveller("Mara", mind=2), Traveller("Bo", agility=2)
CROWS = "The Sample Party"
BACKLASH, MIASMA = "Refkit default backlashes", "Refkit default Miasma effects"


_HOOKED: list[tuple[Any, str, Any]] = []
"""The listeners :func:`before_first_write` added, removed when the test's databases close."""


@pytest.fixture
def two_programs(tmp_path: Path) -> Iterator[tuple[Database, Database]]:
    path = tmp_path / "refkit.sqlite3"
    with Database.open(str(path)) as first, Database.open(str(path)) as second:
        CharacterService(CharacterRepository(first)).list_characters()  # the sample party
        yield first, second
        while _HOOKED:  # no listener outlives its test
            event.remove(*_HOOKED.pop())


def before_first_write(db: Database, action: Any) -> None:
    """Run ``action`` once, just before ``db`` sends its next write to SQLite: the moment a
    program has read the value and not yet written it."""
    done = False

    def hook(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        nonlocal done
        if not done and statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            done = True
            action()

    event.listen(db._engine, "before_cursor_execute", hook)  # the engine: a test's inside view
    _HOOKED.append((db._engine, "before_cursor_execute", hook))


def journeys_on(db: Database) -> JourneyStore:
    return JourneyStore(CharacterRepository(db))


def test_a_journey_saved_from_a_stale_read_is_refused_and_the_other_kept(
    two_programs: tuple[Database, Database],
) -> None:
    first, second = (journeys_on(db) for db in two_programs)
    first.save(Journey.begin(NAME, MAP, MAP.start, (MARA,)))
    read_first, read_second = first.load_versioned(NAME), second.load_versioned(NAME)
    assert read_first.version == read_second.version == 1

    first.save(replace(read_first.journey, state=replace(read_first.journey.state, day=3)), 1)
    with pytest.raises(ConflictError, match="the journey 'Into the Marches' was changed since"):
        second.save(Journey.begin(NAME, MAP, MAP.start, (BO,)), read_second.version)

    kept = second.load_versioned(NAME)
    assert (kept.journey.state.day, kept.version) == (3, 2)
    assert [t.name for t in kept.journey.state.travellers] == ["Mara"]


def test_a_journey_step_worked_out_on_a_stale_read_is_worked_out_again(
    two_programs: tuple[Database, Database],
) -> None:
    first_db, second_db = two_programs
    first, second = journeys_on(first_db), journeys_on(second_db)
    first.save(Journey.begin(NAME, MAP, MAP.start, (MARA,)))
    read = second.load_versioned(NAME)
    before_first_write(
        first_db,
        lambda: second.save(replace(read.journey, state=replace(read.journey.state, day=5)), 1),
    )
    seen: list[int] = []

    def next_day(journey: Journey, now: float) -> Planned[Journey, None]:
        seen.append(journey.state.day)
        return Planned(
            "a day", replace(journey, state=replace(journey.state, day=journey.state.day + 1)), None
        )

    StepRunner(JourneyAggregate(first, NAME), lambda: 0.0).run(next_day)

    assert seen == [0, 5]  # the step saw the other program's day and went on from it
    assert first.load_versioned(NAME).journey.state.day == 6
    assert first.load_versioned(NAME).version == 3


def test_a_map_edit_saved_on_a_stale_read_is_refused(
    two_programs: tuple[Database, Database],
) -> None:
    first, second = (MapLibrary(CharacterRepository(db)) for db in two_programs)
    assert first.save(MAP, replace=False, expected_version=0) == 1
    read_first, read_second = first.load_versioned(MAP.name), second.load_versioned(MAP.name)
    first.save(replace(read_first.hex_map, start=None), expected_version=read_first.version)
    with pytest.raises(ConflictError, match="the map 'The Ashen Marches' was changed since"):
        second.save(read_second.hex_map, expected_version=read_second.version)
    assert second.load(MAP.name).start is None
    with pytest.raises(ConflictError, match="map 'Other' was changed since"):
        second.save(replace(MAP, name="Other"), expected_version=4)  # none stored: 0 expected
    assert second.names() == [MAP.name]


def test_the_party_at_the_table_saved_from_a_stale_read_is_refused(
    two_programs: tuple[Database, Database],
) -> None:
    first, second = (CharacterRepository(db) for db in two_programs)
    (_, version_first), (_, version_second) = (read_choice_versioned(r) for r in (first, second))
    assert version_first == version_second == 0

    write_choice(first, PartyChoice(CROWS, chosen=True), version_first)
    with pytest.raises(StaleWriteError, match="the party at the table was changed since"):
        write_choice(second, PartyChoice(None, chosen=True, rest_in_miasma=True), version_second)
    assert read_choice(second) == PartyChoice(CROWS, chosen=True)


def test_choosing_the_party_on_a_stale_read_is_worked_out_again(
    two_programs: tuple[Database, Database],
) -> None:
    first_db, second_db = two_programs
    first = PartyBridge(CharacterService(CharacterRepository(first_db)))
    second = PartyBridge(CharacterService(CharacterRepository(second_db)))
    first.set_party(None)  # stored once: the race is on the version, not the first write
    before_first_write(first_db, lambda: second.set_rest_in_miasma(True))

    first.set_party(CROWS)

    assert first.choice() == PartyChoice(CROWS, chosen=True, rest_in_miasma=True)  # both kept


def test_dungeon_settings_saved_from_a_stale_read_are_refused(
    two_programs: tuple[Database, Database],
) -> None:
    first, second = (DungeonTurnStore(db) for db in two_programs)
    (settings, version), (_, version_second) = (
        first.settings_versioned(),
        second.settings_versioned(),
    )
    assert first.save_settings(replace(settings, chaos=True), expected_version=version) == 1
    with pytest.raises(ConflictError, match="the dungeon-turn settings were changed since"):
        second.save_settings(DungeonSettings(dt_minutes=30), expected_version=version_second)
    assert second.settings_versioned() == (DungeonSettings(chaos=True), 1)


def test_a_settings_change_on_a_stale_read_is_worked_out_again(
    two_programs: tuple[Database, Database],
) -> None:
    first_db, second_db = two_programs
    first, second = DungeonTurnStore(first_db), DungeonTurnStore(second_db)
    first.save_settings(DungeonSettings(), expected_version=0)
    before_first_write(
        first_db, lambda: second.save_settings(DungeonSettings(chaos=True), expected_version=1)
    )

    SettingsSteps(first, lambda: 0.0).change({"crowded": True})

    assert second.settings_versioned() == (DungeonSettings(crowded=True, chaos=True), 3)


def test_a_table_choice_made_on_a_stale_read_is_worked_out_again(
    two_programs: tuple[Database, Database],
) -> None:
    first_db, second_db = two_programs
    first, second = TableStore(first_db), TableStore(second_db)
    first.set_active_table("backlash", BACKLASH)
    before_first_write(first_db, lambda: second.set_active_table("miasma", MIASMA))

    first.set_active_table("backlash", None)

    assert second.active_tables() == {"miasma": MIASMA}  # the other program's choice is kept


def test_a_table_choice_saved_from_a_stale_read_is_refused(
    two_programs: tuple[Database, Database],
) -> None:
    first, second = (CharacterRepository(db) for db in two_programs)
    first.write_state(ACTIVE_TABLES_KEY, "{}", 0)
    read = second.read_state(ACTIVE_TABLES_KEY)
    first.write_state(ACTIVE_TABLES_KEY, '{"miasma": "Miasma"}', read.version)
    with pytest.raises(ConflictError, match="the tables chosen for backlash and the Miasma were"):
        second.write_state(ACTIVE_TABLES_KEY, '{"backlash": "Backlash"}', read.version)
    assert second.read_state(ACTIVE_TABLES_KEY).text == '{"miasma": "Miasma"}'


def test_the_apps_keys_are_the_stores_versioned_values() -> None:
    from refkit.app.party.rest import RECORDS_KEY, RECORDS_WHAT
    from refkit.app.party.table_party import PARTY_KEY
    from refkit.app.travel.journey_store import CURRENT_KEY
    from refkit.store.dungeon_settings import SETTINGS_KEY
    from refkit.store.versioned_state import DUNGEON_SETTINGS_STATE, STATE_WHAT

    assert SETTINGS_KEY == DUNGEON_SETTINGS_STATE  # the quick path's copy, without SQLAlchemy
    assert {PARTY_KEY, RECORDS_KEY, CURRENT_KEY, SETTINGS_KEY} <= set(STATE_WHAT)
    assert STATE_WHAT[RECORDS_KEY] == RECORDS_WHAT  # one name for them in every conflict
