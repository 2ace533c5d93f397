"""Issue 24, item 6: a message goes when its cause goes — "Name the dungeon first" once a name is
typed or the dungeon entered, "Lantern has gone out" once it is refuelled (which lights it
again), a fight step's message once Ctrl+Z takes the step back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.gui.combat.tracker import FightPanel
from refkit.gui.dungeon.effects_panel import EffectsPanel
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command
from refkit.rules.dungeon.effects import refuel
from tests.gui.dungeon_helpers import DungeonRig, opened_turn_panel


def test_name_the_dungeon_first_goes_once_a_name_is_typed(qtbot, rig, settings) -> None:
    with opened_turn_panel(qtbot, rig, settings) as panel:
        panel.enter_button.click()
        assert "Name the dungeon first" in panel.message_label.text()
        panel.dungeon_edit.setText("Sunken chapel")
        assert panel.message_label.text() == ""


def test_name_the_dungeon_first_goes_once_the_dungeon_is_entered(qtbot, rig, settings) -> None:
    with opened_turn_panel(qtbot, rig, settings) as panel:
        panel.enter_button.click()
        assert panel.message_label.text()
        panel.enter_dungeon_named("Sunken chapel")
        assert panel.message_label.text() == ""


def test_a_message_without_a_cause_to_watch_stays_through_a_view(qtbot, rig, settings) -> None:
    with opened_turn_panel(qtbot, rig, settings) as panel:
        panel.show_message("The database is locked by another program")
        panel.session.refresh()
        assert "locked" in panel.message_label.text()


@pytest.fixture
def effects(qtbot, rig: DungeonRig) -> Iterator[EffectsPanel]:
    session = DungeonTurnSession(rig.undo_stack)
    panel = EffectsPanel(session)
    qtbot.addWidget(panel)
    session.set_services(rig.service, rig.tables)
    panel.show()
    yield panel
    session.close()


def test_gone_out_goes_after_a_refuel_which_lights_the_lantern_again(
    effects: EffectsPanel, rig: DungeonRig
) -> None:
    effects.preset_buttons["lantern"].click()
    rig.service.start(dungeon="Crypt")
    effects.session.refresh()
    rig.queue_end(lambda r: bool(r.ran_out))
    effects.session.end_turn()
    (lantern,) = rig.service.effects()
    assert lantern.usage_dice == 0 and not lantern.lit
    assert effects.announced().startswith("Lantern has gone out")
    effects.session.refuel(lantern.id)
    (lantern,) = rig.service.effects()
    assert lantern.usage_dice == lantern.max_usage_dice and lantern.lit
    assert effects.announced() == ""
    rig.undo_stack.undo()  # the refuel undone: out again, but the note is not brought back
    assert not rig.service.effects()[0].lit


def test_a_refuel_of_a_light_doused_on_purpose_leaves_it_doused(rig: DungeonRig) -> None:
    rig.service.add_preset("lantern")
    doused = rig.service.douse("e1", [4, 5]).value.effect
    assert doused.usage_dice == 2 and not doused.lit
    assert not refuel(doused).lit


@pytest.fixture
def fight(qtbot, tmp_path: Path) -> Iterator[tuple[FightPanel, RefkitUndoStack]]:
    with Services(db_url=str(tmp_path / "fight.sqlite3")) as services:
        stack = RefkitUndoStack()
        panel = FightPanel(
            services.fight,
            services.characters,
            lambda command: push_command(stack, command),
            services.party.members,
            undo_stack=stack,
        )
        qtbot.addWidget(panel)
        yield panel, stack


def test_a_fight_step_s_message_goes_when_ctrl_z_takes_it_back(fight) -> None:
    panel, stack = fight
    panel.session.add_crows(["Hesper Quill"]).do()
    panel.session.reload()
    assert panel.toggle_condition("Hesper Quill", "vulnerable")
    assert "Hesper Quill" in panel.message.text()
    stack.undo()
    assert panel.message.text() == ""
    assert "vulnerable" not in panel.rows["Hesper Quill"].state_label.text()
