"""The roll log's columns fit the panel: at the dock's default width, at 2× scaling (a narrower
panel, a larger font) and wide. The Result column stays in view and readable, the Roll column
gives way (cut with "…", whole in its tooltip) and no horizontal scroll bar appears."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from refkit.gui.dice.roll_log_model import RESULT_COLUMN, ROLL_COLUMN, TIME_COLUMN, RollLogModel
from refkit.gui.dice.roll_log_panel import RESULT_SAMPLE, RollLogPanel
from refkit.present.test_text import describe_test
from tests.gui.test_roll_log_model import local_today, logged

LONG_TEST = describe_test(3, edges=2, banes=1, bonuses=(2, -1), expertise=True, crit_min=18)
DEFAULT_DOCK_WIDTH = 520
"""The roll log dock's width on a 1366×768 screen at its first start."""
SCALED_DOCK_WIDTH = 470
"""The same dock on 2560×1440 at 2× (1280×720 logical pixels)."""


def make_panel(qtbot, width: int) -> tuple[RollLogModel, RollLogPanel]:
    model = RollLogModel(today=local_today)
    model.replace_all(
        [
            logged(3, "test", LONG_TEST, "Tier 2 — total 14, expertise spent", minutes=3),
            logged(2, "d100", "d100", "37 (tens 3, ones 7)", minutes=2),
            logged(1, "usage_dice", "Quiver of 20 arrows: 2 usage dice",
                   "Quiver of 20 arrows: rolled 4, 2: 2 → 1 UD", minutes=1),
        ]
    )  # fmt: skip
    panel = RollLogPanel(model)
    qtbot.addWidget(panel)
    panel.set_loading(False)
    panel.resize(width, 320)
    panel.show()
    qtbot.waitExposed(panel)
    return model, panel


def assert_result_in_view(panel: RollLogPanel) -> None:
    table = panel.table
    header = table.horizontalHeader()
    assert not table.horizontalScrollBar().isVisible()
    assert header.length() <= table.viewport().width()
    right = header.sectionViewportPosition(RESULT_COLUMN) + header.sectionSize(RESULT_COLUMN)
    assert right <= table.viewport().width()
    wanted = table.fontMetrics().horizontalAdvance(RESULT_SAMPLE)
    assert header.sectionSize(RESULT_COLUMN) >= wanted  # "Tier 2 — total 14" reads whole


def test_at_the_default_dock_width_the_result_shows_and_the_roll_is_cut_with_a_tooltip(
    qtbot,
) -> None:
    _model, panel = make_panel(qtbot, DEFAULT_DOCK_WIDTH)
    assert_result_in_view(panel)
    table = panel.table
    roll = table.horizontalHeader().sectionSize(ROLL_COLUMN)
    assert roll < table.fontMetrics().horizontalAdvance(LONG_TEST)  # cut short…
    assert table.textElideMode() == Qt.TextElideMode.ElideRight  # …with "…"
    tip = panel.proxy.index(0, ROLL_COLUMN).data(Qt.ItemDataRole.ToolTipRole)
    assert LONG_TEST in tip  # and whole in its tooltip


def test_at_2x_scaling_the_result_still_shows(qtbot) -> None:
    _model, panel = make_panel(qtbot, SCALED_DOCK_WIDTH)
    assert_result_in_view(panel)
    font = QFont(panel.font())
    font.setPointSizeF(font.pointSizeF() * 1.25)  # larger text in the same logical width
    panel.setFont(font)
    qtbot.waitUntil(
        lambda: (
            panel.table.horizontalHeader().sectionSize(TIME_COLUMN)
            >= panel.table.fontMetrics().horizontalAdvance("88:88:88")
        )
    )
    assert_result_in_view(panel)


def test_a_wide_panel_shows_every_roll_whole(qtbot) -> None:
    _model, panel = make_panel(qtbot, 1100)
    metrics = panel.table.fontMetrics()
    header = panel.table.horizontalHeader()
    assert header.sectionSize(ROLL_COLUMN) >= metrics.horizontalAdvance(LONG_TEST)
    assert_result_in_view(panel)


def test_the_roll_column_follows_the_rolls_and_the_panels_width(qtbot) -> None:
    model = RollLogModel(today=local_today)
    model.replace_all([logged(1, "d100", "d100", "37 (tens 3, ones 7)")])
    panel = RollLogPanel(model)
    qtbot.addWidget(panel)
    panel.resize(1100, 320)
    panel.show()
    qtbot.waitExposed(panel)
    header = panel.table.horizontalHeader()
    short = header.sectionSize(ROLL_COLUMN)
    assert short < panel.table.fontMetrics().horizontalAdvance(LONG_TEST)  # d100s need little
    model.add_newest(logged(2, "test", LONG_TEST, "Tier 1 — total 9", minutes=1))
    assert header.sectionSize(ROLL_COLUMN) >= panel.table.fontMetrics().horizontalAdvance(LONG_TEST)
    panel.resize(DEFAULT_DOCK_WIDTH, 320)
    qtbot.waitUntil(lambda: not panel.table.horizontalScrollBar().isVisible())
    assert_result_in_view(panel)


def test_rolls_put_in_at_once_measure_each_different_text_once(qtbot) -> None:
    """Issue 30: the open fills in the newest 2,000 rolls around those shown; each roll's Roll,
    Time and Kind texts were measured one by one (6,000 font measurements and 2,000 time texts
    on the GUI thread). Each different text is measured once, and the time of the oldest."""
    model, panel = make_panel(qtbot, DEFAULT_DOCK_WIDTH)
    measured: list[str] = []
    measure = panel._text_width

    def counting(text: str) -> int:
        measured.append(text)
        return measure(text)

    panel._text_width = counting  # type: ignore[method-assign]
    older = [
        logged(-n, kind, expression, "7", minutes=-24 * 60 * (n % 5))
        for n in range(1, 601)
        for kind, expression in [(("d100", "d100"), ("notation", "2d6"), ("test", "2d10"))[n % 3]]
    ]
    model.insert(len(model.rolls()), older)
    assert len(model.rolls()) == 603
    assert len(measured) < 20, len(measured)
    oldest_time = str(model.index(len(model.rolls()) - 1, TIME_COLUMN).data())
    assert panel.time_column_wanted() >= panel.table.fontMetrics().horizontalAdvance(oldest_time)
