"""`refkit test --crow NAME --expertise NAME`: which of the crow's expertises the roll uses, and
spends when it lifts the tier; an unknown expertise or one with no uses left is refused whole."""

from __future__ import annotations

from refkit.compose import open_character_service
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.store.database import Database
from refkit.store.location import DATABASE_FILE_NAME
from refkit.store.roll_log import RollLogRepository
from tests.cli.cli_helpers import assert_bad_input


def add_crow(data_dir, *, stealth_spent: int = 0) -> None:
    with open_character_service(str(data_dir / DATABASE_FILE_NAME), seed_samples=False) as service:
        crow = Character(
            "Wren",
            Characteristics(2, 1, -1),
            Stamina(5, 5),
            expertises=(
                Expertise("Stealth", "general", 2, stealth_spent),
                Expertise("Climbing", "general", 1),
            ),
        )
        service.create(crow)


def expertises(data_dir) -> dict[str, int]:
    """Each expertise's uses left, as stored."""
    with open_character_service(str(data_dir / DATABASE_FILE_NAME), seed_samples=False) as service:
        return {expertise.name: expertise.left for expertise in service.get("Wren").expertises}


def logged(data_dir) -> list:
    with Database.open(str(data_dir / DATABASE_FILE_NAME)) as db:
        return RollLogRepository(db).recent(limit=None)


def test_the_named_expertise_is_used_and_one_use_spent(cli, refkit_data_dir) -> None:
    add_crow(refkit_data_dir)
    run = cli(
        "test", "--crow", "Wren", "--char", "agility", "--expertise", "stealth",
        "--dice", "4,5", "--json",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert run.json["expertise_applied"] is True
    assert run.json["tier"] == 2  # 11 is tier 1, lifted one by the expertise
    assert run.json["expertise"] == "Stealth"  # as the sheet spells it
    assert run.json["expertise_uses_left"] == 1
    assert expertises(refkit_data_dir) == {"Stealth": 1, "Climbing": 1}
    (roll,) = logged(refkit_data_dir)
    assert roll.record.detail["expertise_applied"] is True
    text = cli("test", "--crow", "Wren", "--char", "agility", "--expertise", "Stealth",
               "--dice", "5,5")  # fmt: skip
    assert "Stealth" in text.out and "0 left" in text.out
    assert expertises(refkit_data_dir) == {"Stealth": 0, "Climbing": 1}


def test_no_use_is_spent_when_the_expertise_lifts_nothing(cli, refkit_data_dir) -> None:
    add_crow(refkit_data_dir)
    doom = cli("test", "--crow", "Wren", "--char", "agility", "--expertise", "Climbing",
               "--dice", "1,1", "--json")  # fmt: skip
    assert doom.code == 0, doom.err
    assert doom.json["doom"] is True and doom.json["expertise_applied"] is False
    assert doom.json["expertise"] == "Climbing" and doom.json["expertise_uses_left"] == 1
    crit = cli("test", "--crow", "Wren", "--char", "agility", "--expertise", "Climbing",
               "--dice", "10,10", "--json")  # fmt: skip
    assert crit.json["tier"] == 3 and crit.json["expertise_applied"] is False
    assert expertises(refkit_data_dir) == {"Stealth": 2, "Climbing": 1}


def test_an_unknown_expertise_or_none_left_is_refused_and_nothing_written(
    cli, refkit_data_dir
) -> None:
    add_crow(refkit_data_dir, stealth_spent=2)
    unknown = cli("test", "--crow", "Wren", "--char", "mind", "--expertise", "Swimming",
                  "--dice", "5,5", "--json")  # fmt: skip
    assert_bad_input(unknown, "Wren", "Swimming", "Stealth", "Climbing")
    spent = cli("test", "--crow", "Wren", "--char", "mind", "--expertise", "Stealth",
                "--dice", "5,5")  # fmt: skip
    assert_bad_input(spent, "Stealth", "no uses left")
    assert logged(refkit_data_dir) == []
    assert expertises(refkit_data_dir) == {"Stealth": 0, "Climbing": 1}


def test_a_named_expertise_needs_a_crow(cli, refkit_data_dir) -> None:
    run = cli("test", "--char", "1", "--expertise", "Stealth", "--dice", "5,5")
    assert_bad_input(run, "--expertise Stealth", "--crow")
    assert logged(refkit_data_dir) == []


def test_a_bare_expertise_still_applies_and_spends_nothing(cli, refkit_data_dir) -> None:
    add_crow(refkit_data_dir)
    plain = cli("test", "--char", "1", "--expertise", "--dice", "5,5", "--json")
    assert plain.code == 0, plain.err
    assert plain.json["expertise_applied"] is True and plain.json["tier"] == 2
    assert "expertise" not in plain.json  # a plain test keeps exactly its keys
    crow = cli("test", "--crow", "Wren", "--char", "agility", "--expertise", "--dice", "5,5",
               "--json")  # fmt: skip
    assert crow.code == 0, crow.err
    assert crow.json["expertise_applied"] is True
    assert crow.json["expertise"] is None and crow.json["expertise_uses_left"] is None
    assert expertises(refkit_data_dir) == {"Stealth": 2, "Climbing": 1}
    odds = cli("odds", "test", "--char", "1", "--expertise", "--json")
    assert odds.code == 0, odds.err


def test_without_expertise_a_crows_test_says_none(cli, refkit_data_dir) -> None:
    add_crow(refkit_data_dir)
    run = cli("test", "--crow", "Wren", "--char", "agility", "--dice", "5,5", "--json")
    assert run.json["expertise_applied"] is False
    assert run.json["expertise"] is None and run.json["expertise_uses_left"] is None
