"""A travel day without a rest feeds its crows (or starves them, L521) in the day's one undo
step, whole day or step by step; hirelings have no sheet and eat nothing here."""

from __future__ import annotations

import pytest

from refkit.app.party.rest import starvation_wounds
from refkit.app.travel.wiring import TravelDesk
from refkit.compose import Services
from refkit.rules.character.meals import day_meal
from refkit.rules.character.rest_activities import rations_carried
from refkit.rules.travel.day_steps import ENCOUNTER
from refkit.rules.travel.travel_day import DayPlan, Traveller
from tests.runner import run

NO_REST = DayPlan(pace="normal", slowest_speed=5, rest=False)


@pytest.fixture
def services(tmp_path):
    services = Services(db_url=str(tmp_path / "refkit.sqlite3"))
    yield services
    services.close()


def _desk(services):
    desk = TravelDesk(services)
    crows = desk.party_at_table()
    desk.start("J", desk.load_map(desk.map_names()[0]), [*crows, Traveller("Ivo", 1, 0, 2)])
    return desk, [c.name for c in crows]


def test_a_whole_day_without_rest_eats_a_ration_each_and_undoes_whole(services) -> None:
    desk, names = _desk(services)
    before = {name: services.characters.get(name) for name in names}
    day = run(services.database, desk.travel_day_command(NO_REST, "J"))
    day.do()
    for name in names:
        assert rations_carried(services.characters.get(name)) == rations_carried(before[name]) - 1
    assert [meal.character for meal in day.meal.meals] == names  # Ivo has no sheet
    day.undo()
    assert {name: services.characters.get(name) for name in names} == before


def test_a_day_finished_step_by_step_without_rest_feeds_them_with_the_journal(services) -> None:
    desk, names = _desk(services)
    desk.service.begin_day_command(NO_REST, "J").do()
    desk.day_step_command(ENCOUNTER, "J").do()
    before = services.characters.get(names[0])
    finish = run(services.database, desk.finish_day_command("J"))
    finish.do()
    assert rations_carried(services.characters.get(names[0])) == rations_carried(before) - 1
    finish.undo()
    assert services.characters.get(names[0]) == before


def test_a_starving_crow_counts_its_starvation_until_a_ration_clears_it(services) -> None:
    crow = services.characters.get("Wren Ashdown")
    no_food = crow.with_items(
        crow.items.without(*[i.id for i in crow.items.items if i.name == "Ration"])
    )
    hungry = day_meal(no_food, 1)
    assert (hungry.starving, hungry.starvation_wounds, hungry.ration_eaten) == (True, 2, "")
    fed = day_meal(crow, 2)
    assert (fed.starving, fed.starvation_wounds, fed.ration_eaten) == (False, 0, "Ration")
    assert starvation_wounds(services.characters.repository, "Wren Ashdown") == 0


def test_the_days_meal_is_kept_for_the_command_lines_undo_and_forgotten_with_the_day(
    services,
) -> None:
    from refkit.app.party.meal_records import MealBook
    from refkit.app.travel.wiring import take_back_day_command

    desk, names = _desk(services)
    before = {name: services.characters.get(name) for name in names}
    book = MealBook(services.characters.repository)
    day = run(services.database, desk.travel_day_command(NO_REST, "J"))
    day.do()
    assert book.get("J", 1) is not None
    day.undo()  # the window's undo takes the day, its meal and the kept record back
    assert book.get("J", 1) is None
    day.do()  # redo
    assert book.get("J", 1) is not None
    command, crows = take_back_day_command(services, "J")  # as a separate process would
    assert crows == tuple(names)
    run(services.database, command).do()
    assert {name: services.characters.get(name) for name in names} == before
    assert book.get("J", 1) is None
    assert desk.journey("J").state.day == 0
