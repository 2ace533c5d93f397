"""Parties, whole crows and custom items as undoable commands: do, undo, redo, and refusing
(changing nothing) when another window changed the thing since."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.characters import crow_commands, item_commands, party_commands
from refkit.app.party_bridge import WoundPrompt, WoundPrompts
from refkit.app.undo import UndoConflictError
from refkit.compose import open_character_service
from refkit.rules.inventory.catalogue import CatalogueItem, find_catalogue_item, load_item_catalogue
from refkit.store.character_store import CharacterNotFoundError, NameTakenError
from tests.runner import run

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"
WREN = "Wren Ashdown"
SAMPLE = "The Sample Party"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(db_path)) as opened:
        yield opened


@pytest.fixture
def elsewhere(db_path: Path, service: CharacterService) -> Iterator[CharacterService]:
    """Another window (or the command line) on the same database file."""
    with open_character_service(str(db_path), seed_samples=False) as other:
        yield other


def parties(service: CharacterService) -> dict[str, tuple[str, ...]]:
    return {party.name: party.members for party in service.list_parties()}


# -- parties -------------------------------------------------------------------------------------


def test_a_new_party_undoes_and_redoes(service: CharacterService) -> None:
    command = party_commands.create_party(service, "Night watch", [WREN.upper()])
    assert command.text == "New party Night watch"
    command.do()
    assert parties(service)["Night watch"] == (WREN,)
    command.undo()
    assert "Night watch" not in parties(service)
    command.do()
    assert parties(service)["Night watch"] == (WREN,)


def test_a_party_name_in_use_makes_no_command(service: CharacterService) -> None:
    with pytest.raises(NameTakenError, match="already a party"):
        party_commands.create_party(service, SAMPLE.lower())
    with pytest.raises(ValueError, match="not blank"):
        party_commands.create_party(service, "   ")


def test_rename_add_remove_and_their_undo(service: CharacterService) -> None:
    service.create_party("Night watch", [WREN])
    rename = party_commands.rename_party(service, "Night watch", "Day watch")
    rename.do()
    assert parties(service)["Day watch"] == (WREN,)
    add = party_commands.add_member(service, "Day watch", BRANNOC, position=0)
    add.do()
    assert parties(service)["Day watch"] == (BRANNOC, WREN)
    remove = party_commands.remove_member(service, "Day watch", WREN.lower())
    assert remove.text == f"Take {WREN} out of Day watch"
    remove.do()
    assert parties(service)["Day watch"] == (BRANNOC,)
    for command in (remove, add, rename):
        command.undo()
    assert parties(service)["Night watch"] == (WREN,)
    for command in (rename, add, remove):
        command.do()
    assert parties(service)["Day watch"] == (BRANNOC,)


def test_adding_a_member_twice_or_removing_a_stranger_is_refused(service: CharacterService) -> None:
    with pytest.raises(ValueError, match="already in the party"):
        party_commands.add_member(service, SAMPLE, BRANNOC)
    service.create_party("Night watch")
    with pytest.raises(CharacterNotFoundError, match="not in the party"):
        party_commands.remove_member(service, "Night watch", BRANNOC)


def test_undo_of_a_party_delete_brings_its_members_back_in_order(service: CharacterService) -> None:
    before = parties(service)[SAMPLE]
    command = party_commands.delete_party(service, SAMPLE)
    command.do()
    assert SAMPLE not in parties(service)
    assert service.exists(BRANNOC)  # its crows stay
    command.undo()
    assert parties(service)[SAMPLE] == before
    command.do()
    assert SAMPLE not in parties(service)


def test_party_undo_refuses_after_a_change_elsewhere(
    service: CharacterService, elsewhere: CharacterService
) -> None:
    service.create_party("Spare")
    service.remove_member(SAMPLE, WREN)
    add = party_commands.add_member(service, SAMPLE, WREN)
    add.do()
    elsewhere.remove_member(SAMPLE, HESPER)  # another window
    with pytest.raises(UndoConflictError, match="changed since"):
        add.undo()
    assert parties(service)[SAMPLE] == (BRANNOC, WREN)  # nothing changed

    create = party_commands.create_party(service, "Night watch")
    create.do()
    create.undo()
    elsewhere.create_party("night watch", [HESPER])
    with pytest.raises(UndoConflictError, match="was made since"):
        create.do()
    assert parties(service)["night watch"] == (HESPER,)

    delete = party_commands.delete_party(service, "Spare")
    delete.do()
    delete.undo()
    elsewhere.delete_party("Spare")
    with pytest.raises(UndoConflictError, match="deleted since"):
        delete.do()


def test_undo_of_a_party_delete_refuses_when_a_member_is_gone(
    service: CharacterService, elsewhere: CharacterService
) -> None:
    delete = party_commands.delete_party(service, SAMPLE)
    delete.do()
    elsewhere.delete(HESPER)
    with pytest.raises(UndoConflictError, match="deleted since"):
        delete.undo()
    assert SAMPLE not in parties(service)  # not half made


# -- whole crows ---------------------------------------------------------------------------------


def test_a_new_crow_undoes_and_redoes(service: CharacterService) -> None:
    crow = replace(service.get(WREN), name="Ash Wren")
    command = crow_commands.create_crow(service, crow)
    command.do()
    assert service.get("Ash Wren") == crow
    command.undo()
    assert not service.exists("Ash Wren")
    command.do()
    assert service.exists("Ash Wren")


def test_undo_of_a_new_crow_refuses_once_it_was_edited_elsewhere(
    service: CharacterService, elsewhere: CharacterService
) -> None:
    command = crow_commands.create_crow(service, replace(service.get(WREN), name="Ash Wren"))
    command.do()
    elsewhere.save(replace(elsewhere.get("Ash Wren"), notes="Written in another window"))
    with pytest.raises(UndoConflictError, match="changed since"):
        command.undo()
    assert service.get("Ash Wren").notes == "Written in another window"


def test_undo_of_a_delete_restores_the_crow_its_party_places_and_its_prompt(
    service: CharacterService,
) -> None:
    service.create_party("Night watch", [HESPER, WREN, BRANNOC])
    prompts = WoundPrompts(service.repository)
    prompts.add(HESPER, to_place=2, to_heal=1)
    crow = service.get(HESPER)
    command = crow_commands.delete_crow(service, HESPER)
    command.do()
    assert not service.exists(HESPER)
    assert parties(service) == {SAMPLE: (BRANNOC, WREN), "Night watch": (WREN, BRANNOC)}
    assert prompts.pending() == {}
    command.undo()
    assert service.get(HESPER) == crow
    assert parties(service) == {
        SAMPLE: (BRANNOC, HESPER, WREN),
        "Night watch": (HESPER, WREN, BRANNOC),
    }
    assert prompts.get(HESPER) == WoundPrompt(to_place=2, to_heal=1)
    command.do()
    assert not service.exists(HESPER)
    command.undo()
    assert parties(service)[SAMPLE] == (BRANNOC, HESPER, WREN)


def test_undo_of_a_delete_goes_back_into_parties_that_changed_meanwhile(
    service: CharacterService, elsewhere: CharacterService
) -> None:
    service.create_party("Night watch", [HESPER])
    command = crow_commands.delete_crow(service, HESPER)
    command.do()
    elsewhere.set_members(SAMPLE, [WREN])
    elsewhere.delete_party("Night watch")
    command.undo()
    assert parties(service) == {SAMPLE: (WREN, HESPER)}


def test_delete_undo_and_redo_refuse_after_changes_elsewhere(
    service: CharacterService, elsewhere: CharacterService
) -> None:
    command = crow_commands.delete_crow(service, HESPER)
    command.do()
    elsewhere.create(replace(service.get(WREN), name="hesper QUILL"))
    with pytest.raises(UndoConflictError, match="was made since"):
        command.undo()
    elsewhere.delete("hesper QUILL")
    command.undo()
    elsewhere.save(replace(elsewhere.get(HESPER), notes="Edited in another window"))
    with pytest.raises(UndoConflictError, match="changed since"):
        command.do()
    assert service.get(HESPER).notes == "Edited in another window"


def test_an_undo_of_a_delete_that_fails_midway_changes_nothing(
    service: CharacterService, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = run(service.repository.database, crow_commands.delete_crow(service, HESPER))
    command.do()

    def fail(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(service, "set_members", fail)  # after the crow is back, before its place
    with pytest.raises(OSError, match="disk full"):
        command.undo()
    assert not service.exists(HESPER)  # one unit of work: the crow is not back without its place
    monkeypatch.undo()
    command.undo()
    assert parties(service)[SAMPLE] == (BRANNOC, HESPER, WREN)


# -- custom items --------------------------------------------------------------------------------


def lantern() -> CatalogueItem:
    return replace(
        find_catalogue_item(load_item_catalogue(), "Lantern"), name="Hooded lantern", notes="Mine"
    )


def test_custom_items_add_edit_remove_undo_and_redo(service: CharacterService) -> None:
    add = item_commands.add_custom_item(service, lantern())
    add.do()
    assert service.list_custom_items() == [lantern()]
    edit = item_commands.edit_custom_item(
        service, "hooded LANTERN", CatalogueItem(name="Hooded lamp")
    )
    edit.do()
    assert [item.name for item in service.list_custom_items()] == ["Hooded lamp"]
    remove = item_commands.remove_custom_item(service, "Hooded lamp")
    remove.do()
    assert service.list_custom_items() == []
    remove.undo()
    edit.undo()
    assert service.list_custom_items() == [lantern()]
    add.undo()
    assert service.list_custom_items() == []
    for command in (add, edit, remove):
        command.do()
    assert service.list_custom_items() == []


def test_a_catalogue_name_is_refused_on_the_first_do(service: CharacterService) -> None:
    command = item_commands.add_custom_item(service, replace(lantern(), name="Lantern"))
    with pytest.raises(NameTakenError, match="catalogue"):
        command.do()
    assert service.list_custom_items() == []


def test_custom_item_undo_refuses_after_a_change_elsewhere(
    service: CharacterService, elsewhere: CharacterService
) -> None:
    add = item_commands.add_custom_item(service, lantern())
    add.do()
    elsewhere.edit_custom_item("Hooded lantern", replace(lantern(), notes="Theirs"))
    with pytest.raises(UndoConflictError, match="changed since"):
        add.undo()
    assert service.get_custom_item("Hooded lantern").notes == "Theirs"
    remove = item_commands.remove_custom_item(service, "Hooded lantern")
    remove.do()
    elsewhere.add_custom_item(replace(lantern(), notes="Again"))
    with pytest.raises(UndoConflictError, match="was made since"):
        remove.undo()
    assert service.get_custom_item("Hooded lantern").notes == "Again"


def test_a_party_edit_worked_out_before_a_change_elsewhere_is_refused_not_written_over(
    service: CharacterService, elsewhere: CharacterService
) -> None:
    """Issue 22: adding a member computed from the party as read must not drop a member another
    window added in between (the step's runner then works it out again on the fresh party)."""
    from refkit.app.characters.record_edit import RecordChangedError
    from refkit.errors import ConflictError

    service.create_party("Night watch", [WREN])
    add = party_commands.add_member(service, "Night watch", BRANNOC)
    elsewhere.add_member("Night watch", HESPER)
    with pytest.raises(RecordChangedError, match="Night watch") as refused:
        add.do()
    assert isinstance(refused.value, ConflictError)
    assert parties(service)["Night watch"] == (WREN, HESPER)
    party_commands.add_member(service, "Night watch", BRANNOC).do()  # made again: both kept
    assert parties(service)["Night watch"] == (WREN, HESPER, BRANNOC)
