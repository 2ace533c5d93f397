"""Flat-topped axial hexes: neighbours in lost-die order, distance, direction, and the map."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.travel.hex_map import HexCell, HexMap, river_flow
from refkit.rules.travel.hexes import Hex, HexDirection, parse_hex
from tests.rules.travel.map_fixtures import river_map

coordinates = st.integers(min_value=-50, max_value=50)
hexes = st.builds(Hex, coordinates, coordinates)


def test_neighbours_run_clockwise_from_north():
    assert Hex(2, 2).neighbours() == (
        Hex(2, 1),
        Hex(3, 1),
        Hex(3, 2),
        Hex(2, 3),
        Hex(1, 3),
        Hex(1, 2),
    )


def test_distance_counts_hex_steps():
    assert Hex(0, 0).distance(Hex(3, -1)) == 3
    assert Hex(0, 0).distance(Hex(-2, 2)) == 2
    assert Hex(1, 1).distance(Hex(1, 1)) == 0


def test_direction_to_a_neighbour_and_to_a_far_hex():
    assert Hex(0, 0).direction_to(Hex(-1, 1)) is HexDirection.SW
    assert Hex(0, 0).direction_to(Hex(2, 0)) is None


def test_opposites_pair_up():
    pairs = {d.name: d.opposite.name for d in HexDirection}
    assert pairs == {"N": "S", "NE": "SW", "SE": "NW", "S": "N", "SW": "NE", "NW": "SE"}


@given(hexes, hexes)
def test_distance_is_symmetric_and_never_negative(a, b):
    assert a.distance(b) == b.distance(a) >= 0


@given(hexes, st.sampled_from(list(HexDirection)))
def test_a_step_and_its_opposite_come_home(start, direction):
    there = start.step(direction)
    assert start.distance(there) == 1
    assert there.step(direction.opposite) == start


def test_parse_hex_and_its_errors():
    assert parse_hex(" 3, -2 ") == Hex(3, -2)
    with pytest.raises(ValueError, match="Q,R"):
        parse_hex("3")
    with pytest.raises(ValueError, match="Q,R"):
        parse_hex("a,b")
    with pytest.raises(ValueError, match="direction 'up'"):
        HexDirection.parse("up")


def test_a_map_refuses_an_unknown_habitat_naming_the_hex():
    with pytest.raises(ValueError, match=r"hex 1,2 .* unknown habitat 'lava'"):
        HexMap("Bad", {Hex(1, 2): HexCell("lava")})


def test_a_map_knows_its_hexes_tables_and_edge():
    hex_map = river_map()
    assert Hex(1, 0) in hex_map
    assert Hex(5, 5) not in hex_map
    assert hex_map.encounter_table_for(Hex(1, 0)) == "Forest road encounters"
    assert hex_map.encounter_table_for(Hex(0, 1)) is None
    assert hex_map.neighbours_on_map(Hex(0, 0)) == (Hex(1, 0), Hex(0, 1))
    assert hex_map.bounds() == (Hex(0, 0), Hex(1, 1))
    with pytest.raises(ValueError, match="hex 9,9 is not on map 'River bend'"):
        hex_map.cell(Hex(9, 9))


def test_river_flow_reads_the_step_against_the_current():
    cell = river_map().cell(Hex(0, 0))
    assert river_flow(cell, HexDirection.SE) == "downstream"
    assert river_flow(cell, HexDirection.NW) == "upstream"
    assert river_flow(cell, HexDirection.N) == "across"
    assert river_flow(HexCell("plains"), HexDirection.N) == "none"
