"""A journey read again is not a new copy (issue 30): every undo step of a travel day holds the
journey before it, and a fresh copy parsed at every step made each step's copy grow with the
days travelled (the window's memory grew at every travel day, faster the longer the journey).
The journey a store saved is the one it reads back, as long as the stored text is the same."""

from __future__ import annotations

import pytest

from refkit.app.travel.journey_store import KEPT_JOURNEYS, JourneyStore
from refkit.app.travel.travel_service import TravelService
from refkit.dice.rng import make_rng
from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.hexes import Hex
from refkit.rules.travel.travel_day import DayPlan
from refkit.store.character_store import CharacterRepository
from tests.app.travel.test_travel_service import MAP, NOON, PARTY, ListLog, database

__all__ = ["database"]  # the fixture, shared with test_travel_service

SLOW = DayPlan(pace="slow", slowest_speed=5)


def _service(database) -> TravelService:
    return TravelService(
        JourneyStore(CharacterRepository(database)),
        ListLog(),
        clock=lambda: NOON,
        rng_factory=make_rng,
        miasma_table=lambda: find_table(load_default_tables(), MIASMA_TABLE),
    )


@pytest.fixture
def service(database):
    return _service(database)


def test_each_travel_day_shares_the_days_and_map_before_it(service):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    before = service.journey()
    for seed in range(1, 6):
        command = service.travel_day_command(SLOW, seed=seed)
        command.do()
        after = service.journey()
        assert len(after.days) == len(before.days) + 1
        assert after.hex_map is before.hex_map
        assert all(a is b for a, b in zip(after.days, before.days, strict=False))
        before = after
    command.undo()
    assert len(service.journey().days) == 4
    assert service.journey().days[0] is before.days[0]


def test_a_journey_another_client_changed_is_read_anew(database, service):
    service.start("Into the Marches", MAP, Hex(1, 6), PARTY)
    service.travel_day_command(SLOW, seed=3).do()
    kept = service.journey()
    other = _service(database)
    other.note_command(1, "Bo heard bells in the fog.").do()
    read = service.journey()
    assert read is not kept
    assert read.days[0].note == "Bo heard bells in the fog."
    assert read == other.journey()


def test_only_the_journeys_last_used_are_kept(service):
    names = [f"Road {n}" for n in range(KEPT_JOURNEYS + 2)]
    for name in names:
        service.start(name, MAP, Hex(1, 6), PARTY)
        service.journey(name)
    store = service.book
    assert isinstance(store, JourneyStore)
    assert len(store._kept) == KEPT_JOURNEYS
    assert service.journey(names[0]).name == names[0]
