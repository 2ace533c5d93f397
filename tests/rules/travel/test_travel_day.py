"""A whole travel day in order: roles, hexes and the two ENs, the encounter, the walk, the rest
and the Miasma."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.rules.checks.crows_test import roll_test
from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import (
    NO_FACES,
    DayFaces,
    DayPlan,
    Traveller,
    TravelState,
    travel_day,
)
from refkit.slot_record import replace
from tests.rules.scripted_random import ScriptedRandom
from tests.rules.travel.map_fixtures import rectangle_map

TABLE = find_table(load_default_tables(), MIASMA_TABLE)
SE, S = HexDirection.SE, HexDirection.S
PARTY = (
    Traveller("Mara", agility=1, mind=2, strength=0),
    Traveller("Bo", agility=2, mind=0, strength=1),
    Traveller("Sel", agility=0, mind=1, strength=2, cruelty=1),
    Traveller("Mule", agility=0, mind=-3, strength=3, human=False),
)


HOME = Hex(1, 1)


def start(at: Hex = HOME, **changes) -> TravelState:
    return replace(TravelState(at, at, travellers=PARTY), **changes)


def day(state, plan, faces=NO_FACES, rng=None, hex_map=None):
    return travel_day(
        state, plan, hex_map or rectangle_map(), TABLE, rng or ScriptedRandom(), faces
    )


def test_a_plain_day_goes_in_order_and_tallies_hexes_and_both_ens():
    plan = DayPlan(
        pace="normal",
        slowest_speed=5,
        route=(SE, SE, SE),
        roles=(
            RoleAssignment("Bo", Task.SCOUT_FOR_DANGER, "agility"),
            RoleAssignment("Mara", Task.SHORTCUT),
            RoleAssignment("Sel", Task.MAKE_CAMP),
        ),
        seclude=True,
    )
    faces = DayFaces(
        tests={"Mara": (9, 8), "Bo": (6, 5), "Sel": (2, 6)},
        encounter=4,
        rest_encounter=9,
        miasma={"Mara": (6, 6), "Bo": (6, 6), "Sel": (6, 6)},
    )
    record = day(start(), plan, faces)
    assert [r.assignment.traveller for r in record.roles] == ["Sel", "Mara", "Bo"]
    assert [r.test.tier for r in record.roles] == [1, 3, 2]
    assert record.hexes == 2 + 2  # normal pace, Shortcut tier 3
    assert (record.travel_en, record.rest_en) == (8, 8)  # Scout for Danger +1; Seclude Camp +1
    assert not record.encounter.encounter
    assert record.after.true_hex == record.after.believed_hex == Hex(4, 1)
    assert record.walk.cut_short == () and record.walk.unused == 1
    assert record.rest_check is not None and record.rest_check.encounter
    assert [t.traveller for t in record.miasma] == ["Mara", "Bo", "Sel"]  # the mule is no human
    assert record.after.day == 1
    assert record.after.explored >= {Hex(1, 1), Hex(2, 1), Hex(3, 1), Hex(4, 1)}


def test_pace_edge_and_support_everyone_reach_the_later_role_tests():
    plan = DayPlan(
        pace="slow",
        slowest_speed=5,
        roles=(
            RoleAssignment("Mara", Task.NORMAL_ROUTE),
            RoleAssignment("Sel", Task.SUPPORT_EVERYONE, "strength", targets=("Mara",)),
        ),
        rest=False,
    )
    record = day(start(), plan, DayFaces(tests={"Sel": (7, 7), "Mara": (5, 5)}, encounter=1))
    support, guide = record.roles
    assert support.outcome.role_test_bonus == 2 and support.edges == 1
    assert guide.bonus == 2 and guide.edges == 1
    assert guide.test.total == 5 + 5 + 2 + 2 + 2  # dice, mind, the pace's edge, the support
    assert "+2 from Support Everyone" in guide.reasons


def test_support_for_someone_who_rolled_before_is_refused():
    plan = DayPlan(
        pace="normal",
        slowest_speed=5,
        roles=(
            RoleAssignment("Bo", Task.FIGHT_THE_MIASMA),
            RoleAssignment("Sel", Task.SUPPORT_EVERYONE, targets=("Bo",)),
        ),
    )
    with pytest.raises(ValueError, match="Bo has none after Sel's"):
        day(start(), plan, DayFaces(tests={"Sel": (6, 6), "Bo": (6, 6)}))


def test_a_guide_tier_1_on_the_shortcut_loses_the_party_and_the_walk_drifts():
    plan = DayPlan(
        pace="normal",
        slowest_speed=5,
        route=(SE, SE),
        roles=(RoleAssignment("Mara", Task.SHORTCUT),),
        rest=False,
    )
    faces = DayFaces(tests={"Mara": (2, 5)}, encounter=1, lost=(4, 4))
    record = day(start(), plan, faces)
    assert record.lost_today and record.after.lost
    assert record.after.believed_hex == Hex(3, 1)
    assert record.after.true_hex == Hex(1, 3)


def test_back_on_track_puts_the_believed_position_back_on_the_true_one():
    lost = start(Hex(2, 2), believed_hex=Hex(4, 0), lost=True)
    plan = DayPlan(
        pace="normal",
        slowest_speed=5,
        route=(S,),
        roles=(RoleAssignment("Mara", Task.BACK_ON_TRACK),),
        rest=False,
    )
    record = day(lost, plan, DayFaces(tests={"Mara": (6, 5)}, encounter=1))
    assert record.found_bearings and not record.after.lost
    assert record.after.true_hex == record.after.believed_hex == Hex(2, 3)


def test_still_lost_the_next_day_when_back_on_track_fails():
    lost = start(Hex(2, 2), believed_hex=Hex(4, 0), lost=True)
    plan = DayPlan(
        pace="normal",
        slowest_speed=5,
        route=(S,),
        roles=(RoleAssignment("Mara", Task.BACK_ON_TRACK),),
        rest=False,
    )
    record = day(lost, plan, DayFaces(tests={"Mara": (2, 4)}, encounter=1, lost=(3,)))
    assert record.after.lost
    assert record.after.believed_hex == Hex(4, 1) and record.after.true_hex == Hex(3, 2)


def test_back_on_track_is_refused_when_the_party_is_not_lost():
    plan = DayPlan(
        pace="normal", slowest_speed=5, roles=(RoleAssignment("Mara", Task.BACK_ON_TRACK),)
    )
    with pytest.raises(ValueError, match="it is not lost"):
        day(start(), plan, DayFaces(tests={"Mara": (6, 6)}))


def test_rations_found_are_rolled_and_added_to_the_journey():
    plan = DayPlan(
        pace="normal",
        slowest_speed=5,
        roles=(RoleAssignment("Bo", Task.HUNT), RoleAssignment("Mara", Task.FORAGE)),
        rest=False,
    )
    faces = DayFaces(tests={"Bo": (9, 9), "Mara": (8, 8)}, rations={"Bo": (2, 3, 4)}, encounter=1)
    record = day(start(rations_found=2), plan, faces, rng=ScriptedRandom([5]))
    hunt, forage = record.roles
    assert (hunt.rations, hunt.outcome.hide) == (9, True)
    assert (forage.rations, forage.ration_faces) == (6, (5,))
    assert record.rations == 15 and record.after.rations_found == 17
    assert record.travel_en == 7  # Hunt's tier 3 costs no EN


def test_fight_the_miasma_gives_edges_and_a_rest_away_from_it_clears_cruelty():
    plan = DayPlan(
        pace="normal", slowest_speed=5, roles=(RoleAssignment("Mara", Task.FIGHT_THE_MIASMA),)
    )
    faces = DayFaces(
        tests={"Mara": (9, 9)},
        encounter=1,
        rest_encounter=1,
        miasma={"Mara": (5, 5), "Bo": (5, 5), "Sel": (5, 5)},
    )
    record = day(start(), plan, faces)
    assert record.roles[0].targets == ("Mara", "Bo", "Sel")
    assert [t.test.net for t in record.miasma] == ["double_edge"] * 3
    away = DayPlan(pace="normal", slowest_speed=5, in_miasma=False)
    cleared = day(start(), away, DayFaces(encounter=1, rest_encounter=1))
    assert cleared.miasma == () and cleared.cruelty_cleared == ("Sel",)
    assert cleared.after.traveller("Sel").cruelty == 0


def test_a_failed_miasma_test_marks_the_traveller():
    plan = DayPlan(pace="normal", slowest_speed=5)
    faces = DayFaces(
        encounter=1,
        rest_encounter=1,
        miasma={"Mara": (6, 6), "Bo": (6, 6), "Sel": (2, 2)},
        miasma_effects={"Sel": 10},
    )
    record = day(start(), plan, faces)
    sel = record.after.traveller("Sel")
    assert (sel.cruelty, sel.claimed) == (2, False)
    assert sel.miasma_effects == (record.miasma[2].effects.text,)


def test_the_encounter_hex_is_the_one_the_referee_picks_along_the_true_walk():
    hex_map = rectangle_map().with_cells([])
    plan = DayPlan(pace="normal", slowest_speed=5, route=(S, S), encounter_at=2, rest=False)
    record = day(start(), plan, DayFaces(encounter=7), hex_map=hex_map)
    assert record.encounter.encounter and record.encounter_hex == Hex(1, 3)
    with pytest.raises(ValueError, match="falls 3 hexes in"):
        day(start(), replace(plan, encounter_at=3), DayFaces(encounter=7))


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        (DayFaces(tests={"Ann": (5, 5)}), "test dice are given for Ann"),
        (DayFaces(encounter=11), "travel encounter die shows 11"),
        # Dice for a traveller who makes no Miasma test (the mule) are kept as unused (issue 25
        # item 11); dice for someone not on the journey are a mistake, said as such.
        (DayFaces(miasma={"Nobody": (5, 5)}), "dice are given for Nobody, who is not on"),
    ],
)
def test_bad_faces_are_refused_naming_the_roll(faces, message):
    plan = DayPlan(pace="normal", slowest_speed=5)
    with pytest.raises(ValueError, match=message):
        day(start(), plan, faces, rng=random.Random(1))


def test_a_seeded_day_repeats_and_each_test_replays_from_its_seed():
    plan = DayPlan(
        pace="fast",
        slowest_speed=5,
        route=(SE, S),
        roles=(RoleAssignment("Mara", Task.SAFE_ROUTE), RoleAssignment("Bo", Task.FORAGE)),
    )
    first = day(start(), plan, rng=random.Random(42))
    again = day(start(), plan, rng=random.Random(42))
    assert first == again
    for result in first.roles:
        replayed = roll_test(
            random.Random(result.seed),
            result.characteristic,
            edges=result.edges,
            banes=result.banes,
            bonuses=(result.bonus,),
        )
        assert replayed == result.test


plans = st.builds(
    DayPlan,
    pace=st.sampled_from(["slow", "normal", "fast"]),
    slowest_speed=st.integers(0, 12),
    route=st.lists(st.sampled_from([SE, S]), max_size=2).map(tuple),
    roles=st.just((RoleAssignment("Mara", Task.SHORTCUT), RoleAssignment("Bo", Task.HUNT))),
    road=st.booleans(),
    river_cross=st.booleans(),
    downstream=st.booleans(),
    seclude=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(plan=plans, seed=st.integers(0, 2**32), lost=st.booleans())
def test_any_day_keeps_hexes_and_ens_in_range_and_true_equals_believed_unless_lost(
    plan, seed, lost
):
    state = start(Hex(1, 1), believed_hex=Hex(0, 0) if lost else Hex(1, 1), lost=lost)
    if lost:  # a lost party's guide makes Back on Track instead of a route (L924)
        guide = RoleAssignment("Mara", Task.BACK_ON_TRACK)
        plan = dataclasses.replace(plan, roles=(guide, *plan.roles[1:]))
    record = day(state, plan, rng=random.Random(seed))
    assert record.hexes >= 0
    assert 1 <= record.travel_en <= 10 and 1 <= record.rest_en <= 10
    assert record.after.true_hex in rectangle_map()
    if not record.after.lost:
        assert record.after.true_hex == record.after.believed_hex


def test_v34_role_results_raise_the_travel_en_to_its_cap_of_10():
    plan = DayPlan(
        pace="slow",
        slowest_speed=5,
        roles=(
            RoleAssignment("Mara", Task.SAFE_ROUTE),
            RoleAssignment("Bo", Task.SCOUT_FOR_DANGER, "agility"),
        ),
        rest=False,
    )
    faces = DayFaces(tests={"Mara": (9, 9), "Bo": (9, 9)}, encounter=9)
    record = day(start(), plan, faces)
    assert [r.test.tier for r in record.roles] == [3, 3]
    assert record.travel_en == 10  # 8 + 2 + 2, capped
    assert not record.encounter.encounter
    assert day(start(), plan, replace(faces, encounter=10)).encounter.immediate


def test_fast_pace_puts_a_bane_on_every_role_test_and_a_road_lowers_both_ens():
    plan = DayPlan(
        pace="fast",
        slowest_speed=3,
        road=True,
        roles=(RoleAssignment("Mara", Task.NORMAL_ROUTE, choice="en"),),
        rest=False,
    )
    record = day(start(), plan, DayFaces(tests={"Mara": (4, 5)}, encounter=1))
    (guide,) = record.roles
    assert (guide.banes, guide.test.total, guide.test.tier) == (1, 4 + 5 + 2 - 2, 1)
    assert record.hexes == 3 - 1 + 1  # fast, slowest speed 3, a road
    assert (record.travel_en, record.rest_en) == (6 - 1 - 1, 6 - 1)  # the guide's tier 1 chose EN
