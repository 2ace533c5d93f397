"""The DT screens' typed steps: settings and EN toggles are undo steps too, a refused undo says why,
and an End DT reads in the same words in the app's session log and on the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.dungeon import log_text
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.cli import run_cli
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.dungeon.session_log_panel import SessionLogPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore
from tests.gui.dungeon_helpers import DungeonRig


@pytest.fixture
def session(qtbot, rig: DungeonRig) -> Iterator[DungeonTurnSession]:
    session = DungeonTurnSession(rig.undo_stack)
    session.set_services(rig.service, rig.tables)
    yield session
    session.close()


def test_the_en_toggles_are_one_undo_step(session, rig: DungeonRig) -> None:
    assert session.set_encounter_toggles(crowded=True, chaos=True, modifiers=[-1]) == 6
    assert rig.undo_stack.count() == 1
    assert rig.undo_stack.undoText() == "Set EN toggles"
    rig.undo_stack.undo()
    assert session.view().encounter_number == 9  # the view was read again after the undo
    rig.undo_stack.redo()
    assert session.view().encounter_number == 6


def test_a_setting_already_so_pushes_no_step(session, rig: DungeonRig) -> None:
    assert session.update_settings(auto_end=False) is not None
    assert session.set_encounter_toggles(crowded=False) == 9
    assert rig.undo_stack.count() == 0


def test_a_bad_setting_is_told_and_pushes_nothing(qtbot, session, rig: DungeonRig) -> None:
    with qtbot.waitSignal(session.message) as said:
        assert session.update_settings(warning_thresholds_s=[-5]) is None
    assert "warning threshold" in said.args[0]
    assert rig.undo_stack.count() == 0


def test_undoing_settings_changed_since_elsewhere_is_refused_with_a_message(
    qtbot, rig: DungeonRig
) -> None:
    stack = RefkitUndoStack()
    session = DungeonTurnSession(stack)
    session.set_services(rig.service, rig.tables)
    session.update_settings(auto_end=True)
    other = DungeonTurnService(DungeonTurnStore(rig.database), clock=rig.clock)
    other.update_settings(douse_lights_at_rest_halfway=False)  # say, from the command line
    with qtbot.waitSignal(stack.command_failed) as said:
        stack.undo()
    session.close()
    assert "Undo of “Change DT settings” refused" in said.args[0]
    assert "changed since" in said.args[0]
    settings = rig.service.settings()
    assert (settings.auto_end, settings.douse_lights_at_rest_halfway) == (True, False)


def test_setting_the_length_is_an_undo_step(session, rig: DungeonRig) -> None:
    session.start_turn(dungeon="Crypt")
    assert session.set_length(20) == 20 * 60
    assert session.view().clock.length_s == 20 * 60
    rig.undo_stack.undo()
    assert session.view().clock.length_s == 30 * 60


def test_an_end_of_dt_reads_the_same_in_the_app_log_and_on_the_command_line(
    qtbot, tmp_path: Path, capsys
) -> None:
    path = tmp_path / "words.sqlite3"
    database = Database.open(str(path))
    try:
        service = DungeonTurnService(DungeonTurnStore(database))
        session = DungeonTurnSession(RefkitUndoStack())
        session.set_services(service)
        service.add_preset("torch", owner="Mara")
        session.start_turn(dungeon="Sunken chapel")
        result = session.end_turn()
        assert result is not None
        panel = SessionLogPanel(service.store.session_log)
        qtbot.addWidget(panel)
        panel.refresh()
        in_app = [entry.text for entry in panel.shown_entries()]
        session.close()
    finally:
        database.close()
    assert run_cli(["--db", str(path), "--json", "dt", "log"]) == 0
    on_command_line = [entry["text"] for entry in json.loads(capsys.readouterr().out)["entries"]]
    # the one renderer's words, from the result itself
    words = [log_text.end_of_turn(result), log_text.end_of_turn_check(result)]
    words += [log_text.roll_text(rolled.name, rolled.roll) for rolled in result.usage_dice]
    for line in words:
        assert line in in_app
        assert line in on_command_line
    assert sorted(in_app) == sorted(on_command_line)
