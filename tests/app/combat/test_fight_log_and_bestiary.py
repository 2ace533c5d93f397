"""The fight's steps land in the session log (kind "fight", marked undone on undo), and the
bestiary imports checked files whole and exports them again."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from refkit.app.combat.bestiary import Bestiary, shipped_creatures
from refkit.app.combat.fight_session import FightSession
from refkit.app.combat.session_log import SessionFightLog
from refkit.compose import open_character_service
from refkit.errors import DomainError
from refkit.rules.combat.bestiary_file import BestiaryFileError
from refkit.store.database import Database
from refkit.store.session_log import SessionLogRepository

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def test_fight_steps_are_written_to_the_session_log_and_marked_undone(tmp_path: Path) -> None:
    with Database.open(str(tmp_path / "refkit.sqlite3")) as db:
        entries = SessionLogRepository(db)
        characters = open_character_service(str(tmp_path / "refkit.sqlite3"), seed_samples=False)
        try:
            log = SessionFightLog(entries, current_dt=lambda: 3, clock=lambda: NOON)
            session = FightSession(characters, Bestiary.shipped(), log=log)
            session.add_creatures("Cellar rat", 3).do()
            start = session.start_round(die=2)
            start.do()
            logged = entries.entries()
            assert [(e.kind, e.dt, e.text) for e in logged] == [
                ("fight", 3, "Cellar rat 1, Cellar rat 2, Cellar rat 3 join the fight"),
                ("fight", 3, "Round 1: initiative 2, the enemies act first"),
            ]
            start.undo()
            assert [e.text for e in entries.entries()] == [logged[0].text]
            start.do()
            assert len(entries.entries()) == 2
        finally:
            characters.close()


GOOD = """\
format = "refkit-bestiary"
version = 1

[[creature]]
name = "Bone crab"
size = "small"
stamina = 5
ad = 4

[[creature.attack]]
name = "Pincer"
kind = "melee"
reach = 1
damage = "2 / 4"
"""


def test_a_checked_file_is_imported_whole_and_exported_again(tmp_path: Path) -> None:
    bestiary = Bestiary.shipped()
    mine = tmp_path / "crabs.toml"
    mine.write_text(GOOD, encoding="utf-8")
    assert [c.name for c in bestiary.import_file(mine)] == ["Bone crab"]
    assert bestiary.get("bone crab").ad == 4
    with pytest.raises(DomainError, match="already has Bone crab; nothing was imported"):
        bestiary.import_file(mine)
    out = bestiary.export_file(tmp_path / "out.toml", ["Bone crab", "Mire troll"])
    again = Bestiary()
    assert [c.name for c in again.import_file(out)] == ["Bone crab", "Mire troll"]
    assert again.get("Mire troll") == bestiary.get("Mire troll")


def test_a_bad_file_imports_nothing(tmp_path: Path) -> None:
    bestiary = Bestiary.shipped()
    count = len(bestiary.creatures())
    bad = tmp_path / "bad.toml"
    bad.write_text(
        GOOD + '\n[[creature]]\nname = "Ooze"\nsize = "medium"\nstamina = "lots"\n',
        encoding="utf-8",
    )
    with pytest.raises(BestiaryFileError, match=r"bad\.toml:19: creature 2 \(Ooze\), stamina"):
        bestiary.import_file(bad)
    assert len(bestiary.creatures()) == count


def test_the_shipped_bestiary_holds_refkits_own_creatures() -> None:
    names = {c.name for c in shipped_creatures()}
    assert {"Tunnel ghoul", "Mire troll", "Road bandit"} <= names
