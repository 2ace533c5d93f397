"""Issue 25 item 9: the attack window makes an opportunity attack (L719), whose miss offers the
target no counter (L711): the odds say no counter, the outcome says why, no Counter button."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.gui.combat.test_attack_dialog import Table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    made = Table(tmp_path)
    yield made
    made.services.close()


def test_an_opportunity_attack_misses_without_a_counter_and_undoes(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    assert "counter" in dialog.odds_label.text()
    dialog.opportunity.setChecked(True)
    assert "counter" not in dialog.odds_label.text()  # the odds follow the box
    before = table.services.fight.state
    table.face = 1
    dialog.roll_button.click()
    report = dialog.report
    assert report is not None and report.hit is None and report.opportunity
    assert report.counter_damage is None and report.outcome.counter_tier is None
    assert "no counter" in dialog.outcome_label.text()
    assert not dialog.counter_button.isVisibleTo(dialog)
    assert table.stack.count() == 1
    table.stack.undo()
    assert table.services.fight.state == before
