"""Migration 0005: a database from the previous Refkit keeps its players' own items and its crows'
copies when the catalogue becomes the Playtest 2 cards."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from refkit.app.character_service import CharacterService, read_character_file
from refkit.rules.inventory.catalogue import find_catalogue_item
from refkit.store import CharacterRepository, Database
from refkit.store.migrations import SCRIPT_LOCATION
from tests.old_sample import OLD_BRANNOC_FILE
from tests.store.store_helpers import current_head, seed_old_sample, sqlite_rows

BRANNOC = "Brannoc Tull"


def migrations_up_to_0004(tmp_path: Path) -> Path:
    target = tmp_path / "migrations-0004"
    shutil.copytree(SCRIPT_LOCATION, target, ignore=shutil.ignore_patterns("__pycache__"))
    for script in (target / "versions").glob("*.py"):
        if int(script.name[:4]) > 4:
            script.unlink()
    return target


def _own_item(path: Path, name: str, payload: dict[str, object]) -> None:
    """An own item as the previous Refkit stored it (its payload keys, no card fields)."""
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO custom_item (name, name_key, payload) VALUES (?, ?, ?)",
            (name, name.casefold(), json.dumps(payload)),
        )


def test_own_items_named_like_a_new_card_are_renamed_and_keep_everything(tmp_path: Path) -> None:
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path), script_location=migrations_up_to_0004(tmp_path)) as old:
        seed_old_sample(old)  # the sample party
        # ... as Refkit then shipped it: Brannoc with a Chain shirt AD 4 and Wooden shield AD 2.
        CharacterRepository(old).save(read_character_file(OLD_BRANNOC_FILE))
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [("0004",)]
    sword = {
        "name": "Sword",
        "slots": 2,
        "damage": "3 / 5",
        "attack": "S",
        "piercing": False,
        "tags": ["weapon", "heirloom"],
        "notes": "Grandfather's, notched",
    }
    _own_item(path, "Sword", sword)
    _own_item(path, "Shield", {"name": "Shield", "slots": 1, "ad": 2, "tags": ["shield"]})
    _own_item(path, "Shield (own)", {"name": "Shield (own)", "tags": ["banner"]})
    _own_item(path, "Bone charm", {"name": "Bone charm", "tags": ["trinket"], "notes": "Lucky"})
    with sqlite3.connect(path) as connection:
        (crow_before,) = connection.execute(
            "SELECT payload FROM character WHERE name = ?", (BRANNOC,)
        ).fetchone()

    with Database.open(str(path)) as db:
        assert db.migrated and db.backup_path is not None
        characters = CharacterService(CharacterRepository(db))
        own = {item.name: item for item in characters.list_custom_items()}
        assert sorted(own) == ["Bone charm", "Shield (own 2)", "Shield (own)", "Sword (own)"]
        mine = own["Sword (own)"]
        assert (mine.slots, mine.damage.tier2, mine.damage.tier3) == (2, 3, 5)
        assert mine.tags == ("weapon", "heirloom") and mine.notes == "Grandfather's, notched"
        assert own["Shield (own 2)"].ad == 2 and own["Shield (own)"].tags == ("banner",)
        assert own["Bone charm"].notes == "Lucky"
        # The shipped cards and the player's items are both found by their own names.
        catalogue = characters.catalogue()
        assert find_catalogue_item(catalogue, "Sword").slots == 1
        assert find_catalogue_item(catalogue, "Sword (own)").slots == 2
        assert find_catalogue_item(catalogue, "Shield").ad == 5
        # A crow's items are its own copies: the catalogue's new numbers do not touch them.
        brannoc = characters.get(BRANNOC)
        assert brannoc.items.find("chain-shirt-1").armor.max_ad == 4
        assert brannoc.items.find("wooden-shield-1").armor.max_ad == 2
    with sqlite3.connect(path) as connection:
        (crow_after,) = connection.execute(
            "SELECT payload FROM character WHERE name = ?", (BRANNOC,)
        ).fetchone()
    assert crow_after == crow_before
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [(current_head(),)]


def test_an_unreadable_own_item_is_renamed_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path), script_location=migrations_up_to_0004(tmp_path)):
        pass
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO custom_item (name, name_key, payload) VALUES ('Torch', 'torch', '{bad')"
        )
    with Database.open(str(path)):
        pass
    assert sqlite_rows(path, "SELECT name, name_key, payload FROM custom_item") == [
        ("Torch (own)", "torch (own)", "{bad")
    ]
