"""The fight tracker at the table: creatures from the bestiary and the party join, the round and
whose side acts are shown, conditions toggle as chips, standing is said in words, N and A are the
tracker's keys while it has focus, and every change is one undo step."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from refkit.compose import Services
from refkit.gui.combat.tracker import FightPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command


class FixedDice(random.Random):
    """Every die shows ``face`` (capped at the die's sides)."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return max(a, min(b, self.face))


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        yield built


@pytest.fixture
def stack(qtbot) -> RefkitUndoStack:
    return RefkitUndoStack()


@pytest.fixture
def panel(qtbot, services: Services, stack: RefkitUndoStack) -> FightPanel:
    tracker = FightPanel(
        services.fight,
        services.characters,
        lambda command: push_command(stack, command),
        services.party.members,
    )
    qtbot.addWidget(tracker)
    return tracker


def texts(panel: FightPanel) -> dict[str, str]:
    return {name: row.state_label.text() for name, row in panel.rows.items()}


def test_creatures_join_numbered_and_the_party_joins_each_an_undo_step(
    panel: FightPanel, stack: RefkitUndoStack
) -> None:
    assert panel.empty_label.isVisibleTo(panel)
    panel.creature_combo.setCurrentText("Tunnel ghoul")
    panel.count_spin.setValue(3)
    panel.add_button.click()
    panel.party_button.click()
    assert list(panel.rows) == [
        "Tunnel ghoul 1",
        "Tunnel ghoul 2",
        "Tunnel ghoul 3",
        "Brannoc Tull",
        "Hesper Quill",
        "Wren Ashdown",
    ]
    ghoul = panel.rows["Tunnel ghoul 2"]
    assert (ghoul.stamina_bar.text(), ghoul.ad_bar.text()) == ("Stamina 9/9", "AD 2/2")
    crow = panel.rows["Brannoc Tull"]
    sheet = panel.characters.get("Brannoc Tull").stamina
    assert crow.stamina_bar.text() == f"Stamina {sheet.current}/{sheet.max}"
    assert not panel.empty_label.isVisibleTo(panel)
    assert stack.count() == 2
    stack.undo()
    assert list(panel.rows) == ["Tunnel ghoul 1", "Tunnel ghoul 2", "Tunnel ghoul 3"]


def test_rounds_and_turns_are_shown_large_and_move_on(
    panel: FightPanel, stack: RefkitUndoStack
) -> None:
    panel.session.add_creatures("Cellar rat", 2).do()
    panel.session.add_crows(["Brannoc Tull"]).do()
    assert panel.round_label.text() == "No round yet"
    assert not panel.next_button.isEnabled()
    assert panel.new_round(die=3)
    assert (panel.round_label.text(), panel.side_label.text()) == ("Round 1", "The enemies act")
    assert panel.round_label.font().pointSizeF() > panel.message.font().pointSizeF() * 2
    assert panel.rows["Cellar rat 1"].turn_label.text() == "▶ now"
    panel.next_button.click()
    assert panel.turn_label.text() == "Cellar rat 2's turn"
    assert panel.rows["Cellar rat 1"].turn_label.text() == "acted"
    panel.next_button.click()
    assert panel.side_label.text() == "The crows act"
    panel.next_button.click()
    assert panel.side_label.text() == "Round over: roll for the next"
    assert panel.round_button.isEnabled() and not panel.next_button.isEnabled()
    stack.undo()
    assert panel.side_label.text() == "The crows act"


def test_a_picked_combatant_takes_the_turn_its_side_gives_it(panel: FightPanel) -> None:
    panel.session.add_creatures("Cellar rat", 2).do()
    panel.new_round(die=2)
    panel.rows["Cellar rat 2"].pick.click()
    assert panel.picked() == "Cellar rat 2"
    panel.pick_button.click()
    assert panel.turn_label.text() == "Cellar rat 2's turn"


def test_condition_chips_toggle_on_the_creature_and_on_the_crows_sheet(
    panel: FightPanel, stack: RefkitUndoStack
) -> None:
    panel.session.add_creatures("Cellar rat").do()
    panel.session.add_crows(["Wren Ashdown"]).do()
    rat, wren = panel.rows["Cellar rat 1"], panel.rows["Wren Ashdown"]
    rat.chips["prone"].click()
    assert rat.chips["prone"].isChecked()
    assert panel.session.state.combatant("Cellar rat 1").conditions == ("prone",)
    wren.chips["unconscious"].click()
    assert "unconscious" in panel.characters.get("Wren Ashdown").conditions
    assert wren.state_label.text().startswith("down")  # in words, not colour alone
    stack.undo()
    assert not wren.chips["unconscious"].isChecked()
    assert "unconscious" not in panel.characters.get("Wren Ashdown").conditions
    stack.undo()
    assert not rat.chips["prone"].isChecked()


def test_knocked_out_and_dead_are_said_in_words(panel: FightPanel) -> None:
    panel.session.add_creatures("Tunnel ghoul", 2).do()
    panel.session.damage("Tunnel ghoul 1", 30, knock_out=True)[0].do()
    panel.session.damage("Tunnel ghoul 2", 30)[0].do()
    assert texts(panel) == {"Tunnel ghoul 1": "knocked out", "Tunnel ghoul 2": "dead"}


def test_a_refused_step_is_said_in_the_panel_and_changes_nothing(
    panel: FightPanel, stack: RefkitUndoStack
) -> None:
    assert not panel.remove_picked()
    assert "Click a combatant's name first" in panel.message.text()
    assert not panel.add_party() or stack.count() == 1
    assert not panel.add_party()  # the party is in already
    assert "in the fight already" in panel.message.text()
    assert stack.count() == 1
    panel.session.add_creatures("Cellar rat").do()
    panel.new_round(die=9)
    panel.rows["Cellar rat 1"].pick.click()
    panel.rows["Cellar rat 1"].chips["unconscious"].click()
    assert not panel.choose_picked()
    assert "Cellar rat 1 is down" in panel.message.text()


def test_n_and_a_are_the_trackers_keys_while_it_has_focus(
    qtbot, services: Services, stack: RefkitUndoStack
) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    typed: list[str] = []
    notation = QAction("Type dice notation", window)
    notation.setShortcut(QKeySequence("N"))
    notation.triggered.connect(lambda: typed.append("N"))
    window.addAction(notation)
    tracker = FightPanel(
        services.fight, services.characters, lambda c: push_command(stack, c), tuple
    )
    window.setCentralWidget(tracker)
    attacks: list[str] = []
    tracker.attack_requested.connect(attacks.append)
    services.fight.add_creatures("Cellar rat", 2).do()
    tracker.new_round(die=1)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    tracker.setFocus()
    qtbot.waitUntil(tracker.hasFocus)
    qtbot.keyClick(tracker, Qt.Key.Key_N)
    assert services.fight.state.current == "Cellar rat 2"
    assert typed == []  # the window's N waited
    qtbot.keyClick(tracker, Qt.Key.Key_A)
    assert attacks == ["Cellar rat 2"]
    window.setFocus()
    notation.trigger()
    assert typed == ["N"]


def test_a_fight_moved_on_by_the_command_line_is_read_again_not_overwritten(
    panel: FightPanel, services: Services, stack: RefkitUndoStack
) -> None:
    panel.session.add_creatures("Cellar rat").do()
    assert services.db_url is not None
    with Services(db_url=services.db_url) as other:  # refkit fight, meanwhile
        other.fight.add_creatures("Tunnel ghoul").do()
    assert not panel.add_party()
    assert "changed since" in panel.message.text()
    assert list(panel.rows) == ["Cellar rat 1", "Tunnel ghoul 1"]  # as it is now
    assert stack.count() == 0
    assert panel.add_party()  # and the next step is kept
    assert list(panel.rows)[-1] == "Wren Ashdown"


def test_damage_by_hand_goes_to_the_picked_one_as_one_step(
    panel: FightPanel, stack: RefkitUndoStack
) -> None:
    panel.session.add_creatures("Tunnel ghoul").do()
    panel.session.add_crows(["Brannoc Tull"]).do()
    assert not panel.damage_picked()
    panel.rows["Tunnel ghoul 1"].pick.click()
    panel.damage_spin.setValue(3)
    panel.piercing_check.setChecked(True)
    panel.damage_button.click()
    assert panel.rows["Tunnel ghoul 1"].stamina_bar.text() == "Stamina 6/9"  # AD skipped
    assert panel.message.text() == "Tunnel ghoul 1 takes 3 piercing damage"
    panel.rows["Brannoc Tull"].pick.click()
    before = panel.characters.get("Brannoc Tull")
    panel.piercing_check.setChecked(False)
    panel.damage_button.click()
    assert panel.characters.get("Brannoc Tull") != before  # on the sheet: armour first
    stack.undo()
    assert panel.characters.get("Brannoc Tull") == before


def test_a_name_with_markup_shows_as_typed_in_the_chips_tooltips(panel: FightPanel) -> None:
    # Issue 29 §8: the chips' tooltips rendered a crow name's HTML.
    from refkit.gui.common.plain_text import rich_tooltip

    marked = "<b>Wren</b> <i>Ashdown</i>"
    panel.characters.rename("Wren Ashdown", marked)
    panel.session.add_crows([marked]).do()
    chip = panel.rows[marked].chips["prone"]
    assert chip.toolTip() == rich_tooltip(f"Give {marked} the condition prone, or end it")
    assert "<b>" not in chip.toolTip()
