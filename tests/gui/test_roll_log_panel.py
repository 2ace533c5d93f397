"""The roll log panel's filter: one pass over precomputed texts, once the typing pauses."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QHeaderView

from refkit.gui.common.table_style import FILTER_DELAY_MS
from refkit.gui.dice.roll_log_model import RollLogModel
from refkit.gui.dice.roll_log_panel import RollLogPanel
from tests.gui.test_roll_log_model import local_today, logged


def many_rolls(count: int) -> list:
    """Newest first; every third a test, the rest d100s."""
    return [
        logged(number, "test", "2d10+1", f"Tier {number % 4} — total {number}", minutes=number)
        if number % 3 == 0
        else logged(number, "d100", "d100", f"{number % 100} (tens, ones)", minutes=number)
        for number in range(count, 0, -1)
    ]


def make_panel(qtbot, count: int) -> tuple[RollLogModel, RollLogPanel]:
    model = RollLogModel(today=local_today)
    model.replace_all(many_rolls(count))
    panel = RollLogPanel(model)
    qtbot.addWidget(panel)
    panel.set_loading(False)
    panel.show()
    qtbot.waitExposed(panel)
    return model, panel


def test_typing_filters_once_when_the_typing_pauses(qtbot) -> None:
    _model, panel = make_panel(qtbot, 2000)
    header = panel.table.horizontalHeader()
    sized = QHeaderView.ResizeMode.ResizeToContents
    assert all(header.sectionResizeMode(c) != sized for c in range(header.count()))
    proxy = panel.proxy
    changes: list[str] = []
    for signal in (proxy.modelReset, proxy.layoutChanged, proxy.rowsRemoved, proxy.rowsInserted):
        signal.connect(lambda *_args, name=signal: changes.append(str(name)))
    qtbot.keyClicks(panel.filter_edit, "tier 3")
    assert proxy.rowCount() == 2000  # nothing filtered while typing
    qtbot.waitUntil(lambda: changes != [])
    qtbot.wait(2 * FILTER_DELAY_MS)
    assert len(changes) == 1  # one filter pass for six keys
    assert {roll.record.summary.split(" — ")[0] for roll in panel.shown_rolls()} == {"Tier 3"}
    assert panel.count_label.text() == f"{proxy.rowCount()} of 2000 rolls shown"


def test_the_filter_reads_no_cells(qtbot, monkeypatch) -> None:
    model, panel = make_panel(qtbot, 2000)
    calls: list[int] = []
    original = RollLogModel.data

    def counting(self, index, role=0):
        calls.append(role)
        return original(self, index, role)

    monkeypatch.setattr(RollLogModel, "data", counting)
    panel.table.hide()  # count the filter's reads, not the painting
    panel.proxy.set_text("TIER 2")
    assert panel.proxy.rowCount() == sum(1 for number in range(1, 2001) if number % 12 == 6)
    assert calls == []
    panel.proxy.set_kind("d100")
    assert panel.proxy.rowCount() == 0
    assert calls == []
    assert len(model.rolls()) == 2000


def test_the_selected_roll_stays_selected_through_a_filter(qtbot) -> None:
    model, panel = make_panel(qtbot, 300)
    wanted = model.rolls()[10]  # roll 290, a d100
    selection = panel.table.selectionModel()
    selection.select(
        panel.proxy.mapFromSource(model.index(10, 0)),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("d100"))
    rows = {index.row() for index in selection.selectedRows()}
    assert [panel.shown_rolls()[row] for row in rows] == [wanted]
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("test"))
    assert selection.selectedRows() == []  # filtered out: nothing else gets selected
