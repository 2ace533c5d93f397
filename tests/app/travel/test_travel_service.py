"""Journeys in the app layer: start, travel a day (undoable, with its rolls logged), take it back,
keep notes, and refuse to overwrite a journey that changed since."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from refkit.app.travel.journey_store import JourneyStore
from refkit.app.travel.travel_service import TravelService, players_summary
from refkit.app.undo import UndoConflictError
from refkit.dice.rng import make_rng
from refkit.errors import ConflictError
from refkit.locate import resource_path
from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.map_file import parse_map
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import DayFaces, DayPlan, Traveller
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.runner import run

MAP = parse_map(resource_path("maps", "ashen-marches.map.json").read_text(encoding="utf-8"))
PARTY = (Traveller("Mara", mind=2), Traveller("Bo", agility=2), Traveller("Mule", human=False))
NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class ListLog:
    def __init__(self) -> None:
        self.records = []

    def log_roll(self, record):
        self.records.append(record)


@pytest.fixture
def log():
    return ListLog()


@pytest.fixture
def database(tmp_path):
    with Database.open(str(tmp_path / "refkit.sqlite3")) as db:
        yield db


@pytest.fixture
def service(database, log):
    return TravelService(
        JourneyStore(CharacterRepository(database)),
        log,
        clock=lambda: NOON,
        rng_factory=make_rng,
        miasma_table=lambda: find_table(load_default_tables(), MIASMA_TABLE),
        encounter_roller=lambda name, rng: f"rolled on {name}",
    )


LOST_PLAN = DayPlan(
    pace="normal",
    slowest_speed=5,
    route=(HexDirection.SE, HexDirection.SE),
    roles=(RoleAssignment("Mara", Task.SHORTCUT), RoleAssignment("Bo", Task.FORAGE)),
)
LOST_FACES = DayFaces(
    tests={"Mara": (1, 5), "Bo": (9, 9)},
    rations={"Bo": (4,)},
    encounter=10,
    lost=(1, 1),
    rest_encounter=2,
    miasma={"Mara": (6, 6), "Bo": (6, 6)},
)


def test_a_journey_starts_at_the_maps_start_and_is_kept(service):
    journey = service.start("Into the Marches", MAP, None, PARTY)
    assert journey.state.true_hex == MAP.start
    assert service.journey() == journey == service.journey("Into the Marches")
    with pytest.raises(ValueError, match="exists already"):
        service.start("Into the Marches", MAP, None, PARTY)
    with pytest.raises(ValueError, match="hex 90,90 is not on map"):
        service.start("Elsewhere", MAP, Hex(90, 90), PARTY)


def test_a_travel_day_is_kept_logged_undone_and_redone_without_rolling_again(service, log):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    command = service.travel_day_command(LOST_PLAN, faces=LOST_FACES, seed=7)
    command.do()
    assert command.text == "Travel day 1"
    journey = service.journey()
    assert journey.state.lost and journey.state.believed_hex == Hex(3, 6)
    assert journey.state.true_hex == Hex(1, 4)
    assert journey.state.rations_found == 5
    (day,) = journey.days
    assert day.summary["encounter"]["text"] == "rolled on Encounters: forest road"
    assert day.summary["lost_dice"] == [1, 1]
    kinds = [(r.kind, r.expression.split(" ")[0]) for r in log.records]
    assert kinds[:2] == [("test", "2d10+2"), ("test", "2d10+0")]
    assert ("travel", "lost") in kinds and ("travel", "rations") in kinds
    assert all(r.rolled_at == NOON for r in log.records)
    logged = len(log.records)

    command.undo()
    assert service.journey().days == () and not service.journey().state.lost
    command.do()
    assert service.journey() == journey
    assert len(log.records) == logged


def test_the_players_summary_leaves_the_secret_out(service):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    command = service.travel_day_command(LOST_PLAN, faces=LOST_FACES, seed=7)
    command.do()
    shown = players_summary(command.day.summary)
    assert "true" not in shown and "lost_dice" not in shown and "lost" not in shown
    assert shown["believed"] == [3, 6]


def test_undo_refuses_when_the_journey_changed_since(service):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    command = service.travel_day_command(LOST_PLAN, faces=LOST_FACES, seed=7)
    command.do()
    service.note_command(1, "The bog lights led us astray.").do()
    noted = service.journey()
    with pytest.raises(UndoConflictError, match="changed since"):
        command.undo()
    assert service.journey() == noted


def test_redo_refuses_when_the_journey_changed_since(service):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    command = service.travel_day_command(LOST_PLAN, faces=LOST_FACES, seed=7)
    command.do()
    command.undo()
    service.travel_day_command(DayPlan(pace="slow", slowest_speed=5), seed=1).do()
    other = service.journey()
    with pytest.raises(UndoConflictError, match="cannot redo 'Travel day 1'"):
        command.do()
    assert service.journey() == other


def test_a_typed_note_is_refused_when_the_days_note_was_written_since(service):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    service.travel_day_command(LOST_PLAN, faces=LOST_FACES, seed=7).do()
    typed = service.note_command(1, "Mara swears the stones moved.")  # the form as it was read
    service.note_command(1, "Bo saw lights.").do()  # another window's note meanwhile
    with pytest.raises(ConflictError, match=r"the note for day 1 of the journey .* changed since"):
        typed.do()
    with pytest.raises(ConflictError, match="nothing was saved"):  # typed over an empty note
        service.note_command(1, "Mara swears the stones moved.", seen="").do()
    assert service.journey().days[0].note == "Bo saw lights."
    service.note_command(1, " Both saw lights. ", seen="Bo saw lights.").do()
    assert service.journey().days[0].note == "Both saw lights."


def test_take_back_the_last_day_and_notes_are_undoable(service):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    service.travel_day_command(LOST_PLAN, faces=LOST_FACES, seed=7).do()
    note = service.note_command(1, "  Mara swears the stones moved. ")
    note.do()
    assert service.journey().days[0].note == "Mara swears the stones moved."
    note.undo()
    assert service.journey().days[0].note == ""
    take_back = service.take_back_day_command()
    take_back.do()
    assert service.journey().state.true_hex == Hex(1, 6) and service.journey().days == ()
    with pytest.raises(ValueError, match="no day to take back"):
        service.take_back_day_command()
    take_back.undo()
    assert len(service.journey().days) == 1
    with pytest.raises(ValueError, match="has no day 4"):
        service.note_command(4, "x")


def test_the_journal_in_markdown_for_the_referee_and_for_the_players(service):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    service.travel_day_command(LOST_PLAN, faces=LOST_FACES, seed=7).do()
    service.note_command(1, "Mist all day.").do()
    referee = service.journal_markdown()
    players = service.journal_markdown(referee=False)
    assert referee.startswith("# Into the Marches\n\nOn the map The Ashen Marches.\n\n## Day 1")
    assert "really at 1,4" in referee and "> Mist all day." in referee
    assert "at once; Encounters: forest road: rolled on Encounters: forest road." in referee
    assert "1,4" not in players and "> Mist all day." in players


def test_a_damaged_stored_journey_is_named(service, database):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    journeys = CharacterRepository(database).documents("journey")
    version = journeys.read("into the marches").version
    damaged = '{"format": "refkit-journey", "version": 1}'
    version = journeys.write("Into the Marches", "into the marches", damaged, version)
    with pytest.raises(ValueError, match="'Into the Marches' is damaged"):
        service.journey()
    journeys.write("Into the Marches", "into the marches", "{", version)
    with pytest.raises(ValueError, match="'Into the Marches' is damaged"):
        service.journey()


def test_a_journey_is_saved_whole_or_not_at_all(service, database, log):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    before = service.journey()

    def failing_log(record):
        raise RuntimeError("the roll log broke")

    log.log_roll = failing_log
    with pytest.raises(RuntimeError, match="the roll log broke"):
        run(database, service.travel_day_command(LOST_PLAN, faces=LOST_FACES, seed=7)).do()
    assert service.journey() == before


def test_an_edited_map_is_taken_up_by_the_journey_and_undone(service):
    from refkit.rules.travel.hex_map import HexCell

    journey = service.start("Edited", MAP, None, PARTY)
    at = journey.state.believed_hex
    edited = MAP.with_cells([(at, HexCell("swamp"))])
    command = service.map_command(edited, "Edited")
    command.do()
    assert service.journey("Edited").hex_map.cell(at).habitat == "swamp"
    command.undo()
    assert service.journey("Edited").hex_map == MAP


def test_an_edited_map_without_the_partys_hex_is_refused(service):
    from refkit.rules.travel.hex_map import HexMap

    journey = service.start("Edited", MAP, None, PARTY)
    at = journey.state.believed_hex
    cells = {h: c for h, c in MAP.cells.items() if h != at}
    smaller = HexMap(MAP.name, cells, MAP.habitats, MAP.encounter_tables, None)
    with pytest.raises(ValueError, match=f"no hex {at.label}"):
        service.map_command(smaller, "Edited")
    assert service.journey("Edited").hex_map == MAP
