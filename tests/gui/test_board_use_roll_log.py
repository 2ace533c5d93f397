"""The board's "Use it" lands in the roll log like the dice panel's rolls, worded as
``refkit effect use`` words it, and stays one undo step (the pips come back, the entry stays)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QUndoStack

from refkit.app import character_commands as cmd
from refkit.app.character_service import CharacterService
from refkit.app.dice_service import DiceService
from refkit.compose import open_character_service
from refkit.dice.records import LoggedRoll
from refkit.gui.characters.session import CharacterSession
from refkit.gui.dice.roll_log_model import RESULT_COLUMN, ROLL_COLUMN, RollLogModel
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.board_layout import Place
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import GROUND
from refkit.rules.usage_dice import roll_usage_dice
from refkit.store.roll_log import RollLogRepository
from tests.gui.crow_fixtures import shown_board

WREN = "Wren Ashdown"
SEED = 4


class _Feed:
    """Keeps a roll log model in step with the dice service, as the window's does."""

    def __init__(self, model: RollLogModel) -> None:
        self._model = model

    def roll_logged(self, roll: LoggedRoll) -> None:
        self._model.add_newest(roll)

    def roll_log_replaced(self) -> None:
        raise AssertionError("nothing here replaces the log")


@pytest.fixture
def stack(qapp, service: CharacterService) -> QUndoStack:
    """The window's kind of stack: each step in one unit of work of the database."""
    made = RefkitUndoStack()
    database = service.repository.database
    made.write_with(None, database.unit_of_work, database.in_unit_of_work)
    return made


@pytest.fixture
def dice(service: CharacterService) -> DiceService:
    return DiceService(RollLogRepository(service.repository.database))


@pytest.fixture
def log_model(qapp, dice: DiceService) -> RollLogModel:
    model = RollLogModel()
    dice.add_listener(_Feed(model))
    return model


@pytest.fixture
def session(
    service: CharacterService, stack: QUndoStack, dice: DiceService
) -> Iterator[CharacterSession]:
    opened = CharacterSession(service, stack, rng=random.Random(SEED))
    opened.set_roll_log(dice.log_roll)
    yield opened
    opened.shutdown()


@pytest.fixture
def board(qtbot, session: CharacterSession) -> InventoryBoard:
    return shown_board(qtbot, session)


def quiver(service: CharacterService) -> str:
    entry = find_catalogue_item(load_item_catalogue(), "Quiver of 20 arrows")
    add, item_id = cmd.add_catalogue_item(service, WREN, entry)
    add.do()
    return item_id


def use_action(board: InventoryBoard, session: CharacterSession, item_id: str) -> QAction:
    item = session.character().items.find(item_id)
    menu = board.build_menu(item, Place(GROUND, None))
    return next(a for a in menu.actions() if a.objectName() == "use_action")


def dice_left(session: CharacterSession, item_id: str) -> int:
    dice = session.character().items.find(item_id).usage_dice
    assert dice is not None
    return dice.current


def test_use_it_adds_a_roll_log_entry_in_the_effect_use_words(
    board: InventoryBoard,
    session: CharacterSession,
    service: CharacterService,
    stack: QUndoStack,
    dice: DiceService,
    log_model: RollLogModel,
) -> None:
    item_id = quiver(service)
    session.open(WREN)
    expected = roll_usage_dice(2, random.Random(SEED))
    rolled = ", ".join(str(face) for face in expected.rolled)
    line = f"Quiver of 20 arrows: rolled {rolled}: 2 → {expected.after} UD"

    use_action(board, session, item_id).trigger()

    (entry,) = dice.recent()  # written to the database
    assert entry.record.kind == "usage_dice"
    assert entry.record.summary == line
    assert entry.record.faces == expected.rolled
    assert entry.record.detail["crow"] == WREN
    assert log_model.rowCount() == 1  # and shown in the roll log panel's model
    assert log_model.index(0, RESULT_COLUMN).data() == line
    assert log_model.index(0, ROLL_COLUMN).data() == "Quiver of 20 arrows: 2 usage dice"
    assert board.hint() == f"Used {line}"
    assert dice_left(session, item_id) == expected.after

    assert stack.count() == 1  # one step for the roll and the pips
    stack.undo()
    assert dice_left(session, item_id) == 2
    assert len(dice.recent()) == 1  # the dice were rolled: the log keeps them
    stack.redo()
    assert dice_left(session, item_id) == expected.after
    assert len(dice.recent()) == 1  # redo drops the same dice, not logged twice


def test_a_use_whose_log_entry_cannot_be_written_changes_nothing(
    board: InventoryBoard, session: CharacterSession, service: CharacterService, stack: QUndoStack
) -> None:
    item_id = quiver(service)
    session.open(WREN)

    def broken_log(_record: object) -> object:
        raise ValueError("the roll log is read-only")

    session.set_roll_log(broken_log)
    use_action(board, session, item_id).trigger()
    assert "read-only" in board.hint()
    assert dice_left(session, item_id) == 2
    assert service.get(WREN).items.find(item_id).usage_dice.current == 2
    assert stack.count() == 0


def test_in_the_window_use_it_on_the_sheets_board_shows_in_the_roll_log(
    qtbot, start_app, tmp_path: Path
) -> None:
    database = tmp_path / "window.sqlite3"
    with open_character_service(str(database)) as seeded:
        item_id = quiver(seeded)
    app = start_app(database)
    panels = app.character_panels
    panels.session.open(WREN)
    board = panels.sheet.board
    use_action(board, panels.session, item_id).trigger()
    newest = app.log_model.roll_at(0)
    assert newest.record.kind == "usage_dice"
    assert newest.record.summary.startswith("Quiver of 20 arrows: rolled ")
    assert app.undo_stack.undoText() == "Use Quiver of 20 arrows"
