"""The window gives the game tabs its undo stack and, once open, the database's versioned values
(the trackers are kept there)."""

from __future__ import annotations

from refkit.gui.games.install import build_games_panel
from refkit.gui.main import RefkitApp
from refkit.store.character_store import CharacterRepository


def test_the_games_get_the_undo_stack_and_the_open_database(qtbot, settings, tmp_path) -> None:
    from refkit.compose import Services

    app = RefkitApp(settings)
    qtbot.addWidget(app.window)
    assert app.context.services() is None
    games = build_games_panel(app.context)
    qtbot.addWidget(games)
    context = games._context
    assert context.undo_stack is app.undo_stack
    assert context.state_values() is None  # nothing open yet
    with Services(db_url=str(tmp_path / "c.sqlite3")) as services:
        assert services.database is not None  # opened
        app.services = services
        assert isinstance(context.state_values(), CharacterRepository)
