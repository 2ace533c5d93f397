"""What start-up runs off the GUI thread: the modules of the panels in front and of the later
features (imported by the worker before the GUI thread needs them), the stored state the panels
in front show before the ORM is loaded, and the later features' services, built a step at a time.
"""

from __future__ import annotations

import logging
from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from refkit.gui.app_opening import GUI_BUSY_TIMEOUT_MS
from refkit.gui.shell.read_ahead import declared_needs
from refkit.present.startup import When, gui_modules

if TYPE_CHECKING:
    from refkit.app.dungeon.state import DungeonTurnView
    from refkit.app.dungeon.stored_view import StoredParty
    from refkit.compose import Services
    from refkit.dice.records import LoggedRoll

log = logging.getLogger(__name__)

STORED_ROLLS = 200
"""How many of the newest rolls the roll log shows before the ORM is loaded (more than a tall
screen holds; reading all LOG_LOAD_LIMIT took some 45 ms more): the rest join with the service."""
LOOKUP_INSTALL = "refkit.gui.lookup.install"
"""The lookup feature's module, registered after the first paint when it is installed."""


def shown_modules() -> tuple[str, ...]:
    """The GUI modules the panels on screen at start need to show the stored state, as their
    features declare them (:class:`refkit.present.startup.Needs`; worker thread)."""
    return gui_modules(declared_needs(), When.SHOWN)


def front_modules() -> tuple[str, ...]:
    """The feature modules of the panels in front of the Referee workspace (the clock, the
    lights, the roll log) and their tabs, registered right after the first paint (imported by
    the worker thread; they create no Qt objects when imported, and import no ORM: ``tests/gui/
    test_stored_front.py`` keeps it so, since the panels show the stored state before it
    loads)."""
    return gui_modules(declared_needs(), When.SHOWN, When.FRONT)


def late_modules() -> tuple[str, ...]:
    """The feature modules registered once the window is usable: the crows' sheet, board and
    catalogue, spells, crafting, travel, fights, printing (imported by the worker meanwhile)."""
    return gui_modules(declared_needs(), When.LATE)


AFTER_FIRST_FRAME_MODULES = ("refkit.gui.common.fonts", "refkit.gui.shell.binding_check")
"""The modules of what the start does right after the first frame
(:func:`refkit.gui.main.after_first_frame`): imported by the worker as the frame is painted, so
the GUI thread only runs them."""


def import_after_first_frame() -> None:
    """Import :data:`AFTER_FIRST_FRAME_MODULES` (worker thread; they create no Qt objects when
    imported, only PySide's classes for the fonts, the probe's image and its warning box)."""
    import importlib

    for name in AFTER_FIRST_FRAME_MODULES:
        importlib.import_module(name)


def import_event_loop() -> None:
    """Import what attaching the asyncio loop needs (asyncio, qasync: ~80 ms), in the worker,
    so the GUI thread only makes the loop."""
    import asyncio  # noqa: F401 - imported for the GUI thread

    import qasync  # noqa: F401


def import_front_modules(freeze: bool = False, names: tuple[str, ...] | None = None) -> None:
    """Import the modules of the panels in front, or ``names`` (worker thread); with
    ``freeze``, keep them out of full garbage collections (``keep_out_of_collections``)."""
    from refkit.gui.shell.read_ahead import import_quietly

    for name in front_modules() if names is None else names:
        import_quietly(name)
    if freeze:
        keep_out_of_collections()


@dataclass(frozen=True)
class StoredFront:
    """What the panels in front show before the ORM is loaded, read with plain sqlite3."""

    view: DungeonTurnView
    party: StoredParty
    rolls: list[LoggedRoll]
    location: str


def read_stored_front(db_url: str | None, freeze: bool = False) -> StoredFront | None:
    """Import the modules of the panels on screen at start and read the stored dungeon turn,
    the party at the table and the newest rolls with plain sqlite3 (worker thread: some 0.2 s,
    against over a second for importing the ORM and opening the database with it). None when
    the quick path cannot tell the file is fine as it is (none yet, a schema to migrate, a URL
    it does not read, a file it refuses): the full open then decides, and says why if it must.
    With ``freeze``, what was imported is kept out of full garbage collections, which would
    otherwise walk it again while the panels are built (``keep_out_of_collections``)."""
    import time

    from refkit.app.dungeon.stored_view import stored_party, stored_view
    from refkit.store.sqlite.quick import open_quick

    import_front_modules(freeze, shown_modules())
    try:
        # Only read here: the full open that follows checks every page before any write.
        quick = open_quick(db_url, busy_timeout_ms=GUI_BUSY_TIMEOUT_MS, check_pages=False)
        if quick is None:
            return None
        with quick:
            view = stored_view(quick, time.time())
            party = stored_party(quick)
            rolls = quick.recent_rolls(STORED_ROLLS)
    except Exception:  # the full open meets it again and reports it where the user looks
        log.debug("the stored state could not be read ahead", exc_info=True)
        return None
    return StoredFront(view, party, rolls, str(quick.path))


def keep_out_of_collections() -> None:
    """Move every object made so far (modules, classes, the ORM's registries: over 100,000)
    out of the garbage collector's full passes, which otherwise walk them all again each time
    and held the interpreter for 57-75 ms in the middle of an edit (``gc.freeze``). Only the
    app's own run does it (:attr:`RefkitApp.freezes_start_up`): a test process starting many
    windows would keep every closed one's cycles for good."""
    import gc

    gc.freeze()


def late_feature_steps(services: Services, freeze: bool = False) -> Generator[None, None, bool]:
    """Everything the features registered after usable need, in steps the worker runs one per
    job (an edit made meanwhile waits for one step, not all): their modules, their services
    (the spell library reads the shipped spellbooks, the fight at the table is read), the
    character list and the shipped files their panels show. Returns True when the lookup
    feature is installed (and now imported)."""
    import importlib
    import importlib.util

    from refkit.gui.shell import read_ahead
    from refkit.store.errors import DatabaseError

    for name in (*read_ahead.late_reads(), *late_modules()):  # the Qt-free ones first
        read_ahead.import_quietly(name)
        yield
    read_ahead.read_ahead_late(services.database)
    yield
    if not services.database.is_player:  # a player's login may not clear the log either
        try:  # the rolls kept by clears no open window can undo any more
            services.in_unit(services.dice.forget_old_clears)
        except DatabaseError:  # locked by another program, read-only: at a later open
            log.debug("old cleared rolls were not forgotten this time", exc_info=True)
    yield
    from refkit.app.travel.wiring import map_library

    map_library(services)  # a fresh database gets its sample map here, not on the GUI thread
    yield
    for _written in services.crow_line_steps():  # crows an older Refkit saved: list lines
        yield
    for service in ("spells", "crafting", "fight"):
        getattr(services, service)  # each built here, once, a step of its own
        yield
    if freeze:
        keep_out_of_collections()
    if importlib.util.find_spec(LOOKUP_INSTALL.rpartition(".")[0]) is None:
        return False
    if importlib.util.find_spec(LOOKUP_INSTALL) is None:
        return False
    importlib.import_module(LOOKUP_INSTALL)
    return True
