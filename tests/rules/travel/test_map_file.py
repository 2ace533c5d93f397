"""Map files: the sample map reads, a map survives the round trip, and a bad file is refused with
the file, line and field named."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.locate import resource_path
from refkit.rules.travel.hex_map import DEFAULT_HABITATS, HexCell, HexMap, PointOfInterest
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.map_file import MapFileError, map_to_json, parse_map
from tests.rules.travel.map_fixtures import river_map

SAMPLE = resource_path("maps", "ashen-marches.map.json")


def test_the_sample_map_reads_with_its_start_places_and_tables():
    hex_map = parse_map(SAMPLE.read_text(encoding="utf-8"), SAMPLE.name)
    assert hex_map.name == "The Ashen Marches"
    assert hex_map.start is not None and hex_map.cell(hex_map.start).places[0].name == "Thornwick"
    dungeons = [p.name for c in hex_map.cells.values() for p in c.places if p.dungeon]
    assert sorted(dungeons) == ["Goblin holes", "The Sunken Chapel"]
    assert any(cell.road for cell in hex_map.cells.values())
    assert any(cell.river for cell in hex_map.cells.values())
    assert len(hex_map.cells) == 12 * 9


def test_a_map_survives_the_round_trip():
    hex_map = river_map()
    assert parse_map(map_to_json(hex_map)) == hex_map


def map_text(*hexes: str, head: str = '"name": "Test"') -> str:
    rows = ",\n    ".join(hexes)
    return (
        '{\n  "format": "refkit-map",\n  "version": 1,\n  '
        + head
        + ',\n  "hexes": [\n    '
        + rows
        + "\n  ]\n}\n"
    )


GOOD = '{"q": 0, "r": 0, "habitat": "plains"}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            map_text(GOOD, '{"q": 1, "r": 0, "habitat": "lava"}'),
            "bad.map.json, line 7, hexes[1].habitat: unknown habitat 'lava'",
        ),
        (
            map_text(GOOD, '{"q": "x", "r": 0, "habitat": "plains"}'),
            'bad.map.json, line 7, hexes[1].q: expected a whole number, got "x"',
        ),
        (
            map_text(GOOD, '{"q": 1.5, "r": 0, "habitat": "plains"}'),
            "line 7, hexes[1].q: expected a whole number, got 1.5",
        ),
        (
            map_text(GOOD, GOOD),
            "line 7, hexes[1]: hex 0,0 is given twice (first on line 6)",
        ),
        (
            map_text('{"q": 0, "r": 0, "habitat": "plains", "river": "up"}'),
            "line 6, hexes[0].river: unknown direction 'up'",
        ),
        (
            map_text('{"q": 0, "r": 0, "habitat": "plains", "road": "yes"}'),
            "line 6, hexes[0].road: expected true or false",
        ),
        (map_text('{"r": 0, "habitat": "plains"}'), "line 6, hexes[0].q: missing"),
        (
            map_text('{"q": 0, "r": 0, "habitat": ["plains"]}'),
            "line 6, hexes[0].habitat: expected text",
        ),
        (map_text('{"q": true, "r": 0, "habitat": "plains"}'), "hexes[0].q: expected a whole"),
        (map_text(GOOD, head='"name": "Test", "start": [4, 4]'), "start: hex 4,4 is not one"),
        (map_text(head='"name": "Test"'), "hexes: a map needs at least one hex"),
        (map_text(GOOD, head='"name": " "'), "name: a map needs a name"),
        (
            map_text(GOOD, head='"name": "T", "encounter_tables": {"lava": "X"}'),
            "encounter_tables.lava: unknown habitat 'lava'",
        ),
        (
            map_text(GOOD, head='"name": "T", "habitats": [{"name": "moor", "colour": "green"}]'),
            "habitats[0].colour: expected a colour like #3f6b35",
        ),
        ('{"format": "refkit-map",\n "version": 1,\n "name": }', "line 3, column 10: not JSON"),
        ('{"format": "something else"}', "format: expected 'refkit-map'"),
        ("[1, 2]", "the file: expected a JSON object"),
    ],
)
def test_a_bad_map_is_refused_naming_file_line_and_field(text, message):
    with pytest.raises(MapFileError) as refused:
        parse_map(text, "bad.map.json")
    assert message in str(refused.value)
    assert str(refused.value).startswith("bad.map.json")


def test_a_map_with_its_own_habitats_reads_them():
    text = map_text(
        '{"q": 0, "r": 0, "habitat": "moor", "river": "se"}',
        head='"name": "T", "habitats": [{"name": "moor", "colour": "#556b2f", "pattern": "x"}]',
    )
    hex_map = parse_map(text)
    assert [h.name for h in hex_map.habitats] == ["moor"]
    assert hex_map.cell(Hex(0, 0)).river is HexDirection.SE


def test_the_exported_text_has_one_hex_a_line():
    text = map_to_json(river_map())
    hex_lines = [line for line in text.splitlines() if line.strip().startswith('{"q"')]
    assert len(hex_lines) == 3
    assert json.loads(text)["hexes"][0] == {"q": 0, "r": 0, "habitat": "plains", "river": "SE"}


texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20)
cells = st.builds(
    HexCell,
    habitat=st.sampled_from([h.name for h in DEFAULT_HABITATS]),
    road=st.booleans(),
    river=st.none() | st.sampled_from(list(HexDirection)),
    places=st.lists(
        st.builds(
            PointOfInterest,
            name=texts.filter(lambda t: t.strip() == t and t),
            dungeon=st.booleans(),
            notes=texts,
        ),
        max_size=2,
    ).map(tuple),
    notes=texts,
)


@settings(max_examples=50, deadline=None)
@given(
    st.dictionaries(
        st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30)), cells, min_size=1, max_size=8
    )
)
def test_any_map_survives_the_round_trip(generated):
    hex_map = HexMap("Round trip", generated, start=min(generated))
    assert parse_map(map_to_json(hex_map)) == hex_map


def test_a_dungeons_encounter_table_is_read_and_written_back():
    from refkit.rules.travel.hex_map import HexCell, HexMap, PointOfInterest
    from refkit.rules.travel.hexes import Hex
    from refkit.rules.travel.map_file import map_to_json, parse_map

    crypt = PointOfInterest("The Drowned Crypt", dungeon=True, encounter_table="Crypt foes")
    hex_map = HexMap("Fen", {Hex(0, 0): HexCell("swamp", places=(crypt,))})
    again = parse_map(map_to_json(hex_map))
    assert again.cell(Hex(0, 0)).places == (crypt,)
    plain = parse_map(map_to_json(HexMap("Fen", {Hex(0, 0): HexCell("swamp")})))
    assert plain.cell(Hex(0, 0)).places == ()
