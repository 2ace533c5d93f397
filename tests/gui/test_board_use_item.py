"""The board's context menu on an Activate item: "Use it" rolls its usage dice (L400), the pips
drop on the sheet, the hint says the roll, and Edit → Undo gives the dice back."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

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

WREN = "Wren Ashdown"
SEED = 4


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with CharacterService.open(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


@pytest.fixture
def stack(qapp) -> QUndoStack:
    return QUndoStack()


@pytest.fixture
def session(service: CharacterService, stack: QUndoStack) -> Iterator[CharacterSession]:
    opened = CharacterSession(service, stack, rng=random.Random(SEED))
    yield opened
    opened.shutdown()


@pytest.fixture
def board(qtbot, session: CharacterSession) -> InventoryBoard:
    widget = InventoryBoard(session)
    session.character_changed.connect(lambda: widget.set_character(session.character()))
    qtbot.addWidget(widget)
    widget.resize(1100, 760)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


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
    rolled = " ".join(str(face) for face in expected.rolled)
    assert f"rolled {rolled}" in board.hint() and f"2 → {expected.after} UD" in board.hint()
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
