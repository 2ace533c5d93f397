"""``refkit campaign player …`` and ``refkit db setup`` on an SQLite campaign: refused in plain
words, nothing written (players are logins on a server: tests/store/test_postgresql_players.py)."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

pytestmark = pytest.mark.sqlite_only


def test_players_are_refused_on_an_sqlite_campaign_and_nothing_is_written(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "campaign.sqlite3"
    assert cli("--db", str(path), "character", "list").code == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("secret\n"))
    added = cli(
        "--db",
        str(path),
        "campaign",
        "player",
        "add",
        "alice",
        "--crow",
        "Wren Ashdown",
        "--password-stdin",
    )
    assert added.code == 2
    assert "players are for a campaign on a server" in added.err
    for action in (("list",), ("remove", "alice")):
        refused = cli("--db", str(path), "campaign", "player", *action)
        assert refused.code == 2 and "players are for a campaign on a server" in refused.err
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM player_crow").fetchone() == (0,)


def test_a_player_needs_a_password_on_standard_input(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    refused = cli(
        "--db",
        str(tmp_path / "c.sqlite3"),
        "campaign",
        "player",
        "add",
        "alice",
        "--crow",
        "Wren Ashdown",
        "--password-stdin",
    )
    assert refused.code == 2 and "no password on standard input" in refused.err
    assert not (tmp_path / "c.sqlite3").exists()


def test_db_setup_wants_a_server(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("secret\n"))
    refused = cli(
        "db",
        "setup",
        str(tmp_path / "c.sqlite3"),
        "--campaign",
        "crows",
        "--referee",
        "gm",
        "--password-stdin",
    )
    assert refused.code == 2 and "PostgreSQL server" in refused.err
    assert not (tmp_path / "c.sqlite3").exists()
