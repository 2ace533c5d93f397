"""A test rolled for a crow with one of its expertises: the roll's log entry and the use it spends
are written together, or neither is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.characters.roll_for import ExpertiseRefused, roll_test_for_crow
from refkit.compose import Services
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.store.errors import DatabaseWriteError


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        crow = Character(
            "Wren",
            Characteristics(2, 1, -1),
            Stamina(5, 5),
            expertises=(Expertise("Stealth", "general", 2),),
        )
        built.characters.create(crow)
        yield built


def stealth_left(characters: CharacterService) -> int:
    (stealth,) = characters.get("Wren").expertises
    return stealth.left


def test_the_roll_and_the_spent_use_are_written_together(services: Services) -> None:
    rolled = roll_test_for_crow(
        services.characters, services.dice, "Wren", "agility",
        expertise_name="STEALTH", faces=(4, 5),
    )  # fmt: skip
    assert rolled.logged.result.expertise_applied
    assert (rolled.expertise, rolled.expertise_uses_left) == ("Stealth", 1)
    assert stealth_left(services.characters) == 1
    assert len(services.dice.recent()) == 1


def test_a_use_that_cannot_be_saved_takes_the_roll_with_it(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    characters = services.characters

    def full_disk(*_args: object, **_kwargs: object) -> int:
        raise DatabaseWriteError("refkit.sqlite3", "the disk is full")

    monkeypatch.setattr(characters, "put", full_disk)
    with pytest.raises(DatabaseWriteError), services.database.unit_of_work():  # as a runner
        roll_test_for_crow(
            characters, services.dice, "Wren", "agility",
            expertise_name="Stealth", faces=(4, 5),
        )  # fmt: skip
    monkeypatch.undo()
    assert stealth_left(characters) == 2
    assert services.dice.recent() == []


def test_an_expertise_with_no_use_left_is_refused_before_the_roll(services: Services) -> None:
    for _ in range(2):
        roll_test_for_crow(
            services.characters, services.dice, "Wren", "agility",
            expertise_name="Stealth", faces=(4, 5),
        )  # fmt: skip
    with pytest.raises(ExpertiseRefused, match="no uses left"):
        roll_test_for_crow(
            services.characters, services.dice, "Wren", "agility",
            expertise_name="Stealth", faces=(4, 5),
        )  # fmt: skip
    assert len(services.dice.recent()) == 2
