"""Test-wide settings: Qt offscreen, every test gets its own empty Refkit data folder, and with
``--postgresql URL`` the store, app and command-line tests run on PostgreSQL
(:mod:`tests.postgresql_run`)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from tests.postgresql_run import (
    STARTS_PROCESSES,
    ServerForTests,
    on_server,
    server_url,
    sqlite_only_reason,
)

ON_SERVER_SUITES = ("store", "app", "cli")
"""The suites that run on PostgreSQL too (tests/<name>/)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--postgresql",
        metavar="URL",
        default=None,
        help="run only the store, app and cli tests, on this PostgreSQL server (a login that "
        "may create databases). An empty value skips them, except in CI (CI set): an error",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only: about SQLite files; left out of a run on PostgreSQL"
    )
    config.addinivalue_line(
        "markers", "on_server: run on PostgreSQL too, though outside the store, app and cli suites"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    given = config.getoption("--postgresql")
    if given is None:
        return
    if not given.strip():
        if os.environ.get("CI"):
            raise pytest.UsageError("--postgresql is empty in CI: no server was started")
        skip = pytest.mark.skip(reason="no PostgreSQL server given to --postgresql")
        for item in items:
            item.add_marker(skip)
        return
    kept, left_out = [], []
    for item in items:
        suite = item.path.relative_to(config.rootpath / "tests").parts[0]
        on_server = (
            (suite in ON_SERVER_SUITES or item.get_closest_marker("on_server") is not None)
            and item.get_closest_marker("sqlite_only") is None
            and sqlite_only_reason(item.nodeid) is None
        )
        (kept if on_server else left_out).append(item)
    items[:] = kept
    config.hook.pytest_deselected(items=left_out)


@pytest.fixture(scope="session")
def test_server(request: pytest.FixtureRequest):
    """The server of a run on PostgreSQL (with its template database), or None."""
    url = server_url(request.config)
    if url is None:
        yield None
        return
    server = ServerForTests(url)
    server.make_template()
    try:
        yield server
    finally:
        server.drop_created()
        server.drop_template()


@pytest.fixture(autouse=True)
def refkit_data_dir(tmp_path_factory, monkeypatch, test_server, request):
    """Point REFKIT_DATA_DIR at a fresh folder so no test touches the user's real data (and, on
    PostgreSQL, put the test's databases on the server)."""
    data_dir = tmp_path_factory.mktemp("refkit-data")
    monkeypatch.setenv("REFKIT_DATA_DIR", str(data_dir))
    monkeypatch.delenv("REFKIT_DATABASE_URL", raising=False)
    monkeypatch.delenv("REFKIT_DB", raising=False)
    if test_server is None:
        yield data_dir
        return
    module = request.node.nodeid.split("::", 1)[0]
    for _url in on_server(test_server, monkeypatch, data_dir, eager=module in STARTS_PROCESSES):
        yield data_dir
