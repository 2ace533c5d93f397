"""Where the database is: data folder, default URL, and what --db accepts."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest
from sqlalchemy.engine import make_url

from refkit.store import location
from refkit.store.errors import UnsupportedDatabaseError
from refkit.store.location import data_dir, default_database_url, resolve_database_url


def test_data_dir_follows_refkit_data_dir(refkit_data_dir: Path) -> None:
    assert data_dir() == refkit_data_dir.resolve()


def test_data_dir_is_created_on_demand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wanted = tmp_path / "not" / "yet"
    monkeypatch.setenv("REFKIT_DATA_DIR", str(wanted))
    assert data_dir() == wanted.resolve()
    assert wanted.is_dir()


def test_data_dir_without_override_uses_platform_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, object]] = []

    def fake_user_data_dir(appname: str, appauthor: object) -> str:
        calls.append((appname, appauthor))
        return str(tmp_path / "platform-folder")

    monkeypatch.delenv("REFKIT_DATA_DIR")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", "not/absolute")  # not the usual Linux case: platformdirs decides
    monkeypatch.setattr(platformdirs, "user_data_dir", fake_user_data_dir)
    assert data_dir() == (tmp_path / "platform-folder").resolve()
    assert calls == [("refkit", False)]
    assert (tmp_path / "platform-folder").is_dir()


def test_default_url_is_the_file_in_the_data_folder(refkit_data_dir: Path) -> None:
    url = default_database_url()
    assert url.startswith("sqlite:///")
    assert Path(make_url(url).database or "") == refkit_data_dir.resolve() / "refkit.sqlite3"


def test_no_url_means_the_default(refkit_data_dir: Path) -> None:
    assert resolve_database_url(None) == default_database_url()


def test_environment_url_is_used_when_none_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REFKIT_DATABASE_URL", str(tmp_path / "env.sqlite3"))
    assert make_url(resolve_database_url(None)).database == str(tmp_path.resolve() / "env.sqlite3")
    explicit = resolve_database_url(str(tmp_path / "flag.sqlite3"))
    assert make_url(explicit).database == str(tmp_path.resolve() / "flag.sqlite3")


def test_bare_relative_path_becomes_absolute_sqlite_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    url = resolve_database_url("campaigns/my game.db")
    parsed = make_url(url)
    assert parsed.drivername == "sqlite"
    assert parsed.database == str(tmp_path.resolve() / "campaigns" / "my game.db")


def test_path_with_url_special_characters_survives(tmp_path: Path) -> None:
    odd = tmp_path / "50%_off?#.db"
    assert make_url(resolve_database_url(str(odd))).database == str(odd.resolve())


def test_sqlite_url_is_kept_with_its_driver_and_query(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    parsed = make_url(resolve_database_url("sqlite+pysqlite:///rel.db?timeout=3"))
    assert parsed.drivername == "sqlite+pysqlite"
    assert parsed.database == str(tmp_path.resolve() / "rel.db")
    assert dict(parsed.query) == {"timeout": "3"}


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_memory_urls_stay_in_memory(url: str) -> None:
    assert resolve_database_url(url) == "sqlite://"
    assert location.database_path(resolve_database_url(url)) is None


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("mysql://ref:secret@db.example/campaign", "mysql://ref:***@db.example"),
        ("mysql://localhost/refkit", "mysql://localhost/refkit"),
        ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite"),
    ],
)
def test_other_databases_are_refused_clearly(url: str, named: str) -> None:
    with pytest.raises(UnsupportedDatabaseError, match="SQLite file or") as caught:
        resolve_database_url(url)
    assert named in str(caught.value)
    assert "secret" not in str(caught.value)


@pytest.mark.parametrize("url", ["", "   "])
def test_empty_location_is_refused(url: str) -> None:
    with pytest.raises(UnsupportedDatabaseError, match="empty"):
        resolve_database_url(url)


@pytest.mark.parametrize(
    ("xdg_data_home", "home"),
    [
        (None, "/home/wren"),
        (None, "/home/wren/"),
        (None, "/"),
        ("", "/home/wren"),
        ("relative/share", "/home/wren"),
        ("/srv/data", "/home/wren"),
        ("/srv/data/", "/home/wren"),
    ],
)
def test_the_usual_linux_folder_is_platformdirs_answer_without_platformdirs(
    monkeypatch: pytest.MonkeyPatch, xdg_data_home: str | None, home: str
) -> None:
    """The data folder a user who set no REFKIT_DATA_DIR gets is worked out with ``os`` alone in
    the usual environments (issue 30: importing platformdirs cost a stateless command more than
    a bare Python start); it must be the folder platformdirs names."""
    import sys

    from refkit.store import data_folder

    if sys.platform != "linux":
        pytest.skip("the lean answer is for Linux")
    if xdg_data_home is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg_data_home)
    monkeypatch.setenv("HOME", home)
    lean = data_folder._xdg_data_folder()
    assert lean is not None
    assert os.path.normpath(lean) == os.path.normpath(
        platformdirs.user_data_dir("refkit", appauthor=False)
    )


@pytest.mark.parametrize("home", [None, "", "relative/home"])
def test_an_unusual_home_is_left_to_platformdirs(
    monkeypatch: pytest.MonkeyPatch, home: str | None
) -> None:
    from refkit.store import data_folder

    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    if home is None:
        monkeypatch.delenv("HOME", raising=False)
    else:
        monkeypatch.setenv("HOME", home)
    assert data_folder._xdg_data_folder() is None
