"""Every error class Refkit defines is one of its own refusals (DomainError) or is named here as
a deliberate exception, with the reason: front ends tell refusals from faults by that family."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from refkit.errors import ConflictError, DomainError

# Imported in a child process: walking every module must not leave the whole app (Qt, the store)
# imported in the test process, where other tests check what a light import pulls in.
_LIST_ERRORS = r"""
import importlib, inspect, json, pkgutil, refkit
found = []
for info in pkgutil.walk_packages(refkit.__path__, "refkit."):
    if info.name.endswith(".__main__") or info.name == "refkit.store.migrations.env":
        continue  # scripts run by python -m and by Alembic, not modules to import
    module = importlib.import_module(info.name)
    for _name, value in inspect.getmembers(module, inspect.isclass):
        if issubclass(value, BaseException) and value.__module__ == module.__name__:
            found.append(f"{value.__module__}.{value.__qualname__}")
print(json.dumps(sorted(set(found))))
"""

NOT_REFUSALS = {
    "refkit.gui.shell.panel_registry.PanelRegistryError": "a panel id registered twice by the "
    "code: a fault in Refkit, shown as one",
    "refkit.gui.shell.actions.ActionRegistryError": "two actions or shortcuts clash in the "
    "code: a fault in Refkit, shown as one",
    "refkit.locate.ResourceMissingError": "a data file that ships with Refkit is missing: a "
    "broken install, and locate sits below refkit.errors",
    "refkit.rules.character.file_format._Fail": "private: always turned into CharacterFileError "
    "before it leaves the module",
    "refkit.rules.character.file_format._Bound": "private, like _Fail (a number out of bounds)",
    "refkit.store.unit_of_work.NestedUnitOfWorkError": "a command opened a unit of work of its "
    "own inside its runner's: a fault in Refkit, shown as one",
    "refkit.store.unit_of_work.WriteOutsideUnitError": "a write that went around the runner of "
    "a step: a fault in Refkit, shown as one",
    "refkit.store.database.DatabaseClosedError": "a read or write after the database was "
    "closed: a fault in Refkit, shown as one",
}

CONFLICTS = (
    "refkit.store.errors.ConcurrentChangeError",
    "refkit.store.errors.CharacterChangedError",
    "refkit.store.errors.WoundPromptBusyError",
    "refkit.app.undo.UndoConflictError",
    "refkit.app.dungeon.settings.SettingsChangedError",
)


def _error_classes() -> dict[str, type[BaseException]]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", _LIST_ERRORS],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    names: list[str] = json.loads(done.stdout)
    classes: dict[str, type[BaseException]] = {}
    for name in names:
        module_name, _, qualname = name.rpartition(".")
        module = __import__(module_name, fromlist=[qualname])
        classes[name] = getattr(module, qualname)
    return classes


def test_every_refkit_error_is_a_domain_error_or_named_as_an_exception() -> None:
    classes = _error_classes()
    assert "refkit.cli.errors.CliError" in classes  # the walk reached every layer
    assert "refkit.gui.characters.portrait.PortraitError" in classes
    outside = sorted(
        name
        for name, kind in classes.items()
        if not issubclass(kind, DomainError) and name not in NOT_REFUSALS
    )
    assert outside == []
    assert [name for name in NOT_REFUSALS if name not in classes] == []  # the list stays true
    assert [name for name in NOT_REFUSALS if issubclass(classes[name], DomainError)] == []


def test_conflicts_are_conflict_errors() -> None:
    classes = _error_classes()
    assert [name for name in CONFLICTS if not issubclass(classes[name], ConflictError)] == []


def test_old_bases_are_kept_so_no_except_clause_changes_meaning() -> None:
    from refkit.app.atomic_files import AtomicWriteError
    from refkit.app.character_service import BulkImportError, InvalidCharacterError
    from refkit.store.character_store import CharacterStoreError
    from refkit.store.wound_prompt_store import WoundPromptBusyError

    for kind in (CharacterStoreError, InvalidCharacterError, BulkImportError):
        assert issubclass(kind, ValueError)
    assert issubclass(AtomicWriteError, OSError)
    assert issubclass(WoundPromptBusyError, RuntimeError)
