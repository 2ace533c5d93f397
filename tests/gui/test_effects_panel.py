"""The effects panel: presets, spells and custom effects, douse / light / refuel / remove, pips,
and the announcement when something runs out."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from refkit.gui.dungeon.effects_panel import EffectsPanel
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.rules.dungeon.effects import EffectKind
from refkit.rules.usage_dice import roll_usage_dice
from tests.gui.dungeon_helpers import DungeonRig


@pytest.fixture
def panel(qtbot, rig: DungeonRig) -> Iterator[EffectsPanel]:
    session = DungeonTurnSession(rig.undo_stack)
    panel = EffectsPanel(session)
    qtbot.addWidget(panel)
    session.set_services(rig.service, rig.tables)
    panel.show()
    yield panel
    session.close()


def test_presets_add_lit_lights_with_pips_and_an_owner(panel, rig) -> None:
    panel.owner_edit.setText("Mara")
    panel.preset_buttons["lantern"].click()
    panel.preset_buttons["torch"].click()
    (lantern, torch) = rig.service.effects()
    assert (lantern.name, lantern.owner, lantern.usage_dice, lantern.lit) == (
        "Lantern",
        "Mara",
        2,
        True,
    )
    row = panel.rows()[lantern.id]
    assert row.name_label.text() == "Lantern — Mara"
    assert row.status_label.text() == "burning"
    assert row.pips.current() == 2
    assert row.count_label.text() == "2/2 UD"
    assert panel.rows()[torch.id].status_label.text() == "burning"  # one die, not burnt down
    assert panel.rows()[torch.id].count_label.text() == "1/1 UD"
    assert rig.undo_stack.count() == 2


def test_spell_and_custom_effects_from_the_form(panel, rig) -> None:
    panel.more_button.click()
    panel.name_edit.setText("Ward of thorns")
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData(EffectKind.SPELL))
    panel.dice_spin.setValue(3)
    panel.add_button.click()
    panel.name_edit.setText("Poisoned blade")
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData(EffectKind.CUSTOM))
    panel.dice_spin.setValue(4)
    panel.mode_checks["Useless"].setChecked(True)
    panel.add_button.click()
    ward, blade = rig.service.effects()
    assert (ward.kind, ward.usage_dice) == (EffectKind.SPELL, 3)
    assert (blade.kind, sorted(m.value for m in blade.modes)) == (
        EffectKind.CUSTOM,
        ["DT", "Useless"],
    )
    assert panel.rows()[blade.id].detail_label.text() == "effect · DT; Useless"


def test_a_bad_effect_is_refused_with_the_reason_under_the_form(panel, rig) -> None:
    panel.more_button.click()
    panel.name_edit.setText("Nothing at all")
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData(EffectKind.CUSTOM))
    panel.dice_spin.setValue(0)
    panel.add_button.click()
    assert rig.service.effects() == ()
    assert "at least 1 usage die" in panel.form_error.text()
    panel.name_edit.clear()
    panel.add_button.click()
    assert panel.form_error.text() == "⚠ Give the effect a name"


def test_douse_relight_refuel_and_remove(panel, rig) -> None:
    panel.preset_buttons["lantern"].click()
    (lantern,) = rig.service.effects()
    row = panel.rows()[lantern.id]
    row.douse_button.click()
    doused = rig.service.effects()[0]
    assert not doused.lit
    assert doused.usage_dice <= 2  # dousing a DT light rolls its dice once more
    assert not row.douse_button.isVisibleTo(row)
    if doused.usage_dice:
        assert row.relight_button.isVisibleTo(row)
        row.relight_button.click()
        assert rig.service.effects()[0].lit
    if rig.service.effects()[0].usage_dice < 2:
        row.refuel_button.click()
        assert rig.service.effects()[0].usage_dice == 2
    row.remove_button.click()
    assert rig.service.effects() == ()
    assert panel.rows() == {}
    assert panel.empty_label.isVisibleTo(panel)


def seed_leaving(dice: int, after: int) -> int:
    """A seed under which the next roll of ``dice`` usage dice leaves ``after`` of them."""
    return next(s for s in range(500) if roll_usage_dice(dice, random.Random(s)).after == after)


def test_use_rolls_an_activate_items_dice_as_one_undo_step(panel, rig) -> None:  # L400
    rig.service.add_effect("Tinderbox", 3, "Activate, Useless")
    panel.preset_buttons["torch"].click()
    (box, torch) = rig.service.effects()
    panel.session.refresh()
    assert not panel.rows()[torch.id].use_button.isVisibleTo(panel.rows()[torch.id])
    row = panel.rows()[box.id]
    assert row.use_button.isVisibleTo(row)
    rig.seeds.queued.append(seed_leaving(3, 2))
    steps = rig.undo_stack.count()
    row.use_button.click()
    assert rig.service.effects()[0].usage_dice == 2
    assert panel.rows()[box.id].count_label.text() == "2/3 UD"
    assert panel.rows()[box.id].pips.current() == 2
    assert rig.undo_stack.count() == steps + 1
    rig.undo_stack.undo()
    assert rig.service.effects()[0].usage_dice == 3
    assert panel.rows()[box.id].count_label.text() == "3/3 UD"


def test_using_up_a_useless_item_is_announced_and_it_is_spent(panel, rig) -> None:
    rig.service.add_effect("Quiver", 1, "Activate, Useless")
    panel.session.refresh()
    (quiver,) = rig.service.effects()
    rig.seeds.queued.append(seed_leaving(1, 0))
    panel.rows()[quiver.id].use_button.click()
    row = panel.rows()[quiver.id]
    assert rig.service.effects()[0].spent
    assert row.status_label.text() == "SPENT"
    assert not row.use_button.isVisibleTo(row)
    assert panel.announced() == "Quiver is used up — spent for good"


def test_running_out_at_the_end_of_a_dt_is_announced_and_useless_is_spent(panel, rig) -> None:
    panel.owner_edit.setText("Wren")
    panel.preset_buttons["candle"].click()
    rig.service.start(dungeon="Crypt")
    panel.session.refresh()
    rig.queue_end(lambda r: bool(r.items_spent))
    panel.session.end_turn()
    (candle,) = rig.service.effects()
    assert candle.spent
    assert panel.rows()[candle.id].status_label.text() == "SPENT"
    assert panel.announced() == "Candle is used up — spent for good"
    assert not panel.rows()[candle.id].relight_button.isVisibleTo(panel)
