"""Texts a user must read whole are not cut at 1366×768: the new-item form's hints, the roll
log's Roll column."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QStyle, QStyleOptionFrame

from refkit.gui.dice.roll_log_model import ROLL_COLUMN, RollLogModel
from refkit.gui.dice.roll_log_panel import RollLogPanel
from refkit.gui.inventory.item_editor import ItemEditorDialog
from refkit.present.test_text import describe_test
from tests.gui.test_roll_log_model import local_today, logged

LAPTOP_WIDTH, LAPTOP_HEIGHT = 1366, 768


def room_for_text(edit: QLineEdit) -> int:
    """The width a line edit gives its text (its placeholder is cut beyond this)."""
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    inner = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    return inner.width() - margins.left() - margins.right() - 4  # Qt's 2 px each side


def test_every_hint_of_a_new_item_is_shown_whole(qtbot) -> None:
    dialog = ItemEditorDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() <= LAPTOP_WIDTH and dialog.height() <= LAPTOP_HEIGHT
    hints = [edit for edit in dialog.findChildren(QLineEdit) if edit.placeholderText()]
    assert len(hints) >= 8
    cut = [
        edit.placeholderText()
        for edit in hints
        if edit.fontMetrics().horizontalAdvance(edit.placeholderText()) > room_for_text(edit)
    ]
    assert cut == []


def test_the_roll_column_shows_a_test_with_edges_banes_bonus_and_expertise_whole(qtbot) -> None:
    model = RollLogModel(today=local_today)
    expression = describe_test(2, edges=2, banes=1, bonuses=(2,), expertise=True)
    model.replace_all([logged(1, "test", expression, "Tier 2 — total 14")])
    panel = RollLogPanel(model)
    qtbot.addWidget(panel)
    panel.set_loading(False)
    panel.resize(LAPTOP_WIDTH // 2, LAPTOP_HEIGHT // 2)  # a roll-log dock at its widest
    panel.show()
    qtbot.waitExposed(panel)
    table = panel.table
    shown = table.horizontalHeader().sectionSize(ROLL_COLUMN)
    assert model.index(0, ROLL_COLUMN).data() == expression
    assert table.fontMetrics().horizontalAdvance(expression) + 8 <= shown
