"""``refkit spell import | export | delete``: the referee's own spells as checked spell files,
listed after Refkit's and cast from a book like any other; bad input is one error line."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from refkit.rules.magic.spell import SpellBook
from refkit.rules.magic.spell_file import load_spell_file, spell_to_toml
from refkit.rules.magic.spellbooks import find_spell, load_default_spells
from tests.cli.cli_helpers import assert_bad_input

WITCHFIRE = replace(
    find_spell(load_default_spells(), "Light"),
    name="Witchfire",
    rank=2,
    book=SpellBook("Witchfire book", 2, 300),
)


@pytest.fixture
def spell_file(tmp_path):
    path = tmp_path / "witchfire.toml"
    path.write_text(spell_to_toml(WITCHFIRE), encoding="utf-8")
    return path


def test_an_imported_spell_is_listed_after_refkits_shown_exported_and_deleted(
    cli, spell_file, tmp_path
):
    run = cli("spell", "import", str(spell_file), "--json")
    assert run.code == 0, run.err
    assert run.json == {"imported": "Witchfire", "book": "Witchfire book"}
    spells = cli("spell", "list", "--json").json["spells"]
    assert [s["name"] for s in spells if s["own"]] == ["Witchfire"]
    assert spells[-1]["name"] == "Witchfire" and not spells[0]["own"]
    assert "(yours)" in cli("spell", "list").out.splitlines()[-1]
    assert cli("spell", "show", "witchfire book", "--json").json["rank"] == 2
    out = tmp_path / "out.toml"
    assert cli("spell", "export", "Witchfire", str(out)).code == 0
    assert load_spell_file(out) == WITCHFIRE
    assert_bad_input(cli("spell", "import", str(spell_file)), "stored already")
    assert cli("spell", "import", str(spell_file), "--replace").code == 0
    assert cli("spell", "delete", "Witchfire", "--json").json == {"deleted": "Witchfire"}
    assert_bad_input(cli("spell", "show", "Witchfire"), "no spell or spellbook called")


def test_a_bad_or_shipped_spell_file_is_refused_whole(cli, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(spell_to_toml(WITCHFIRE).replace("rank = 2", "rank = 7"), encoding="utf-8")
    assert_bad_input(cli("spell", "import", str(bad)), "bad.toml, line 3, spell.rank")
    taken = tmp_path / "light.toml"
    taken.write_text(spell_to_toml(find_spell(load_default_spells(), "Light")), encoding="utf-8")
    assert_bad_input(cli("spell", "import", str(taken)), "taken by Refkit's spell 'Light'")
    assert_bad_input(cli("spell", "delete", "Light"), "cannot be deleted")
    assert [s["name"] for s in cli("spell", "list", "--json").json["spells"] if s["own"]] == []


def test_a_crow_casts_from_a_book_of_an_own_spell(cli, spell_file, tmp_path):
    assert cli("spell", "import", str(spell_file)).code == 0
    crow = {
        "format": "refkit-character",
        "version": 1,
        "name": "Ilse Marrow",
        "characteristics": {"agility": 0, "mind": 2, "strength": 0},
        "stamina": {"max": 7, "current": 7},
        "speed": 5,
        "cruelty": 0,
        "conditions": [],
        "expertises": [],
        "items": [
            {
                "id": "wf",
                "name": "Witchfire book",
                "area": "hand",
                "at": 1,
                "usage_dice": {"max": 2, "current": 2, "modes": ["Rest", "Activate"]},
            }
        ],
        "wounds": [],
        "notes": "",
    }
    path = tmp_path / "ilse.crow.json"
    path.write_text(json.dumps(crow), encoding="utf-8")
    assert cli("character", "import", str(path)).code == 0
    run = cli("cast", "--crow", "Ilse Marrow", "--dice", "8,8", "--ud-dice", "4,4", "--json")
    assert run.code == 0, run.err
    assert (run.json["spell"], run.json["tier"], run.json["minutes_taken"]) == ("Witchfire", 3, 0)
