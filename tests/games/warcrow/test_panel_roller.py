"""The Warcrow panel's roller as the command line has it: the roll type, the four roll States
(Stunned only on the rolls it touches), Switches chosen when affordable, and exact odds of what
is chosen (rules/warcrow.md §2.8, §4.2)."""

from __future__ import annotations

import pytest

from refkit.games.warcrow import Colour, States, Switch, Symbol, Symbols, build_pool, shipped_faces
from refkit.games.warcrow.odds import chance_of_at_least, face_to_face_odds
from refkit.games.warcrow.states import RollType, State
from refkit.gui.games.warcrow.panel import WarcrowPanel, percent
from tests.games.game_context import fixed_context

R, OR, Y = Colour.RED, Colour.ORANGE, Colour.YELLOW
G, U, K = Colour.GREEN, Colour.BLUE, Colour.BLACK


@pytest.fixture
def panel(qtbot, logged) -> WarcrowPanel:
    widget = WarcrowPanel(fixed_context(logged.append))
    qtbot.addWidget(widget)
    widget.resize(460, 900)
    widget.show()
    return widget


def _types(panel: WarcrowPanel) -> list[str]:
    box = panel.roll_type_box
    return [box.itemData(i) for i in range(box.count())]


def test_every_roll_type_is_offered_and_face_to_face_only_the_characters(panel) -> None:
    assert _types(panel) == [kind.value for kind in RollType]
    assert panel.roll_type() is RollType.TEST
    panel.versus_mode.setChecked(True)
    assert _types(panel) == ["attack", "magical-attack", "response"]
    panel.set_roll_type(RollType.MAGICAL_ATTACK)
    assert panel.enemy.roll_type() is RollType.MAGICAL_RESISTANCE
    assert "Magical resistance" in panel.answer_label.text()
    panel.roll_mode.setChecked(True)
    assert panel.roll_type() is RollType.MAGICAL_ATTACK  # kept: it is on offer here too


def test_stunned_changes_the_odds_only_on_the_rolls_it_touches(panel) -> None:
    editor = panel.character
    editor.set_dice((R, OR))
    panel.needed_spin.setValue(1)
    plain = panel.odds_label.text()
    editor.stunned_box.setChecked(True)
    assert panel.odds_label.text() == plain  # an attribute test: Stunned does nothing
    assert "no effect on this roll" in editor.stunned_box.text()
    panel.set_roll_type(RollType.ATTACK)
    expected = chance_of_at_least(
        build_pool([R, OR]), shipped_faces(), 1, states=States(stunned=True)
    )
    assert f"Passes (needs 1): {percent(expected)}" in panel.odds_label.text()
    assert "−1 Success" in editor.stunned_box.text()


def test_frightened_and_focus_change_the_pool_before_the_roll(panel, logged) -> None:
    editor = panel.character
    panel.set_roll_type(RollType.ATTACK)
    editor.set_dice((OR, OR, K))
    editor.frightened_box.setChecked(True)
    assert editor.pool().dice == (OR, K)
    assert "Frightened: one orange die removed" in editor.steps_label.text()
    editor.focus_box.setChecked(True)
    assert editor.pool().dice == (R, K)
    assert editor.message_label.text() == ""  # what a State does is said on its box, not here
    panel.needed_spin.setValue(2)
    expected = chance_of_at_least(build_pool([R, K]), shipped_faces(), 2)
    assert f"Passes (needs 2): {percent(expected)}" in panel.odds_label.text()
    panel.roll_button.click()
    assert [die.colour for die in panel.character_dice.dice()] == [R, K]
    # A die taken out while the States reshape the pool would hit the wrong die: refused.
    editor.select_die(0)
    assert not editor.remove_button.isEnabled()


def test_a_switch_is_counted_in_the_odds_and_chosen_after_the_roll(panel, logged) -> None:
    editor = panel.character
    panel.set_roll_type(RollType.MAGICAL_RESISTANCE)
    editor.set_dice((K, K))
    panel.counted_box.setCurrentIndex(panel.counted_box.findData(Symbol.BLOCK.value))
    panel.needed_spin.setValue(1)
    before = panel.odds_label.text()
    switches = editor.switch_list
    switches.name_edit.setText("Master of Magic")
    switches.cost_symbol.setCurrentIndex(switches.cost_symbol.findData("special"))
    switches.gain_symbol.setCurrentIndex(switches.gain_symbol.findData("block"))
    switches.add_button.click()
    master = Switch("Master of Magic", Symbols(special=1), Symbols(block=1))
    assert editor.switches() == (master,)
    expected = chance_of_at_least(
        build_pool([K, K]), shipped_faces(), 1, symbol=Symbol.BLOCK, switches=[master]
    )
    assert f"Passes (needs 1): {percent(expected)}" in panel.odds_label.text()
    assert panel.odds_label.text() != before
    assert panel.switch_note.isVisible()
    specials = [n for n, face in enumerate(shipped_faces().of(K), 1) if Symbol.SPECIAL in face]
    editor.select_die(0)
    editor.fix_face(specials[0] - 1)
    panel.roll_button.click()
    with_switch = panel.character_symbols.symbols()
    assert "Switches paid: Master of Magic" in panel.paid_label.text()
    assert "✓ paid" in switches.box("Master of Magic").text()
    switches.box("Master of Magic").setChecked(False)  # the roller keeps the Special after all
    without = panel.character_symbols.symbols()
    assert with_switch.block == without.block + 1
    assert with_switch.special == without.special - 1
    assert len(logged) == 1  # choosing a Switch is not another roll


def test_a_switch_of_the_same_name_is_refused(panel) -> None:
    switches = panel.character.switch_list
    for _ in range(2):
        switches.name_edit.setText("Staff")
        switches.add_button.click()
    assert len(switches.all_switches()) == 1
    assert "already" in switches.message_label.text()
    assert switches.name_edit.text() == "Staff"  # kept, to be corrected
    switches.name_edit.clear()
    switches.add_button.click()
    assert "name first" in switches.message_label.text()


def test_face_to_face_odds_follow_both_sides_states_and_switches(panel) -> None:
    panel.versus_mode.setChecked(True)
    panel.set_roll_type(RollType.RESPONSE)
    panel.character.set_dice((G,))
    panel.enemy.set_dice((R, OR))
    panel.character.stunned_box.setChecked(True)
    panel.enemy.state_boxes[State.FRIGHTENED].setChecked(True)
    assert panel.enemy.pool().dice == (OR,)  # the Enemy attacks: it loses its red die
    edge = Switch("Edge", Symbols(special=1), Symbols(success=1))
    panel.enemy.switch_list.add(edge)
    odds = face_to_face_odds(
        build_pool([G]),
        build_pool([OR]),
        shipped_faces(),
        character_states=States(stunned=True),
        enemy_switches=[edge],
    )
    assert f"(1+ wound to the enemy): {percent(odds.success)}" in panel.odds_label.text()
