"""The travel day step by step in the app: each step one undoable command on the journey, rolled
once and kept with it, the day under way surviving a reload, and the finished day in the journal."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from refkit.app.travel.journey_store import JourneyStore
from refkit.app.travel.travel_service import TravelService
from refkit.dice.rng import make_rng
from refkit.locate import resource_path
from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.day_steps import ENCOUNTER, FINISH, MIASMA, MOVE, REST, ROLE
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.map_file import parse_map
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import DayPlan, Traveller
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database

MAP = parse_map(resource_path("maps", "ashen-marches.map.json").read_text(encoding="utf-8"))
PARTY = (Traveller("Mara", mind=2), Traveller("Bo", agility=2), Traveller("Mule", human=False))
NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
PLAN = DayPlan(
    pace="normal",
    slowest_speed=5,
    roles=(RoleAssignment("Mara", Task.NORMAL_ROUTE), RoleAssignment("Bo", Task.FORAGE)),
)


class ListLog:
    def __init__(self) -> None:
        self.records = []

    def log_roll(self, record):
        self.records.append(record)


@pytest.fixture
def log():
    return ListLog()


@pytest.fixture
def service(tmp_path, log):
    with Database.open(str(tmp_path / "refkit.sqlite3")) as database:
        service = TravelService(
            JourneyStore(CharacterRepository(database)),
            log,
            clock=lambda: NOON,
            rng_factory=make_rng,
            miasma_table=lambda: find_table(load_default_tables(), MIASMA_TABLE),
            encounter_roller=lambda name, rng: f"rolled on {name}",
        )
        service.start("Marches", MAP, Hex(1, 6), PARTY)
        yield service


def test_each_step_is_one_undoable_command_and_redo_does_not_roll_again(service):
    begin = service.begin_day_command(PLAN)
    begin.do()
    assert service.progress().allowed() == (ROLE,)
    first = service.day_step_command(ROLE, dice=(9, 8))
    first.do()
    assert first.text == "Day 1: Mara's Follow Normal Route"
    second = service.day_step_command(ROLE)
    second.do()
    rolled = service.progress()
    assert rolled.roles[1].test == second.value.progress.roles[1].test
    second.undo()
    assert len(service.progress().roles) == 1
    second.do()  # redo: the very same roll, not a new one
    assert service.progress() == rolled
    second.undo()
    first.undo()
    begin.undo()
    assert service.journey().pending is None


def test_a_guided_day_walks_hex_by_hex_and_finishes_into_the_journal_with_its_rolls(service, log):
    service.begin_day_command(PLAN).do()
    service.day_step_command(ROLE, dice=(9, 8)).do()
    # Each step's rolls land in the roll log as it is taken.
    assert [(r.kind, r.detail["crow"], r.faces) for r in log.records] == [("test", "Mara", (9, 8))]
    service.day_step_command(ROLE, dice=(2, 3)).do()
    with pytest.raises(ValueError, match="the rest's encounter check does not come now"):
        service.day_step_command(REST)
    encounter = service.day_step_command(ENCOUNTER, dice=(10,))
    encounter.do()
    # A hit in the forest rolls on the map's forest table, once, kept with the step.
    assert encounter.value.step.text == "rolled on Encounters: forest road"
    service.day_step_command(MOVE, direction=HexDirection.SE).do()
    while MOVE in service.progress().allowed():
        service.day_step_command(MOVE, direction=HexDirection.SE).do()
    service.day_step_command(REST, dice=(3,)).do()
    service.day_step_command(MIASMA).do()
    assert service.progress().allowed() == (FINISH,)
    logged = len(log.records)
    kinds = [r.expression.split(" ")[0] for r in log.records if r.kind == "travel"]
    assert kinds[:1] == ["travel"] and "rest" in kinds
    finish = service.finish_day_command()
    finish.do()
    assert len(log.records) == logged  # finishing rolls nothing and logs nothing twice
    journey = service.journey()
    assert journey.pending is None and journey.state.day == 1
    summary = journey.days[-1].summary
    assert summary["encounter"]["roll"] == 10 and summary["encounter"]["text"] == (
        "rolled on Encounters: forest road"
    )
    assert summary["encounter_hex"] == [1, 6]
    assert summary["rest"]["roll"] == 3
    assert summary["seed"] is None
    assert len(summary["route"]) == summary["hexes"]
    finish.undo()
    assert service.journey().pending is not None
    assert service.progress().allowed() == (FINISH,)


def test_the_day_under_way_is_kept_and_read_back_and_blocks_a_whole_day(service):
    service.begin_day_command(PLAN).do()
    service.day_step_command(ROLE).do()
    service.day_step_command(ROLE).do()
    service.day_step_command(MOVE, direction=HexDirection.SE).do()
    before = service.progress()
    reread = service.journey("Marches")
    assert reread.progress(find_table(load_default_tables(), MIASMA_TABLE)) == before
    with pytest.raises(ValueError, match="under way step by step"):
        service.begin_day_command(PLAN)
    with pytest.raises(ValueError, match="under way step by step"):
        service.travel_day_command(PLAN).do()
    back = service.take_back_step_command()
    assert back.text == "Take back the hex walked"
    back.do()
    assert service.progress().steps == ()
