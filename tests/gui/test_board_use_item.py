"""The board's context menu for usage dice: "Use it" on an Activate item rolls its dice (L400) and
the pips drop on the sheet; "Refuel with …" spends a carried fuel item (L398) or says none is
carried; each is one undo step."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtGui import QAction, QUndoStack

from refkit.app import character_commands as cmd
from refkit.app.character_service import CharacterService
from refkit.gui.characters.session import CharacterSession
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.board_layout import Place
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import GROUND
from refkit.rules.usage_dice import roll_usage_dice
from tests.gui.crow_fixtures import shown_board

WREN = "Wren Ashdown"
SEED = 4


@pytest.fixture
def session(service: CharacterService, stack: QUndoStack) -> Iterator[CharacterSession]:
    opened = CharacterSession(service, stack, rng=random.Random(SEED))
    yield opened
    opened.shutdown()


@pytest.fixture
def board(qtbot, session: CharacterSession) -> InventoryBoard:
    return shown_board(qtbot, session)


def given(service: CharacterService, name: str) -> str:
    add, item_id = cmd.add_catalogue_item(
        service, WREN, find_catalogue_item(load_item_catalogue(), name)
    )
    add.do()
    return item_id


def use_action(board: InventoryBoard, session: CharacterSession, item_id: str) -> QAction | None:
    item = session.character().items.find(item_id)
    menu = board.build_menu(item, Place(GROUND, None))
    return next((a for a in menu.actions() if a.objectName() == "use_action"), None)


def dice_left(session: CharacterSession, item_id: str) -> int:
    dice = session.character().items.find(item_id).usage_dice
    assert dice is not None
    return dice.current


def test_use_it_rolls_the_dice_and_undo_gives_them_back(
    board: InventoryBoard, session: CharacterSession, service: CharacterService, stack: QUndoStack
) -> None:
    quiver = given(service, "Quiver of 20 arrows")
    session.open(WREN)
    action = use_action(board, session, quiver)
    assert action is not None and action.isEnabled()
    assert action.text() == "Use it (roll 2 usage dice)"
    expected = roll_usage_dice(2, random.Random(SEED))
    action.trigger()
    assert dice_left(session, quiver) == expected.after
    rolled = ", ".join(str(face) for face in expected.rolled)
    assert f"rolled {rolled}: 2 → {expected.after} UD" in board.hint()
    assert stack.undoText() == "Use Quiver of 20 arrows"
    stack.undo()
    assert dice_left(session, quiver) == 2


def test_no_use_for_an_item_without_activate_and_none_once_used_up(
    board: InventoryBoard, session: CharacterSession, service: CharacterService
) -> None:
    torch = given(service, "Torch")
    chalk = given(service, "Chalk")
    session.open(WREN)
    assert use_action(board, session, torch) is None
    while dice_left(session, chalk):
        action = use_action(board, session, chalk)
        assert action is not None and action.isEnabled()
        action.trigger()
    action = use_action(board, session, chalk)
    assert action is not None and not action.isEnabled()
    assert "no usage dice left" in action.toolTip()


def refuel_action(board: InventoryBoard, session: CharacterSession, item_id: str) -> QAction | None:
    item = session.character().items.find(item_id)
    menu = board.build_menu(item, Place(GROUND, None))
    return next((a for a in menu.actions() if a.objectName() == "refuel_action"), None)


def burnt_lantern(service: CharacterService) -> str:
    """Wren's lantern, burnt down to 0 usage dice."""
    lantern_id = given(service, "Lantern")
    crow = service.get(WREN)
    lantern = crow.items.find(lantern_id)
    assert lantern.usage_dice is not None
    out = replace(lantern, usage_dice=replace(lantern.usage_dice, current=0))
    cmd.CharacterEdit(service, WREN, crow, crow.with_items(crow.items.replaced(out)), "-").do()
    return lantern_id


def test_refuel_spends_a_carried_oil_flask_or_says_none_is_carried(  # L398
    board: InventoryBoard, session: CharacterSession, service: CharacterService, stack: QUndoStack
) -> None:
    lantern = burnt_lantern(service)
    session.open(WREN)
    action = refuel_action(board, session, lantern)
    assert action is not None and not action.isEnabled()
    assert "no Oil flask carried" in action.toolTip()

    cmd.remove_item(service, WREN, "caltrops-1").do()  # room in the pack for the flask
    flask = given(service, "Oil flask")
    session.open(WREN)
    assert not session.character().items.on_ground(flask)
    action = refuel_action(board, session, lantern)
    assert action is not None and action.isEnabled()
    assert action.text() == "Refuel with Oil flask"
    action.trigger()
    assert dice_left(session, lantern) == 2
    assert flask not in session.character().items.ids()
    assert "Refuelled Lantern" in board.hint()
    stack.undo()
    assert dice_left(session, lantern) == 0
    assert flask in session.character().items.ids()


def test_a_flask_on_the_ground_does_not_refuel(
    board: InventoryBoard, session: CharacterSession, service: CharacterService
) -> None:
    lantern = burnt_lantern(service)
    cmd.remove_item(service, WREN, "caltrops-1").do()
    flask = given(service, "Oil flask")
    cmd.drop_to_ground(service, WREN, flask).do()
    session.open(WREN)
    assert session.character().items.on_ground(flask)
    action = refuel_action(board, session, lantern)
    assert action is not None and not action.isEnabled()
    assert "no Oil flask carried" in action.toolTip()


def test_a_full_lantern_needs_no_fuel(
    board: InventoryBoard, session: CharacterSession, service: CharacterService
) -> None:
    lantern = given(service, "Lantern")
    given(service, "Oil flask")
    session.open(WREN)
    action = refuel_action(board, session, lantern)
    assert action is not None and not action.isEnabled()
    assert "full" in action.toolTip()
