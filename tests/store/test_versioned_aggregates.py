"""Every aggregate a referee edits is saved only at the version its writer read.

Each test is the interleaving a second program makes (two Database objects on one file): client
A reads the record, client B saves it (its own transaction, committed), then A writes. Before
migration 0011 A's write went through and B's change was gone without a word; now A is refused
with one ConflictError (StaleWriteError, or the fight's and projects' own) naming the record,
nothing of A's step is kept and B's change stays.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from refkit.errors import ConflictError, StaleWriteError
from refkit.rules.combat.bestiary_file import creature_from_entry
from refkit.rules.crafting.tracker import CraftingProject
from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.rules.inventory.model import Crafting
from refkit.rules.magic.spell import SpellBook
from refkit.rules.magic.spellbooks import find_spell, load_default_spells
from refkit.rules.tables.model import RollableTable, TableRow
from refkit.slot_record import replace
from refkit.store import CharacterRepository, Database
from refkit.store.combat_store import BestiaryRepository, FightChangedError, FightRepository
from refkit.store.crafting_store import CraftingProjectRepository, ProjectChangedError
from refkit.store.spell_store import SpellRepository
from refkit.store.table_store import TableStore

Clients = tuple[Database, Database]
Arm = Callable[[Callable[[], None]], None]

LIGHT = find_spell(load_default_spells(), "Light")
EMBER = replace(LIGHT, name="Ember Lance", book=SpellBook("Ember book", 2, 40))
HAG = creature_from_entry(
    {
        "name": "Bog hag",
        "size": "medium",
        "stamina": 14,
        "attack": [{"name": "Claws", "kind": "melee", "damage": "3 / 6", "piercing": True}],
    }
)
DARK = RollableTable("Dark halls", "1d6", (TableRow(1, 3, "Rats"), TableRow(4, 6, "Bats")))


def test_a_spell_edited_by_two_clients_keeps_the_first_save(two_clients: Clients, arm: Arm):
    first, second = (SpellRepository(db) for db in two_clients)
    first.add(EMBER)
    arm(lambda: second.replace("Ember Lance", replace(EMBER, description="B's words")))
    with pytest.raises(StaleWriteError, match="the spell \u201cEmber Lance\u201d was changed"):
        first.replace("Ember Lance", replace(EMBER, description="A's words"))
    assert first.spells()[0].description == "B's words"


def test_a_spell_editor_saving_over_a_version_it_did_not_read_is_refused(two_clients: Clients):
    first, second = (SpellRepository(db) for db in two_clients)
    first.add(EMBER)
    _spell, version = first.read("ember lance") or (None, 0)
    assert version == 1
    assert second.replace("Ember Lance", replace(EMBER, description="B's words")) == 2
    with pytest.raises(StaleWriteError):
        first.replace("Ember Lance", replace(EMBER, description="A's"), expected_version=1)
    with pytest.raises(StaleWriteError):
        first.delete("Ember Lance", expected_version=1)
    second.delete("Ember Lance", expected_version=2)
    with pytest.raises(StaleWriteError, match="was deleted since"):
        first.replace("Ember Lance", EMBER, expected_version=2)


def test_a_spell_deleted_while_another_client_edits_it_stays_edited(two_clients: Clients, arm: Arm):
    first, second = (SpellRepository(db) for db in two_clients)
    first.add(EMBER)
    arm(lambda: second.replace("Ember Lance", replace(EMBER, description="B's words")))
    with pytest.raises(StaleWriteError):
        first.delete("Ember Lance")
    assert [spell.description for spell in first.spells()] == ["B's words"]


def test_a_custom_item_edited_by_two_clients_keeps_the_first_save(two_clients: Clients, arm: Arm):
    first, second = (CharacterRepository(db) for db in two_clients)
    first.add_custom_item(CatalogueItem(name="Bone charm", notes="Lucky"))
    arm(lambda: second.edit_custom_item("Bone charm", CatalogueItem(name="Bone charm", notes="B")))
    with pytest.raises(StaleWriteError, match="the item \u201cBone charm\u201d"):
        first.edit_custom_item("Bone charm", CatalogueItem(name="Bone charm", notes="A"))
    assert first.read_custom_item("bone charm") == (CatalogueItem(name="Bone charm", notes="B"), 2)
    arm(lambda: second.edit_custom_item("Bone charm", CatalogueItem(name="Bone charm", notes="C")))
    with pytest.raises(StaleWriteError):
        first.delete_custom_item("Bone charm")
    with pytest.raises(StaleWriteError):
        first.edit_custom_item("Bone charm", CatalogueItem(name="Bone charm"), expected_version=2)
    assert first.get_custom_item("Bone charm").notes == "C"


def test_a_party_changed_by_two_clients_keeps_both_or_refuses(two_clients: Clients, arm: Arm):
    first, second = (CharacterRepository(db) for db in two_clients)
    crows = first.names()
    first.create_party("Night watch", crows[:1])
    arm(lambda: second.add_member("Night watch", crows[1]))
    with pytest.raises(StaleWriteError, match="the party \u201cNight watch\u201d"):
        first.add_member("Night watch", crows[2])
    assert first.get_party("Night watch").members == (crows[0], crows[1])
    arm(lambda: second.remove_member("Night watch", crows[0]))
    with pytest.raises(ConflictError):
        first.rename_party("Night watch", "Day watch")
    assert first.get_party("Night watch").members == (crows[1],)
    version = first.party_version("Night watch")
    second.rename_party("Night watch", "Dusk watch")
    with pytest.raises(StaleWriteError, match="deleted since"):
        first.rename_party("Night watch", "Day watch", expected_version=version)
    arm(lambda: second.set_members("Dusk watch", crows[:2]))
    with pytest.raises(StaleWriteError):
        first.delete_party("Dusk watch")
    assert first.get_party("dusk watch").members == tuple(crows[:2])


def test_a_creature_saved_by_two_clients_keeps_the_first_save(two_clients: Clients, arm: Arm):
    first, second = (BestiaryRepository(db) for db in two_clients)
    first.put_all([HAG])
    tougher = replace(HAG, stamina=20)
    arm(lambda: second.put_all([tougher], replace=True))
    with pytest.raises(StaleWriteError, match="the creature \u201cBog hag\u201d"):
        first.put_all([replace(HAG, stamina=9)], replace=True)
    assert first.creatures_read() == [(tougher, 2)]
    with pytest.raises(StaleWriteError):
        first.put_all([HAG], replace=True, expected_versions={"Bog hag": 1})
    arm(lambda: second.put_all([HAG], replace=True))
    with pytest.raises(StaleWriteError):
        first.delete("Bog hag")
    assert first.creatures_read() == [(HAG, 3)]


def test_a_table_saved_by_two_clients_keeps_the_first_save(two_clients: Clients, arm: Arm):
    first, second = (TableStore(db) for db in two_clients)
    first.add(DARK)
    theirs = replace(DARK, description="B's table")
    arm(lambda: second.save(theirs, previous_name="Dark halls"))
    with pytest.raises(StaleWriteError, match="the table \u201cDark halls\u201d"):
        first.save(replace(DARK, description="A's table"), previous_name="Dark halls")
    assert first.read("dark halls") == (theirs, 2)
    with pytest.raises(StaleWriteError):
        first.save(DARK, previous_name="Dark halls", expected_version=1)
    with pytest.raises(StaleWriteError):
        first.save(replace(DARK, name="Dark Halls"), expected_version=0)
    arm(lambda: second.save(DARK, previous_name="Dark halls"))
    with pytest.raises(StaleWriteError):
        first.delete("Dark halls")
    assert first.read("Dark halls") == (DARK, 3)


def test_the_fight_saved_by_two_clients_keeps_the_first_save(two_clients: Clients, arm: Arm):
    first, second = (FightRepository(db) for db in two_clients)
    assert first.save('{"round": 1}', None) == 1
    arm(lambda: second.save('{"round": 2, "by": "B"}', 1))
    with pytest.raises(FightChangedError):
        first.save('{"round": 2, "by": "A"}', 1)
    assert first.load() == ('{"round": 2, "by": "B"}', 2)


def test_a_crafting_project_saved_by_two_clients_keeps_the_first_save(
    two_clients: Clients, arm: Arm
):
    first, second = (CraftingProjectRepository(db) for db in two_clients)
    sword = CraftingProject(
        "Sword", "Sword", Crafting("blacksmithing", 1, "1 iron bar", 10), ("Brannoc",)
    )
    first.save(sword, None)
    theirs = replace(sword, crafters=("Brannoc", "Mara"))
    arm(lambda: second.save(theirs, 1))
    with pytest.raises(ProjectChangedError):
        first.save(replace(sword, crafters=("Ysolde",)), 1)
    assert first.get("Sword") == (theirs, 2)
    arm(lambda: second.save(sword, 2))
    with pytest.raises(ProjectChangedError):
        first.delete("Sword", 2)
    assert first.get("Sword") == (sword, 3)


def test_a_party_starts_at_version_1_and_each_change_of_name_or_members_adds_one(
    two_clients: Clients,
) -> None:
    first, _second = (CharacterRepository(db) for db in two_clients)
    crows = first.names()
    first.create_party("Night watch", crows[:2])
    assert first.party_version("Night watch") == 1
    first.add_member("Night watch", crows[2])
    first.rename_party("Night watch", "Day watch", expected_version=2)
    assert first.party_version("Day watch") == 3
