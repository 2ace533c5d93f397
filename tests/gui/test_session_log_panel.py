"""The session log panel: every dungeon-turn step listed, filtered, exported to Markdown."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QHeaderView

from refkit.gui.common.table_style import FILTER_DELAY_MS
from refkit.gui.dungeon.install import SESSION_LOG_DOCK, DungeonPanels
from refkit.gui.dungeon.session_log_panel import LOAD_LIMIT, SessionLogPanel
from refkit.gui.main import RefkitApp
from refkit.store.session_log import SessionLogEntry, SessionLogRepository
from tests.gui.dungeon_helpers import T0, DungeonRig


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
    assert panel.table.model().rowCount() == len(kinds)
    assert panel.table.model().index(0, 2).data() == "Encounter"
    assert panel.count_label.text() == f"{len(kinds)} entries"
    panel.set_kind("adjust")
    assert [entry.text for entry in panel.shown_entries()] == [
        "DT 1: -2 min (the thief dawdled | twice), 26:30 left"
    ]
    panel.set_kind(None)
    panel.filter_edit.setText("EN 9, rolled 4")  # read once the typing pauses
    qtbot.waitUntil(lambda: [entry.kind for entry in panel.shown_entries()] == ["encounter"])


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
    top = panel.table.model().index(0, 3)
    assert top.data().endswith("(undone)")
    assert top.data(Qt.ItemDataRole.FontRole).strikeOut()


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


# a long evening: the panel's cost per step does not grow with the log --------------------------


@pytest.fixture
def app(qtbot, settings) -> RefkitApp:
    app = RefkitApp(settings)
    qtbot.addWidget(app.window)
    return app


def fill_log(rig: DungeonRig, count: int) -> None:
    """``count`` older entries, as earlier evenings left them."""
    start = datetime.fromtimestamp(T0, UTC) - timedelta(seconds=10 * count)
    rig.service.store.session_log.add_all(
        [
            SessionLogEntry(
                kind="note",
                dt=1,
                text=f"earlier note {number}",
                at=start + timedelta(seconds=10 * number),
            )
            for number in range(count)
        ]
    )


class Reads:
    """Counts the session-log entries the panel reads from the repository."""

    def __init__(self, repository: SessionLogRepository, monkeypatch) -> None:
        self.calls = 0
        self.entries = 0
        original = repository.entries

        def counting(**options: object) -> list[SessionLogEntry]:
            found = original(**options)
            self.calls += 1
            self.entries += len(found)
            return found

        monkeypatch.setattr(repository, "entries", counting)


class ModelSignals:
    """Counts what the panel's table model announces."""

    def __init__(self, model: QAbstractItemModel) -> None:
        self.resets = 0
        self.changed = 0
        self.inserted: list[tuple[int, int]] = []
        self.removed: list[tuple[int, int]] = []
        model.modelReset.connect(self._reset)
        model.dataChanged.connect(self._changed)
        model.rowsInserted.connect(lambda _p, first, last: self.inserted.append((first, last)))
        model.rowsRemoved.connect(lambda _p, first, last: self.removed.append((first, last)))

    def _reset(self) -> None:
        self.resets += 1

    def _changed(self, *_args: object) -> None:
        self.changed += 1

    def rows_inserted(self) -> int:
        return sum(last - first + 1 for first, last in self.inserted)


def install(qtbot, app: RefkitApp, rig: DungeonRig, *, show: bool = True) -> DungeonPanels:
    panels = app.install_dungeon_panels()
    panels.set_services(rig.service, rig.tables)
    panels.turn_panel.dungeon_edit.setText("Sunken chapel")
    if show:
        app.window.show()
        qtbot.waitExposed(app.window)
        app.window.show_panel(SESSION_LOG_DOCK)
        qtbot.waitUntil(panels.session_log_panel.isVisible)
    return panels


def newest(rig: DungeonRig, count: int, **options: object) -> list[SessionLogEntry]:
    return rig.service.store.session_log.entries(newest_first=True, limit=count, **options)


def shown_texts(panel: SessionLogPanel) -> list[str]:
    model = panel.table.model()
    return [model.index(row, 3).data() for row in range(model.rowCount())]


def steps(app: RefkitApp) -> None:
    """Start the DT, two minutes, and an edit that writes nothing to the log (a crow's
    condition toggled, say): each is one undo-stack push."""
    app.actions.action("dt_run").trigger()
    app.actions.action("dt_plus_1").trigger()
    app.actions.action("dt_plus_1").trigger()
    app.undo_stack.push(QUndoCommand("Toggle Mara's condition"))


@pytest.mark.parametrize("size", [100, 2000])
def test_each_step_adds_only_its_rows_however_long_the_log(
    qtbot, app, rig, monkeypatch, size: int
) -> None:
    fill_log(rig, size)
    panels = install(qtbot, app, rig)
    panel = panels.session_log_panel
    assert len(panel.shown_entries()) == min(size, LOAD_LIMIT)
    repository = rig.service.store.session_log
    before = repository.newest_id()
    reads = Reads(repository, monkeypatch)
    signals = ModelSignals(panel.table.model())
    steps(app)
    read = reads.entries
    added = repository.entries(after_id=before)
    assert added  # the DT start and the two adjustments
    assert signals.resets == 0 and signals.changed == 0  # no refill, no cell rewritten
    assert signals.rows_inserted() == len(added)
    assert read == len(added)  # only the new entries are read, not the whole log
    shown = min(size + len(added), LOAD_LIMIT)
    assert panel.shown_entries() == newest(rig, LOAD_LIMIT)
    assert panel.table.model().rowCount() == shown
    if size + len(added) > LOAD_LIMIT:  # the oldest rows leave at the bottom
        assert all(first >= shown for first, _last in signals.removed)
    header = panel.table.horizontalHeader()
    sized = [
        column
        for column in range(header.count())
        if header.sectionResizeMode(column) == QHeaderView.ResizeMode.ResizeToContents
    ]
    assert sized == []  # no column measures every row


def test_a_hidden_panel_does_no_work_until_it_is_shown(qtbot, app, rig, monkeypatch) -> None:
    fill_log(rig, 300)
    panels = install(qtbot, app, rig, show=False)
    panel = panels.session_log_panel
    assert not panel.isVisible()
    reads = Reads(rig.service.store.session_log, monkeypatch)
    steps(app)
    assert reads.calls == 0
    app.window.show()
    app.window.show_panel(SESSION_LOG_DOCK)
    qtbot.waitUntil(panel.isVisible)
    assert reads.calls >= 1  # caught up when shown
    assert shown_texts(panel)[:3] == [entry.text for entry in newest(rig, 3)]
    assert panel.count_label.text() == f"{len(newest(rig, LOAD_LIMIT))} entries"


def test_undo_and_redo_show_the_right_rows(qtbot, app, rig) -> None:
    fill_log(rig, 50)
    panels = install(qtbot, app, rig)
    panel = panels.session_log_panel
    steps(app)
    app.undo_stack.undo()  # the crow edit: the log is unchanged
    app.undo_stack.undo()  # the second minute: its entry is undone
    assert panel.shown_entries() == newest(rig, LOAD_LIMIT)
    assert shown_texts(panel)[0].startswith("DT 1: +1 min")
    panel.undone_check.setChecked(True)
    assert panel.shown_entries() == newest(rig, LOAD_LIMIT, include_undone=True)
    top = panel.table.model().index(0, 3)
    assert top.data().endswith("(undone)") and top.data(Qt.ItemDataRole.FontRole).strikeOut()
    app.undo_stack.redo()  # done again: no longer struck through
    assert not panel.table.model().index(0, 3).data().endswith("(undone)")
    panel.undone_check.setChecked(False)
    app.undo_stack.undo()
    app.undo_stack.undo()
    assert panel.shown_entries() == newest(rig, LOAD_LIMIT)
    app.undo_stack.redo()
    assert panel.shown_entries() == newest(rig, LOAD_LIMIT)
    panel.set_kind("adjust")
    app.undo_stack.redo()  # an entry comes back into a filtered view
    assert panel.shown_entries() == newest(rig, LOAD_LIMIT, kinds=["adjust"])
    assert len(panel.shown_entries()) == 2


def test_typing_a_filter_reads_the_log_once(qtbot, app, rig, monkeypatch) -> None:
    fill_log(rig, 200)
    panels = install(qtbot, app, rig)
    panel = panels.session_log_panel
    reads = Reads(rig.service.store.session_log, monkeypatch)
    qtbot.keyClicks(panel.filter_edit, "note 19")
    qtbot.waitUntil(lambda: reads.calls > 0)
    qtbot.wait(2 * FILTER_DELAY_MS)
    assert reads.calls == 1
    assert {entry.text for entry in panel.shown_entries()} == {
        "earlier note 19",
        *(f"earlier note 19{digit}" for digit in range(10)),
    }


def test_export_to_a_fifo_is_refused_at_once_and_the_window_never_waits(
    qtbot, rig, tmp_path: Path
) -> None:
    # Issue 29 §6: ``path.write_text`` on the GUI thread blocked until someone read the FIFO.
    import os
    import threading

    panel = SessionLogPanel(rig.service.store.session_log)
    qtbot.addWidget(panel)
    play_a_little(rig)
    panel.refresh()
    fifo = tmp_path / "session.md"
    os.mkfifo(fifo)
    said: list[str] = []
    panel.status_message.connect(said.append)
    result: list[bool] = []
    exporting = threading.Thread(target=lambda: result.append(panel.export_to(fifo)))
    exporting.start()
    exporting.join(3)
    if exporting.is_alive():  # unblock the stuck writer so the test run can end
        with open(fifo, "rb") as reader:
            reader.read()
        exporting.join(3)
        raise AssertionError("exporting the session log to a FIFO blocked")
    assert result == [False]
    qtbot.waitUntil(lambda: bool(said), timeout=2000)  # said from the helper thread: queued
    assert "session.md" in said[-1] and "FIFO" in said[-1]


def test_export_is_atomic_off_the_gui_thread(qtbot, rig, tmp_path: Path, monkeypatch) -> None:
    import threading

    from refkit.app import atomic_files

    panel = SessionLogPanel(rig.service.store.session_log)
    qtbot.addWidget(panel)
    play_a_little(rig)
    panel.refresh()
    target = tmp_path / "session.md"
    target.write_text("the last export", encoding="utf-8")
    threads: list[bool] = []
    real = atomic_files.write_bytes_atomic

    def spying(path, data):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread() is threading.main_thread())
        return real(path, data)

    monkeypatch.setattr("refkit.gui.common.export_writer.write_bytes_atomic", spying)
    with qtbot.waitSignal(panel.exported, timeout=5000):
        assert panel.export_to(target)
    assert threads == [False]  # written in the export thread, through the atomic writer
    assert target.read_text(encoding="utf-8").startswith("# Session log")
