"""`refkit test --crow NAME --char agility|strength|mind`: the crow's characteristic and its
conditions (blessed an edge, weakened a bane, unconscious a doom on Agility and Strength)."""

from __future__ import annotations

from refkit.compose import open_character_service
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.store.database import Database
from refkit.store.location import DATABASE_FILE_NAME
from refkit.store.roll_log import RollLogRepository
from tests.cli.cli_helpers import assert_bad_input


def add_crow(data_dir, *conditions: str) -> None:
    with open_character_service(str(data_dir / DATABASE_FILE_NAME), seed_samples=False) as service:
        crow = Character("Wren", Characteristics(2, 1, -1), Stamina(5, 5), conditions=conditions)
        service.create(crow)


def logged(data_dir):
    with Database.open(str(data_dir / DATABASE_FILE_NAME)) as db:
        return RollLogRepository(db).recent(limit=None)


def test_the_crows_characteristic_is_read_from_its_sheet(cli, refkit_data_dir) -> None:
    add_crow(refkit_data_dir)
    run = cli("test", "--crow", "wren", "--char", "agility", "--dice", "5,5", "--json")
    assert run.code == 0, run.err
    assert run.json["total"] == 12  # 10 + Agility 2
    assert run.json["crow"] == "Wren"
    assert run.json["characteristic"] == 2
    assert run.json["conditions"] == []
    (roll,) = logged(refkit_data_dir)
    assert roll.record.detail["crow"] == "Wren"


def test_blessed_adds_an_edge_and_weakened_a_bane(cli, refkit_data_dir) -> None:
    add_crow(refkit_data_dir, "blessed")
    run = cli("test", "--crow", "Wren", "--char", "mind", "--dice", "5,5", "--json")
    assert run.json["net"] == "edge" and run.json["total"] == 13
    assert run.json["conditions"] == ["blessed: an edge"]
    more = cli(
        "test", "--crow", "Wren", "--char", "mind", "--edges", "1", "--dice", "5,5", "--json"
    )
    assert more.json["net"] == "double_edge"


def test_an_unconscious_crows_strength_test_is_a_doom(cli, refkit_data_dir) -> None:
    add_crow(refkit_data_dir, "unconscious")
    run = cli("test", "--crow", "Wren", "--char", "strength", "--dice", "10,10", "--json")
    assert run.json["doom"] is True and run.json["tier"] == 1 and run.json["crit"] is False
    assert run.json["forced"] == "doom"
    text = cli("test", "--crow", "Wren", "--char", "strength", "--dice", "10,10")
    assert "unconscious" in text.out.lower()


def test_a_name_for_char_needs_a_crow_and_a_crow_needs_a_name(cli, refkit_data_dir) -> None:
    assert_bad_input(cli("test", "--char", "agility"), "--char", "--crow")
    add_crow(refkit_data_dir)
    assert_bad_input(cli("test", "--crow", "Wren", "--char", "2"), "agility, strength or mind")
    assert_bad_input(cli("test", "--crow", "Nobody", "--char", "mind"), "Nobody")
    assert logged(refkit_data_dir) == []


def test_a_plain_test_keeps_its_json_keys(cli, refkit_data_dir) -> None:
    run = cli("test", "--char", "1", "--dice", "5,5", "--json")
    assert run.code == 0, run.err
    assert "crow" not in run.json
