"""The Widower's Wood tab's chapter tracker: every change a step on the undo stack, kept in the
database and read back by a new window; a change made meanwhile elsewhere is refused."""

from __future__ import annotations

from refkit.app.games.widowers_table import WidowersTable
from refkit.gui.games.widowers_wood.panel import WidowersWoodPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.games.game_context import shown, stacked_context
from tests.runner import run


def _panel(qtbot, db: Database) -> tuple[WidowersWoodPanel, RefkitUndoStack]:
    context, stack = stacked_context(db)
    return shown(qtbot, WidowersWoodPanel(context), 560, 900), stack


def _hero(panel: WidowersWoodPanel, name: str, init: int, vit: int) -> None:
    view = panel.tracker
    view.name_edit.setText(name)
    view.init_spin.setValue(init)
    view.vit_spin.setValue(vit)
    view.add_button.click()


def test_a_chapter_is_tracked_undone_and_restored_by_a_new_window(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    view = panel.tracker
    view.deck_spin.setValue(3)
    assert "3 event cards" in view.timer_label.text()
    _hero(panel, "Agata", 5, 5)
    _hero(panel, "Olo", 7, 4)
    assert [h.name for h in view.tracker.turn_order()] == ["Olo", "Agata"]
    view.colour_box.setCurrentIndex(view.colour_box.findData("blue"))
    view.environment_edit.setText("Thick Fog")
    view.round_button.click()
    assert "Round 1: 2 event cards left" in view.timer_label.text()
    assert "Environment: Thick Fog" in view.round_label.text()
    view.row("Olo")["health"].setValue(0)
    assert "Incapacitated, Knocked Down" in view.row("Olo")["status"].text()
    view.row("Olo")["spawning"].click()
    assert view.tracker.hero("Olo").tokens == 2
    revive = view.row("Olo")["revive"]
    revive.setCurrentIndex(revive.findData("Agata"))
    revive.activated.emit(revive.currentIndex())
    assert view.tracker.hero("Olo").health == 2
    assert "vial empty" in view.row("Agata")["status"].text()
    view.villain_edit.setText("Gatorman Club")
    view.index_spin.setValue(3)
    view.villain_button.click()
    view.villain_edit.setText("Mist Speaker")
    view.index_spin.setValue(1)
    view.villain_button.click()
    view.row("villain:Gatorman Club")["blue"].setValue(1)
    view.row("villain:Mist Speaker")["blue"].setValue(1)
    text = view.order_label.text()
    assert text.index("blue Mist Speaker") < text.index("blue Gatorman Club")

    stored = WidowersTable(CharacterRepository(database)).read()[0]
    assert stored == view.tracker
    stack.undo()  # the Mist Speaker on the board
    stack.undo()  # the Gatorman Club on the board
    assert "no villain on the board" in view.order_label.text()
    for _ in range(3):
        stack.undo()  # the types, then the revive
    assert view.tracker.hero("Olo").health == 0
    stack.redo()
    assert view.tracker.hero("Olo").health == 2

    again, _ = _panel(qtbot, database)
    assert again.tracker.tracker == view.tracker


def test_a_change_made_elsewhere_meanwhile_is_refused_not_overwritten(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    view = panel.tracker
    _hero(panel, "Agata", 5, 5)
    store = WidowersTable(CharacterRepository(database))
    elsewhere = store.step("Elsewhere", lambda t: t.changed("Agata", lambda h: h.damaged(1)))
    run(database, elsewhere).do()
    depth = stack.count()
    view.row("Agata")["health"].setValue(1)  # worked out from the table shown: stale
    assert "changed since" in view.message_label.text()
    assert stack.count() == depth
    assert store.read()[0].hero("Agata").health == 4
    assert view.tracker.hero("Agata").health == 4  # read again


def test_the_last_round_is_flagged_and_an_empty_deck_loses_the_chapter(qtbot, database) -> None:
    panel, _ = _panel(qtbot, database)
    view = panel.tracker
    view.deck_spin.setValue(1)
    view.round_button.click()
    assert "last round" in view.timer_label.text()
    view.round_button.click()
    assert "chapter is lost" in view.timer_label.text()
    assert not view.round_button.isEnabled()


def test_refusals_are_said(qtbot, database) -> None:
    panel, _ = _panel(qtbot, database)
    view = panel.tracker
    view.add_button.click()
    assert "name first" in view.message_label.text()
    _hero(panel, "Agata", 5, 5)
    _hero(panel, "agata", 5, 5)
    assert "already" in view.message_label.text()
    view.villain_edit.setText("Bog Trog")
    view.villain_button.click()
    view.villain_edit.setText("bog trog")
    view.villain_button.click()
    assert "already" in view.message_label.text()


def test_a_spawn_reads_the_tracked_reserve_and_takes_the_miniature_undoably(
    qtbot, database
) -> None:
    """The type die picks the tracked type holding that index token: its reserve (the box's
    miniatures when it was added) and the round's priority colour decide; Take moves the
    miniature to the board as a step of the undo stack (L114, L319-321)."""
    from refkit.games.widowers_wood import RollKind

    panel, stack = _panel(qtbot, database)
    view = panel.tracker
    view.villain_edit.setText("Bog Trog")
    view.index_spin.setValue(2)
    view.villain_button.click()
    assert view.row("villain:Bog Trog")["reserve_red"].value() == 5  # the box's Bog Trogs
    view.row("villain:Bog Trog")["reserve_red"].setValue(3)
    view.row("villain:Bog Trog")["reserve_blue"].setValue(4)
    panel.set_kind(RollKind.SPAWN)
    panel.red_spin.setValue(9)  # the form's boxes are not read for a tracked type
    panel.dice_edit.setText("2,5")
    panel.roll_button.click()
    assert panel.result_label.text() == "Bog Trog at passage 5"
    assert "Take a blue miniature" in panel.detail_label.text()
    assert panel.take_button.isVisible()
    assert panel.take_button.text() == "Take a blue Bog Trog from its reserve"
    depth = stack.count()
    panel.take_button.click()
    bog = view.tracker.villain("Bog Trog")
    assert (bog.blue, bog.reserve_blue) == (1, 3)
    assert WidowersTable(CharacterRepository(database)).read()[0] == view.tracker
    assert not panel.take_button.isVisible() and stack.count() == depth + 1
    stack.undo()
    bog = view.tracker.villain("Bog Trog")
    assert (bog.blue, bog.reserve_blue) == (0, 4)
    # An untracked index falls back to the form; an empty tracked reserve takes nothing.
    panel.dice_edit.setText("3,5")
    panel.roll_button.click()
    assert "Take a red miniature" in panel.detail_label.text()
    assert not panel.take_button.isVisible()
    view.row("villain:Bog Trog")["reserve_red"].setValue(0)
    view.row("villain:Bog Trog")["reserve_blue"].setValue(0)
    panel.dice_edit.setText("2,5")
    panel.roll_button.click()
    assert panel.result_label.text() == "No Bog Trog generated: activate the farthest"
    assert not panel.take_button.isVisible()


def test_remove_takes_a_hero_or_a_villain_type_off_undoably(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    view = panel.tracker
    _hero(panel, "Agata", 5, 5)
    view.villain_edit.setText("Bog Trog")
    view.villain_button.click()
    remove_type = view.row("villain:Bog Trog")["remove"]
    assert remove_type.accessibleName() == "Remove the villain type Bog Trog"
    remove_type.click()
    assert view.tracker.villains == ()
    assert view.row("Agata")["remove"].accessibleName() == "Remove Agata"
    view.row("Agata")["remove"].click()
    assert view.tracker.heroes == ()
    assert WidowersTable(CharacterRepository(database)).read()[0] == view.tracker
    stack.undo()
    stack.undo()
    assert [h.name for h in view.tracker.heroes] == ["Agata"]
    assert [v.name for v in view.tracker.villains] == ["Bog Trog"]
