"""The Widower's Wood panel: odds before rolling, dice drawn, rerolls, typed dice, the roll log."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from refkit.games.widowers_wood import RollKind
from refkit.gui.games.spec import discover_game_panels
from refkit.gui.games.widowers_wood import GAME_PANEL
from refkit.gui.games.widowers_wood.panel import WidowersWoodPanel
from tests.games.game_context import NOON, fixed_context, shown


@pytest.fixture
def panel(qtbot, logged) -> WidowersWoodPanel:
    context = fixed_context(logged.append, now=NOON)
    widget = shown(qtbot, GAME_PANEL.build(context), 420, 760)
    assert isinstance(widget, WidowersWoodPanel)
    return widget


def test_the_app_finds_the_panel() -> None:
    assert "widowers-wood" in {panel.game_id for panel in discover_game_panels()}


def test_odds_follow_the_form_before_any_roll(panel: WidowersWoodPanel) -> None:
    panel.set_kind(RollKind.DAMAGE)
    panel.first_spin.setValue(12)
    panel.second_spin.setValue(14)
    assert panel.odds_label.text() == "2d6: no wound 2.8% · 1 wound 38.9% · 2 wounds 58.3%"
    panel.boost_box.setChecked(True)
    assert panel.odds_label.text().startswith("3d6 (boosted):")


def test_typed_dice_resolve_the_skarg_example_w2(panel: WidowersWoodPanel, logged) -> None:
    panel.set_kind(RollKind.ATTACK)
    panel.boost_box.setChecked(True)
    panel.additional_spin.setValue(1)
    panel.discard_low_spin.setValue(1)
    panel.first_spin.setValue(4)
    panel.second_spin.setValue(18)
    panel.dice_edit.setText("6,2,5,3")
    panel.roll_button.click()
    assert panel.result_label.text() == "HIT"
    assert panel.detail_label.text() == "dice 14 + ACC 4 = 18 against DEF 18"
    shown = panel.dice_view.dice()
    assert [(d.face, d.discarded) for d in shown] == [(6, False), (2, True), (5, False), (3, False)]
    (record,) = logged
    assert (record.kind, record.faces, record.total, record.seed) == (
        "widowers-wood",
        (6, 2, 5, 3),
        18,
        None,
    )
    assert record.rolled_at == NOON


def test_hazard_and_spawn_cannot_be_boosted(panel: WidowersWoodPanel) -> None:
    panel.boost_box.setChecked(True)
    panel.set_kind(RollKind.HAZARD)
    assert not panel.dice_group.isVisible()
    assert panel.plan().dice_count == 1
    assert panel.odds_label.text() == "1d6, never boosted: 1 damage 33.3%"


def test_a_reroll_replaces_the_result_and_is_logged(qtbot, panel, logged) -> None:
    panel.set_kind(RollKind.CHALLENGE)
    panel.dice_edit.setText("6,6")
    panel.second_spin.setValue(12)
    panel.first_spin.setValue(0)
    panel.roll_button.click()
    assert panel.result_label.text() == "PASSED"
    assert not panel.reroll_button.isEnabled()
    centre = panel.dice_view.die_rect(0).center()
    qtbot.mouseClick(panel.dice_view, Qt.MouseButton.LeftButton, pos=QPointF(centre).toPoint())
    assert panel.dice_view.picked() == (0,)
    panel.reroll_button.click()
    faces = panel.dice_view.dice()
    assert faces[1].face == 6 and len(logged) == 2
    assert logged[1].expression.startswith("reroll: ")
    assert logged[1].seed is not None
    assert panel.result_label.text() == ("PASSED" if faces[0].face + 6 >= 12 else "FAILED")


def test_spawn_shows_a_white_type_die_and_a_black_passage_die(panel: WidowersWoodPanel) -> None:
    panel.set_kind(RollKind.SPAWN)
    panel.villains_edit.setText(
        "Swamp Gobber, Swamp Gobber, Gatorman, Gatorman, Gatorman, Gatorman"
    )
    assert "Swamp Gobber 33.3% · Gatorman 66.7%" in panel.odds_label.text()
    panel.red_spin.setValue(1)
    panel.blue_spin.setValue(2)
    panel.dice_edit.setText("3,5")
    panel.roll_button.click()
    assert panel.result_label.text() == "Gatorman at passage 5"
    assert "blue miniature" in panel.detail_label.text()
    type_die, passage_die = panel.dice_view.dice()
    assert (type_die.black, passage_die.black) == (False, True)


@pytest.mark.parametrize(
    ("kind", "typed", "message"),
    [
        (RollKind.DAMAGE, "3", "needs 2 dice, got 1"),
        (RollKind.HAZARD, "9", "9 is not a face of a d6"),
        (RollKind.ATTACK, "3,x", "'x' is not a whole number"),
    ],
)
def test_bad_typed_dice_are_said_in_the_panel(panel, logged, kind, typed, message) -> None:
    panel.set_kind(kind)
    panel.dice_edit.setText(typed)
    panel.roll_button.click()
    assert panel.error_label.isVisible() and message in panel.error_label.text()
    assert logged == []


def test_discarding_every_die_is_said_before_rolling(panel: WidowersWoodPanel) -> None:
    panel.set_kind(RollKind.DAMAGE)
    panel.discard_low_spin.setValue(2)
    assert "leaves none to total" in panel.error_label.text()
    assert panel.error_label.isVisible()


def test_a_villain_name_too_long_is_said_before_rolling(panel: WidowersWoodPanel) -> None:
    panel.set_kind(RollKind.SPAWN)
    panel.villains_edit.setText("Gatorman, " + "x" * 41)
    assert "index 2 is longer than 40 characters" in panel.error_label.text()


def test_spawn_from_an_empty_reserve_activates_the_farthest_instead(
    panel: WidowersWoodPanel, logged
) -> None:
    """The defaults (Red 0, Blue 0) once said "Take a red miniature": the rulebook says a type
    with none left cannot be generated, and its villain farthest from any hero activates."""
    panel.set_kind(RollKind.SPAWN)
    panel.villains_edit.setText("Bog Trog, Bog Trog, Gatorman")
    panel.dice_edit.setText("2,4")
    panel.roll_button.click()
    assert panel.result_label.text() == "No Bog Trog generated: activate the farthest"
    assert "miniature" not in panel.detail_label.text()
    assert "Bog Trog farthest from any hero" in panel.detail_label.text()
    assert logged[-1].summary == panel.result_label.text()


def test_spawn_on_a_passage_that_is_gone_activates_the_farthest(panel: WidowersWoodPanel) -> None:
    panel.set_kind(RollKind.SPAWN)
    panel.red_spin.setValue(2)
    panel.gone_edit.setText("4, 6")
    panel.dice_edit.setText("3,6")
    panel.roll_button.click()
    assert "Passage 6 no longer exists" in panel.detail_label.text()
    panel.dice_edit.setText("3,5")
    panel.roll_button.click()
    assert panel.result_label.text() == "the type with index 3 at passage 5"
    assert "Take a red miniature" in panel.detail_label.text()


def test_a_bad_gone_passage_is_said_before_rolling(panel: WidowersWoodPanel) -> None:
    panel.set_kind(RollKind.SPAWN)
    panel.gone_edit.setText("2, 9")
    assert panel.error_label.isVisible()
    assert "Passages gone: '9' is not a passage number" in panel.error_label.text()


def _faces_for(seed_source: int, count: int) -> tuple[int, ...]:
    """The faces the panel's checks roll with the test context (default seed 0)."""
    import random

    seed = random.Random(seed_source).randrange(2**53)
    rng = random.Random(seed)
    return tuple(rng.randint(1, 6) for _ in range(count))


def test_continuous_effect_tokens_end_on_one_or_two(panel: WidowersWoodPanel, logged) -> None:
    checks = panel.checks
    checks.tokens_spin.setValue(6)
    checks.effects_button.click()
    faces = _faces_for(0, 6)
    ended = sum(face <= 2 for face in faces)
    assert checks.result_label.text() == f"{ended} ended, {6 - ended} still on the sheet"
    assert logged[-1].faces == faces and logged[-1].expression == "continuous effects"
    for number, face in enumerate(faces, start=1):
        word = "ends" if face <= 2 else "stays"
        assert f"token {number}: {face} ({word})" in checks.detail_label.text()


def test_push_back_knocks_down_on_four_to_six(panel: WidowersWoodPanel, logged) -> None:
    panel.checks.push_back_button.click()
    (face,) = _faces_for(0, 1)
    expected = "Knocked down" if face >= 4 else "Still standing"
    assert panel.checks.result_label.text() == expected
    assert logged[-1].faces == (face,)


def test_free_strikes_roll_a_hazard_die_per_enemy(panel: WidowersWoodPanel, logged) -> None:
    panel.checks.enemies_spin.setValue(3)
    panel.checks.strikes_button.click()
    faces = _faces_for(0, 3)
    damage = sum(face >= 5 for face in faces)
    assert panel.checks.result_label.text() == f"{damage} damage from 3 free strikes"
    assert len(logged[-1].faces) == 3


@pytest.mark.parametrize(("wounds", "health", "xp"), [(2, 3, 2), (2, 1, 1), (0, 3, 0)])
def test_xp_is_the_health_the_villain_loses(panel: WidowersWoodPanel, wounds, health, xp) -> None:
    panel.checks.wounds_spin.setValue(wounds)
    panel.checks.health_spin.setValue(health)
    assert panel.checks.xp_label.text() == f"XP to the Treasure: +{xp}"


def test_the_check_texts_read_every_face() -> None:
    from refkit.gui.games.widowers_wood.checks import continuous_effects_text, free_strikes_text

    headline, detail = continuous_effects_text((1, 2, 3, 6))
    assert headline == "2 ended, 2 still on the sheet"
    assert detail == "token 1: 1 (ends), token 2: 2 (ends), token 3: 3 (stays), token 4: 6 (stays)"
    assert free_strikes_text((4, 5, 6))[0] == "2 damage from 3 free strikes"
    assert free_strikes_text((4,))[0] == "0 damage from 1 free strike"
