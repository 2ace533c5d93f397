"""The session log panel: every dungeon-turn step listed, filtered, exported to Markdown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.gui.session_log_panel import SessionLogPanel
from tests.gui.dungeon_helpers import DungeonRig, make_rig


@pytest.fixture
def rig() -> Iterator[DungeonRig]:
    rig = make_rig()
    yield rig
    rig.close()


def play_a_little(rig: DungeonRig) -> None:
    rig.service.add_preset("torch", owner="Mara")
    rig.service.start(dungeon="Sunken chapel")
    rig.clock.advance(90)
    rig.service.adjust(-2, "the thief dawdled | twice")
    rig.service.end_turn(die=4)


def test_lists_newest_first_and_filters_by_kind_and_text(qtbot, rig) -> None:
    panel = SessionLogPanel(rig.service.store.session_log)
    qtbot.addWidget(panel)
    play_a_little(rig)
    panel.refresh()
    kinds = [entry.kind for entry in panel.shown_entries()]
    assert kinds[0] == "encounter" and kinds[-1] == "effect"
    assert {"dt_start", "adjust", "usage_dice", "dt_end", "encounter"} <= set(kinds)
    assert panel.table.rowCount() == len(kinds)
    assert panel.table.item(0, 2).text() == "Encounter"
    assert panel.count_label.text() == f"{len(kinds)} entries"
    panel.set_kind("adjust")
    assert [entry.text for entry in panel.shown_entries()] == [
        "DT 1: -2 min (the thief dawdled | twice), 26:30 left"
    ]
    panel.set_kind(None)
    panel.filter_edit.setText("EN 9, rolled 4")
    assert [entry.kind for entry in panel.shown_entries()] == ["encounter"]


def test_undone_steps_are_hidden_unless_asked_for(qtbot, rig) -> None:
    panel = SessionLogPanel(rig.service.store.session_log)
    qtbot.addWidget(panel)
    rig.service.start(dungeon="Crypt")
    outcome = rig.service.adjust(5)
    rig.service.revert(outcome.change)
    panel.refresh()
    assert [entry.kind for entry in panel.shown_entries()] == ["dt_start"]
    panel.undone_check.setChecked(True)
    assert [entry.kind for entry in panel.shown_entries()] == ["adjust", "dt_start"]
    assert panel.table.item(0, 3).text().endswith("(undone)")
    assert panel.table.item(0, 3).font().strikeOut()


def test_export_writes_the_shown_entries_oldest_first_as_markdown(
    qtbot, rig, tmp_path: Path
) -> None:
    panel = SessionLogPanel(rig.service.store.session_log)
    qtbot.addWidget(panel)
    play_a_little(rig)
    panel.refresh()
    target = tmp_path / "session.md"
    with qtbot.waitSignal(panel.exported):
        assert panel.export_to(target)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# Session log")
    lines = [line for line in text.splitlines() if line.startswith("| 20")]
    assert len(lines) == len(panel.shown_entries())
    assert "DT start" in lines[1] and "Encounter" in lines[-1]
    assert "the thief dawdled \\| twice" in text  # the pipe cannot break the table


def test_waits_for_the_database(qtbot) -> None:
    panel = SessionLogPanel()
    qtbot.addWidget(panel)
    assert not panel.export_button.isEnabled()
    assert "opens with the database" in panel.count_label.text()
