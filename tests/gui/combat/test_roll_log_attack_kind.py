"""The roll log's kind filter offers attacks, and keeps only them when chosen."""

from __future__ import annotations

from refkit.gui.dice.roll_log_model import RollLogModel
from refkit.gui.dice.roll_log_panel import RollLogPanel
from tests.gui.test_roll_log_model import local_today, logged


def test_the_kind_filter_offers_attack(qtbot) -> None:
    model = RollLogModel(today=local_today)
    model.replace_all(
        [
            logged(2, "attack", "Attack: 2d10+2", "Ada hits Ghoul 1 for 5", minutes=2),
            logged(1, "test", "2d10+1", "Tier 2 — total 12", minutes=1),
        ]
    )
    panel = RollLogPanel(model)
    qtbot.addWidget(panel)
    panel.set_loading(False)
    index = panel.kind_combo.findData("attack")
    assert index >= 0 and panel.kind_combo.itemText(index) == "Attack"
    panel.kind_combo.setCurrentIndex(index)
    assert [roll.record.summary for roll in panel.shown_rolls()] == ["Ada hits Ghoul 1 for 5"]
