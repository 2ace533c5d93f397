"""The sample party's new gear goes only into a fresh database: a user's database that already holds
the old sample crows (or any crows) keeps them as they are, gear and party included."""

from __future__ import annotations

from pathlib import Path

from refkit.app.sample_content import SAMPLE_PARTY_NAME, SEEDED_FLAG, sample_characters
from refkit.compose import open_character_service
from refkit.rules.character.file_format import dump_character_json
from refkit.store import CharacterRepository, Database
from refkit.store.character_store import Party
from tests.old_sample import old_sample_crows

OLD_NAMES = ("Brannoc Tull", "Hesper Quill", "Wren Ashdown")


def _database_from_an_earlier_refkit(path: Path, *, flag: bool) -> None:
    """The old sample crows and their party, as an earlier Refkit seeded them (``flag``), or as
    a user's own crows stored before the seeded flag existed."""
    crows = old_sample_crows()
    with Database.open(str(path)) as database:
        repo = CharacterRepository(database)
        repo.save_all(crows, replace_existing=False, parties=[Party(SAMPLE_PARTY_NAME, OLD_NAMES)])
        if flag:
            repo.set_meta(SEEDED_FLAG, "1")


def test_old_sample_crows_keep_their_own_gear_when_the_new_kits_ship(tmp_path: Path) -> None:
    path = tmp_path / "refkit.sqlite3"
    _database_from_an_earlier_refkit(path, flag=True)
    with open_character_service(str(path)) as service:
        assert service.names() == list(OLD_NAMES)
        for old in old_sample_crows():
            assert dump_character_json(service.get(old.name)) == dump_character_json(old)
        brannoc = service.get("Brannoc Tull")
        assert {"Hand axe", "Wooden shield", "Chain shirt"} <= {i.name for i in brannoc.items}
        assert brannoc.items.find("chain-shirt-1").armor.max_ad == 4  # not the card's 10
        assert service.get_party(SAMPLE_PARTY_NAME).members == OLD_NAMES


def test_a_database_from_before_the_seeded_flag_keeps_its_crows_and_is_not_seeded(
    tmp_path: Path,
) -> None:
    path = tmp_path / "refkit.sqlite3"
    _database_from_an_earlier_refkit(path, flag=False)
    with open_character_service(str(path)) as service:
        hesper = service.get("Hesper Quill")
        assert "Lantern oil" in {item.name for item in hesper.items}
        assert "Oil flask" not in {item.name for item in hesper.items}
        assert len(service.names()) == 3
        assert service.repository.get_meta(SEEDED_FLAG) == "1"


def test_a_sample_crow_the_user_deleted_does_not_come_back_with_new_gear(tmp_path: Path) -> None:
    path = tmp_path / "refkit.sqlite3"
    _database_from_an_earlier_refkit(path, flag=True)
    with open_character_service(str(path)) as service:
        service.delete("Wren Ashdown")
    with open_character_service(str(path)) as service:
        assert service.names() == ["Brannoc Tull", "Hesper Quill"]
        assert "Hand axe" in {item.name for item in service.get("Brannoc Tull").items}


def test_a_fresh_database_gets_the_new_kits(tmp_path: Path) -> None:
    with open_character_service(str(tmp_path / "fresh.sqlite3")) as service:
        assert service.names() == list(OLD_NAMES)
        for crow in sample_characters():
            assert service.get(crow.name) == crow
        hesper = service.get("Hesper Quill").items
        assert hesper.find("lantern-1").usage_dice.refuel_with == "Oil flask"
        assert hesper.find("oil-flask-1").count == 2
        assert "Axe" in {item.name for item in service.get("Brannoc Tull").items}
