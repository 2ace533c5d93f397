"""The character repository: round trips, unique names, parties and their cascades, custom items."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refkit.locate import resource_path
from refkit.rules.character.file_format import load_character_json
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.common.name_text import name_problem
from refkit.rules.inventory.catalogue import CatalogueItem, find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import BACKPACK, Inventory, Item
from refkit.store import (
    CharacterNotFoundError,
    CharacterRepository,
    CharacterStoreError,
    Database,
    NameTakenError,
    Party,
)
from tests.store.store_helpers import run_sql, sqlite_rows

MARKUP_NAMES = (
    "<b>Bold</b> Crow",
    "Tom & Jerry",
    'O\'Neil "the Quote"',
    "Crow 🐦‍⬛ of the Mire",
    "Zoë <script>alert(1)</script>",
    "  padded  ",
)


def sample(name: str) -> Character:
    path = resource_path("sample_party", f"{name}.crow.json")
    return load_character_json(path.read_text(encoding="utf-8"), path.name)


def crow(name: str, **changes: object) -> Character:
    base = Character(
        name=name,
        characteristics=Characteristics(agility=1, mind=0, strength=2),
        stamina=Stamina(max=7, current=7),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


@pytest.fixture
def db(tmp_path: Path, clock: Callable[[], datetime]) -> Iterator[Database]:
    with Database.open(str(tmp_path / "crows.sqlite3"), clock=clock) as database:
        yield database


@pytest.fixture
def repo(db: Database, clock: Callable[[], datetime]) -> CharacterRepository:
    return CharacterRepository(db, clock=clock)


# -- characters ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["brannoc-tull", "hesper-quill", "wren-ashdown"])
def test_a_saved_crow_comes_back_equal(repo: CharacterRepository, name: str) -> None:
    character = sample(name)
    assert repo.save(character) == 1
    assert repo.get(character.name) == character
    assert repo.names() == [character.name]


def test_the_payload_is_the_character_file_document(
    repo: CharacterRepository, db: Database
) -> None:
    repo.save(sample("wren-ashdown"))
    assert db.path is not None
    [(payload,)] = sqlite_rows(db.path, "SELECT payload FROM character")
    assert load_character_json(str(payload)) == sample("wren-ashdown")


def test_saving_again_replaces_and_counts_revisions(repo: CharacterRepository) -> None:
    first = crow("Mara Vell")
    repo.save(first)
    created = repo.list_summaries()[0]
    hurt = replace(first, stamina=Stamina(max=7, current=2), wounds=(3,))
    assert repo.save(hurt) == 2
    summary = repo.list_summaries()[0]
    assert repo.get("Mara Vell") == hurt
    assert repo.count() == 1
    assert (summary.revision, summary.stamina, summary.wounds) == (2, 2, 1)
    assert summary.created_at == created.created_at
    assert summary.updated_at > created.updated_at


def test_names_are_unique_ignoring_case(repo: CharacterRepository) -> None:
    repo.create(crow("Mara Vell"))
    with pytest.raises(NameTakenError, match="Mara Vell"):
        repo.create(crow("MARA VELL"))
    repo.save(crow("mara vell", cruelty=2))
    assert repo.names() == ["mara vell"]
    assert repo.get("MaRa VeLl").cruelty == 2
    assert repo.exists("MARA vell")


def test_get_of_an_unknown_name_says_which(repo: CharacterRepository) -> None:
    with pytest.raises(CharacterNotFoundError, match="'Nobody'"):
        repo.get("Nobody")


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_names_with_markup_and_emoji_round_trip(repo: CharacterRepository, name: str) -> None:
    repo.save(crow(name, player="<i>Ann</i> & Bo"))
    [summary] = repo.list_summaries()
    assert summary.name == name
    assert summary.player == "<i>Ann</i> & Bo"
    assert repo.get(name).name == name
    party = repo.create_party(f"{name} & friends", [name])
    assert party == Party(name=f"{name} & friends", members=(name,))
    assert repo.list_parties() == [party]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    # Any name a crow may have: control and invisible formatting characters are refused
    # (refkit.rules.common.name_text), everything else is kept exactly.
    name=st.text(min_size=1, max_size=30).filter(
        lambda text: text.strip() and name_problem(text) is None
    )
)
def test_any_name_round_trips(repo: CharacterRepository, name: str) -> None:
    repo.save(crow(name))
    assert repo.get(name).name == name
    assert name in repo.names()


def test_list_summaries_derive_speed_and_death(repo: CharacterRepository) -> None:
    pack = Inventory(tuple(Item(f"Stone {n}", area=BACKPACK, at=n) for n in (1, 2)))
    repo.save(crow("Slow", items=pack, wounds=(1, 2, 9)))
    repo.save(crow("Gone", wounds=tuple(range(1, 11))))
    by_name = {s.name: s for s in repo.list_summaries()}
    assert [s.name for s in repo.list_summaries()] == ["Gone", "Slow"]
    assert (by_name["Slow"].speed, by_name["Slow"].dead, by_name["Slow"].wounds) == (3, False, 3)
    assert by_name["Gone"].dead


def test_rename_changes_the_stored_file_too(repo: CharacterRepository) -> None:
    repo.save(crow("Mara Vell"))
    repo.save(crow("Other"))
    renamed = repo.rename("mara vell", "<b>Mara</b>")
    assert renamed.name == "<b>Mara</b>"
    assert repo.get("<b>Mara</b>") == renamed
    with pytest.raises(CharacterNotFoundError):
        repo.get("Mara Vell")
    with pytest.raises(NameTakenError, match="Other"):
        repo.rename("<b>Mara</b>", "OTHER")
    with pytest.raises(CharacterStoreError, match="blank"):
        repo.rename("<b>Mara</b>", "   ")


def test_save_with_stored_name_renames_in_place(repo: CharacterRepository) -> None:
    repo.save(crow("Mara Vell"))
    repo.create_party("Band", ["Mara Vell"])
    repo.save(crow("Mara the Bold", cruelty=1), stored_name="Mara Vell")
    assert repo.names() == ["Mara the Bold"]
    assert repo.get_party("Band").members == ("Mara the Bold",)
    repo.save(crow("Other"))
    with pytest.raises(NameTakenError):
        repo.save(crow("other"), stored_name="Mara the Bold")
    assert repo.names() == ["Mara the Bold", "Other"]


def test_delete_removes_the_crow_and_its_memberships(repo: CharacterRepository) -> None:
    for name in ("A", "B", "C"):
        repo.save(crow(name))
    repo.create_party("Band", ["A", "B", "C"])
    repo.create_party("Pair", ["B", "C"])
    repo.delete("b")
    assert repo.names() == ["A", "C"]
    assert repo.get_party("Band").members == ("A", "C")
    assert repo.get_party("Pair").members == ("C",)
    with pytest.raises(CharacterNotFoundError):
        repo.delete("B")


def test_deleting_a_party_keeps_its_crows(repo: CharacterRepository, db: Database) -> None:
    repo.save(crow("A"))
    repo.create_party("Band", ["A"])
    repo.delete_party("band")
    assert repo.list_parties() == []
    assert repo.names() == ["A"]
    with db.session() as session:
        assert run_sql(session, "SELECT COUNT(*) FROM party_member") == [(0,)]


def test_save_all_is_all_or_nothing(repo: CharacterRepository) -> None:
    repo.save(crow("Stored"))
    with pytest.raises(NameTakenError, match="Stored"):
        repo.save_all([crow("New one"), crow("stored")], replace_existing=False)
    assert repo.names() == ["Stored"]
    with pytest.raises(NameTakenError, match="twice"):
        repo.save_all([crow("X"), crow("x")], replace_existing=True)
    assert repo.names() == ["Stored"]
    repo.save_all(
        [crow("New one"), crow("stored", cruelty=3)],
        replace_existing=True,
        parties=[Party("Band", ("New one", "stored"))],
    )
    assert repo.names() == ["New one", "stored"]
    assert repo.get("Stored").cruelty == 3
    assert repo.get_party("band").members == ("New one", "stored")


def test_save_all_refuses_a_party_naming_an_unknown_crow(repo: CharacterRepository) -> None:
    with pytest.raises(CharacterNotFoundError, match="Ghost"):
        repo.save_all([crow("A")], replace_existing=False, parties=[Party("P", ("A", "Ghost"))])
    assert repo.count() == 0
    assert repo.list_parties() == []


def test_a_damaged_stored_copy_is_named(repo: CharacterRepository, db: Database) -> None:
    repo.save(crow("Mara Vell"))
    with db.session() as session:
        run_sql(session, "UPDATE character SET payload = '{\"format\": 1}'")
    with pytest.raises(CharacterStoreError, match="stored copy of 'Mara Vell'"):
        repo.get("Mara Vell")


# -- parties ------------------------------------------------------------------------------------


def test_party_members_keep_their_order(repo: CharacterRepository) -> None:
    for name in ("A", "B", "C", "D"):
        repo.save(crow(name))
    repo.create_party("Band", ["C", "A"])
    assert repo.add_member("Band", "b", position=1).members == ("C", "B", "A")
    assert repo.add_member("Band", "D").members == ("C", "B", "A", "D")
    assert repo.add_member("Band", "A").members == ("C", "B", "A", "D")
    assert repo.remove_member("Band", "c").members == ("B", "A", "D")
    assert repo.set_members("Band", ["D", "A"]).members == ("D", "A")
    assert repo.parties_of("a") == ["Band"]
    with pytest.raises(CharacterNotFoundError, match="not in the party"):
        repo.remove_member("Band", "C")
    with pytest.raises(CharacterNotFoundError, match="'Nobody'"):
        repo.add_member("Band", "Nobody")
    with pytest.raises(CharacterStoreError, match="twice"):
        repo.set_members("Band", ["A", "a"])
    assert repo.get_party("Band").members == ("D", "A")


def test_party_names_are_unique_ignoring_case(repo: CharacterRepository) -> None:
    repo.create_party("The Band")
    repo.create_party("Others")
    with pytest.raises(NameTakenError):
        repo.create_party("the band")
    with pytest.raises(NameTakenError):
        repo.rename_party("Others", "THE BAND")
    assert repo.rename_party("the band", "The Crows").name == "The Crows"
    assert [p.name for p in repo.list_parties()] == ["Others", "The Crows"]
    with pytest.raises(CharacterNotFoundError, match="no party"):
        repo.get_party("The Band")


# -- custom items and flags ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Lantern", "Healing potion", "Shield", "Shortbow", "Light armor", "Sword"]
)
def test_custom_items_round_trip(repo: CharacterRepository, name: str) -> None:
    original = find_catalogue_item(load_item_catalogue(), name)
    copy = replace(original, name=f"My {original.name} <3", notes="Mine & nobody's")
    repo.add_custom_item(copy)
    assert repo.list_custom_items() == [copy]
    assert repo.get_custom_item(copy.name.upper()) == copy


def test_custom_items_edit_delete_and_unique_names(repo: CharacterRepository) -> None:
    repo.add_custom_item(CatalogueItem(name="Bone charm", tags=("trinket",)))
    repo.add_custom_item(CatalogueItem(name="Grappling hook", slots=2))
    with pytest.raises(NameTakenError):
        repo.add_custom_item(CatalogueItem(name="BONE CHARM"))
    with pytest.raises(NameTakenError):
        repo.edit_custom_item("Grappling hook", CatalogueItem(name="bone charm"))
    repo.edit_custom_item("bone charm", CatalogueItem(name="Bone amulet", notes="Polished"))
    assert [item.name for item in repo.list_custom_items()] == ["Bone amulet", "Grappling hook"]
    assert repo.get_custom_item("Bone amulet").notes == "Polished"
    repo.delete_custom_item("grappling HOOK")
    with pytest.raises(CharacterNotFoundError, match="custom item"):
        repo.get_custom_item("Grappling hook")


def test_meta_flags(repo: CharacterRepository) -> None:
    assert repo.get_meta("sample_content_seeded") is None
    assert repo.get_meta("missing", "fallback") == "fallback"
    repo.set_meta("sample_content_seeded", "1")
    repo.set_meta("sample_content_seeded", "2")
    assert repo.get_meta("sample_content_seeded") == "2"


def test_data_survives_reopening_the_file(tmp_path: Path) -> None:
    path = tmp_path / "kept.sqlite3"
    with Database.open(str(path)) as db:
        repo = CharacterRepository(db)
        repo.save(sample("brannoc-tull"))
        repo.create_party("Band", ["Brannoc Tull"])
    with Database.open(str(path)) as db:
        repo = CharacterRepository(db)
        assert repo.get("Brannoc Tull") == sample("brannoc-tull")
        assert repo.get_party("Band").members == ("Brannoc Tull",)
