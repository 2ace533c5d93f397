"""The Krynn tab's Table: heroes, stress and the turn's four actions kept in the database, every
change a step on the undo stack; the skirmish die rolled from the context's seeded source."""

from __future__ import annotations

from pathlib import Path

from refkit.app.games.krynn_table import krynn_table
from refkit.gui.games.warriors_of_krynn.panel import WarriorsOfKrynnPanel
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.games.game_context import shown, stacked_context


def _panel(qtbot, db: Database, tmp_path: Path):
    context, stack = stacked_context(db)
    panel = WarriorsOfKrynnPanel(context, override=tmp_path / "faces" / "battle_dice.toml")
    return shown(qtbot, panel, 700, 700), stack


def test_a_turn_on_the_table_is_stored_and_undone(qtbot, database, tmp_path) -> None:
    panel, stack = _panel(qtbot, database, tmp_path)
    box = panel.table.table
    box.name_edit.setText("Laurana")
    box.max_spin.setValue(4)
    box.hand_spin.setValue(3)
    box.add_button.click()
    box.row("Laurana")["turn"].click()
    assert "4 of 4 actions left" in box.turn_label.text()
    box.buttons["move_champion"].click()
    for _ in range(3):
        box.buttons["spend"].click()
    box.buttons["spend"].click()  # a fifth action is refused
    assert "has 0 actions left" in box.message_label.text()
    stored = krynn_table(CharacterRepository(database)).read()[0]
    assert stored.actions_left == 0 and stored.hero("Laurana").stress == 1
    box.row("Laurana")["stress"].setValue(5)
    box.row("Laurana")["hand"].setValue(0)
    assert "Laurana has died" in box.turn_label.text()
    stack.undo()
    assert box.row("Laurana")["hand"].value() == 3
    assert krynn_table(CharacterRepository(database)).read()[0].ended is None


def test_the_skirmish_die_says_which_line_fights(qtbot, database, tmp_path) -> None:
    panel, _ = _panel(qtbot, database, tmp_path)
    assert "unverified" in panel.table.skirmish.result.text()
    panel.table.skirmish.roll_button.click()
    text = panel.table.skirmish.result.text()
    assert text.startswith("Face ") and " line fights" in text
