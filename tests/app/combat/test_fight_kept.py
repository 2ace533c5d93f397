"""The fight and the referee's creatures are kept in the database: a fight survives a restart,
two programs refuse to overwrite each other's steps, and imported creatures come back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.combat.bestiary import Bestiary
from refkit.app.combat.fight_session import FightSession
from refkit.app.combat.fight_store import StoredFight
from refkit.errors import ConflictError, DomainError
from refkit.rules.combat.fight_file import fight_json, read_fight_json
from refkit.store.combat_store import BestiaryRepository, FightRepository
from refkit.store.database import Database


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    with Database.open(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


@pytest.fixture
def characters(db: Database) -> CharacterService:
    """The roster on the same database, as the composition root builds it."""
    from refkit.store.character_store import CharacterRepository

    return CharacterService(CharacterRepository(db))


def session_on(db: Database, characters: CharacterService) -> FightSession:
    bestiary = Bestiary.shipped(BestiaryRepository(db))
    return FightSession(characters, bestiary, store=StoredFight(FightRepository(db)))


def test_a_fight_survives_a_restart(db: Database, characters: CharacterService) -> None:
    first = session_on(db, characters)
    first.add_creatures("Mire troll").do()
    first.start_round(die=3).do()
    hit, _ = first.damage("Mire troll 1", 9)
    hit.do()
    again = session_on(db, characters)
    assert again.state == first.state
    troll = again.state.combatant("Mire troll 1")
    assert (troll.ad, troll.stamina, again.state.round, again.state.acting) == (0, 20, 1, "enemies")


def test_two_programs_do_not_overwrite_each_others_steps(
    db: Database, characters: CharacterService
) -> None:
    mine = session_on(db, characters)
    theirs = session_on(db, characters)
    mine.add_creatures("Cellar rat", 2).do()
    with pytest.raises(ConflictError, match="changed since"):
        theirs.add_creatures("Mire troll").do()
    assert theirs.state.combatants == ()  # the refused step changed nothing
    theirs.reload()
    theirs.add_creatures("Mire troll").do()  # once it has read the fight again
    assert [f.name for f in session_on(db, characters).state.combatants] == [
        "Cellar rat 1",
        "Cellar rat 2",
        "Mire troll 1",
    ]


def test_a_fight_reads_back_from_its_json_exactly(
    db: Database, characters: CharacterService
) -> None:
    fight = session_on(db, characters)
    fight.add_creatures("Road bandit", 2).do()
    fight.toggle_condition("Road bandit 2", "prone").do()
    fight.start_round(die=9).do()
    assert read_fight_json(fight_json(fight.state)) == fight.state


def test_bad_stored_fight_json_is_refused_by_field() -> None:
    with pytest.raises(ValueError, match=r"combatants\[0\].standing: must be one of"):
        read_fight_json(
            '{"format":"refkit-fight","version":1,"round":0,"first":null,"acting":null,'
            '"current":null,"initiative_die":null,"combatants":[{"name":"X","side":"crows",'
            '"creature":null,"stamina":null,"ad":null,"conditions":[],"standing":"asleep",'
            '"acted":false}]}'
        )


GOOD = """\
format = "refkit-bestiary"
version = 1

[[creature]]
name = "Bone crab"
size = "small"
stamina = 5

[[creature.attack]]
name = "Pincer"
kind = "melee"
reach = 1
damage = "2 / 4"
"""


def test_imported_creatures_are_kept_and_can_be_deleted(db: Database, tmp_path: Path) -> None:
    path = tmp_path / "crab.toml"
    path.write_text(GOOD, encoding="utf-8")
    Bestiary.shipped(BestiaryRepository(db)).import_file(path)
    kept = Bestiary.shipped(BestiaryRepository(db))
    assert kept.get("bone crab").stamina == 5 and not kept.is_shipped("Bone crab")
    with pytest.raises(DomainError, match="one of Refkit's examples"):
        kept.delete("Mire troll")
    kept.delete("Bone crab")
    assert "Bone crab" not in {c.name for c in Bestiary.shipped(BestiaryRepository(db)).creatures()}


def test_importing_over_a_shipped_name_needs_replace(db: Database, tmp_path: Path) -> None:
    path = tmp_path / "troll.toml"
    path.write_text(GOOD.replace("Bone crab", "Mire troll"), encoding="utf-8")
    bestiary = Bestiary.shipped(BestiaryRepository(db))
    with pytest.raises(DomainError, match="already has Mire troll; nothing was imported"):
        bestiary.import_file(path)
    bestiary.import_file(path, replace=True)
    assert Bestiary.shipped(BestiaryRepository(db)).get("Mire troll").stamina == 5


def test_a_hit_on_a_crow_leaves_its_wounds_waiting_and_undo_takes_them_back(
    tmp_path: Path, db: Database, characters: CharacterService
) -> None:
    from datetime import UTC, datetime

    from refkit.app.party.wound_prompts import WoundPrompts
    from refkit.compose import fight_session_on
    from refkit.rules.character.model import Character, Characteristics, Stamina

    characters.create(Character("Pell Rook", Characteristics(0, 0, 0), Stamina(3, 3)))
    prompts = WoundPrompts(characters.repository)
    session = fight_session_on(
        db,
        characters,
        rng_factory=lambda seed: (__import__("random").Random(seed), seed or 0),
        current_dt=lambda: 1,
        clock=lambda: datetime(2026, 12, 1, tzinfo=UTC),
        prompts=prompts,
    )
    session.add_crows(["Pell Rook"]).do()
    session.add_creatures("Mire troll").do()
    step = session.attack("Mire troll 1", "Slam", "Pell Rook", dice=(5, 6))  # 11 + 4: tier 2
    step.do()
    assert step.report.outcome.damage == 4 + 4
    assert characters.get("Pell Rook").stamina.current == 0
    assert prompts.get("Pell Rook").to_place == 5  # 8 − 3 Stamina, for the player to place
    step.undo()
    assert prompts.get("Pell Rook").to_place == 0
    assert characters.get("Pell Rook").stamina.current == 3
