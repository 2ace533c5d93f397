"""L924: while the party is lost, its guide makes Back on Track instead of a route."""

from __future__ import annotations

import pytest

from refkit.rules.travel.day_steps import begin_day
from refkit.rules.travel.hexes import Hex
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import DayPlan, Traveller, TravelState

PARTY = (Traveller("Mara", agility=1, mind=2, strength=0),)
LOST = TravelState(Hex(1, 1), Hex(2, 2), travellers=PARTY, lost=True)


@pytest.mark.parametrize("task", [Task.NORMAL_ROUTE, Task.SHORTCUT])
def test_a_lost_partys_guide_cannot_take_a_route(task):
    plan = DayPlan(pace="normal", slowest_speed=5, roles=(RoleAssignment("Mara", task),))
    with pytest.raises(ValueError, match="the party is lost: its guide Mara makes Back on Track"):
        begin_day(LOST, plan)


def test_back_on_track_and_the_other_roles_are_taken_while_lost():
    plan = DayPlan(
        pace="normal", slowest_speed=5, roles=(RoleAssignment("Mara", Task.BACK_ON_TRACK),)
    )
    assert begin_day(LOST, plan).plan == plan
    forage = DayPlan(pace="normal", slowest_speed=5, roles=(RoleAssignment("Mara", Task.FORAGE),))
    assert begin_day(LOST, forage).plan == forage
