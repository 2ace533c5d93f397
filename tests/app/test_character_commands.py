"""Undoable character edits: do, undo and redo restore exact states and save them at once."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from refkit.app import character_commands as cmd
from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.undo import Command
from refkit.compose import open_character_service
from refkit.rules.character.file_format import dump_character_json
from refkit.rules.character.model import Expertise, WoundPlacementError
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import BACKPACK, BELT, HAND
from refkit.rules.inventory.moves import MoveRefused
from refkit.store import CharacterRepository, Database

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"
WREN = "Wren Ashdown"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(db_path)) as opened:
        yield opened


def stored_elsewhere(db_path: Path, name: str) -> str:
    """The crow as a second connection (another process, after a crash) would read it."""
    with Database.open(str(db_path)) as db:
        return dump_character_json(CharacterRepository(db).get(name))


def assert_round_trip(service: CharacterService, db_path: Path, command: CharacterEdit) -> None:
    """do → after is stored; undo → exactly before; redo → after again; each saved at once."""
    assert isinstance(command, Command)
    name_before, name_after = command.before.name, command.after.name
    before, after = dump_character_json(command.before), dump_character_json(command.after)
    assert service.get(name_before) == command.before  # building the command changed nothing
    command.do()
    assert service.get(name_after) == command.after
    assert stored_elsewhere(db_path, name_after) == after
    command.undo()
    assert service.get(name_before) == command.before
    assert stored_elsewhere(db_path, name_before) == before
    command.do()
    assert stored_elsewhere(db_path, name_after) == after


Factory = Callable[[CharacterService], CharacterEdit]


def heal_after_a_hit(service: CharacterService) -> CharacterEdit:
    cmd.apply_damage(service, BRANNOC, 19)[0].do()  # 15 AD soak, 4 Stamina lost
    return cmd.heal_stamina(service, BRANNOC, 3)


def merge_a_split_stack_back(service: CharacterService) -> CharacterEdit:
    split, piece = cmd.split_stack(service, WREN, "healing-potion-1", 1, BACKPACK, 10)
    split.do()
    return cmd.move_item(service, WREN, piece, BACKPACK, 7)


EDITS: dict[str, Factory] = {
    "damage through worn armour then the shield": lambda s: cmd.apply_damage(
        s, BRANNOC, 26, armour_order=["shield-1", "medium-armor-1"], wound_slots=[4, 9]
    )[0],
    "piercing damage": lambda s: cmd.apply_damage(s, WREN, 9, piercing=True, wound_slots=[10])[0],
    "place wounds": lambda s: cmd.place_wounds(s, HESPER, [1, 10]),
    "heal stamina": heal_after_a_hit,
    "move item": lambda s: cmd.move_item(s, HESPER, "journal-1", BACKPACK, 10),
    "merge stacks": merge_a_split_stack_back,
    "split stack": lambda s: cmd.split_stack(s, HESPER, "candle-1", 2, BACKPACK, 9)[0],
    "split in place": lambda s: cmd.split_stack(s, HESPER, "candle-1", 1)[0],
    "drop to ground": lambda s: cmd.drop_to_ground(s, WREN, "net-1"),
    "take off armour": lambda s: cmd.take_off_armour(s, WREN),
    "add from catalogue": lambda s: cmd.add_catalogue_item(
        s, HESPER, find_catalogue_item(load_item_catalogue(), "Healing potion"), count=2
    )[0],
    "add to a chosen slot": lambda s: cmd.add_catalogue_item(
        s, HESPER, find_catalogue_item(load_item_catalogue(), "Lantern"), BACKPACK, 9
    )[0],
    "remove item": lambda s: cmd.remove_item(s, HESPER, "chalk-1"),
    "refuel": lambda s: cmd.refuel(s, HESPER, "lantern-1", "oil-flask-1"),
    "characteristics": lambda s: cmd.edit_characteristics(s, WREN, mind=4, strength=-5),
    "expertises": lambda s: cmd.edit_expertises(
        s, WREN, [Expertise("Stealth", "general", 3, 1), Expertise("Bow", "weapon", 2)]
    ),
    "spend expertise": lambda s: cmd.spend_expertise(s, WREN, "Stealth"),
    "conditions": lambda s: cmd.set_conditions(s, WREN, ["prone", "vulnerable"]),
    "gain a condition": lambda s: cmd.add_condition(s, WREN, "blessed"),
    "notes": lambda s: cmd.edit_notes(s, WREN, "<b>Owes</b> Hesper 3 coins & a favour 🐦"),
    "details": lambda s: cmd.edit_details(s, BRANNOC, player="Sam", cruelty=2, stamina_max=6),
}


@pytest.mark.parametrize("factory", EDITS.values(), ids=EDITS.keys())
def test_each_edit_undoes_and_redoes_exactly(
    service: CharacterService, db_path: Path, factory: Factory
) -> None:
    command = factory(service)
    assert command.changes_anything
    assert command.text
    assert_round_trip(service, db_path, command)


def test_damage_reports_the_wounds_still_to_place(service: CharacterService, db_path) -> None:
    before = service.get(BRANNOC)
    command, outcome = cmd.apply_damage(service, BRANNOC, 29, wound_slots=[1])
    expected = before.take_damage(29, wound_slots=[1])
    assert outcome == expected
    assert command.after == expected.character
    assert outcome.wounds_to_place == outcome.wounds_taken - 1 > 0
    command.do()
    place = cmd.place_wounds(service, BRANNOC, [2, 3][: outcome.wounds_to_place])
    assert_round_trip(service, db_path, place)


def test_heal_a_chosen_wound(service: CharacterService, db_path: Path) -> None:
    # A rest's healing goes through the one rest procedure (tests/app/test_rest_procedure.py).
    cmd.apply_damage(service, WREN, 14, wound_slots=[3, 6])[0].do()
    heal = cmd.heal_wound(service, WREN, 6)
    assert 6 not in heal.after.wound_slots and 3 in heal.after.wound_slots
    assert_round_trip(service, db_path, heal)


def test_pick_up_from_the_ground(service: CharacterService, db_path: Path) -> None:
    cmd.drop_to_ground(service, WREN, "torch-1").do()
    command = cmd.pick_up(service, WREN, "torch-1", BELT)
    assert command.after.items.find("torch-1").area == BELT
    assert_round_trip(service, db_path, command)


def test_wear_a_suit_from_the_backpack(service: CharacterService, db_path: Path) -> None:
    chain = find_catalogue_item(load_item_catalogue(), "Light armor")  # two slots
    with pytest.raises(MoveRefused):
        cmd.add_catalogue_item(service, WREN, chain, BACKPACK, 10)
    cmd.drop_to_ground(service, WREN, "caltrops-1").do()
    add, new_id = cmd.add_catalogue_item(service, WREN, chain, BACKPACK, 9)
    add.do()
    wear = cmd.wear_armour(service, WREN, new_id)
    assert wear.after.items.worn_armor().id == new_id
    assert not wear.after.items.find("light-armor-1").worn
    assert_round_trip(service, db_path, wear)


def test_refused_actions_make_no_command_and_change_nothing(service: CharacterService) -> None:
    before = dump_character_json(service.get(WREN))
    refusals: list[tuple[type[Exception], Callable[[], object]]] = [
        (MoveRefused, lambda: cmd.move_item(service, WREN, "rope-1", HAND, 1)),
        (MoveRefused, lambda: cmd.move_item(service, WREN, "no-such-item", BELT, 1)),
        (MoveRefused, lambda: cmd.split_stack(service, WREN, "rope-1", 1)),
        (MoveRefused, lambda: cmd.pick_up(service, WREN, "rope-1")),
        (MoveRefused, lambda: cmd.wear_armour(service, WREN, "rope-1")),
        (WoundPlacementError, lambda: cmd.heal_wound(service, WREN, 4)),
        (WoundPlacementError, lambda: cmd.place_wounds(service, WREN, [4, 4])),
        (ValueError, lambda: cmd.set_conditions(service, WREN, ["sleepy"])),
        (ValueError, lambda: cmd.heal_stamina(service, WREN, -1)),
    ]
    for error, action in refusals:
        with pytest.raises(error):
            action()
        assert dump_character_json(service.get(WREN)) == before


def test_draw_from_pack_keeps_its_roll(service: CharacterService, db_path: Path) -> None:
    failed, result = cmd.draw_from_pack(service, WREN, "poison-vial-1", roll=7)
    assert failed is None and not result.success and result.needed == 8
    rng = random.Random(5)
    command, result = cmd.draw_from_pack(service, WREN, "rope-1", rng=rng)
    assert result.roll == random.Random(5).randint(1, 10)
    assert result.success and command is not None
    state = rng.getstate()
    assert_round_trip(service, db_path, command)
    assert rng.getstate() == state  # undo and redo roll nothing
    assert "rolled" in command.text
    with pytest.raises(ValueError, match="d10"):
        cmd.draw_from_pack(service, WREN, "rope-1")


def test_a_rename_follows_the_crow_through_undo(service: CharacterService, db_path) -> None:
    command = cmd.edit_details(service, WREN, new_name="<i>Wren</i> the Quiet")
    assert_round_trip(service, db_path, command)
    party = service.get_party("The Sample Party")
    assert "<i>Wren</i> the Quiet" in party.members
    command.undo()
    assert WREN in service.get_party("The Sample Party").members
    assert not service.exists("<i>Wren</i> the Quiet")


def test_commands_stack_and_unwind_in_order(service: CharacterService) -> None:
    original = dump_character_json(service.get(HESPER))
    done: list[CharacterEdit] = []
    for factory in (
        lambda: cmd.apply_damage(service, HESPER, 4)[0],
        lambda: cmd.move_item(service, HESPER, "journal-1", BACKPACK, 10),
        lambda: cmd.add_condition(service, HESPER, "weakened"),
    ):
        command = factory()
        command.do()
        done.append(command)
    for command in reversed(done):
        command.undo()
    assert dump_character_json(service.get(HESPER)) == original


@pytest.mark.parametrize(
    ("order", "shield_ad", "chain_ad"),
    [(["shield-1", "medium-armor-1"], 0, 8), (["medium-armor-1"], 5, 3)],
)
def test_damage_comes_off_armour_in_the_chosen_order(
    service: CharacterService, order: list[str], shield_ad: int, chain_ad: int
) -> None:
    command, outcome = cmd.apply_damage(service, BRANNOC, 7, armour_order=order)
    command.do()
    items = service.get(BRANNOC).items
    assert items.find("shield-1").armor.ad == shield_ad
    assert items.find("medium-armor-1").armor.ad == chain_ad
    assert outcome.absorbed_by_armour == 7 and outcome.stamina_lost == 0
    command.undo()
    assert service.get(BRANNOC).items.find("medium-armor-1").armor.ad == 10
