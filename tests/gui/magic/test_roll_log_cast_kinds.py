"""The roll log's kind filter offers casts and backlashes, and keeps only the kind chosen."""

from __future__ import annotations

from refkit.gui.dice.roll_log_model import RollLogModel
from refkit.gui.dice.roll_log_panel import RollLogPanel
from tests.gui.test_roll_log_model import local_today, logged


def test_the_kind_filter_offers_cast_and_backlash(qtbot) -> None:
    model = RollLogModel(today=local_today)
    model.replace_all(
        [
            logged(3, "backlash", "backlash: d100 + rank 1", "backlash 45", minutes=3),
            logged(2, "cast", "cast Light (rank 0)", "Light: tier 3", minutes=2),
            logged(1, "test", "2d10+1", "Tier 2 — total 12", minutes=1),
        ]
    )
    panel = RollLogPanel(model)
    qtbot.addWidget(panel)
    panel.set_loading(False)
    offered = {panel.kind_combo.itemData(i): panel.kind_combo.itemText(i)
               for i in range(panel.kind_combo.count())}  # fmt: skip
    assert (offered["cast"], offered["backlash"]) == ("Cast", "Backlash")
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("cast"))
    assert [roll.record.summary for roll in panel.shown_rolls()] == ["Light: tier 3"]
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("backlash"))
    assert [roll.record.summary for roll in panel.shown_rolls()] == ["backlash 45"]
