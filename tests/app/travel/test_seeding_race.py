"""Issue 29 §5: two windows starting together on a new database both seed it; the one that
looked first and wrote second failed (``UNIQUE app_meta.key``, a map "stored already") and its
later panels never appeared. Seeding is idempotent under concurrency: the other window's seeding
cannot come between one window's look and its write."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from refkit.app.travel import map_library as library_module
from refkit.app.travel.sample_map import SEEDED_KEY
from refkit.app.travel.wiring import map_library
from refkit.compose import Services
from refkit.store.database import Database

MEANWHILE_S = 1.0
"""How long the first window waits between its look and its write for the other to seed."""


@pytest.mark.parametrize("looked_at", ["flag", "names"])
def test_another_window_seeding_while_one_looked_cannot_break_it(
    tmp_path: Path, monkeypatch, looked_at: str
) -> None:
    path = tmp_path / "new.sqlite3"
    with Database.open(str(path)) as first_db, Database.open(str(path)) as second_db:
        first, second = Services.for_database(first_db), Services.for_database(second_db)
        first_thread = threading.get_ident()
        looked, other_done = threading.Event(), threading.Event()
        failures: list[BaseException] = []

        def other_window() -> None:
            looked.wait(10)
            try:
                map_library(second)
            except BaseException as error:  # said by the test below
                failures.append(error)
            other_done.set()

        def pause_after(read):  # type: ignore[no-untyped-def]
            def reading(*args, **kwargs):  # type: ignore[no-untyped-def]
                found = read(*args, **kwargs)
                if threading.get_ident() == first_thread and not looked.is_set():
                    looked.set()
                    other_done.wait(MEANWHILE_S)  # the other seeds now, if it can
                return found

            return reading

        if looked_at == "flag":
            meta = first.versioned_meta
            monkeypatch.setattr(meta, "get_meta", pause_after(meta.get_meta))
        else:
            monkeypatch.setattr(
                library_module.MapLibrary, "names", pause_after(library_module.MapLibrary.names)
            )
        other = threading.Thread(target=other_window)
        other.start()
        library = map_library(first)
        other.join(15)
        assert failures == []
        assert len(library.names()) == 1
        assert map_library(second).names() == library.names()
        assert first.versioned_meta.get_meta(SEEDED_KEY) == "1"
