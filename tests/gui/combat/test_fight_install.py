"""The fight from the running app: the Fight panel beside the clock and the Fight menu; Attack…
(Ctrl+Shift+A) opens the attack window and an attack is one step on the app's undo stack (its
roll in the roll log); the players' window shows the fight's line."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from refkit.gui.combat.attack_dialog import AttackDialog
from refkit.gui.combat.tracker import FightPanel
from refkit.gui.shell.panel_registry import MenuId, PanelId
from tests.gui.app_readiness import OPEN_TIMEOUT_MS
from tests.gui.combat.fight_setup import has_fight, window_with_a_fight


def test_the_fight_menu_opens_the_attack_window_and_an_attack_is_one_undo_step(
    qtbot, start_app, tmp_path: Path
) -> None:
    app, tracker = window_with_a_fight(qtbot, start_app, tmp_path / "refkit.sqlite3")
    action = app.panels.action("fight_attack")
    assert action.shortcut() == QKeySequence("Ctrl+Shift+A")
    assert action in app.panels.menu(MenuId.FIGHT).actions()
    assert tracker.side_label.text() == "The crows act"
    app.panels.action("players_window").trigger()  # the players see the fight line
    players = app.dungeon.turn_panel.players_window
    assert players is not None
    assert players.fight_label.text().startswith("Round 1 · The crows act\nTunnel ghoul 1, ")
    players.close()
    count = app.undo_stack.count()
    action.trigger()
    dialog = app.window.findChild(AttackDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.attacker_combo.currentText() == "Brannoc Tull"  # whoever acts now
    logged = app.log_model.rowCount()
    assert dialog.roll() is not None
    assert app.undo_stack.count() == count + 1
    qtbot.waitUntil(lambda: app.log_model.rowCount() == logged + 1)
    dialog.close()
    app.undo_stack.undo()
    assert tracker.session.state.combatant("Tunnel ghoul 1").stamina == 9


def test_a_creature_saved_in_the_bestiary_can_join_the_fight_at_once(
    qtbot, start_app, tmp_path: Path
) -> None:
    from refkit.gui.combat.bestiary_editor import DAMAGE, NAME, BestiaryDialog

    app = start_app(tmp_path / "refkit.sqlite3")
    qtbot.waitUntil(lambda: has_fight(app), timeout=OPEN_TIMEOUT_MS)
    tracker = app.panels.widget(PanelId.FIGHT, FightPanel)
    app.panels.action("fight_bestiary").trigger()
    dialog = app.window.findChild(BestiaryDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.form.name_edit.setText("Bog hag")
    dialog.form.stamina_spin.setValue(14)
    dialog.form.attacks.item(0, NAME).setText("Claws")
    dialog.form.attacks.item(0, DAMAGE).setText("3 / 6")
    assert dialog.save() is not None
    tracker.creature_combo.setCurrentText("Bog hag")
    assert tracker.creature_combo.currentText() == "Bog hag"
    assert tracker.add_creatures()
    assert list(tracker.rows) == ["Bog hag 1"]
    dialog.close()


def test_a_hit_on_a_crow_leaves_its_wounds_waiting_on_its_sheet(
    qtbot, start_app, tmp_path: Path
) -> None:
    app = start_app(tmp_path / "refkit.sqlite3")
    qtbot.waitUntil(lambda: has_fight(app), timeout=OPEN_TIMEOUT_MS)
    qtbot.waitUntil(lambda: app.character_panels is not None, timeout=OPEN_TIMEOUT_MS)
    sheet = app.character_panels.session
    sheet.open("Brannoc Tull")
    tracker = app.panels.widget(PanelId.FIGHT, FightPanel)
    assert tracker.add_party()
    told: list[str] = []
    sheet.wound_prompt_changed.connect(told.append)
    tracker.pick("Brannoc Tull")
    tracker.damage_spin.setValue(30)  # through his armour and Stamina, into wounds
    assert tracker.damage_picked()
    qtbot.waitUntil(lambda: "Brannoc Tull" in told)
    assert sheet.wound_prompt().to_place > 0  # the player places them on the sheet
    app.undo_stack.undo()
    qtbot.waitUntil(lambda: sheet.wound_prompt().to_place == 0)
