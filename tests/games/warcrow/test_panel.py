"""The Warcrow panel: pools with the cap, the kind question, odds before rolling, fixes, rerolls
each die once, face to face, the roll log, and the user's dice table."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt

from refkit.games.warcrow import Colour, Direction, States, Symbol, build_pool, shipped_faces
from refkit.games.warcrow.odds import chance_of_at_least, face_to_face_odds
from refkit.gui.games.spec import GameContext, discover_game_panels
from refkit.gui.games.warcrow import GAME_PANEL
from refkit.gui.games.warcrow.panel import WarcrowPanel, percent
from tests.games.game_context import NOON, fixed_context, shown

R, OR, Y = Colour.RED, Colour.ORANGE, Colour.YELLOW
G, U, K = Colour.GREEN, Colour.BLUE, Colour.BLACK


@pytest.fixture
def panel(qtbot, logged) -> WarcrowPanel:
    context = fixed_context(logged.append, now=NOON)
    widget = shown(qtbot, GAME_PANEL.build(context), 420, 760)
    assert isinstance(widget, WarcrowPanel)
    return widget


def test_the_app_finds_the_panel() -> None:
    assert "warcrow" in {panel.game_id for panel in discover_game_panels()}


def test_the_community_faces_are_labelled(panel: WarcrowPanel) -> None:
    assert "community-sourced" in panel.source_label.text()
    assert panel.source_label.textFormat() == Qt.TextFormat.PlainText


def test_a_fourth_die_of_a_colour_is_refused_with_a_message(panel: WarcrowPanel, qtbot) -> None:
    for _ in range(3):
        panel.character.add_buttons[OR].click()
    assert panel.character.pool().dice == (OR, OR, OR)
    assert not panel.character.add_buttons[OR].isEnabled()
    panel.character.add_die(OR)
    assert panel.character.pool().dice == (OR, OR, OR)
    assert "fourth" in panel.character.message_label.text()


def test_odds_are_shown_before_rolling(panel: WarcrowPanel) -> None:
    panel.character.set_dice((R, OR))
    panel.needed_spin.setValue(2)
    expected = chance_of_at_least(build_pool([R, OR]), shipped_faces(), 2)
    assert f"Passes (needs 2): {percent(expected)}" in panel.odds_label.text()
    panel.expertise_box.setChecked(True)
    expert = chance_of_at_least(build_pool([R, OR]), shipped_faces(), 2, expertise=True)
    assert expert > expected
    assert f"Passes (needs 2): {percent(expert)}" in panel.odds_label.text()


def test_a_mixed_pool_asks_which_kind_to_upgrade(panel: WarcrowPanel) -> None:
    editor = panel.character
    editor.set_dice((Y, Y, K))
    editor.upgrade_button.click()
    assert editor.asking() is Direction.UPGRADE
    assert editor.question.isVisible()
    assert editor.pool().dice == (Y, Y, K)
    editor.defensive_button.click()
    assert editor.asking() is None
    assert sorted(editor.pool().dice) == sorted((Y, Y, U))
    assert "black became blue" in editor.steps_label.text()


def test_a_single_kind_pool_is_upgraded_without_asking(panel: WarcrowPanel) -> None:
    editor = panel.character
    editor.set_dice((R,))
    editor.downgrade_button.click()
    editor.upgrade_button.click()
    # Upgrades come first: red adds a yellow, then red is downgraded to orange.
    assert sorted(editor.pool().dice) == sorted((OR, Y))
    editor.upgrade_button.click()
    assert not editor.upgrade_button.isEnabled()
    editor.request(Direction.UPGRADE)
    assert "at most 2 upgrades" in editor.message_label.text()


def test_downgrading_nothing_is_refused(panel: WarcrowPanel) -> None:
    editor = panel.character
    editor.set_dice((Y,))
    editor.downgrade_button.click()
    assert editor.pool().dice == ()
    editor.downgrade_button.click()
    assert "cannot be downgraded" in editor.message_label.text()
    assert len(editor.modifications()) == 1


def test_a_fixed_die_is_rolled_as_fixed_and_odds_follow(panel: WarcrowPanel, logged) -> None:
    editor = panel.character
    editor.set_dice((R, OR))
    double = shipped_faces().of(R).index((Symbol.SUCCESS, Symbol.SUCCESS))
    editor.select_die(0)
    assert editor.die_box.isVisible()
    editor.fix_face(double)
    assert editor.fixed() == {0: double + 1}
    panel.needed_spin.setValue(2)
    assert "Passes (needs 2): 100%" in panel.odds_label.text()
    panel.roll_button.click()
    shown = panel.character_dice.dice()
    assert shown[0].fixed and shown[0].face == (Symbol.SUCCESS, Symbol.SUCCESS)
    assert "Test passed" in panel.outcome_label.text()
    assert logged[-1].kind == "warcrow"
    assert logged[-1].detail["character"]["dice"][0]["fixed"] is True


def test_each_die_is_rerolled_once(panel: WarcrowPanel, logged, qtbot) -> None:
    panel.character.set_dice((R, OR, Y))
    panel.roll_button.click()
    assert len(logged) == 1
    strip = panel.character_dice
    centre = strip.die_rect(1).center().toPoint()
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=QPoint(centre.x(), centre.y()))
    assert panel.picked() == (1,)
    panel.reroll_button.click()
    assert len(logged) == 2 and logged[-1].expression.startswith("reroll: ")
    assert panel.character_dice.dice()[1].rerolled
    panel.toggle_pick("character", 1)
    assert "already rerolled" in panel.message_label.text()
    assert panel.picked() == ()


def test_face_to_face_shows_wounds_each_way(panel: WarcrowPanel, logged) -> None:
    panel.versus_mode.setChecked(True)
    assert panel.enemy.isVisible()
    panel.character.set_dice((Y, Y, K))
    panel.enemy.set_dice((K, Y))
    text = panel.odds_label.text()
    assert text.startswith("Character succeeds (1+ wound to the enemy):")
    assert "Wounds to the character: 0:" in text
    panel.roll_button.click()
    mine = panel.character_symbols.symbols()
    theirs = panel.enemy_symbols.symbols()
    to_enemy = max(0, mine.success - theirs.block)
    to_character = max(0, theirs.success - mine.block)
    assert f"{to_enemy} wound" in panel.outcome_label.text()
    assert f"{to_character} wound" in panel.outcome_label.text().split("enemy, ")[1]
    assert logged[-1].total == to_enemy
    assert set(logged[-1].detail) == {"character", "enemy"}


def test_a_broken_user_table_is_said_in_the_window(qtbot, refkit_data_dir, logged) -> None:
    folder = refkit_data_dir / "games" / "warcrow"
    folder.mkdir(parents=True)
    (folder / "dice.toml").write_text("[dice.red]\nfaces = 'none'\n", encoding="utf-8")
    context = GameContext(make_rng=random.Random, now=lambda: NOON, log_roll=logged.append)
    widget = WarcrowPanel(context)
    qtbot.addWidget(widget)
    widget.show()
    assert "dice.toml" in widget.problem_label.text()
    assert widget.problem_label.isVisible()
    assert "shipped community faces" in widget.problem_label.text()


def test_a_users_checked_table_is_used_and_named(qtbot, refkit_data_dir, logged) -> None:
    folder = refkit_data_dir / "games" / "warcrow"
    folder.mkdir(parents=True)
    blank = "\n".join(f"[dice.{c}]\nfaces = [['success']]" for c in ("red", "orange", "yellow"))
    full = "\n".join(f"[dice.{c}]\nfaces = [['block']]" for c in ("green", "blue", "black"))
    (folder / "dice.toml").write_text(
        "[about]\nstatus = 'verified'\n" + blank + "\n" + full, encoding="utf-8"
    )
    context = GameContext(make_rng=random.Random, now=lambda: NOON, log_roll=logged.append)
    widget = WarcrowPanel(context)
    qtbot.addWidget(widget)
    widget.character.set_dice((R,))
    assert "Successes: 1+ 100%" in widget.odds_label.text()
    assert "your checked table" in widget.source_label.text()


def test_stunned_and_vulnerable_change_odds_and_result(panel: WarcrowPanel, logged) -> None:
    panel.versus_mode.setChecked(True)
    panel.character.set_dice((R,))
    panel.enemy.set_dice((G,))
    before = panel.odds_label.text()
    panel.enemy.vulnerable_box.setChecked(True)
    after = panel.odds_label.text()
    assert after != before
    expected = face_to_face_odds(
        build_pool([R]),
        build_pool([G]),
        shipped_faces(),
        enemy_states=States(vulnerable=True),
    )
    assert f"(1+ wound to the enemy): {percent(expected.success)}" in after
    panel.character.stunned_box.setChecked(True)
    panel.roll_button.click()
    raw = panel._sides["character"].roll.symbols()
    assert panel.character_symbols.symbols().success == max(0, raw.success - 1)
    assert "character Stunned" in logged[-1].expression
    assert "enemy Vulnerable" in logged[-1].expression


def test_an_editable_copy_of_the_faces_is_written_or_the_failure_said(
    panel: WarcrowPanel, refkit_data_dir, monkeypatch, tmp_path
) -> None:
    from refkit.locate import read_resource_text

    panel.copy_button.click()
    target = refkit_data_dir / "games" / "warcrow" / "dice.toml"
    assert target.read_text(encoding="utf-8") == read_resource_text("games", "warcrow", "dice.toml")
    assert str(target) in panel.copy_label.text()
    panel.copy_button.click()
    assert "already at" in panel.copy_label.text()
    monkeypatch.setenv("REFKIT_DATA_DIR", str(tmp_path))
    (tmp_path / "games").write_text("not a folder")
    panel.copy_button.click()
    assert panel.copy_label.text().startswith("Could not write the copy:")
    assert panel.copy_label.isVisible()


def test_a_test_may_count_blocks(panel: WarcrowPanel, logged) -> None:
    """A test may ask for Blocks, not only Successes (rules/warcrow.md §2.10)."""
    green = Colour.GREEN
    editor = panel.character
    editor.set_dice((green, green))
    assert "No Success is possible." in panel.odds_label.text()
    panel.counted_box.setCurrentIndex(panel.counted_box.findData(Symbol.BLOCK.value))
    panel.needed_spin.setValue(1)
    assert "Passes (needs 1): 93.8%" in panel.odds_label.text()  # 1 - (2/8)²
    assert "Blocks: 1+ 93.8%" in panel.odds_label.text()
    double = shipped_faces().of(green).index((Symbol.BLOCK, Symbol.BLOCK))
    editor.select_die(0)
    editor.fix_face(double)
    panel.needed_spin.setValue(2)
    assert "Passes (needs 2): 100%" in panel.odds_label.text()
    panel.roll_button.click()
    assert panel.outcome_label.text().startswith("Test passed: ")
    assert "Blocks, 2 needed" in panel.outcome_label.text()
    assert logged[-1].summary == panel.outcome_label.text()
