"""The DT panel and a signalled encounter's deadline: overdue on the referee's panel only; the
banner stops calling for an encounter once it is resolved; undoing a sign takes its table
result with it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings

from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from tests.gui.dungeon_helpers import DungeonRig, opened_turn_panel


@pytest.fixture
def panel(qtbot, rig: DungeonRig, settings: QSettings) -> Iterator[DungeonTurnPanel]:
    with opened_turn_panel(qtbot, rig, settings) as panel:
        panel.dungeon_edit.setText("Sunken chapel")
        panel.enter_button.click()
        yield panel


def sign_then(panel: DungeonTurnPanel, rig: DungeonRig, *later: str) -> None:
    rig.queue_end(lambda r: r.encounter.outcome == "sign")
    panel.end_turn()
    for outcome in later:
        rig.queue_end(lambda r, wanted=outcome: r.encounter.outcome == wanted)
        panel.end_turn()


def test_the_due_dt_ending_unresolved_says_overdue_on_the_referees_panel(panel, rig) -> None:
    sign_then(panel, rig)
    assert not panel.encounters.overdue_label.isVisible()
    assert panel.encounters.pending_texts()[0].startswith("Encounter comes during this DT")
    sign_then(panel, rig, "none")  # DT 2 (the due one) ended with it unresolved
    band = panel.encounters.overdue_label
    assert band.isVisible()
    assert "OVERDUE: due in DT 2" in band.text()
    assert band.font().bold() and band.font().pointSizeF() > panel.font().pointSizeF()
    panel.encounters._pending_rows[0].resolve_button.click()
    assert (
        band.text() == "⚠ An encounter is OVERDUE: due in DT 3, not resolved yet — bring it in now"
    )
    panel.encounters._pending_rows[0].resolve_button.click()
    assert not band.isVisible()


def test_the_players_window_never_says_overdue(panel, rig) -> None:
    panel.settings_box.full_screen_check.setChecked(False)
    panel.players_button.click()
    sign_then(panel, rig, "none", "none")
    assert rig.service.view().clock.encounter_overdue
    window = panel.players_window
    assert window is not None
    texts = " ".join(window.visible_texts())
    assert "Something approaches…" in texts
    assert "overdue" not in texts.casefold() and "due in" not in texts
    panel.players_button.click()


def test_resolving_the_encounter_clears_the_sign_banner_even_into_a_rest(panel, rig) -> None:
    sign_then(panel, rig)
    assert panel.summary.banner.headline.text() == "A sign now"
    panel.encounters._pending_rows[0].resolve_button.click()
    assert panel.summary.banner.headline.text() == "Encounter dealt with"
    assert panel.summary.banner.outcome == "resolved"
    panel.rest.start_button.click()
    assert panel.summary.banner.headline.text() == "Encounter dealt with"
    rig.undo_stack.undo()  # the rest
    rig.undo_stack.undo()  # the resolve: the encounter is to come again
    assert panel.summary.banner.headline.text() == "A sign now"


def test_a_loud_noise_sign_resolved_clears_its_banner_too(panel, rig) -> None:
    for _ in range(40):  # the rig's dice are random: look for a sign
        check = panel.loud_noise()
        assert check is not None
        if check.encounter:
            break
        rig.undo_stack.undo()
    else:
        pytest.skip("no encounter in 40 loud-noise checks")
    panel.encounters._pending_rows[-1].resolve_button.click()
    assert panel.summary.banner.outcome == "resolved"


def test_undoing_a_sign_also_clears_the_table_result_shown_with_it(panel, rig) -> None:
    name = next(s.name for s in rig.tables.summaries() if "encounter" in s.name.casefold())
    index = panel.encounters.table_combo.findData(name)
    panel.encounters.table_combo.setCurrentIndex(index)
    panel.encounters.table_combo.activated.emit(index)
    sign_then(panel, rig)
    assert panel.roll_encounter_table()
    assert panel.encounters.table_result.isVisible()
    rig.undo_stack.undo()  # the End DT that gave the sign
    assert panel.encounters.pending_texts() == []
    assert not panel.encounters.table_result.isVisible()
    assert panel.encounters.table_result.text() == ""


def test_a_table_rolled_with_nothing_pending_stays(panel, rig) -> None:
    name = next(s.name for s in rig.tables.summaries() if "encounter" in s.name.casefold())
    index = panel.encounters.table_combo.findData(name)
    panel.encounters.table_combo.setCurrentIndex(index)
    panel.encounters.table_combo.activated.emit(index)
    assert panel.roll_encounter_table()
    rig.queue_end(lambda r: r.encounter.outcome == "none")
    panel.end_turn()
    assert panel.encounters.table_result.isVisible()
