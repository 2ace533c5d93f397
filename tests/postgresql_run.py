"""Running the store, app and command-line suites on PostgreSQL as well as on SQLite.

``pytest --postgresql URL tests/store tests/app tests/cli`` takes a server login that may create
databases (for instance ``postgresql://refkit:secret@127.0.0.1:55432/postgres``). Each test then
runs against fresh databases on that server: every SQLite file or in-memory database a test opens
through Refkit is put on a database of its own, created from a template migrated once per run
(``CREATE DATABASE … TEMPLATE``: some 0.1 s), and dropped after the test. The test's default
database (``REFKIT_DATABASE_URL``) is one of them, so commands run as subprocesses use it too.

Tests about SQLite files (backups, damaged files, pragmas, the sqlite3 quick path, file
permissions, peeking at a file with sqlite3) are left out of such a run: those marked
``sqlite_only``, and those listed in :data:`SQLITE_ONLY` with the reason (kept here, in one place,
rather than in each file). Their server counterparts are in ``tests/store/test_postgresql_*.py``.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

TEMPLATE = f"refkit_test_template_{os.getpid()}"

_FILES = "about SQLite files, their backups, pragmas or the sqlite3 quick path"
_PEEKS = "reads the SQLite file behind Refkit's back with sqlite3"
SQLITE_ONLY: dict[str, str] = {
    "tests/store/test_backup_kill.py": _FILES,
    "tests/store/test_database.py": _FILES,
    "tests/store/test_database_failures.py": _FILES,
    "tests/store/test_location.py": "about where SQLite files are put",
    "tests/store/test_file_gone.py": "an SQLite file deleted or replaced under the open database",
    "tests/store/test_crow_summaries.py": _PEEKS,
    "tests/store/test_crow_line_fill.py": _PEEKS,
    "tests/store/test_roll_log_catch_up_plan.py": "reads SQLite's query plan (EXPLAIN QUERY PLAN)",
    "tests/store/test_crow_list_index.py": "reads SQLite's query plan (EXPLAIN QUERY PLAN)",
    "tests/store/test_rest_check_read.py": "counts SQLite's steps (sqlite3's progress handler)",
    "tests/store/test_checked_pages.py": _FILES,
    "tests/store/test_migration.py": _FILES,
    "tests/store/test_wound_prompt_migration.py": "builds old SQLite files with sqlite3",
    "tests/store/test_versioned_documents_migration.py": "builds old SQLite files with sqlite3",
    "tests/store/test_dungeon_visits_upgrade.py": "builds old SQLite files with sqlite3",
    "tests/store/test_catalogue_migration.py": "builds old SQLite files with sqlite3",
    # On main beside this branch (migration 0011): an old file made with sqlite3, as above.
    "tests/store/test_versioned_aggregates_migration.py": "builds old SQLite files with sqlite3",
    "tests/store/test_character_store.py::test_the_payload_is_the_character_file_document": _PEEKS,
    "tests/store/test_roll_log.py::test_added_roll_comes_back_equal_with_its_id_and_source": _PEEKS,
    "tests/store/test_roll_log.py::test_rows_are_stored_as_readable_json": _PEEKS,
    "tests/store/test_roll_log.py::test_any_record_round_trips": (
        "generates NUL characters, which PostgreSQL keeps out of text (said as such: "
        "test_postgresql_urls.py)"
    ),
    "tests/store/test_table_store.py::test_names_are_unique_ignoring_case_and_spacing": _PEEKS,
    "tests/store/test_table_store.py::test_a_table_with_gaps_is_refused_and_nothing_is_written": (
        _PEEKS
    ),
    "tests/store/test_table_store.py::test_a_refused_first_use_does_not_even_seed": _PEEKS,
    "tests/store/test_unit_of_work.py::test_two_repositories_writes_commit_together": _PEEKS,
    "tests/store/test_unit_of_work.py::test_a_unit_opened_inside_another_joins_it": _PEEKS,
    "tests/store/test_unit_of_work.py::test_a_full_disk_is_a_database_error_and_nothing_is_kept": (
        "fills an SQLite file's size limit"
    ),
    "tests/cli/test_character_cli.py::test_db_option_before_or_after_the_subcommand": _FILES,
    "tests/cli/test_dungeon_cli.py::test_db_option_keeps_the_clock_in_that_file": _FILES,
    "tests/app/test_atomic_steps.py": "injects write faults with sqlite3's authorizer",
    "tests/app/test_character_seeding.py": "injects write faults with sqlite3's authorizer",
    "tests/app/test_autosave_on_kill.py": "reads the file a killed process left",
    "tests/app/test_stored_view.py": "compares the sqlite3 quick path with the store",
    "tests/cli/test_process.py": "the quick path (no SQLAlchemy) is SQLite's alone",
    "tests/cli/test_hazard_cli.py": "looks for the database file before reading it",
    "tests/cli/test_dt_status_after_0010.py": "builds old SQLite files with sqlite3",
    "tests/cli/test_combat_cli.py::test_a_seeded_attack_repeats_and_lands_in_the_roll_log": (
        "looks for the database file before reading it"
    ),
    **{
        f"tests/cli/test_hostile_cli.py::{name}": _FILES
        for name in (
            "test_a_lock_held_by_another_program_is_one_error_line",
            "test_a_read_only_database_file_is_one_error_line_and_stays_as_it_was",
            "test_a_damaged_database_is_one_error_line_and_never_written",
        )
    },
    **{
        f"tests/cli/{module}::{name}": why
        for module, name, why in (
            (
                "test_cli_rolls_logged.py",
                "test_a_roll_is_printed_with_a_warning_when_the_database_cannot_be_opened",
                "makes the database file unreadable",
            ),
            (
                "test_cli_rolls_logged.py",
                "test_a_roll_is_printed_with_a_warning_when_another_program_holds_the_lock",
                "holds SQLite's file lock (a server's row lock: test_postgresql_server.py)",
            ),
            (
                "test_combat_fight_cli.py",
                "test_an_attack_in_the_fight_lands_in_the_roll_log_as_an_attack",
                "looks for the database file before reading it",
            ),
        )
    },
    **{
        f"tests/cli/test_db_copy_cli.py::{name}": _PEEKS
        for name in (
            "test_a_campaign_is_copied_whole_into_a_new_file_and_verified",
            "test_a_target_that_holds_a_campaign_is_refused_and_left_alone",
            "test_a_source_that_is_not_there_is_refused_and_no_target_is_made",
            "test_a_copy_that_does_not_read_back_equal_keeps_nothing",
            "test_a_copy_failing_midway_keeps_nothing",
        )
    },
    (
        "tests/store/test_unit_of_work.py::"
        "test_a_failure_caught_inside_the_block_is_still_not_committed"
    ): _PEEKS,
}
"""Tests left out of a run on PostgreSQL (a file, or one test by its node id), and why."""

STARTS_PROCESSES = {
    "tests/cli/test_concurrent_writers.py",
    "tests/cli/test_process.py",
    "tests/cli/test_hostile_cli.py",
    "tests/app/test_autosave_on_kill.py",
}
"""Test files that start ``refkit`` processes of their own on the default database: it is made
before each of their tests (elsewhere, when first used)."""


_LONG_NAMES = {
    (
        "tests/app/test_change_notices_after_commit.py",
        "test_a_rolled_back_end_dt_tells_no_listener_of_a_change",
    ): "injects write faults with sqlite3's authorizer",
    (
        "tests/cli/test_launch.py",
        "test_the_launcher_hands_a_command_to_the_cli_with_the_same_options",
    ): _FILES,
    (
        "tests/cli/test_combat_cli.py",
        "test_a_crow_shoots_a_bestiary_creature_with_its_own_numbers_and_conditions",
    ): "looks for the database file before reading it",
}
SQLITE_ONLY.update({f"{path}::{name}": why for (path, name), why in _LONG_NAMES.items()})


def sqlite_only_reason(nodeid: str) -> str | None:
    """Why the test ``nodeid`` is left out of a run on PostgreSQL, or None if it runs there."""
    path, _, name = nodeid.partition("::")
    test = name.split("[", 1)[0]
    return SQLITE_ONLY.get(path) or SQLITE_ONLY.get(f"{path}::{test}")


_counter = itertools.count(1)


def server_url(config: pytest.Config) -> str | None:
    """The server login given by ``--postgresql``, or None (not given, or given empty)."""
    given = config.getoption("--postgresql")
    return given.strip() or None if given is not None else None


class ServerForTests:
    """Fresh databases on one server for one pytest run."""

    def __init__(self, url: str) -> None:
        from sqlalchemy.engine import make_url

        self._admin = make_url(url).set(drivername="postgresql")
        self.created: list[str] = []

    def url_of(self, name: str) -> str:
        return self._admin.set(database=name).render_as_string(hide_password=False)

    def _execute(self, *statements: str) -> None:
        import psycopg

        conninfo = self._admin.render_as_string(hide_password=False)
        with psycopg.connect(conninfo, autocommit=True) as connection:
            for statement in statements:
                connection.execute(statement)  # type: ignore[arg-type]

    def make_template(self) -> None:
        from refkit.store.database import Database

        self._execute(f"DROP DATABASE IF EXISTS {TEMPLATE}", f"CREATE DATABASE {TEMPLATE}")
        Database.open(self.url_of(TEMPLATE)).close()

    def fresh(self) -> str:
        """A new database, migrated (a copy of the template)."""
        url = self.reserve()
        self.ensure(url)
        return url

    def reserve(self) -> str:
        """The URL of a database made only when :meth:`ensure` is first called with it."""
        return self.url_of(f"refkit_test_{os.getpid()}_{next(_counter)}")

    def ensure(self, url: str) -> None:
        """Make the database of a URL from :meth:`reserve` (a copy of the template) unless made."""
        from sqlalchemy.engine import make_url

        name = make_url(url).database
        if name not in self.created:
            self._execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
            self.created.append(str(name))

    def fresh_empty(self) -> str:
        """A new database with nothing in it (not from the template)."""
        name = f"refkit_test_{os.getpid()}_{next(_counter)}"
        self._execute(f"CREATE DATABASE {name} TEMPLATE template0")
        self.created.append(name)
        return self.url_of(name)

    def drop_connections_to(self, url: str) -> None:
        """End every session on the database of ``url``, as a server restart would."""
        from sqlalchemy.engine import make_url

        name = make_url(url).database
        self._execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            f" WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        )

    def drop_created(self) -> None:
        names, self.created = self.created, []
        self._execute(*(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)" for name in names))

    def drop_template(self) -> None:
        self._execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")


def on_server_resolver(
    server: ServerForTests, real: Callable[[str | None], str], default: str, data_dir: Path
) -> Callable[[str | None], str]:
    """``resolve_database_url`` for a run on the server: a file (or memory) a test names is put
    on a database of its own, the same one each time the same file is named; the test's default
    database ``default`` is made when first used."""
    default_resolved = real(default)  # with the driver's name, as Refkit resolves it
    placed: dict[str, str] = {real(str(data_dir / "refkit.sqlite3")): default}
    """Each file a test named, and its database: the default file's is the default database."""

    def resolve(url: str | None = None) -> str:
        resolved = real(url)
        if resolved == default_resolved:
            server.ensure(default)
            return resolved
        if not resolved.startswith("sqlite"):
            return resolved
        if resolved == "sqlite://":
            return server.fresh()
        if resolved not in placed:
            placed[resolved] = server.fresh()
        server.ensure(placed[resolved])
        return placed[resolved]

    resolve.__wrapped_real__ = real  # type: ignore[attr-defined]
    return resolve


def on_server(
    server: ServerForTests, monkeypatch: pytest.MonkeyPatch, data_dir: Path, eager: bool = False
) -> Iterator[str]:
    """Put the test's databases on ``server``; yields its default database's URL (made when
    first used: call ``server.ensure`` before a subprocess uses it)."""
    import refkit.store.database
    import refkit.store.location

    default = server.reserve()
    real = refkit.store.location.resolve_database_url
    resolver = on_server_resolver(server, real, default, data_dir)
    monkeypatch.setattr(refkit.store.location, "resolve_database_url", resolver)
    monkeypatch.setattr(refkit.store.database, "resolve_database_url", resolver)
    monkeypatch.setenv("REFKIT_DATABASE_URL", default)
    _quick_path_made_first(resolver, monkeypatch)
    if eager:
        server.ensure(default)
    try:
        yield default
    finally:
        server.drop_created()


def _quick_path_made_first(
    resolver: Callable[[str | None], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's quick path (``dt status`` with psycopg alone) reads the URL it is given
    without resolving it: the test's database is made (by ``resolver``) before it looks."""
    import refkit.store.postgresql.quick as quick

    read = quick.read_server_clock

    def made_first(url: str, **options: Any) -> Any:
        resolver(url)
        return read(url, **options)

    monkeypatch.setattr(quick, "read_server_clock", made_first)
