"""Once the window is up, the GUI thread runs no database statement (issue 22).

Every read and write the window makes runs on the database's worker: the steps (pushed, undone,
redone), the steps' own reads, the views refreshed after them, the dungeon turn's refresh and its
poll for other programs' changes, the lists and choosers that follow a change. A statement on the
GUI thread is a stall waiting to happen on a slow disk or a locked file; this test names where
each one came from.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event

from refkit.gui.main import RefkitApp
from refkit.store import CharacterRepository, Database
from refkit.store.dungeon_turn_store import DungeonTurnStore

WREN = "Wren Ashdown"
BRANNOC = "Brannoc Tull"


@contextmanager
def gui_thread_statements(app: RefkitApp) -> Iterator[list[str]]:
    """Where each statement the window's database runs on the GUI thread, from now on, was
    asked for (another program's statements, opened by the test itself, are not the window's)."""
    seen: list[str] = []

    def executed(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        if threading.current_thread() is threading.main_thread():
            frames = [
                f"{Path(frame.filename).name}:{frame.lineno} {frame.name}"
                for frame in traceback.extract_stack()
                if "/refkit/" in frame.filename and "/store/" not in frame.filename
            ]
            seen.append(f"{statement.split()[0]} from " + " < ".join(reversed(frames[-4:])))

    assert app.database is not None
    engine = app.database.engine
    event.listen(engine, "after_cursor_execute", executed)
    try:
        yield seen
    finally:
        event.remove(engine, "after_cursor_execute", executed)


def _ready(start_app, qtbot, db_file: Path) -> RefkitApp:  # type: ignore[no-untyped-def]
    app: RefkitApp = start_app(db_file)
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=10000)
    qtbot.waitUntil(lambda: app.dungeon.session.view() is not None, timeout=10000)
    return app


def test_crow_edits_their_undo_and_the_views_after_them_read_nothing_on_the_gui_thread(
    start_app, qtbot, db_file: Path
) -> None:
    app = _ready(start_app, qtbot, db_file)
    session = app.character_panels.session
    with gui_thread_statements(app) as statements:
        session.open(WREN)
        session.toggle_condition("blessed", True)
        session.edit_notes("Owes the ferryman")
        session.damage(1)
        session.heal_stamina(1)
        app.undo_stack.undo()
        app.undo_stack.redo()
        session.open(BRANNOC)
        with Database.open(str(db_file)) as other:  # another program changes the open crow
            repository = CharacterRepository(other)
            repository.save(repository.get(BRANNOC).with_condition("weakened"))
        session.reload()
        qtbot.wait(200)
    assert statements == [], "\n".join(statements)


def test_the_dungeon_turns_steps_refresh_and_poll_read_nothing_on_the_gui_thread(
    start_app, qtbot, db_file: Path
) -> None:
    app = _ready(start_app, qtbot, db_file)
    dungeon = app.dungeon.session
    with gui_thread_statements(app) as statements:
        dungeon.start_turn()
        dungeon.pause()
        dungeon.resume()
        dungeon.end_turn()
        app.undo_stack.undo()
        with Database.open(str(db_file)) as other:  # the command line saves the clock again
            store = DungeonTurnStore(other)
            snapshot = store.load()
            store.save(snapshot.clock, snapshot.effects, expected_version=snapshot.version)
            moved_to = store.version()
        dungeon.check_for_outside_changes()
        qtbot.waitUntil(lambda: dungeon.view().version == moved_to, timeout=5000)
    assert statements == [], "\n".join(statements)


def test_the_session_log_panel_catching_up_reads_nothing_on_the_gui_thread(
    start_app, qtbot, db_file: Path
) -> None:
    from refkit.gui.shell.panel_registry import PanelId

    app = _ready(start_app, qtbot, db_file)
    ready: list[bool] = []
    app.when_ready(lambda *_args: ready.append(True))
    qtbot.waitUntil(lambda: bool(ready), timeout=30000)
    with gui_thread_statements(app) as statements:
        app.panels.show(PanelId.SESSION_LOG)
        app.dungeon.session.start_turn()  # the session log catches up with a new entry
        qtbot.wait(300)
    assert statements == [], "\n".join(statements)
