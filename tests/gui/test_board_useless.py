"""Bury the Point on the inventory board (issue 26): a stabbing weapon's menu marks it useless
until fixed, and fixed again, one undo step each; other items offer no such entry; the card greys
and says "USELESS · until fixed" in words, apart from "damaged". A book absorbed with Burned in
the Brain, which has no slot to be drawn in, is named beside the speed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtGui import QAction, QImage, QUndoStack

from refkit.app.character_service import CharacterService
from refkit.gui.characters.session import CharacterSession
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.board_layout import Place
from refkit.present import CardFace
from refkit.present.card_face import USED_UP_COLOUR, accent_colour, card_facts
from refkit.rules.inventory.model import GROUND, MAGIC, Item
from tests.gui.crow_fixtures import shown_board
from tests.gui.test_board_damaged import WREN, item_named

__all__ = ["board", "session"]


@pytest.fixture
def session(service: CharacterService, stack: QUndoStack) -> Iterator[CharacterSession]:
    wren = service.get(WREN)
    service.save(replace(wren, traits=(*wren.traits, "Stabbing: Bury the Point")))
    opened = CharacterSession(service, stack, rng=random.Random(1))
    opened.open(WREN)
    yield opened
    opened.shutdown()


@pytest.fixture
def board(qtbot, session: CharacterSession) -> InventoryBoard:
    return shown_board(qtbot, session)


def useless_action(board: InventoryBoard, item: Item) -> QAction | None:
    menu = board.build_menu(item, Place(GROUND, None))
    return next((a for a in menu.actions() if a.objectName() == "useless_action"), None)


def test_a_spear_is_marked_useless_then_fixed_each_one_undo_step(
    board: InventoryBoard, session: CharacterSession, service: CharacterService, stack: QUndoStack
) -> None:
    spear = item_named(session, "Spear")
    action = useless_action(board, spear)
    assert action is not None and action.text() == "Mark useless (Bury the Point)"
    action.trigger()
    assert service.get(WREN).items.find(spear.id).useless  # saved at once
    assert not service.get(WREN).items.find(spear.id).damaged
    assert "Marked Spear useless until fixed" in board.hint()
    assert stack.undoText() == "Mark Spear useless until fixed"
    useless = session.character().items.find(spear.id)
    fix = useless_action(board, useless)
    assert fix is not None and fix.text() == "Mark fixed"
    fix.trigger()
    assert not service.get(WREN).items.find(spear.id).useless
    stack.undo()
    assert service.get(WREN).items.find(spear.id).useless
    stack.undo()
    assert not service.get(WREN).items.find(spear.id).useless


def test_only_stabbing_weapons_offer_it(board: InventoryBoard, session: CharacterSession) -> None:
    assert useless_action(board, item_named(session, "Stiletto")) is not None
    assert useless_action(board, item_named(session, "Lockpick set")) is None
    assert useless_action(board, item_named(session, "Steel axe")) is None


def test_a_crow_without_the_trait_is_not_offered_it(
    board: InventoryBoard, session: CharacterSession, service: CharacterService
) -> None:
    spear = item_named(session, "Spear")
    service.save(replace(service.get(WREN), traits=()))
    session.reload()
    assert useless_action(board, spear) is None
    assert useless_action(board, spear.with_useless()) is not None  # fixing it is always offered


def test_the_card_says_useless_until_fixed_and_greys(
    board: InventoryBoard, session: CharacterSession
) -> None:
    spear = item_named(session, "Spear")
    whole = CardFace.from_item(spear)
    face = CardFace.from_item(spear.with_useless())
    assert accent_colour(whole) != USED_UP_COLOUR and accent_colour(face) == USED_UP_COLOUR
    assert card_facts(face)[0].text == "USELESS · until fixed"
    assert "Useless until fixed (Bury the Point)" in face.tooltip()
    assert "useless until fixed" in face.spoken() and "damaged" not in face.spoken()


def test_an_absorbed_book_is_named_beside_the_speed(
    board: InventoryBoard, session: CharacterSession, service: CharacterService
) -> None:
    def status_picture() -> QImage:
        session.reload()
        board.repaint()
        return board.grab(board.board_layout().status.toRect()).toImage()

    before = status_picture()
    book = Item("Fire lance book", area=MAGIC, tags=("spellbook", "absorbed"), id="lance")
    wren = service.get(WREN)
    service.save(replace(wren, items=wren.items.with_item(book)))
    assert status_picture() != before  # "Absorbed: Fire lance book (always wielded)"
    service.save(wren)
    assert status_picture() == before
