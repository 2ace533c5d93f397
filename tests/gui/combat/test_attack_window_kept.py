"""The attack window is built once and offered fresh at each opening (issue 30: building it again
was most of an "Attack…" press, and under a window system a new native window each time; every
closed one's pictures also stayed in Qt's picture cache). Each opening after the first must be
exactly what a new window would show: no option, number, outcome or counter left from the last
attack."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QWidget,
)

from refkit.gui.combat.attack_dialog import AttackDialog
from tests.gui.combat.fight_setup import window_with_a_fight


def _shown(dialog: AttackDialog) -> dict[str, object]:
    """What the window offers, widget by widget (visible, enabled, value)."""
    state: dict[str, object] = {}
    kinds = (QCheckBox, QComboBox, QSpinBox, QLabel, QListWidget, QPushButton)
    for widget in dialog.findChildren(QWidget):
        if not isinstance(widget, kinds):
            continue
        name = widget.objectName()
        if not name.startswith("attack_"):
            continue
        if isinstance(widget, QCheckBox):
            value: object = widget.isChecked()
        elif isinstance(widget, QComboBox):
            value = [widget.itemText(i) for i in range(widget.count())], widget.currentText()
        elif isinstance(widget, QSpinBox):
            value = widget.value()
        elif isinstance(widget, QListWidget):
            value = [
                (widget.item(i).text(), widget.item(i).checkState()) for i in range(widget.count())
            ]
        else:
            value = widget.text()
        state[name] = (widget.isVisibleTo(dialog), widget.isEnabled(), value)
    return state


def test_the_attack_window_is_kept_and_each_opening_is_a_fresh_one(
    qtbot, start_app, tmp_path: Path
) -> None:
    app, _tracker = window_with_a_fight(qtbot, start_app, tmp_path / "refkit.sqlite3")
    qtbot.wait(50)

    app.panels.action("fight_attack").trigger()
    first = app.window.findChild(AttackDialog)
    assert first is not None and first.isVisible()
    fresh = _shown(first)
    for box in (first.flanking, first.high_ground, first.surprised, first.knock_out):
        box.setChecked(True)
    first.edges_spin.setValue(2)
    first.banes_spin.setValue(1)
    first.distance_spin.setValue(1)
    first.target_combo.setCurrentIndex(first.target_combo.count() - 1)
    assert first.roll() is not None, first.odds_label.text()
    assert first.outcome_label.text()
    first.close()
    qtbot.waitUntil(lambda: not first.isVisible())
    qtbot.wait(20)  # a window deleted on close would be gone by now

    app.panels.action("fight_attack").trigger()
    again = app.window.findChild(AttackDialog)
    assert again is first and again.isVisible()
    # The fight moved on (the attack was rolled): a new window would be built on it now.
    built = AttackDialog(
        first.session,
        first.push,
        first.log_roll,
        first.now,
        app.window,
        attacker=first.session.state.current or "",
        read=first._read,
    )
    try:
        assert _shown(again) == _shown(built)
        assert again.prepared is not None and again.report is None
    finally:
        built.deleteLater()
    assert fresh  # the first opening offered something to compare
    again.close()
