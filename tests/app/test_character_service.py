"""The character service: sample party, file import and export, backups, atomic writes."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.atomic_files import AtomicWriteError, write_text_atomic
from refkit.app.character_service import (
    PARTIES_FILE,
    BulkImportError,
    CharacterChange,
    CharacterService,
    InvalidCharacterError,
    file_stem_for,
    read_character_file,
)
from refkit.app.sample_content import (
    SAMPLE_PARTY_NAME,
    SEEDED_FLAG,
    sample_characters,
    seed_sample_content,
)
from refkit.compose import open_character_service
from refkit.locate import resource_path
from refkit.rules.character.file_format import CharacterFileError, dump_character_json
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.inventory.catalogue import CatalogueItem, find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import (
    BACKPACK,
    GROUND,
    HAND,
    MAGIC,
    Armor,
    Inventory,
    Item,
    StackInfo,
)
from refkit.store import CharacterRepository, Database, NameTakenError

SAMPLE_NAMES = ["Brannoc Tull", "Hesper Quill", "Wren Ashdown"]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(db_path)) as opened:
        yield opened


@pytest.fixture
def empty(db_path: Path) -> Iterator[CharacterService]:
    """A service on a database without the sample party."""
    with open_character_service(str(db_path), seed_samples=False) as opened:
        yield opened


def full_crow(name: str = "<b>Mara</b> & Vell 🐦") -> Character:
    """A crow using every optional key of the file format."""
    items = Inventory(
        (
            Item("Torch", area=HAND, at=1),
            Item(
                "Healing potion",
                area=BACKPACK,
                at=3,
                count=3,
                stack=StackInfo("potion", 5),
                notes="Tastes of <copper> & mint",
            ),
            Item("Leather armour", area=BACKPACK, at=1, slots=2, armor=Armor(2, 3, worn=True)),
            Item("Ring of embers", area=MAGIC, magic_slot="finger", tags=("magic",)),
        ),
        (Item("Broken lantern", area=GROUND),),
    )
    return Character(
        name=name,
        player='Ann "the GM" O\'Hara',
        characteristics=Characteristics(agility=1, mind=3, strength=-1),
        stamina=Stamina(max=7, current=4),
        cruelty=2,
        conditions=("weakened", "prone"),
        expertises=(Expertise("Stealth", "general", 2, 1),),
        items=items,
        wounds=(2, 7),
        notes="Line one\nLine two — with ünïcode",
        portrait="portraits/mara.png",
        advanced=True,
    )


def invalid_document() -> dict:
    data = json.loads(dump_character_json(full_crow("Broken Crow")))
    data["wounds"] = [2, 2, 11]
    data["items"].append({"name": "Anvil", "slots": 1, "area": "hand", "at": 1})
    return data


def db_state(service: CharacterService) -> tuple[object, ...]:
    return (
        service.list_characters(),
        service.list_parties(),
        [dump_character_json(service.get(name)) for name in service.names()],
    )


# -- sample content --------------------------------------------------------------------------


def test_a_fresh_database_gets_the_sample_party(service: CharacterService) -> None:
    assert service.names() == SAMPLE_NAMES
    assert service.get_party(SAMPLE_PARTY_NAME).members == tuple(SAMPLE_NAMES)
    for crow in sample_characters():
        assert service.get(crow.name) == crow
        assert service.check(crow).valid


def test_sample_content_is_seeded_once(db_path: Path) -> None:
    with open_character_service(str(db_path)) as service:
        for name in SAMPLE_NAMES:
            service.delete(name)
        service.delete_party(SAMPLE_PARTY_NAME)
    with open_character_service(str(db_path)) as service:
        assert service.names() == []
        assert service.list_parties() == []
        assert not seed_sample_content(service.repository)


def test_a_database_with_crows_is_not_seeded(db_path: Path) -> None:
    with Database.open(str(db_path)) as db:
        repo = CharacterRepository(db)
        repo.save(full_crow("Mine"))
        assert not seed_sample_content(repo)
        assert repo.names() == ["Mine"]
        assert repo.get_meta(SEEDED_FLAG) == "1"


# -- reading files ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (None, "no such file"),
        (b"\xff\xfe not utf-8", "not UTF-8"),
        (b"{not json", "not JSON"),
        (b'{"format": "something-else", "version": 1}', "format"),
        (b"[1, 2]", "one JSON object"),
    ],
)
def test_unreadable_files_raise_a_file_error(tmp_path: Path, content: bytes | None, needle: str):
    path = tmp_path / "x.crow.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(CharacterFileError, match=needle) as caught:
        read_character_file(path)
    assert str(path) in str(caught.value)


def test_a_folder_is_not_a_character_file(tmp_path: Path) -> None:
    with pytest.raises(CharacterFileError, match="is a folder"):
        read_character_file(tmp_path)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.crow.json"
    path.write_bytes(b"\xef\xbb\xbf" + dump_character_json(full_crow()).encode("utf-8"))
    assert read_character_file(path) == full_crow()


# -- import ----------------------------------------------------------------------------------


def test_import_stores_a_valid_file(empty: CharacterService, tmp_path: Path) -> None:
    path = tmp_path / "mara.crow.json"
    path.write_text(dump_character_json(full_crow()), encoding="utf-8")
    result = empty.import_file(path)
    assert not result.replaced and result.report.valid
    assert empty.get(full_crow().name) == full_crow()


def test_import_refuses_rule_errors_row_by_row_and_writes_nothing(
    service: CharacterService, tmp_path: Path
) -> None:
    path = tmp_path / "broken.crow.json"
    path.write_text(json.dumps(invalid_document()), encoding="utf-8")
    before = db_state(service)
    with pytest.raises(InvalidCharacterError) as caught:
        service.import_file(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: not imported")
    rows = message.splitlines()[1:]
    assert [row.split(":")[0].strip() for row in rows] == ["overlap", "wound_slot", "wound_slot"]
    assert caught.value.rows() == [row.strip() for row in rows]
    assert db_state(service) == before
    assert not service.exists("Broken Crow")


@pytest.mark.parametrize("content", [b"{", b"\xff", b"{}"])
def test_import_of_an_unreadable_file_writes_nothing(
    service: CharacterService, tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "bad.crow.json"
    path.write_bytes(content)
    before = db_state(service)
    with pytest.raises(CharacterFileError):
        service.import_file(path)
    assert db_state(service) == before


def test_import_of_a_stored_name_needs_replace(service: CharacterService, tmp_path: Path) -> None:
    crow = replace(sample_characters()[0], name="BRANNOC TULL", cruelty=4)
    path = tmp_path / "b.crow.json"
    path.write_text(dump_character_json(crow), encoding="utf-8")
    before = db_state(service)
    with pytest.raises(NameTakenError, match="already a character called 'BRANNOC TULL'"):
        service.import_file(path)
    assert db_state(service) == before
    result = service.import_file(path, replace=True)
    assert result.replaced
    assert service.get("Brannoc Tull") == crow
    assert len(service.names()) == 3


# -- export ----------------------------------------------------------------------------------


@pytest.mark.parametrize("crow", [full_crow(), *sample_characters()], ids=lambda c: c.name)
def test_export_then_import_is_lossless(tmp_path: Path, crow: Character) -> None:
    first, second = tmp_path / "one.crow.json", tmp_path / "two.crow.json"
    with open_character_service(str(tmp_path / "a.sqlite3"), seed_samples=False) as service:
        service.save(crow)
        service.export_file(crow.name, first)
    with open_character_service(str(tmp_path / "b.sqlite3"), seed_samples=False) as service:
        service.import_file(first)
        assert service.get(crow.name) == crow
        service.export_file(crow.name, second)
    assert second.read_bytes() == first.read_bytes()
    assert first.read_text(encoding="utf-8") == dump_character_json(crow)


def test_export_of_the_sample_crows_writes_the_shipped_files(
    service: CharacterService, tmp_path: Path
) -> None:
    for path in sorted(resource_path("sample_party").glob("*.crow.json")):
        crow = read_character_file(path)
        out = service.export_file(crow.name.upper(), tmp_path / path.name)
        assert out.read_bytes() == path.read_bytes()


def test_export_refuses_a_folder(service: CharacterService, tmp_path: Path) -> None:
    folder = tmp_path / "target"
    folder.mkdir()
    with pytest.raises(AtomicWriteError, match="is a folder"):
        service.export_file("Wren Ashdown", folder)
    assert list(folder.iterdir()) == []


def test_a_failed_export_leaves_the_old_file_intact(
    service: CharacterService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "wren.crow.json"
    target.write_text("the old contents\n", encoding="utf-8")

    def broken_replace(source: object, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(AtomicWriteError, match="No space left"):
        service.export_file("Wren Ashdown", target)
    assert target.read_text(encoding="utf-8") == "the old contents\n"
    assert [p.name for p in folder.iterdir()] == ["wren.crow.json"]


def test_write_text_atomic_replaces_whole_files(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    write_text_atomic(target, "first\n")
    write_text_atomic(target, "second — ünïcode\n")
    assert target.read_text(encoding="utf-8") == "second — ünïcode\n"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    with pytest.raises(AtomicWriteError, match="does not exist"):
        write_text_atomic(tmp_path / "missing" / "x.txt", "x")


def test_an_interrupted_write_removes_its_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "kept.txt"
    target.write_text("old", encoding="utf-8")

    def interrupted(source: object, destination: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_text_atomic(target, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]
    assert target.read_text(encoding="utf-8") == "old"


# -- backups ---------------------------------------------------------------------------------


def test_export_all_then_import_all_restores_crows_and_parties(
    service: CharacterService, tmp_path: Path
) -> None:
    service.save(full_crow())
    service.create_party("<i>Night</i> & Day", [full_crow().name, "Wren Ashdown"])
    backup = service.export_all(tmp_path / "backup")
    assert len(backup.files) == 4
    assert backup.parties_file.name == PARTIES_FILE
    with open_character_service(str(tmp_path / "restored.sqlite3"), seed_samples=False) as other:
        result = other.import_all(backup.folder)
        assert len(result.characters) == 4
        assert other.names() == service.names()
        for name in service.names():
            assert dump_character_json(other.get(name)) == dump_character_json(service.get(name))
        assert other.list_parties() == service.list_parties()


def test_import_all_is_all_or_nothing(service: CharacterService, tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "good.crow.json").write_text(dump_character_json(full_crow("Good")), "utf-8")
    (folder / "broken.crow.json").write_text(json.dumps(invalid_document()), "utf-8")
    (folder / "garbage.crow.json").write_bytes(b"\x00\xff")
    (folder / "twin.crow.json").write_text(dump_character_json(full_crow("GOOD")), "utf-8")
    before = db_state(service)
    with pytest.raises(BulkImportError) as caught:
        service.import_all(folder)
    problems = dict(caught.value.problems)
    assert set(problems) == {str(folder / f"{n}.crow.json") for n in ("broken", "garbage", "twin")}
    assert "overlap" in problems[str(folder / "broken.crow.json")]
    assert "not UTF-8" in problems[str(folder / "garbage.crow.json")]
    assert "good.crow.json" in problems[str(folder / "twin.crow.json")]
    assert "nothing imported" in str(caught.value)
    assert db_state(service) == before


def test_import_all_refuses_stored_names_unless_replacing(
    service: CharacterService, tmp_path: Path
) -> None:
    crows = [replace(c, cruelty=5) for c in sample_characters()]
    files = []
    for crow in crows:
        path = tmp_path / f"{file_stem_for(crow.name)}.crow.json"
        path.write_text(dump_character_json(crow), encoding="utf-8")
        files.append(path)
    before = db_state(service)
    with pytest.raises(BulkImportError, match="already a character called"):
        service.import_all(files)
    assert db_state(service) == before
    result = service.import_all(files, replace=True)
    assert sorted(result.replaced) == SAMPLE_NAMES
    assert all(service.get(c.name).cruelty == 5 for c in crows)


def test_a_backup_in_steps_says_how_far_it_is_and_writes_what_export_all_writes(
    service: CharacterService, tmp_path: Path
) -> None:
    service.save(full_crow())
    steps = service.export_all_steps(tmp_path / "stepped")
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as stop:
            stepped = stop.value
            break
    whole = service.export_all(tmp_path / "whole")
    assert progress == [(number, 4) for number in range(1, 5)]  # one step per crow
    assert [path.name for path in stepped.files] == [path.name for path in whole.files]
    for path in stepped.files:
        assert path.read_bytes() == (whole.folder / path.name).read_bytes()
    assert stepped.parties_file.read_bytes() == whole.parties_file.read_bytes()
    assert stepped.left_out == ()


def test_a_crow_deleted_while_a_backup_is_written_is_left_out_and_named(
    service: CharacterService, tmp_path: Path
) -> None:
    names = service.names()
    steps = service.export_all_steps(tmp_path / "backup")
    assert next(steps) == (1, 3)  # the first crow written; another is deleted meanwhile
    service.delete(names[2])
    with pytest.raises(StopIteration) as stop:
        while True:
            next(steps)
    result = stop.value.value
    assert result.left_out == (names[2],)
    assert len(result.files) == 2
    assert sorted(path.name for path in (tmp_path / "backup").iterdir()) == sorted(
        [path.name for path in result.files] + [PARTIES_FILE]
    )


def test_import_all_checks_the_parties_file(service: CharacterService, tmp_path: Path) -> None:
    folder = tmp_path / "backup"
    service.export_all(folder)
    parties = json.loads((folder / PARTIES_FILE).read_text("utf-8"))
    parties["parties"].append({"name": "Ghosts", "members": ["Nobody Here"]})
    (folder / PARTIES_FILE).write_text(json.dumps(parties), "utf-8")
    with open_character_service(str(tmp_path / "other.sqlite3"), seed_samples=False) as other:
        with pytest.raises(BulkImportError, match="unknown crow 'Nobody Here'"):
            other.import_all(folder)
        assert other.names() == []


def test_import_all_of_an_empty_folder_is_refused(service: CharacterService, tmp_path: Path):
    with pytest.raises(BulkImportError, match="holds no character files"):
        service.import_all(tmp_path)


def test_backup_file_names_are_safe_and_distinct(empty: CharacterService, tmp_path: Path) -> None:
    for name in ("<b>Bold</b>", "b Bold b", "a/b\\c:d*?", "🐦"):
        empty.save(full_crow(name))
    backup = empty.export_all(tmp_path / "out")
    names = sorted(path.name for path in backup.files)
    assert len(set(names)) == 4
    assert all(not set('<>:"/\\|?*') & set(name) for name in names)
    assert file_stem_for("🐦") == "character"
    assert file_stem_for("<b>Bold</b>") == "b-Bold-b"


# -- parties, items, listeners -----------------------------------------------------------------


def test_listeners_hear_each_change(empty: CharacterService) -> None:
    heard: list[CharacterChange] = []
    empty.add_listener(heard.append)
    empty.save(full_crow("A"))
    empty.rename("A", "B")
    empty.create_party("P", ["B"])
    empty.delete("B")
    assert [(c.kind, c.name, c.old_name) for c in heard] == [
        ("saved", "A", None),
        ("renamed", "B", "A"),
        ("parties", "P", None),
        ("deleted", "B", None),
    ]
    empty.remove_listener(heard.append)
    empty.save(full_crow("C"))
    assert len(heard) == 4


def test_custom_items_join_the_catalogue(empty: CharacterService) -> None:
    lantern = find_catalogue_item(load_item_catalogue(), "Lantern")
    with pytest.raises(NameTakenError, match="catalogue"):
        empty.add_custom_item(replace(lantern, notes="mine"))
    mine = replace(lantern, name="Hooded lantern", notes="Mine")
    empty.add_custom_item(mine)
    catalogue = empty.catalogue()
    assert catalogue[-1] == mine
    assert len(catalogue) == len(load_item_catalogue()) + 1
    empty.edit_custom_item("Hooded lantern", CatalogueItem(name="Hooded lamp"))
    assert [i.name for i in empty.list_custom_items()] == ["Hooded lamp"]
    empty.delete_custom_item("hooded lamp")
    assert empty.list_custom_items() == []
