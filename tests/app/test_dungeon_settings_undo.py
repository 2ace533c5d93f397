"""DT settings, EN toggles and the DT length are undone as commands, never over a newer change."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.app.dungeon_turn_commands import (
    EncounterTogglesCommand,
    SetLengthCommand,
    UpdateSettingsCommand,
)
from refkit.app.dungeon_turn_service import DungeonTurnService, UndoConflictError
from refkit.store import Database, DungeonTurnStore

START = 1_900_000_000.0


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "dt.sqlite3"


@pytest.fixture
def service(path: Path):
    database = Database.open(str(path))
    yield DungeonTurnService(DungeonTurnStore(database), clock=lambda: START)
    database.close()


@pytest.fixture
def other(path: Path):
    """The command line, on the same file."""
    database = Database.open(str(path))
    yield DungeonTurnService(DungeonTurnStore(database), clock=lambda: START)
    database.close()


def settings_log(service: DungeonTurnService) -> list[tuple[str, bool]]:
    entries = service.store.session_log.entries(include_undone=True)
    return [(entry.text, entry.undone) for entry in entries if entry.kind == "settings"]


def test_a_settings_change_is_undone_and_redone_with_its_log_entry(
    service: DungeonTurnService,
) -> None:
    command = UpdateSettingsCommand(service, auto_end=True, warning_thresholds_s=[60])
    command.do()
    assert service.settings().auto_end is True
    assert settings_log(service) == [
        ("Settings changed: auto_end = True, warning_thresholds_s = [60]", False)
    ]
    command.undo()
    assert service.settings().auto_end is False
    assert service.settings().warning_thresholds_s != (60,)
    assert settings_log(service)[0][1] is True  # shown as undone
    command.do()
    assert service.settings().auto_end is True
    assert service.settings().warning_thresholds_s == (60,)
    assert settings_log(service)[0][1] is False
    assert len(settings_log(service)) == 1  # redo writes no second entry


def test_the_en_toggles_are_undone(service: DungeonTurnService) -> None:
    command = EncounterTogglesCommand(service, crowded=True, chaos=True, modifiers=[-2])
    command.do()
    assert service.encounter_number() == 9 - 1 - 1 - 2
    command.undo()
    assert service.encounter_number() == 9
    assert (service.settings().crowded, service.settings().en_modifiers) == (False, ())
    command.do()
    assert service.encounter_number() == 5


def test_undo_is_refused_when_the_settings_changed_since(
    service: DungeonTurnService, other: DungeonTurnService
) -> None:
    command = EncounterTogglesCommand(service, crowded=True)
    command.do()
    other.set_encounter_toggles(chaos=True)  # the command line, after the app's change
    with pytest.raises(UndoConflictError, match="settings changed since"):
        command.undo()
    settings = service.settings()
    assert (settings.crowded, settings.chaos) == (True, True)  # nothing was overwritten
    assert [undone for _, undone in settings_log(service)] == [False, False]


def test_redo_is_refused_when_the_settings_changed_since(
    service: DungeonTurnService, other: DungeonTurnService
) -> None:
    command = UpdateSettingsCommand(service, auto_end=True)
    command.do()
    command.undo()
    other.update_settings(douse_lights_at_rest_halfway=False)
    with pytest.raises(UndoConflictError):
        command.do()
    settings = service.settings()
    assert (settings.auto_end, settings.douse_lights_at_rest_halfway) == (False, False)


def test_a_change_to_what_is_set_already_writes_nothing_and_undoes_nothing(
    service: DungeonTurnService,
) -> None:
    command = UpdateSettingsCommand(service, auto_end=False)
    command.do()
    assert command.change is None
    command.undo()
    command.do()
    assert settings_log(service) == []


def test_a_bad_setting_is_refused_and_nothing_is_saved(service: DungeonTurnService) -> None:
    with pytest.raises(ValueError, match="unknown dungeon-turn setting"):
        UpdateSettingsCommand(service, loudness=3).do()
    with pytest.raises(ValueError, match="EN modifier"):
        EncounterTogglesCommand(service, crowded=True, modifiers=[12]).do()
    assert service.settings().crowded is False
    assert settings_log(service) == []


def test_setting_the_dt_length_is_undone_with_the_clock(service: DungeonTurnService) -> None:
    service.start(dungeon="Crypt")
    command = SetLengthCommand(service, 20)
    command.do()
    assert service.snapshot().clock.length_s == 20 * 60
    assert service.settings().dt_minutes == 20
    command.undo()
    assert service.snapshot().clock.length_s == 30 * 60
    assert service.settings().dt_minutes == 30  # the default for a new clock goes back too
    command.do()
    assert (service.snapshot().clock.length_s, service.settings().dt_minutes) == (20 * 60, 20)
    kinds = [entry.kind for entry in service.store.session_log.entries(include_undone=True)]
    assert kinds == ["dt_start", "settings"]  # one entry for the step, as before


def test_undoing_the_length_is_refused_whole_when_the_default_changed_since(
    service: DungeonTurnService, other: DungeonTurnService
) -> None:
    service.start(dungeon="Crypt")
    command = SetLengthCommand(service, 20)
    command.do()
    other.update_settings(dt_minutes=45)
    with pytest.raises(UndoConflictError):
        command.undo()
    assert service.snapshot().clock.length_s == 20 * 60  # the clock was not put back alone
    assert service.settings().dt_minutes == 45
