"""Marking an item damaged or repaired on the inventory board: armour, shields and tools only (the
others say why), one undo step each, and the card says "damaged" in words and a dashed frame."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor, QPalette, QUndoStack

from refkit.app import character_commands as cmd
from refkit.app.character_service import CharacterService
from refkit.gui.characters.session import CharacterSession
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.board_layout import Place
from refkit.gui.inventory.item_card_widget import CardLook, card_title, frame_pen
from refkit.present import CardFace
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import GROUND, Item
from tests.gui.crow_fixtures import shown_board

WREN = "Wren Ashdown"


@pytest.fixture
def session(service: CharacterService, stack: QUndoStack) -> Iterator[CharacterSession]:
    opened = CharacterSession(service, stack, rng=random.Random(1))
    opened.open(WREN)
    yield opened
    opened.shutdown()


@pytest.fixture
def board(qtbot, session: CharacterSession) -> InventoryBoard:
    return shown_board(qtbot, session)


def item_named(session: CharacterSession, name: str) -> Item:
    """A fresh ``name`` from the catalogue, put on Wren's ground tray (whatever Wren carries)."""
    entry = find_catalogue_item(load_item_catalogue(), name)
    add, item_id = cmd.add_catalogue_item(session.service, WREN, entry, GROUND)
    add.do()
    session.reload()
    return session.character().items.find(item_id)


def damaged_action(board: InventoryBoard, item: Item) -> QAction:
    menu = board.build_menu(item, Place(GROUND, None))
    return next(a for a in menu.actions() if a.objectName() == "damaged_action")


def test_a_lockpick_set_is_marked_damaged_then_repaired_each_one_undo_step(
    board: InventoryBoard, session: CharacterSession, service: CharacterService, stack: QUndoStack
) -> None:
    lockpicks = item_named(session, "Lockpick set")
    action = damaged_action(board, lockpicks)
    assert action.isEnabled() and action.text() == "Mark damaged (a bane until repaired)"
    action.trigger()
    assert service.get(WREN).items.find(lockpicks.id).damaged  # saved at once
    assert "Marked Lockpick set damaged" in board.hint()
    assert stack.undoText() == "Mark Lockpick set damaged"

    damaged = session.character().items.find(lockpicks.id)
    assert damaged.banes == 1
    repair = damaged_action(board, damaged)
    assert repair.text() == "Mark repaired" and repair.isEnabled()
    repair.trigger()
    assert not service.get(WREN).items.find(lockpicks.id).damaged
    assert stack.undoText() == "Mark Lockpick set repaired"

    stack.undo()
    assert service.get(WREN).items.find(lockpicks.id).damaged
    stack.undo()
    assert not service.get(WREN).items.find(lockpicks.id).damaged
    assert stack.count() == 2  # the two marks (adding the set was not on the stack)


def test_armour_and_a_shield_can_be_damaged_a_potion_or_torch_says_why_not(
    board: InventoryBoard, session: CharacterSession
) -> None:
    assert damaged_action(board, item_named(session, "Light armor")).isEnabled()
    potion = damaged_action(board, item_named(session, "Healing potion"))
    assert not potion.isEnabled()
    assert "only armour, shields and tools can" in potion.toolTip()
    torch = damaged_action(board, item_named(session, "Torch"))
    assert not torch.isEnabled()
    assert "usage dice" in torch.toolTip()


def test_the_card_says_damaged_in_words_and_with_a_dashed_frame(
    board: InventoryBoard, session: CharacterSession
) -> None:
    lockpicks = item_named(session, "Lockpick set")
    damaged_action(board, lockpicks).trigger()
    face = CardFace.from_item(session.character().items.find(lockpicks.id))
    assert card_title(face) == "⚠ Lockpick set"  # on every card, even one too small for lines
    assert "damaged" in face.spoken()
    palette = QPalette()
    whole = CardFace.from_item(lockpicks)
    assert frame_pen(face, CardLook(), palette, QColor("black"), 12).style() == (
        Qt.PenStyle.DashLine
    )
    assert frame_pen(whole, CardLook(), palette, QColor("black"), 12).style() == (
        Qt.PenStyle.SolidLine
    )
    assert "Damaged: a bane until repaired" in face.tooltip()  # the card's hover text
