"""The lost walk: the party believes it went its way while the secret d6 moves it (L916–926)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.lost_walk import walk_day
from tests.rules.scripted_random import ScriptedRandom
from tests.rules.travel.map_fixtures import rectangle_map

N, NE, SE, S, SW, NW = (HexDirection[name] for name in ("N", "NE", "SE", "S", "SW", "NW"))


def test_a_party_that_knows_its_way_goes_where_it_means():
    walk = walk_day(
        rectangle_map(),
        true=Hex(1, 1),
        believed=Hex(1, 1),
        route=(SE, SE),
        hexes=2,
        lost=False,
        rng=ScriptedRandom(),
    )
    assert [step.true for step in walk.steps] == [Hex(2, 1), Hex(3, 1)]
    assert walk.true == walk.believed == Hex(3, 1)
    assert all(step.die is None for step in walk.steps)


def test_a_lost_party_believes_its_route_but_drifts_by_the_d6():
    walk = walk_day(
        rectangle_map(),
        true=Hex(2, 2),
        believed=Hex(2, 2),
        route=(SE, SE),
        hexes=2,
        lost=True,
        rng=ScriptedRandom([4]),
        lost_dice=(1,),
    )
    assert walk.believed == Hex(4, 2)
    assert [step.die for step in walk.steps] == [1, 4]
    assert [step.true for step in walk.steps] == [Hex(2, 1), Hex(2, 2)]
    assert walk.true == Hex(2, 2)


def test_a_secret_step_off_the_map_is_blocked_and_says_so():
    walk = walk_day(
        rectangle_map(),
        true=Hex(0, 0),
        believed=Hex(2, 2),
        route=(S,),
        hexes=1,
        lost=True,
        rng=ScriptedRandom(),
        lost_dice=(1,),
    )
    (step,) = walk.steps
    assert step.blocked and step.true == Hex(0, 0) and step.drift is N


def test_the_route_beyond_the_day_is_cut_short_and_unused_hexes_counted():
    walk = walk_day(
        rectangle_map(),
        true=Hex(0, 0),
        believed=Hex(0, 0),
        route=(S, S, S),
        hexes=2,
        lost=False,
        rng=ScriptedRandom(),
    )
    assert walk.cut_short == (S,) and walk.unused == 0
    short = walk_day(
        rectangle_map(),
        true=Hex(0, 0),
        believed=Hex(0, 0),
        route=(S,),
        hexes=3,
        lost=False,
        rng=ScriptedRandom(),
    )
    assert short.unused == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"route": (N,)}, r"route step 1 \(N\) leads off map 'Test block' from 0,0"),
        ({"believed": Hex(1, 1)}, "not lost, yet it is at 0,0 and believes 1,1"),
        ({"lost_dice": (3,)}, "lost dice are given, but the party is not lost"),
        ({"lost": True, "lost_dice": (3, 3), "route": (S,)}, "2 lost dice given"),
        ({"hexes": -1}, "from 0 up"),
        ({"true": Hex(9, 9), "believed": Hex(9, 9)}, "hex 9,9 is not on map"),
    ],
)
def test_bad_walks_are_refused(kwargs, message):
    options = {
        "true": Hex(0, 0),
        "believed": Hex(0, 0),
        "route": (S,),
        "hexes": 1,
        "lost": False,
        "rng": ScriptedRandom(),
    } | kwargs
    with pytest.raises(ValueError, match=message):
        walk_day(rectangle_map(), **options)


directions = st.lists(st.sampled_from([SE, S]), max_size=3)  # stays on the 6×5 block


@given(
    route=directions,
    seed=st.integers(min_value=0, max_value=2**32),
    start=st.tuples(st.integers(0, 1), st.integers(0, 1)),
)
def test_a_lost_walk_never_leaves_the_map_without_saying_so(route, seed, start):
    hex_map = rectangle_map()
    origin = Hex(*start)
    walk = walk_day(
        hex_map,
        true=origin,
        believed=origin,
        route=route,
        hexes=len(route),
        lost=True,
        rng=random.Random(seed),
    )
    here = origin
    for step in walk.steps:
        assert step.true in hex_map
        wanted = here.step(step.drift)
        assert step.blocked == (wanted not in hex_map)
        assert step.true == (here if step.blocked else wanted)
        here = step.true


@given(route=directions, start=st.tuples(st.integers(0, 1), st.integers(0, 1)))
def test_true_equals_believed_when_not_lost(route, start):
    origin = Hex(*start)
    walk = walk_day(
        rectangle_map(),
        true=origin,
        believed=origin,
        route=route,
        hexes=len(route),
        lost=False,
        rng=ScriptedRandom(),
    )
    assert all(step.true == step.believed for step in walk.steps)
