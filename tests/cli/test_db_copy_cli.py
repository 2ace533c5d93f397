"""``refkit db copy SOURCE TARGET``: a whole campaign moved into an empty database, verified, and
nothing of it kept when it fails (issue 23 item 6). File to file here; file to server and back in
the tests marked for a server (``pytest --postgresql URL``)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from refkit.store import campaign_copy

TABLES_WITH_ROWS = {"app_meta", "character", "party", "party_member", "roll_log"}


@pytest.fixture
def campaign(cli, tmp_path: Path) -> Path:
    """A campaign file with the sample party, two logged rolls, a started clock and a note."""
    path = tmp_path / "campaign.sqlite3"
    for args in (
        ("character", "list"),
        ("roll", "3d6", "--seed", "4"),
        ("roll", "2d10", "--seed", "5"),
        ("dt", "start"),
    ):
        assert cli("--db", str(path), *args).code == 0
    return path


def _listing(cli, where: str) -> tuple[object, ...]:
    crows = cli("--db", where, "character", "list", "--json")
    clock = cli("--db", where, "dt", "status", "--json")
    assert crows.code == 0 and clock.code == 0
    status = {key: value for key, value in clock.json.items() if key != "remaining_s"}
    return crows.json, status  # the clock runs on: what remains moves between the two reads


def _rows(path: Path) -> dict[str, int]:
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        names = [
            str(row[0])
            for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'alembic_version'"
            )
        ]
        return {
            name: connection.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
            for name in names
        }
    finally:
        connection.close()


def test_a_campaign_is_copied_whole_into_a_new_file_and_verified(
    cli, campaign: Path, tmp_path: Path
) -> None:
    target = tmp_path / "moved.sqlite3"
    done = cli("db", "copy", str(campaign), str(target), "--json")
    assert done.code == 0, done.err
    report = done.json
    assert report["verified"] is True
    assert report["source"] == str(campaign) and report["target"] == str(target)
    assert {name for name, count in report["tables"].items() if count} >= TABLES_WITH_ROWS
    assert report["rows"] == sum(report["tables"].values())
    assert _rows(target) == _rows(campaign)
    assert _listing(cli, str(target)) == _listing(cli, str(campaign))
    added = cli("--db", str(target), "roll", "1d6", "--seed", "1")
    assert added.code == 0  # new rows get new ids after the copied ones


def test_a_target_that_holds_a_campaign_is_refused_and_left_alone(
    cli, campaign: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other.sqlite3"
    assert cli("--db", str(other), "roll", "1d4", "--seed", "2").code == 0
    before = _rows(other)
    refused = cli("db", "copy", str(campaign), str(other))
    assert refused.code == 2
    assert refused.err.startswith("error: ") and "is not empty" in refused.err
    assert "roll_log (1)" in refused.err
    assert _rows(other) == before


def test_a_source_that_is_not_there_is_refused_and_no_target_is_made(cli, tmp_path: Path) -> None:
    target = tmp_path / "moved.sqlite3"
    refused = cli("db", "copy", str(tmp_path / "missing.sqlite3"), str(target))
    assert refused.code == 2
    assert "does not exist" in refused.err
    assert not target.exists()
    assert not (tmp_path / "missing.sqlite3").exists()


def test_the_same_database_twice_is_refused(cli, campaign: Path) -> None:
    refused = cli("db", "copy", str(campaign), str(campaign))
    assert refused.code == 2 and "the same database" in refused.err


def test_a_copy_that_does_not_read_back_equal_keeps_nothing(
    cli, campaign: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = campaign_copy._copy_table

    def loses_a_roll(reading, writing, table):  # a copy that drops one row on the way
        if table.name != "roll_log":
            return real(reading, writing, table)
        rows = [row for batch in campaign_copy._rows(reading, table) for row in batch]
        writing.execute(campaign_copy.insert(table), rows[:-1])
        return len(rows)

    monkeypatch.setattr(campaign_copy, "_copy_table", loses_a_roll)
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    refused = cli("db", "copy", str(campaign), str(empty))
    assert refused.code == 2
    assert "does not read back as the source (roll_log differ)" in refused.err
    assert sum(_rows(empty).values()) == 0  # the layout only, not a row of the copy
    new = tmp_path / "new.sqlite3"
    assert cli("db", "copy", str(campaign), str(new)).code == 2
    assert not new.exists()  # a target made for the copy goes again


def test_a_copy_failing_midway_keeps_nothing(
    cli, campaign: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = campaign_copy._copy_table
    copied: list[str] = []

    def fails_at_the_fifth_table(reading, writing, table):
        if len(copied) == 4:
            raise OSError(28, "No space left on device")
        copied.append(table.name)
        return real(reading, writing, table)

    monkeypatch.setattr(campaign_copy, "_copy_table", fails_at_the_fifth_table)
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    refused = cli("db", "copy", str(campaign), str(empty))
    assert refused.code == 2 and refused.err.startswith("error: ")
    assert sum(_rows(empty).values()) == 0


@pytest.mark.on_server
def test_a_campaign_goes_to_a_server_and_back_unchanged(
    cli, campaign_on_server, tmp_path: Path
) -> None:
    source, server = campaign_on_server
    back = tmp_path / "back.sqlite3"
    there = cli("db", "copy", str(source), server, "--json")
    assert there.code == 0, there.err
    assert "***" in there.json["target"]
    assert _listing(cli, server) == _listing(cli, str(source))
    again = cli("db", "copy", server, str(back), "--json")
    assert again.code == 0, again.err
    assert again.json["tables"] == there.json["tables"]
    assert _rows(back) == _rows(source)
    assert cli("--db", server, "roll", "1d6", "--seed", "3").code == 0  # ids go on after the copy


@pytest.mark.on_server
def test_text_the_server_cannot_keep_fails_the_copy_and_keeps_nothing(
    cli, campaign_on_server
) -> None:
    source, server = campaign_on_server
    connection = sqlite3.connect(source)
    connection.execute("UPDATE character SET player = 'Ma' || char(0) || 'ra' WHERE id = 1")
    connection.commit()
    connection.close()
    refused = cli("db", "copy", str(source), server)
    assert refused.code == 2
    assert "NUL character" in refused.err and "nothing of it was kept" in refused.err
    listed = cli("--db", server, "roll", "1d4", "--seed", "1", "--json")
    assert listed.code == 0 and json.loads(listed.out)  # the server database is usable, empty


@pytest.fixture
def campaign_on_server(cli, test_server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A campaign file made with plain Refkit on SQLite, and an empty database on the server."""
    if test_server is None:
        pytest.skip("needs a PostgreSQL server: pytest --postgresql URL")
    import refkit.store.database
    import refkit.store.location

    # The run on the server puts every file a test names there; this one must stay a file.
    real = refkit.store.location.resolve_database_url.__wrapped_real__  # type: ignore[attr-defined]
    monkeypatch.setattr(refkit.store.location, "resolve_database_url", real)
    monkeypatch.setattr(refkit.store.database, "resolve_database_url", real)
    source = tmp_path / "campaign.sqlite3"
    for args in (("character", "list"), ("roll", "3d6", "--seed", "4"), ("dt", "start")):
        assert cli("--db", str(source), *args).code == 0
    return source, test_server.fresh_empty()
