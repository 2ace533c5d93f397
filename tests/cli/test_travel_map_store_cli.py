"""``refkit map import | export | show | list``: maps kept in the database, checked whole on import,
and a journey started from a stored map."""

from __future__ import annotations

import json
from pathlib import Path

from refkit.locate import resource_path
from tests.cli.cli_helpers import assert_bad_input

SAMPLE = str(resource_path("maps", "ashen-marches.map.json"))
BAD = (
    '{"format": "refkit-map", "version": 1, "name": "Bad",\n'
    ' "hexes": [\n  {"q": 0, "r": 0, "habitat": "plains"},\n'
    '  {"q": 0, "r": 0, "habitat": "forest"}\n]}\n'
)


def renamed_sample(tmp_path: Path, name: str) -> str:
    """The sample map's file under another name (a fresh database holds the sample already)."""
    text = json.loads(Path(SAMPLE).read_text(encoding="utf-8"))
    text["name"] = name
    path = tmp_path / "copy.map.json"
    path.write_text(json.dumps(text, indent=1), encoding="utf-8")
    return str(path)


def test_an_imported_map_is_shown_and_exported_as_it_was_read(cli, tmp_path):
    copy = renamed_sample(tmp_path, "Old Marches")
    imported = cli("map", "import", copy, "--json")
    assert imported.code == 0, imported.err
    assert imported.json == {"map": "Old Marches", "hexes": 108, "file": copy}
    shown = cli("map", "show", "old marches", "--json").json  # names ignore case
    assert shown["hexes"] == 108 and all("notes" not in p for p in shown["places"])
    assert any(p["notes"] for p in cli("map", "show", "Old Marches", "--referee", "--json")
               .json["places"])  # fmt: skip
    out = tmp_path / "out.map.json"
    exported = cli("map", "export", "Old Marches", "--out", str(out), "--json")
    assert exported.code == 0, exported.err
    again = json.loads(out.read_text(encoding="utf-8"))
    original = json.loads(Path(SAMPLE).read_text(encoding="utf-8"))
    assert len(again["hexes"]) == len(original["hexes"]) == 108
    assert cli("map", "list", "--json").json == {"maps": ["The Ashen Marches", "Old Marches"]}


def test_a_bad_map_file_is_refused_naming_the_entry_and_nothing_is_kept(cli, tmp_path):
    bad = tmp_path / "bad.map.json"
    bad.write_text(BAD, encoding="utf-8")
    assert_bad_input(cli("map", "import", str(bad)), "bad.map.json, line 4, hexes[1]", "twice")
    assert cli("map", "list", "--json").json == {"maps": ["The Ashen Marches"]}  # the sample
    assert_bad_input(cli("map", "show", "Bad"), "no map called 'Bad'")


def test_a_map_of_a_name_taken_is_replaced_only_when_asked(cli, tmp_path):
    # A fresh database starts with the sample map: importing its file again is refused.
    assert_bad_input(cli("map", "import", SAMPLE), "stored already", "--replace")
    assert cli("map", "import", SAMPLE, "--replace").code == 0
    assert cli("map", "list", "--json").json == {"maps": ["The Ashen Marches"]}


def test_a_journey_starts_on_a_stored_map_edited_since_the_file(cli, tmp_path):
    text = json.loads(Path(SAMPLE).read_text(encoding="utf-8"))
    text["name"] = "Small"
    text["hexes"] = [{"q": 0, "r": 0, "habitat": "plains"}, {"q": 1, "r": 0, "habitat": "hills"}]
    text.pop("start", None)
    text["encounter_tables"] = {}
    small = tmp_path / "small.map.json"
    small.write_text(json.dumps(text), encoding="utf-8")
    assert cli("map", "import", str(small)).code == 0
    small.unlink()  # the journey reads the database's map, not the file
    start = cli(
        "travel", "journey", "start", "Short", "--map", "Small", "--at", "1,0",
        "--traveller", "Mara=1,1,1", "--json",
    )  # fmt: skip
    assert start.code == 0, start.err
    assert start.json["map"] == "Small" and start.json["at"] == [1, 0]
    assert_bad_input(
        cli("travel", "journey", "start", "X", "--map", "Nowhere", "--traveller", "A=1,1,1"),
        "Nowhere",
    )
