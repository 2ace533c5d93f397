"""Every travel task's tier outcomes (fact sheet §9.4) and the limits on who takes which role."""

from __future__ import annotations

import pytest

from refkit.rules.travel.roles import (
    NOTHING,
    RationDice,
    RoleAssignment,
    Task,
    TaskOutcome,
    order_roles,
    task_outcome,
)

OUTCOMES = [
    (
        Task.FIGHT_THE_MIASMA,
        None,
        NOTHING,
        TaskOutcome(miasma_edges=1),
        TaskOutcome(miasma_edges=2),
    ),
    (Task.MAKE_CAMP, None, NOTHING, TaskOutcome(rest_en=1), TaskOutcome(rest_en=2)),
    (
        Task.MAKE_CAMP,
        "crafting",
        NOTHING,
        TaskOutcome(crafting_bonus=2),
        TaskOutcome(crafting_bonus=4),
    ),
    (
        Task.SUPPORT_EVERYONE,
        None,
        TaskOutcome(role_test_bonus=-1),
        TaskOutcome(role_test_bonus=1),
        TaskOutcome(role_test_bonus=2),
    ),
    (Task.NORMAL_ROUTE, "hexes", TaskOutcome(hexes=-1), NOTHING, TaskOutcome(hexes=1)),
    (Task.NORMAL_ROUTE, "en", TaskOutcome(travel_en=-1), NOTHING, TaskOutcome(travel_en=1)),
    (
        Task.SAFE_ROUTE,
        None,
        TaskOutcome(lost=True),
        TaskOutcome(travel_en=1, hexes=-1),
        TaskOutcome(travel_en=2),
    ),
    (
        Task.SHORTCUT,
        None,
        TaskOutcome(lost=True),
        TaskOutcome(hexes=1, travel_en=-1),
        TaskOutcome(hexes=2),
    ),
    (
        Task.BACK_ON_TRACK,
        "en",
        NOTHING,
        TaskOutcome(found_bearings=True),
        TaskOutcome(found_bearings=True, travel_en=1),
    ),
    (
        Task.BACK_ON_TRACK,
        "hexes",
        NOTHING,
        TaskOutcome(found_bearings=True),
        TaskOutcome(found_bearings=True, hexes=1),
    ),
    (Task.SCOUT_FOR_DANGER, None, NOTHING, TaskOutcome(travel_en=1), TaskOutcome(travel_en=2)),
    (Task.SCOUT_FOR_SHELTER, None, NOTHING, TaskOutcome(rest_en=1), TaskOutcome(rest_en=2)),
    (
        Task.TREASURE_HUNT,
        None,
        NOTHING,
        TaskOutcome(find="Minor Things"),
        TaskOutcome(find="Major Things"),
    ),
    (
        Task.FORAGE,
        None,
        NOTHING,
        TaskOutcome(rations=RationDice(0, 6, 1)),
        TaskOutcome(rations=RationDice(1, 6, 1)),
    ),
    (
        Task.HUNT,
        None,
        TaskOutcome(travel_en=-1),
        NOTHING,
        TaskOutcome(rations=RationDice(3, 6), hide=True),
    ),
    (
        Task.TRACK_CREATURE,
        None,
        TaskOutcome(travel_en=-1),
        NOTHING,
        TaskOutcome(meets_creature=True),
    ),
]


@pytest.mark.parametrize(("task", "choice", "tier1", "tier2", "tier3"), OUTCOMES)
def test_each_tier_of_each_task(task, choice, tier1, tier2, tier3):
    assert [task_outcome(task, tier, choice) for tier in (1, 2, 3)] == [tier1, tier2, tier3]


def test_every_task_is_covered_by_the_table():
    assert {row[0] for row in OUTCOMES} == set(Task)


def test_route_and_camp_choices_have_defaults_and_refuse_others():
    assert task_outcome(Task.NORMAL_ROUTE, 3) == TaskOutcome(hexes=1)
    assert task_outcome(Task.MAKE_CAMP, 3) == TaskOutcome(rest_en=2)
    with pytest.raises(ValueError, match="Make Camp chooses rest or crafting"):
        task_outcome(Task.MAKE_CAMP, 2, "hexes")
    with pytest.raises(ValueError, match="Forage offers no choice"):
        task_outcome(Task.FORAGE, 2, "en")
    with pytest.raises(ValueError, match="tier is 1, 2 or 3"):
        task_outcome(Task.FORAGE, 4)


def test_ration_dice_read_as_written():
    assert [RationDice(0, 6, 1).text, RationDice(1, 6, 1).text, RationDice(3, 6).text] == [
        "1",
        "1d6+1",
        "3d6",
    ]


def test_roles_are_rolled_supporters_guide_scouts_trackers():
    given = (
        RoleAssignment("Ivo", Task.FORAGE),
        RoleAssignment("Mara", Task.SHORTCUT),
        RoleAssignment("Bo", Task.SCOUT_FOR_DANGER, "agility"),
        RoleAssignment("Sel", Task.MAKE_CAMP),
    )
    assert [a.traveller for a in order_roles(given)] == ["Sel", "Mara", "Bo", "Ivo"]


@pytest.mark.parametrize(
    ("assignments", "message"),
    [
        (
            (RoleAssignment("Mara", Task.SHORTCUT), RoleAssignment("Bo", Task.SAFE_ROUTE)),
            "at most 1 guide a day",
        ),
        (
            (RoleAssignment("Mara", Task.FORAGE), RoleAssignment("Bo", Task.FORAGE)),
            "each takes a different task",
        ),
        (
            (RoleAssignment("Mara", Task.FORAGE), RoleAssignment("Mara", Task.HUNT)),
            "Mara already has a travel role",
        ),
        ((RoleAssignment("Mara", Task.HUNT, "mind"),), "Hunt tests agility, not mind"),
        (
            (RoleAssignment("Mara", Task.FORAGE, targets=("Bo",)),),
            "Forage is not done for other travellers",
        ),
        (
            (RoleAssignment("Mara", Task.FIGHT_THE_MIASMA, targets=("A", "B", "C", "D", "E")),),
            "at most 4 travellers",
        ),
    ],
)
def test_role_limits_are_refused_with_the_reason(assignments, message):
    with pytest.raises(ValueError, match=message):
        order_roles(assignments)


def test_three_scouts_on_three_tasks_are_allowed_but_not_four_roles_of_a_kind():
    scouts = (
        RoleAssignment("A", Task.SCOUT_FOR_DANGER),
        RoleAssignment("B", Task.SCOUT_FOR_SHELTER),
        RoleAssignment("C", Task.TREASURE_HUNT),
    )
    assert len(order_roles(scouts)) == 3
