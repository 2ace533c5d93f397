"""The travel day's rest goes through the one rest procedure: the crows rest (Stamina back,
expertise uses back only away from the Miasma, rations eaten), hirelings have no sheet, and the
step and the rest are one undo step."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.travel.wiring import TravelDesk
from refkit.compose import Services
from refkit.rules.travel.day_steps import ENCOUNTER, REST
from refkit.rules.travel.travel_day import DayPlan, Traveller


@pytest.fixture
def services(tmp_path):
    services = Services(db_url=str(tmp_path / "refkit.sqlite3"))
    yield services
    services.close()


def tired(services, name):
    crow = services.characters.get(name)
    spent = tuple(replace(e, spent=e.uses) for e in crow.expertises)
    worn = replace(crow, stamina=replace(crow.stamina, current=1), expertises=spent)
    services.characters.save(worn)
    return worn


def rest_day(services, in_miasma):
    desk = TravelDesk(services)
    crows = desk.party_at_table()
    name = next(c.name for c in crows if services.characters.get(c.name).expertises)
    worn = tired(services, name)
    desk.start("J", desk.load_map(desk.map_names()[0]), [*crows, Traveller("Ivo", 1, 0, 2)])
    plan = DayPlan(pace="normal", slowest_speed=5, in_miasma=in_miasma)
    desk.service.begin_day_command(plan, "J").do()
    desk.day_step_command(ENCOUNTER, "J").do()
    command = desk.day_step_command(REST, "J")
    command.do()
    return desk, command, name, worn


@pytest.mark.parametrize("in_miasma", [True, False])
def test_the_rest_step_rests_the_crows_through_the_rest_procedure(services, in_miasma):
    desk, command, name, worn = rest_day(services, in_miasma)
    rested = services.characters.get(name)
    assert rested.stamina.current == rested.stamina.max > 1
    spent = [e.spent for e in rested.expertises]
    if in_miasma:
        assert spent == [e.spent for e in worn.expertises]  # no expertise uses back
    else:
        assert not any(spent)
    assert command.rest is not None and command.rest.step is not None
    assert "Ivo" not in {entry.character for entry in command.rest.step.entries}
    command.undo()
    assert services.characters.get(name) == worn
    assert desk.progress("J").rest_check is None
    command.do()
    assert services.characters.get(name).stamina.current == rested.stamina.current
