"""The travel-day panel: a journey started with hirelings on a stored map, the day's hexes and
EN previewed as pace and road change, the odds of each role's test, the route clicked on the map,
the day travelled as one undoable step with its journal entry, the referee's note, and the
journal exported to Markdown; bad choices said in the panel, nothing travelled."""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.gui.travel.day_panel import TravelDayPanel, odds_text, parse_hirelings
from refkit.rules.common.pace import Pace
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.roles import Task
from refkit.rules.travel.travel_day import Traveller


@pytest.fixture
def panel(qtbot, desk):
    widget = TravelDayPanel(RefkitUndoStack(), desk)
    qtbot.addWidget(widget)
    widget.resize(1300, 800)
    widget.show()
    return widget


def start(panel, hirelings="Mara=1,2,0; Bo=2,0,1; Mule=0,-3,3,animal", party=False):
    panel.with_party.setChecked(party)
    panel.new_journey.setText("Into the Marches")
    panel.hirelings.setText(hirelings)
    panel.start_button.click()


def test_hirelings_are_read_or_refused_naming_the_entry():
    assert parse_hirelings("Ivo=1,0,2; Mule=0,-3,3,animal") == [
        Traveller("Ivo", 1, 0, 2),
        Traveller("Mule", 0, -3, 3, human=False),
    ]
    with pytest.raises(ValueError, match="'Ivo=1,2'"):
        parse_hirelings("Ivo=1,2")


def test_a_journey_starts_on_a_stored_map_with_its_hirelings(qtbot, panel):
    start(panel)
    assert panel.problem.isHidden(), panel.problem.text()
    assert panel.journey.name == "Into the Marches"
    assert [row.traveller.name for row in panel._rows] == ["Mara", "Bo", "Mule"]
    assert panel.scene.believed_mark.isVisible() and not panel.scene.true_mark.isVisible()


def test_the_party_at_the_table_travels_with_its_crows_own_characteristics(qtbot, panel, desk):
    crows = desk.party_at_table()
    assert crows  # the sample party of a new database
    start(panel, hirelings="Ivo=1,0,2", party=True)
    travellers = panel.journey.state.travellers
    assert [t.name for t in travellers] == [*(c.name for c in crows), "Ivo"]
    first = desk._services.characters.get(crows[0].name).characteristics
    assert (travellers[0].agility, travellers[0].mind) == (first.agility, first.mind)


def test_before_any_journey_the_map_shows_the_chosen_map_with_the_party_at_its_start(qtbot, panel):
    """Issue 24: the map pane was empty until a journey started."""
    assert panel.journey is None
    shown = panel.document.hex_map
    assert shown is not None and shown.name == "The Ashen Marches"  # the sample map
    assert panel.start_map.currentText() == shown.name
    assert panel.scene.party is not None and panel.scene.party.believed == shown.start
    assert panel.scene.believed_mark.isVisible() and not panel.scene.true_mark.isVisible()
    qtbot.waitUntil(lambda: panel.view.viewport().width() > 0)
    drawn = panel.view.mapFromScene(panel.scene.map_rect()).boundingRect()
    viewport = panel.view.viewport()
    assert drawn.width() >= viewport.width() * 0.6 or drawn.height() >= viewport.height() * 0.6


def test_choosing_another_map_before_a_journey_shows_it_and_its_start(qtbot, panel, desk):
    sample = desk.load_map("The Ashen Marches")
    elsewhere = next(h for h in sorted(sample.cells, key=lambda h: (h.q, h.r)) if h != sample.start)
    other = replace(sample, name="Second Map", start=elsewhere)
    blank = replace(sample, name="Third Map", start=None)
    for hex_map in (other, blank):
        desk._services.in_unit(lambda m=hex_map: desk.maps.save(m, replace=False))
    panel.reload()
    panel.start_map.setCurrentText("Second Map")
    assert panel.document.hex_map == other
    assert panel.scene.party is not None and panel.scene.party.believed == elsewhere
    panel.start_map.setCurrentText("Third Map")
    assert panel.document.hex_map == blank
    assert panel.scene.party is None and not panel.scene.believed_mark.isVisible()
    panel.start_map.setCurrentText("Second Map")
    start(panel)
    assert panel.journey is not None and panel.journey.hex_map == other
    assert panel.scene.party is not None and panel.scene.party.believed == elsewhere


def test_a_journey_without_travellers_is_refused_in_the_panel(qtbot, panel):
    start(panel, hirelings="")
    assert "Nobody travels" in panel.problem.text() and not panel.problem.isHidden()
    assert panel.journey is None


def test_the_preview_follows_pace_and_road_and_the_odds_follow_the_pace(qtbot, panel):
    start(panel)
    panel.speed.setValue(5)
    panel.pace.setCurrentIndex(list(Pace).index(Pace.SLOW))
    slow = panel.preview.text()
    assert "role tests: edge" in slow
    panel.road.setChecked(True)
    assert panel.preview.text() != slow
    row = panel.role_row("Mara")
    row.task.setCurrentIndex(row.task.findData(Task.SHORTCUT))
    edge = row.odds.text()
    assert edge == odds_text(Traveller("Mara", 1, 2, 0), Task.SHORTCUT, "mind", Pace.SLOW)
    panel.pace.setCurrentIndex(list(Pace).index(Pace.FAST))
    assert row.odds.text() != edge and "role tests: bane" in panel.preview.text()


def test_a_day_is_travelled_shown_in_the_journal_and_undone(qtbot, panel):
    start(panel)
    row = panel.role_row("Bo")
    row.task.setCurrentIndex(row.task.findData(Task.FORAGE))
    panel.view.move_cursor(Hex(2, 6))  # a click on the next hex east-south-east adds it
    panel.add_step(HexDirection.SE)
    assert panel.route == [HexDirection.SE, HexDirection.SE]
    assert panel.travel(), panel.problem.text()
    journey = panel.journey
    assert journey.state.day == 1 and len(journey.days) == 1
    assert panel.entry.toPlainText() == "\n".join(journey.days[0].referee)
    assert panel.route == []
    panel.undo_stack.undo()
    assert panel.journey.state.day == 0 and panel.entry.toPlainText() == "No day travelled yet."
    panel.undo_stack.redo()
    assert panel.journey.state.day == 1


def test_a_route_off_the_map_is_refused_and_nothing_travelled(qtbot, panel):
    start(panel)
    for _ in range(12):
        panel.add_step(HexDirection.NW)
    panel.speed.setValue(30)
    assert not panel.travel()
    assert "off map" in panel.problem.text()
    assert panel.journey.state.day == 0 and panel.undo_stack.count() == 0


def test_the_note_is_kept_and_the_journal_exports_to_markdown(qtbot, panel, tmp_path):
    start(panel)
    assert panel.travel(), panel.problem.text()
    panel.note.setPlainText("They argued about the ford.")
    panel.keep_note.click()
    assert panel.journey.days[-1].note == "They argued about the ford."
    out = tmp_path / "journal.md"
    panel.export_path.setText(str(out))
    with qtbot.waitSignal(panel.journal_exported, timeout=5000):
        qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Into the Marches") and "> They argued about the ford." in text
    assert not panel.export_journal(str(tmp_path / "no" / "such" / "folder.md"))
    assert "not written" in panel.problem.text()


def test_the_tasks_stay_chosen_after_a_day_and_the_route_is_drawn_from_the_party(qtbot, panel):
    start(panel)
    row = panel.role_row("Mara")
    row.task.setCurrentIndex(row.task.findData(Task.SAFE_ROUTE))
    panel.add_step(HexDirection.SE)
    assert panel.scene.route_line.isVisible()
    assert panel.scene.route_line.path().elementCount() == 2
    assert panel.travel(), panel.problem.text()
    assert panel.role_row("Mara").chosen() is Task.SAFE_ROUTE
    assert not panel.scene.route_line.isVisible()  # the route was walked


def test_two_hours_pass_rolls_the_tracked_effects_as_one_undo_step(qtbot, panel, desk):
    dungeon = desk._services.dungeon
    dungeon.add_preset("lantern")
    before = {e.name: e.usage_dice for e in dungeon.effects()}
    clock_before = dungeon.snapshot().clock
    assert panel.two_hours_pass(), panel.problem.text()
    assert panel.undo_stack.count() == 1 and panel.undo_stack.text(0) == "2 hours pass"
    assert dungeon.snapshot().clock == clock_before  # no DT counted, no encounter waiting
    log = dungeon.store.session_log.entries()
    assert log[-1].text.startswith("2 hours pass outside a dungeon")
    panel.undo_stack.undo()
    assert {e.name: e.usage_dice for e in dungeon.effects()} == before


def test_an_earlier_days_entry_is_shown_and_its_note_edited(qtbot, panel):
    start(panel)
    assert panel.travel() and panel.travel(), panel.problem.text()
    assert [panel.journal_day.itemText(i) for i in range(2)] == ["Day 1", "Day 2"]
    assert panel.journal_day.currentText() == "Day 2"
    panel.journal_day.setCurrentIndex(0)
    assert panel.entry.toPlainText() == "\n".join(panel.journey.days[0].referee)
    panel.note.setPlainText("The first camp, by the bridge.")
    panel.keep_note.click()
    assert panel.journey.days[0].note == "The first camp, by the bridge."
    assert panel.journey.days[1].note == ""
    assert panel.journal_day.currentText() == "Day 1"  # the note's step kept the day chosen


def test_changing_a_task_to_another_task_shows_its_odds(qtbot, panel):
    """Picking a second task for a traveller refilled the characteristic list and read an empty
    characteristic on the way: a ValueError in the Qt event loop, odds not shown."""
    start(panel)
    row = panel.role_row("Mara")
    row.task.setCurrentIndex(row.task.findData(Task.NORMAL_ROUTE))
    row.task.setCurrentIndex(row.task.findData(Task.SCOUT_FOR_DANGER))
    assert row.tested.currentText() == "agility"
    assert row.odds.text().startswith("T3 ")


def test_the_journal_is_written_off_the_gui_thread(qtbot, panel, tmp_path, monkeypatch):
    """Issue 29 item 2/6: the journal goes through the exports' writer on its own thread, so a
    slow disk never holds the window (it was written on the GUI thread)."""
    import threading

    from refkit.gui.common import export_writer

    threads: list[threading.Thread] = []
    real_write = export_writer.write_bytes_atomic

    def recording_write(path, data, **kwargs):
        threads.append(threading.current_thread())
        return real_write(path, data, **kwargs)

    monkeypatch.setattr(export_writer, "write_bytes_atomic", recording_write)
    start(panel)
    out = tmp_path / "journal.md"
    with qtbot.waitSignal(panel.journal_exported, timeout=5000) as written:
        assert panel.export_journal(str(out))
    assert written.args == [str(out)]
    assert threads and threads[0] is not threading.main_thread()
    assert out.read_text(encoding="utf-8").startswith("# Into the Marches")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("through_link", [False, True])
def test_a_fifo_or_a_link_to_one_is_refused_at_once(qtbot, panel, tmp_path, through_link):
    start(panel)
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    path = fifo
    if through_link:
        path = tmp_path / "journal.md"
        path.symlink_to(fifo)
    assert not panel.export_journal(str(path))  # no hang: nothing opens the FIFO
    assert "not written" in panel.problem.text() and "FIFO" in panel.problem.text()
    assert panel.problem.isVisibleTo(panel) and fifo.is_fifo()


def test_a_failed_write_is_said_in_the_panel_and_the_old_file_kept(
    qtbot, panel, tmp_path, monkeypatch
):
    import errno

    from refkit.gui.common import export_writer

    def full_disk(path, data, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(export_writer, "write_bytes_atomic", full_disk)
    start(panel)
    out = tmp_path / "journal.md"
    out.write_text("last week's journal", encoding="utf-8")
    assert panel.export_journal(str(out))
    qtbot.waitUntil(lambda: "not written" in panel.problem.text(), timeout=5000)
    assert "No space left on device" in panel.problem.text()
    assert panel.export_button.isEnabled()
    assert out.read_text(encoding="utf-8") == "last week's journal"
