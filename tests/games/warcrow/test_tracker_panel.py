"""The Warcrow tab's tracker: every change a step on the undo stack, kept in the database, read
back by a new window; a change made meanwhile elsewhere is refused, not overwritten."""

from __future__ import annotations

from refkit.app.games.warcrow_table import WarcrowTable
from refkit.games.warcrow.states import State
from refkit.gui.games.warcrow.panel import WarcrowPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.games.game_context import fixed_context, shown, stacked_context
from tests.runner import run


def _panel(qtbot, db: Database) -> tuple[WarcrowPanel, RefkitUndoStack]:
    context, stack = stacked_context(db)
    return shown(qtbot, WarcrowPanel(context), 520, 900), stack


def _add(panel: WarcrowPanel, name: str, initiative: int, vitality: int, enemy: bool) -> None:
    view = panel.tracker
    view.name_edit.setText(name)
    view.initiative_spin.setValue(initiative)
    view.vitality_spin.setValue(vitality)
    view.enemy_box.setChecked(enemy)
    view.add_button.click()


def test_the_tracker_is_played_undone_and_restored_by_a_new_window(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    view = panel.tracker
    _add(panel, "Marked", 4, 2, True)
    _add(panel, "Nayra", 4, 5, False)
    _add(panel, "Darach", 3, 5, False)
    view.combat_button.click()
    assert view.cells[3].text() == "4\nNayra\nMarked"  # top first
    view.next_button.click()
    assert view.tracker.dial.active == "Darach"
    assert "Darach activates" in view.dial_label.text()
    view.done_button.click()
    assert view.tracker.dial.where("Darach") == 6
    view.row("Nayra")["wounds"].setValue(2)
    view.row("Nayra")["energy"].setValue(3)
    menu = view.row("Nayra")["menu"]
    next(a for a in menu.actions() if a.text() == "Frightened").setChecked(True)
    nayra = WarcrowTable(CharacterRepository(database)).read()[0].figure("Nayra")
    assert (nayra.wounds, nayra.energy, nayra.states) == (2, 3, {State.FRIGHTENED})
    assert "Frightened" in view.row("Nayra")["status"].text()

    stack.undo()  # the State
    stack.undo()  # the Energy
    assert view.tracker.figure("Nayra").energy == 0
    assert view.row("Nayra")["energy"].value() == 0
    stack.redo()
    assert view.tracker.figure("Nayra").energy == 3

    later, _ = _panel(qtbot, database)  # a restart: a new window on the same campaign
    tracker = later.tracker.tracker
    assert tracker.dial.where("Darach") == 6 and tracker.figure("Nayra").energy == 3
    assert later.tracker.cells[5].text() == "6\nDarach"


def test_a_change_made_elsewhere_meanwhile_is_refused_and_shown(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    view = panel.tracker
    _add(panel, "Nayra", 4, 5, False)
    other = WarcrowTable(CharacterRepository(database))
    run(database, other.step("Stain", lambda t: t.changed("Nayra", stain=4))).do()
    depth = stack.count()
    view.row("Nayra")["energy"].setValue(2)
    assert "changed since" in view.message_label.text()
    assert stack.count() == depth
    stored = other.read()[0].figure("Nayra")
    assert (stored.stain, stored.energy) == (4, 0)
    assert view.row("Nayra")["stain"].value() == 4  # read again


def test_refusals_are_said_in_the_panel(qtbot, database) -> None:
    panel, _ = _panel(qtbot, database)
    view = panel.tracker
    _add(panel, "Nayra", 4, 5, False)
    _add(panel, "nayra", 3, 3, False)
    assert view.message_label.text() == "Nayra is at the table already"
    view.name_edit.clear()
    view.add_button.click()
    assert "name" in view.message_label.text()


def test_without_a_database_the_tracker_says_so(qtbot) -> None:
    panel = WarcrowPanel(fixed_context())
    qtbot.addWidget(panel)
    assert "none is open" in panel.tracker.status_label.text()
    assert not panel.tracker.add_button.isEnabled()


def test_remove_takes_a_figure_off_the_table_and_the_dial_undoably(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    view = panel.tracker
    _add(panel, "Nayra", 4, 5, False)
    _add(panel, "Marked", 3, 2, True)
    view.combat_button.click()
    remove = view.row("Marked")["remove"]
    assert remove.accessibleName() == "Remove Marked"
    remove.click()
    assert [f.name for f in view.tracker.figures] == ["Nayra"]
    assert view.tracker.dial.where("Marked") is None
    assert WarcrowTable(CharacterRepository(database)).read()[0] == view.tracker
    stack.undo()
    assert view.tracker.dial.where("Marked") == 3
