"""Migration 0004: a database from the previous Refkit keeps the wounds its players must choose."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from refkit.app.character_service import CharacterService
from refkit.app.party_bridge import WoundPrompt, WoundPrompts
from refkit.store import CharacterRepository, Database
from refkit.store.migrations import SCRIPT_LOCATION
from tests.store.store_helpers import current_head, seed_old_sample, sqlite_rows

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"


def migrations_up_to_0003(tmp_path: Path) -> Path:
    target = tmp_path / "migrations-0003"
    shutil.copytree(SCRIPT_LOCATION, target, ignore=shutil.ignore_patterns("__pycache__"))
    for script in (target / "versions").glob("*.py"):
        if int(script.name[:4]) > 3:
            script.unlink()
    return target


def test_prompts_kept_as_json_move_into_their_own_rows(tmp_path: Path) -> None:
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path), script_location=migrations_up_to_0003(tmp_path)) as old:
        repo = CharacterRepository(old)
        seed_old_sample(old)  # the sample party
        repo.set_meta(
            "party_wound_prompts",
            json.dumps(
                {
                    "brannoc tull": {"name": BRANNOC, "to_place": 3, "to_heal": 1},
                    "hesper quill": {"name": HESPER, "to_place": 0, "to_heal": 1},
                    "gone for good": {"name": "Gone for Good", "to_place": 2, "to_heal": 0},
                }
            ),
        )
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [("0003",)]

    with Database.open(str(path)) as db:
        assert db.migrated and db.backup_path is not None
        prompts = WoundPrompts(CharacterRepository(db))
        assert prompts.pending() == {
            BRANNOC: WoundPrompt(to_place=3, to_heal=1),
            HESPER: WoundPrompt(to_heal=1),
        }
        assert CharacterRepository(db).get_meta("party_wound_prompts") is None
        prompts.add(HESPER, to_place=2)  # and the new rows take changes
        assert prompts.get(HESPER) == WoundPrompt(to_place=2, to_heal=1)
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [(current_head(),)]


def test_unreadable_prompts_do_not_stop_the_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path), script_location=migrations_up_to_0003(tmp_path)) as old:
        repo = CharacterRepository(old)
        seed_old_sample(old)  # the sample party
        repo.set_meta("party_wound_prompts", "{not json")
    with Database.open(str(path)) as db:
        assert WoundPrompts(CharacterRepository(db)).pending() == {}
        assert CharacterRepository(db).get_meta("party_wound_prompts") is None


def test_a_deleted_crow_takes_its_prompt_with_it(tmp_path: Path) -> None:
    with Database.open(str(tmp_path / "refkit.sqlite3")) as db:
        characters = CharacterService(CharacterRepository(db))
        prompts = WoundPrompts(characters.repository)
        prompts.add(BRANNOC, to_place=2)
        characters.rename(BRANNOC, "Brannoc the Bold")
        assert prompts.pending() == {"Brannoc the Bold": WoundPrompt(to_place=2)}
        characters.delete("Brannoc the Bold")
        assert sqlite_rows(db.path, "SELECT count(*) FROM wound_prompt") == [(0,)]
