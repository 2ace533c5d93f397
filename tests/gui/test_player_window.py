"""The real window opened with a player's login on a PostgreSQL campaign (``pytest --postgresql
URL``; skipped without one): the player's docks are there, the referee's are not on screen and
their menu entries are not offered (issue 23 item 5)."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QLabel
from sqlalchemy.engine import make_url

from refkit.gui.shell.panel_registry import PanelId

pytestmark = pytest.mark.on_server


def test_a_players_window_shows_their_crows_and_no_referee_controls(
    start_app, test_server, monkeypatch: pytest.MonkeyPatch
) -> None:
    if test_server is None:
        pytest.skip("needs a PostgreSQL server: pytest --postgresql URL")
    import psycopg

    from refkit.cli import run_cli
    from refkit.store.database import Database
    from refkit.store.players import add_player
    from refkit.store.postgresql.roles import players_role

    monkeypatch.delenv("REFKIT_DATABASE_URL", raising=False)
    url = test_server.fresh()
    name = f"window_player_{os.getpid()}"
    assert run_cli(["--db", url, "character", "list"]) == 0  # the referee's first look
    with Database.open(url) as db:
        add_player(db, name, "Player-Pw-7", ["Wren Ashdown"])
    player = make_url(url).set(username=name, password="Player-Pw-7")
    try:
        app = start_app(player.render_as_string(hide_password=False))
        assert app.database is not None and app.database.is_player
        panels = app.panels
        assert panels.panel(PanelId.CHARACTERS).isVisible()
        assert not panels.panel(PanelId.DUNGEON_TURN).isVisible()
        assert not panels.action("dt_end").isEnabled()
        note = app.window.statusBar().findChild(QLabel, "login_role_note")
        assert note is not None and name in note.text()
    finally:
        test_server.drop_created()
        admin = make_url(test_server.url_of("postgres")).set(drivername="postgresql")
        with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as c:
            for role in (name, players_role(str(make_url(url).database))):
                c.execute(f'DROP ROLE IF EXISTS "{role}"')  # type: ignore[arg-type]
