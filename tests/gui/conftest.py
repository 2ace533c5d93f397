"""Fixtures for the desktop-app tests: private QSettings, a qasync loop, a running Refkit window."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QUndoStack

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from tests.gui.app_readiness import OPEN_TIMEOUT_MS, characters_docked
from tests.gui.dungeon_helpers import DungeonRig, make_rig
from tests.gui.locks import Lock

# The offscreen platform says this whenever a window is shown; it is not a fault of the app.
OFFSCREEN_NOISE = "This plugin does not support propagateSizeHints"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


@pytest.fixture(autouse=True)
def private_settings(tmp_path_factory: pytest.TempPathFactory, monkeypatch) -> Path:
    """Every QSettings a test makes (even the default-constructed kind) lands in a temp folder."""
    folder = tmp_path_factory.mktemp("qsettings")
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(folder))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    QCoreApplication.setOrganizationName("RefkitTests")
    QCoreApplication.setApplicationName("RefkitTests")
    return folder


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    """The characters of a fresh database (the sample party in it); a test module may define
    its own ``service``."""
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


@pytest.fixture
def stack(qapp) -> QUndoStack:
    return RefkitUndoStack()


@pytest.fixture
def forty_crows(qtbot, settings: QSettings, tmp_path: Path) -> Iterator[object]:
    """The character panels in a window, on a database of the sample party and 40 crows more
    ("Crow 000" to "Crow 039", copies of the sample crows): :class:`CharacterPanels`."""
    from dataclasses import replace

    from refkit.app.sample_content import sample_characters
    from refkit.compose import Services
    from refkit.gui.characters.install import install_character_panels
    from refkit.gui.shell.actions import ActionRegistry
    from refkit.gui.shell.main_window import MainWindow

    with Services(db_url=str(tmp_path / "crows.sqlite3")) as services:
        service = services.characters
        templates = sample_characters()
        service.repository.save_all(
            [replace(templates[i % len(templates)], name=f"Crow {i:03d}") for i in range(40)],
            replace_existing=False,
        )
        window = MainWindow(settings)
        qtbot.addWidget(window)
        stack = RefkitUndoStack(window)
        made = install_character_panels(window, ActionRegistry(window), stack, service)
        yield made
        made.session.shutdown()


@pytest.fixture
def brannoc_session(qtbot, service: CharacterService, stack: QUndoStack) -> Iterator[object]:
    """A character session on the sample crow Brannoc Tull (shut when the test ends)."""
    from refkit.gui.characters.session import CharacterSession
    from tests.gui.test_roster_undo import BRANNOC

    opened = CharacterSession(service, stack)
    opened.open(BRANNOC)
    yield opened
    opened.shutdown()


@pytest.fixture
def rig() -> Iterator[DungeonRig]:
    """The dungeon-turn rig (in-memory database, real services, fake clock, known seeds)."""
    made = make_rig()
    yield made
    made.close()


@pytest.fixture
def settings(private_settings: Path) -> QSettings:
    return QSettings(str(private_settings / "refkit.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def event_loop_in_qt(qapp) -> Iterator[object]:
    """A qasync loop attached to pytest-qt's application, as the app attaches one after paint."""
    from refkit.gui.shell.event_loop import install_event_loop, shutdown_event_loop

    loop = install_event_loop(qapp)
    yield loop
    shutdown_event_loop(loop)


@pytest.fixture
def fake_clock() -> Callable[[], datetime]:
    """A UTC clock that moves one second per call, from a fixed moment."""
    start = datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)
    ticks = iter(range(1_000_000))
    return lambda: start + timedelta(seconds=next(ticks))


@pytest.fixture
def start_app(qtbot, settings: QSettings) -> Iterator[Callable[..., object]]:
    """Start real Refkit windows: ``start_app(db, ready=characters_docked)`` shows one on the
    database ``db`` (a path or URL), starts it as after the first paint, and waits until
    ``ready(app)``. Every window is closed afterwards without asking (unsaved edits discarded,
    scratch sessions unmarked) and shut down."""
    from refkit.gui.main import RefkitApp

    started: list[RefkitApp] = []

    def start(db: str | Path, ready: Callable[[object], bool] = characters_docked) -> RefkitApp:
        app = RefkitApp(settings, db_url=str(db))
        started.append(app)
        qtbot.addWidget(app.window)
        with qtbot.waitSignal(app.window.first_painted, timeout=5000):
            app.window.show()
        app.start()
        qtbot.waitUntil(lambda: ready(app), timeout=OPEN_TIMEOUT_MS)
        return app

    yield start
    for app in started:
        app.window.save_problems.discard()
        app.window.set_scratch_session(False)
        app.window.ask_no_close_questions()  # a running DT clock is left running
        app.window.close()
        app.shutdown()


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    """A database file for a test's window (made by the window when it starts)."""
    return tmp_path / "table.sqlite3"


@pytest.fixture
def lock(db_file: Path) -> Iterator[Lock]:
    """Another program's hold on ``db_file``'s write lock: ``take()`` and ``release()`` it."""
    holder = Lock(db_file)
    yield holder
    holder.close()
