"""Each crow's list line is kept beside its document, and the lists read it instead of decoding.

A damaged line must never show: the line is used only while it was made from the crow's row as
it is (name key, revision, ``updated_at``). The tests tell a read line from a decoded one by
changing the stored document behind the repository's back, keeping revision and time.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.store import CharacterRepository, Database
from refkit.store.character_store import encode_character
from refkit.store.crow_summaries import summary_key
from refkit.store.row_forms import SAMPLES_SEEDED_KEY
from refkit.store.sqlite.quick import open_quick
from tests.store.store_helpers import run_sql, sqlite_rows


def crow(name: str = "Mara Vell", current: int = 9) -> Character:
    return Character(
        name=name,
        player="Ann",
        characteristics=Characteristics(agility=1, mind=0, strength=2),
        stamina=Stamina(current=current, max=9),
    )


def _swap_document(path: Path, name: str, character: Character) -> None:
    """Store ``character`` as the document of ``name`` without touching revision or time."""
    with Database.open(str(path)) as db, db.session() as session:
        run_sql(
            session,
            "UPDATE character SET payload = :payload WHERE name = :name",
            payload=encode_character(character),
            name=name,
        )
        session.commit()


def _stamina_listed(path: Path) -> list[int]:
    with Database.open(str(path)) as db:  # a new database: nothing remembered in this process
        return [summary.stamina for summary in CharacterRepository(db).list_summaries()]


def test_a_save_keeps_the_crows_line_beside_it(tmp_path: Path) -> None:
    path = tmp_path / "crows.sqlite3"
    with Database.open(str(path)) as db:
        repo = CharacterRepository(db)
        repo.save(crow(current=4))
        row_id = sqlite_rows(path, "SELECT id FROM character")[0][0]
    query = f"SELECT payload FROM app_state WHERE key = 'crow_summary:{row_id}'"
    [(text,)] = sqlite_rows(path, query)
    line = json.loads(str(text))
    assert (line["stamina"], line["stamina_max"], line["wounds"], line["revision"]) == (4, 9, 0, 1)


def test_the_list_reads_the_kept_line_not_the_document(tmp_path: Path) -> None:
    path = tmp_path / "crows.sqlite3"
    with Database.open(str(path)) as db:
        CharacterRepository(db).save(crow(current=4))
    _swap_document(path, "Mara Vell", crow(current=7))
    assert _stamina_listed(path) == [4]
    with Database.open(str(path)) as db:
        summary = CharacterRepository(db).summary("mara vell")
    assert summary is not None and summary.stamina == 4


def test_a_line_not_made_from_the_crows_revision_is_not_used(tmp_path: Path) -> None:
    """A crow saved by an older Refkit (its revision moved on, its line did not) is decoded."""
    path = tmp_path / "crows.sqlite3"
    with Database.open(str(path)) as db:
        CharacterRepository(db).save(crow(current=4))
    _swap_document(path, "Mara Vell", crow(current=7))
    with Database.open(str(path)) as db, db.session() as session:
        run_sql(session, "UPDATE character SET revision = revision + 1")
        session.commit()
    assert _stamina_listed(path) == [7]


def test_an_unreadable_line_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "crows.sqlite3"
    with Database.open(str(path)) as db:
        CharacterRepository(db).save(crow(current=4))
    _swap_document(path, "Mara Vell", crow(current=7))
    with Database.open(str(path)) as db, db.session() as session:
        run_sql(session, "UPDATE app_state SET payload = '{\"key\": 1' WHERE key LIKE 'crow_%'")
        session.commit()
    assert _stamina_listed(path) == [7]


def test_every_save_rename_and_delete_keeps_the_lines_current(tmp_path: Path) -> None:
    path = tmp_path / "crows.sqlite3"
    with Database.open(str(path)) as db:
        repo = CharacterRepository(db)
        repo.save(crow(current=4))
        repo.save(replace(crow(), stamina=Stamina(current=2, max=9)))
        repo.rename("Mara Vell", "Mara Grey")
        repo.save(crow("Wren", current=5))
        gone = sqlite_rows(path, "SELECT id FROM character WHERE name = 'Wren'")[0][0]
        repo.delete("Wren")
    keys = sqlite_rows(path, "SELECT key FROM app_state WHERE key LIKE 'crow_summary:%'")
    assert (summary_key(int(str(gone))),) not in keys and len(keys) == 1
    _swap_document(path, "Mara Grey", crow("Mara Grey", current=8))
    with Database.open(str(path)) as db:
        [summary] = CharacterRepository(db).list_summaries()
    assert (summary.name, summary.stamina, summary.revision) == ("Mara Grey", 2, 3)


def test_the_quick_command_line_list_reads_the_kept_line(tmp_path: Path) -> None:
    path = tmp_path / "crows.sqlite3"
    with Database.open(str(path)) as db:
        repo = CharacterRepository(db)
        repo.save(crow(current=4))
        repo.set_meta(SAMPLES_SEEDED_KEY, "1")  # else the quick path leaves it to the store
    _swap_document(path, "Mara Vell", crow(current=7))
    quick = open_quick(str(path))
    assert quick is not None
    with quick:
        listed = quick.character_lines()
    assert listed is not None
    assert [line.stamina for line in listed[0] if line.name == "Mara Vell"] == [4]
