"""What the worker thread that opens the database also does, so the GUI thread never has to.

Importing the ORM and the odds engine (SQLAlchemy, SQLModel, Alembic, pydantic, icepool) takes
0.6–1.4 s, and decoding a thousand stored crows for the character list about as long; done on the
GUI thread right after the first paint, either freezes the window. :func:`read_ahead` runs in the
worker (no Qt here): it imports every module the panels will need and reads the character list
once, which fills the store's summary cache, so building the panels afterwards only asks for
what changed since.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from functools import cache
from typing import TYPE_CHECKING

from refkit.present.startup import NeedsOf, When, qt_free_modules

if TYPE_CHECKING:
    from refkit.store.database import Database

log = logging.getLogger(__name__)

NEEDS_MODULE = "needs"
"""The module of a feature's package (``refkit.gui.<feature>.needs``) whose ``STARTUP_NEEDS``
declares what the worker reads ahead for it (:class:`refkit.present.startup.Needs`)."""


@cache
def declared_needs() -> tuple[NeedsOf, ...]:
    """What every feature package under ``refkit.gui`` declares it needs, found by looking for
    its ``needs`` module (worker thread: some ten small imports, once)."""
    import pkgutil

    import refkit.gui

    declared: list[NeedsOf] = []
    for package in pkgutil.iter_modules(refkit.gui.__path__):
        name = f"refkit.gui.{package.name}.{NEEDS_MODULE}"
        if not package.ispkg or importlib.util.find_spec(name) is None:
            continue
        needs = importlib.import_module(name).STARTUP_NEEDS
        declared.append((package.name, tuple(needs)))
    return tuple(declared)


def front_reads() -> tuple[str, ...]:
    """The Qt-free modules the panels in front import once the database is open
    (``tests/gui/test_startup_worker.py`` finds any module still first imported by the GUI
    thread: declare it in its feature's ``needs``)."""
    return qt_free_modules(declared_needs(), When.SHOWN, When.FRONT)


def late_reads() -> tuple[str, ...]:
    """The Qt-free modules of the features registered once the window is usable."""
    return qt_free_modules(declared_needs(), When.LATE)


STORE_MODULES = ("refkit.store.database", "refkit.store.roll_log")
"""What opening the database and reading the roll log import (SQLAlchemy, SQLModel, pydantic)."""


def import_ahead() -> None:
    """Import what opening the database and the panels need (any thread; idempotent)."""
    for name in STORE_MODULES:
        importlib.import_module(name)
    for name in front_reads():
        import_quietly(name)


def import_quietly(name: str) -> None:
    """Import ``name`` ahead of its use; if that fails, leave it to the code that uses it to
    import it again and say what is wrong (a module renamed since this list was written must
    not keep the database from opening)."""
    try:
        importlib.import_module(name)
    except Exception:
        log.warning("could not import %s ahead of its use", name, exc_info=True)


def read_ahead(database: Database) -> None:
    """Import the front panels' Qt-free modules and make sure the shipped tables are stored (a
    fresh file seeds them: a few hundred rows; no table is read) — in the worker thread. What
    the later panels show is read later (:func:`read_ahead_late`)."""
    import_ahead()
    from refkit.store.table_store import TableStore

    TableStore(database).ensure_seeded()


def read_ahead_late(database: Database) -> None:
    """Read the character list (decoding a thousand stored crows takes over a second), which
    fills the store's summary cache, and the shipped files the later panels show (worker
    thread)."""
    from refkit.store.character_store import CharacterRepository

    CharacterRepository(database).list_summaries()
    read_shipped_files()


def read_shipped_files() -> None:
    """Read the item catalogue (136 cards of TOML: ~75 ms), the inventory sheet and the build
    data (backgrounds, expertises, trait trees: ~70 ms, which the sheet's Traits tab shows)
    into their caches. A file that cannot be read is left for the panel that shows it to say
    so."""
    from refkit.present.sheet_layout import inventory_sheet
    from refkit.rules.character.build_data import load_build_data
    from refkit.rules.inventory.catalogue import load_item_catalogue

    for read in (load_item_catalogue, inventory_sheet, load_build_data):
        try:
            read()
        except Exception:  # the panel reading it again reports it where the user looks
            log.debug("reading a shipped file ahead failed", exc_info=True)
