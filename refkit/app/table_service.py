"""Rollable tables for a front end: list, roll (into the session log), import, edit, delete.

The referee chooses which table is *the* backlash table and which the Miasma table (their own
imported copy of the official ones, or Refkit's defaults when none is chosen); a choice is checked
against the dice the use rolls, and deleting the chosen table puts Refkit's default back.

Imports are all-or-nothing: the text is read and every range checked before anything is stored,
and a :class:`~refkit.rules.tables.import_formats.TableImportError` names every problem by line.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from refkit.app.ports import SessionLog, TableRows
from refkit.app.table_uses import TABLE_USES as TABLE_USES
from refkit.app.table_uses import USE_SPECS as USE_SPECS
from refkit.app.table_uses import TableUse as TableUse
from refkit.app.table_uses import UseSpec as UseSpec
from refkit.app.undo import UndoConflictError
from refkit.dice.rng import make_rng
from refkit.errors import StaleWriteError
from refkit.rules.tables.defaults import default_table
from refkit.rules.tables.import_formats import (
    load_table_file,
    parse_table_csv,
    parse_table_text,
    parse_table_toml,
)
from refkit.rules.tables.model import RollableTable, TableRoll, TableSource, roll_table
from refkit.store.records import SessionLogEntry, TableSummary
from refkit.store.row_forms import table_key

Clock = Callable[[], float]
RngFactory = Callable[[int | None], tuple[random.Random, int]]
TextFormat = Literal["text", "csv", "toml"]
TEXT_FORMATS: tuple[str, ...] = ("text", "csv", "toml")


def table_use(text: str) -> TableUse:
    """``backlash`` or ``miasma`` (any case); ValueError naming the two otherwise."""
    word = text.strip().casefold()
    for use in TABLE_USES:
        if word == use:
            return use
    raise ValueError(f"unknown table use {text!r}; expected backlash or miasma")


def _dice_key(dice: str) -> str:
    compact = "".join(dice.split()).casefold()
    return compact[1:] if compact.startswith("1d") else compact


def check_table_for_use(table: RollableTable, use: TableUse) -> None:
    """ValueError saying why ``table`` cannot be the ``use`` table (its dice are not the use's)."""
    spec = USE_SPECS[use]
    if _dice_key(table.dice) != _dice_key(spec.dice):
        raise ValueError(
            f"{table.name!r} rolls {table.dice}, but the {spec.label} table is rolled as "
            f"{spec.rolled_as}: choose a {spec.dice} table"
        )


@dataclass(frozen=True)
class ActiveTable:
    """The table in use for ``use``: its name, and whether it is Refkit's default (none chosen)."""

    use: TableUse
    name: str
    chosen: bool

    def to_dict(self) -> dict[str, object]:
        return {"use": self.use, "table": self.name, "default": not self.chosen}


@dataclass(frozen=True)
class LoggedTableRoll:
    """A roll on a table, the seed that repeats it, and its session-log entry id (if logged)."""

    roll: TableRoll
    seed: int | None
    log_id: int | None

    def to_dict(self) -> dict[str, object]:
        """The ``refkit table roll`` JSON object."""
        return self.roll.to_dict()


class TableService:
    """Use-cases of rollable tables. ``session_log`` receives every roll (tagged with the DT
    ``current_dt()`` gives); ``rng_factory(seed)`` gives ``(random.Random, seed)``."""

    def __init__(
        self,
        store: TableRows,
        *,
        session_log: SessionLog | None = None,
        current_dt: Callable[[], int] = lambda: 0,
        rng_factory: RngFactory = make_rng,
        clock: Clock = time.time,
    ) -> None:
        self._store = store
        self._session_log = session_log
        self._current_dt = current_dt
        self._rng_factory = rng_factory
        self._clock = clock

    @property
    def store(self) -> TableRows:
        return self._store

    # -- reading and rolling -----------------------------------------------------------------

    def summaries(self) -> list[TableSummary]:
        """Every table (name, dice, row count, source), sorted by name."""
        return self._store.summaries()

    def names(self) -> list[str]:
        """Every table's name, sorted as :meth:`summaries` is (their rows are not read)."""
        return self._store.names()

    def get(self, name: str) -> RollableTable:
        return self._store.get(name)

    def roll(
        self,
        name: str,
        total: int | None = None,
        *,
        modifier: int = 0,
        seed: int | None = None,
    ) -> LoggedTableRoll:
        """Roll on the table called ``name`` (``total``: the dice's total, given outright);
        dice written in the row are rolled. Logged to the session log.

        ValueError if there is no such table or ``total``/``modifier`` are impossible for it.
        """
        table = self._store.get(name)
        rng, used_seed = self._rng_factory(seed)
        rolled = roll_table(table, rng, total=total, modifier=modifier)
        log_id = None
        if self._session_log is not None:
            forced = " (total given)" if total is not None else ""
            plus = f" + {modifier}" if modifier else ""
            text = f"{table.name}: {rolled.dice_total}{plus}{forced} → {rolled.text}"
            detail = {
                **rolled.to_dict(),
                "dice_total": rolled.dice_total,
                "table_dice": table.dice,
                "dice": list(rolled.dice),
                "modifier": modifier,
                "forced": total is not None,
                "seed": used_seed,
            }
            log_id = self._session_log.add(
                SessionLogEntry(
                    kind="table_roll",
                    dt=self._current_dt(),
                    text=text,
                    at=datetime.fromtimestamp(self._clock(), UTC),
                    detail=detail,
                )
            )
        return LoggedTableRoll(rolled, used_seed, log_id)

    # -- importing and editing ---------------------------------------------------------------

    @staticmethod
    def parse(
        source: str | Path,
        name: str | None = None,
        dice: str | None = None,
        fmt: TextFormat | None = None,
        *,
        max_modifier: int | None = 0,
        modifier_name: str = "",
    ) -> RollableTable:
        """Read a table without storing it: a file (by its extension) when ``source`` is a Path
        or ``fmt`` is None, else pasted ``text``, ``csv`` or ``toml``. ``max_modifier`` is the
        largest number added to the dice (a backlash table's spell rank: 5; None: no limit) and
        ``modifier_name`` says what it is. Raises TableImportError naming every problem."""
        if isinstance(source, Path) or fmt is None:
            return load_table_file(
                Path(source), name, dice, max_modifier=max_modifier, modifier_name=modifier_name
            )
        if fmt not in TEXT_FORMATS:
            raise ValueError(f"unknown table format {fmt!r}; expected one of text, csv, toml")
        if fmt == "toml":
            return parse_table_toml(source, name=name, dice=dice, source=TableSource.IMPORTED)
        if not name or not name.strip():
            raise ValueError("an imported table needs a name")
        if fmt == "csv":
            return parse_table_csv(
                source, name, dice, max_modifier=max_modifier, modifier_name=modifier_name
            )
        return parse_table_text(
            source, name, dice, max_modifier=max_modifier, modifier_name=modifier_name
        )

    def import_table(
        self,
        source: str | Path,
        name: str | None = None,
        dice: str | None = None,
        fmt: TextFormat | None = None,
        *,
        replace: bool = False,
    ) -> RollableTable:
        """Read (see :meth:`parse`) and store a table; nothing is stored if anything is wrong,
        including a name already taken (unless ``replace``)."""
        table = self.parse(source, name, dice, fmt)
        return self._store.add(table, replace=replace)

    def add(self, table: RollableTable, *, replace: bool = False) -> RollableTable:
        """Store a table already read (e.g. by :meth:`parse`); checked again first."""
        return self._store.add(table, replace=replace)

    def save_table(
        self,
        table: RollableTable,
        *,
        previous_name: str | None = None,
        expected_version: int | None = None,
    ) -> RollableTable:
        """Save a table from the editor (``previous_name``: the table it was, for a rename);
        with ``expected_version`` (0: a new table) StaleWriteError, nothing saved, if the table
        was saved or deleted since it was read at that version."""
        return self._store.save(
            table, previous_name=previous_name, expected_version=expected_version
        )

    def read(self, name: str) -> tuple[RollableTable, int] | None:
        """The table ``name`` as stored now and its version; None if there is none."""
        return self._store.read(name)

    def delete(self, name: str, expected_version: int | None = None) -> RollableTable:
        """Delete a table; if it was the backlash or Miasma table, Refkit's default is again
        (:meth:`uses_of` before deleting says which). With ``expected_version``,
        StaleWriteError if it was saved since it was read at that version."""
        return self._store.delete(name, expected_version)

    # -- the backlash table and the Miasma table ---------------------------------------------

    def use_table(self, name: str, use: TableUse) -> ActiveTable:
        """Make the table called ``name`` the ``use`` table. ValueError (nothing stored) if
        there is no such table or it does not roll the use's dice."""
        table = self._store.get(name)
        check_table_for_use(table, use)
        stored = self._store.set_active_table(use, table.name)
        assert stored is not None
        return ActiveTable(use, stored, chosen=True)

    def use_default_table(self, use: TableUse) -> ActiveTable:
        """Go back to Refkit's default ``use`` table."""
        self._store.set_active_table(use, None)
        return self.active(use)

    def active(self, use: TableUse) -> ActiveTable:
        chosen = self._store.active_tables().get(use)
        if chosen is not None:
            return ActiveTable(use, chosen, chosen=True)
        return ActiveTable(use, USE_SPECS[use].default_name, chosen=False)

    def active_tables(self) -> list[ActiveTable]:
        return [self.active(use) for use in TABLE_USES]

    def active_table(self, use: TableUse) -> RollableTable:
        """The table to roll for ``use``: the chosen one, else the stored copy of Refkit's
        default (the referee may have edited it), else the shipped default."""
        active = self.active(use)
        if self._store.exists(active.name):
            return self._store.get(active.name)
        return default_table(USE_SPECS[use].default_name)

    def uses_of(self, name: str) -> tuple[TableUse, ...]:
        """The uses the table called ``name`` is chosen for (it is the backlash table...)."""
        chosen = self._store.active_tables()
        return tuple(
            use for use in TABLE_USES if use in chosen and table_key(chosen[use]) == table_key(name)
        )

    def restore_defaults(self, *, overwrite: bool = False) -> tuple[str, ...]:
        """Put back Refkit's default tables that are missing (``overwrite``: also reset edited
        ones); returns the names written."""
        return self._store.restore_defaults(overwrite=overwrite)

    # -- encounter tables --------------------------------------------------------------------

    def choose_encounter_table(self, dungeon: str, table: str | None) -> str | None:
        """Use ``table`` (None: none) for ``dungeon``'s encounters; returns the table's name."""
        return self._store.set_encounter_table(dungeon, table)

    def encounter_table(self, dungeon: str) -> str | None:
        return self._store.encounter_table_for(dungeon)

    def roll_encounter_table(self, dungeon: str, *, seed: int | None = None) -> LoggedTableRoll:
        """After a positive check: roll on the table chosen for ``dungeon``."""
        chosen = self._store.encounter_table_for(dungeon)
        if chosen is None:
            raise ValueError(f"no encounter table is chosen for {dungeon}; choose one first")
        return self.roll(chosen, seed=seed)


class DeleteTableCommand:
    """Delete a table; undo puts it back as it was."""

    def __init__(self, service: TableService, name: str) -> None:
        self._service = service
        self._name = name
        self._deleted: RollableTable | None = None
        self.fell_back: tuple[TableUse, ...] = ()
        """The uses it was chosen for, now back on Refkit's default tables."""

    @property
    def text(self) -> str:
        return f"Delete table {self._name}"

    def do(self) -> None:
        self.fell_back = self._service.uses_of(self._name)
        self._deleted = self._service.delete(self._name)
        self._name = self._deleted.name

    def undo(self) -> None:
        assert self._deleted is not None
        self._service.add(self._deleted)
        for use in self.fell_back:
            self._service.use_table(self._deleted.name, use)


def fallback_text(deleted: str, uses: tuple[TableUse, ...]) -> str:
    """What deleting the active table did: '' when it was chosen for nothing."""
    return " ".join(
        f"{deleted} was the {USE_SPECS[use].label} table: Refkit's default "
        f"({USE_SPECS[use].default_name}) is used again."
        for use in uses
    )


class UseTableCommand:
    """Make a table the backlash or Miasma table (None: Refkit's default again); undo puts the
    previous choice back."""

    def __init__(self, service: TableService, name: str | None, use: TableUse) -> None:
        self._service = service
        self._name = name
        self._use = use
        self._before: ActiveTable | None = None

    @property
    def text(self) -> str:
        label = USE_SPECS[self._use].label
        return f"Use {self._name or 'the default'} as the {label} table"

    def do(self) -> None:
        before = self._service.active(self._use)
        if self._name is None:
            self._service.use_default_table(self._use)
        else:
            self._service.use_table(self._name, self._use)
        self._before = before

    def undo(self) -> None:
        assert self._before is not None
        if self._before.chosen:
            self._service.use_table(self._before.name, self._use)
        else:
            self._service.use_default_table(self._use)


class SaveTableCommand:
    """Save an edited (or new) table; undo puts the previous version back (or deletes a new one).

    Every write names the version it expects: the first ``do`` the version it read (and, with
    ``base``, only if the stored table is still the one the editor showed — a typed edit is not
    put over a change not seen: StaleWriteError); undo and redo the version their step left. A
    table changed elsewhere in between makes undo or redo refuse (UndoConflictError), changing
    nothing.
    """

    def __init__(
        self,
        service: TableService,
        table: RollableTable,
        *,
        previous_name: str | None = None,
        base: RollableTable | None = None,
    ) -> None:
        self._service = service
        self._table = table
        self._previous_name = previous_name
        self._base = base
        self._before: tuple[RollableTable, int] | None = None
        self._saved: tuple[RollableTable, int] | None = None
        """The table this step left and its version then."""
        self._undone: int | None = None
        """The version undo left (0: the table gone), which redo saves on."""

    @property
    def text(self) -> str:
        return f"Save table {self._table.name}"

    def do(self) -> None:
        if self._undone is not None:
            self._redo(self._undone)
            return
        lookup = self._previous_name or self._table.name
        before = self._service.read(lookup)
        if self._base is not None and (before is None or before[0] != self._base):
            raise StaleWriteError(_what(lookup), deleted=before is None)
        expected = 0 if before is None else before[1]
        previous = self._previous_name if before is None else before[0].name
        saved = self._service.save_table(
            self._table, previous_name=previous, expected_version=expected
        )
        self._before, self._saved = before, (saved, expected + 1)

    def _redo(self, version: int) -> None:
        previous = None if self._before is None else self._before[0].name
        try:
            saved = self._service.save_table(
                self._table, previous_name=previous, expected_version=version
            )
        except StaleWriteError as error:
            raise UndoConflictError(f"cannot redo {self.text!r}: {error}") from None
        self._saved, self._undone = (saved, version + 1), None

    def undo(self) -> None:
        assert self._saved is not None
        saved, version = self._saved
        try:
            if self._before is None:
                self._service.delete(saved.name, expected_version=version)
                self._undone = 0
            else:
                self._service.save_table(
                    self._before[0], previous_name=saved.name, expected_version=version
                )
                self._undone = version + 1
        except StaleWriteError as error:
            raise UndoConflictError(f"cannot undo {self.text!r}: {error}") from None


def _what(name: str) -> str:
    return f"the table \u201c{name}\u201d"
