"""The Miasma's results land on the crows' sheets with the travel step that rolled them: cruelty
and the effect noted after a rest in the Miasma, cruelty cleared after a rest away from it,
hirelings left alone, all of it one undo step."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.travel.wiring import TravelDesk, sheets_follow_day
from refkit.compose import Services
from refkit.rules.travel.day_steps import ENCOUNTER, MIASMA, REST
from refkit.rules.travel.travel_day import DayFaces, DayPlan, Traveller


@pytest.fixture
def services(tmp_path):
    services = Services(db_url=str(tmp_path / "refkit.sqlite3"))
    yield services
    services.close()


@pytest.fixture
def desk(services):
    desk = TravelDesk(services)
    crows = desk.party_at_table()
    assert len(crows) >= 2  # the sample party of a new database
    desk.start("Marches", desk.load_map(desk.map_names()[0]), [*crows, Traveller("Ivo", 1, 0, 2)])
    return desk


def crow(services, name):
    return services.characters.get(name)


def test_a_tier_1_in_the_miasma_raises_the_crows_cruelty_and_notes_the_effect(services, desk):
    first, *others = (t.name for t in desk.party_at_table())
    notes_before = crow(services, first).notes
    calm = {name: (10, 10) for name in [*others, "Ivo"]}  # a tier 3 changes no sheet
    faces = DayFaces(
        miasma={first: (1, 2), **calm},
        miasma_effects={first: 5},
        encounter=1,
        rest_encounter=1,
    )
    day = desk.service.travel_day_command(DayPlan(pace="normal", slowest_speed=5), faces=faces)
    command = sheets_follow_day(services, day)
    command.do()
    test = next(t for t in day.day.record.miasma if t.traveller == first)
    assert test.tier == 1 and test.effects is not None
    sheet = crow(services, first)
    assert sheet.cruelty == test.cruelty == 1
    assert sheet.notes.endswith(f"Miasma, travel day 1 (cruelty 1): {test.effects.text}")
    assert command.sheets == (first,)  # the tier 3 changed nothing; Ivo has no sheet
    command.undo()
    assert crow(services, first).cruelty == 0 and crow(services, first).notes == notes_before
    assert desk.journey("Marches").state.day == 0
    command.do()  # redo: the same results again, nothing rolled anew
    assert crow(services, first).cruelty == 1


def test_a_rest_away_from_the_miasma_clears_the_crows_cruelty_once(services, desk):
    """The rest (the one rest procedure) clears it; the Miasma step then has nothing to do."""
    first = desk.party_at_table()[0].name
    services.characters.save(replace(crow(services, first), cruelty=2))
    desk.start(
        "Away", desk.load_map(desk.map_names()[0]), desk.party_at_table()
    )  # the journey reads the crows' cruelty from their sheets
    desk.service.begin_day_command(
        DayPlan(pace="normal", slowest_speed=5, in_miasma=False), "Away"
    ).do()
    desk.day_step_command(ENCOUNTER, "Away").do()
    rest = desk.day_step_command(REST, "Away")
    rest.do()
    assert crow(services, first).cruelty == 0
    command = desk.day_step_command(MIASMA, "Away")
    assert command.text == "Day 1: the Miasma"
    command.do()
    assert command.sheets == ()  # already cleared by the rest: not done twice
    assert desk.journey("Away").pending.steps[-1].kind == MIASMA
    command.undo()
    rest.undo()
    assert crow(services, first).cruelty == 2
    assert desk.progress("Away").rest_check is None
