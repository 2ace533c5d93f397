"""The Stworze tab's Table: players, the Event row with its Action pairs and the Villages kept
in the database, every change a step on the undo stack."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.app.games.stworze_table import stworze_table
from refkit.gui.games.spec import GameContext
from refkit.gui.games.stworze.panel import StworzePanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.games.game_context import fixed_context


@pytest.fixture
def database(tmp_path: Path):
    with Database.open(str(tmp_path / "campaign.sqlite3")) as db:
        yield db


def _panel(qtbot, db: Database):
    stack = RefkitUndoStack()
    stack.write_with(None, db.unit_of_work, db.in_unit_of_work)
    base = fixed_context()
    context = GameContext(
        base.make_rng, base.now, base.log_roll, stack, lambda: CharacterRepository(db)
    )
    panel = StworzePanel(context, None)
    qtbot.addWidget(panel)
    panel.resize(760, 700)
    panel.show()
    return panel, stack


def _menu_action(menu, *path: str):
    for text in path[:-1]:
        menu = next(a.menu() for a in menu.actions() if a.text() == text)
    return next(a for a in menu.actions() if a.text() == path[-1])


def test_a_round_at_the_table_is_stored_and_undone(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    box = panel.table.box
    for name in ("Rusalka", "Leshy"):
        box.name_edit.setText(name)
        box.add_button.click()
    box.next_button.click()
    assert "Rusalka active" in box.round_label.text()
    box.choose_buttons[-1].click()  # position 1: the Quest pair turns over
    stored = stworze_table(CharacterRepository(database)).read()[0]
    assert stored.pairs[-1] == ("Influence", "Quest") and stored.dice[-1] == 3
    assert "Rusalka chooses Quest" in box.said_label.text()
    box.row("Rusalka")["fear"].setValue(2)
    _menu_action(box.row("Rusalka")["menu"], "Play a Fear token", "to The Wharf").trigger()
    assert "The Wharf: 1 face down" in box.villages_label.text()
    assert box.row("Rusalka")["fear"].value() == 1
    stack.undo()
    assert "The Wharf: 0 face down" in box.villages_label.text()
    assert stworze_table(CharacterRepository(database)).read()[0].player("Rusalka").fear == 2


def test_a_locked_position_cannot_be_chosen(qtbot, database) -> None:
    panel, _ = _panel(qtbot, database)
    box = panel.table.box
    box.name_edit.setText("Rusalka")
    box.add_button.click()
    box.change("lock", lambda t: t.changed("Rusalka", lock1=3).vitality_lost("Rusalka", 4))
    box.next_button.click()
    assert not box.choose_buttons[-1].isEnabled()
    assert box.choose_buttons[-2].isEnabled()
    assert "1 locked" in box.row("Rusalka")["status"].text()
