"""The referee's own spells in the database, each kept as its spell file and read back through
the file's checks (:mod:`refkit.rules.magic.spell_file`), under a name unique ignoring case.

Each spell has a version: an edit or delete naming the version it read (``expected_version``) is
refused with :class:`~refkit.errors.StaleWriteError` if the spell was saved or deleted since, and
every write is a conditional ``UPDATE``/``DELETE … WHERE version = ?`` besides."""

from __future__ import annotations

from sqlmodel import Session, col, select

from refkit.rules.magic.spell import Spell
from refkit.rules.magic.spell_file import parse_spell_toml, spell_to_toml
from refkit.store.database import Database
from refkit.store.errors import SpellNameTakenError as SpellNameTakenError
from refkit.store.errors import UnknownStoredSpellError as UnknownStoredSpellError
from refkit.store.row_forms import spell_key as spell_key
from refkit.store.spell_tables import SpellRow
from refkit.store.versions import delete_versioned, flush_versioned, next_version, require_version


class SpellRepository:
    """Adds, lists, replaces and deletes the referee's spells. Each call is one short session."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._read: dict[str, Spell] = {}
        """Each stored file read before, by its text: the casting window asks for the spells
        at every change, and reading 200 files again each time took over a second."""

    def spells(self) -> list[Spell]:
        """Every stored spell, sorted by name (a file unchanged since it was last read is not
        read again)."""
        return [spell for spell, _version in self.spells_read()]

    def spells_read(self) -> list[tuple[Spell, int]]:
        """Every stored spell with the version it was read at, sorted by name."""
        statement = select(SpellRow.name, SpellRow.payload, SpellRow.version).order_by(
            col(SpellRow.name_key)
        )
        with self._db.session() as session:
            rows = session.exec(statement).all()
        read: dict[str, Spell] = {}
        for name, payload, _version in rows:
            read[payload] = self._read.get(payload) or _parse(name, payload)
        self._read = read
        return [(read[payload], version) for _name, payload, version in rows]

    def read(self, name: str) -> tuple[Spell, int] | None:
        """The stored spell ``name`` and its version; None if there is none."""
        with self._db.session() as session:
            row = _row(session, spell_key(name))
            return None if row is None else (_parse(row.name, row.payload), row.version)

    def add(self, spell: Spell) -> None:
        """Store a new spell; SpellNameTakenError if its name is taken."""
        key = spell_key(spell.name)
        with self._db.session() as session:
            if _row(session, key) is not None:
                raise SpellNameTakenError(f"a spell called {spell.name!r} is stored already")
            session.add(
                SpellRow(name=spell.name, name_key=key, payload=spell_to_toml(spell), version=1)
            )

    def replace(self, name: str, spell: Spell, expected_version: int | None = None) -> int:
        """Put ``spell`` in place of the stored spell ``name`` (it may be renamed, not onto
        another stored spell's name); returns its new version. With ``expected_version`` (the
        version the spell was read at), StaleWriteError if it was saved or deleted since."""
        old, new = spell_key(name), spell_key(spell.name)
        with self._db.session() as session:
            row = _row(session, old)
            require_version(row, expected_version, _what(name))
            if row is None:
                raise UnknownStoredSpellError(f"no spell of yours is called {name!r}")
            if new != old and _row(session, new) is not None:
                raise SpellNameTakenError(f"a spell called {spell.name!r} is stored already")
            row.name, row.name_key, row.payload = spell.name, new, spell_to_toml(spell)
            next_version(row)
            session.add(row)
            flush_versioned(session, _what(name))
            return row.version

    def delete(self, name: str, expected_version: int | None = None) -> Spell:
        """Forget the stored spell ``name``; returns it (UnknownStoredSpellError if none).
        With ``expected_version``, StaleWriteError if it was saved or deleted since."""
        with self._db.session() as session:
            row = _row(session, spell_key(name))
            require_version(row, expected_version, _what(name))
            if row is None:
                raise UnknownStoredSpellError(f"no spell of yours is called {name!r}")
            spell = _parse(row.name, row.payload)
            delete_versioned(session, row, _what(name))
            return spell


def _what(name: str) -> str:
    return f"the spell \u201c{name}\u201d"


def _row(session: Session, key: str) -> SpellRow | None:
    statement = select(SpellRow).where(SpellRow.name_key == key)
    found: SpellRow | None = session.exec(
        statement.execution_options(populate_existing=True)
    ).first()
    return found


def _parse(name: str, payload: str) -> Spell:
    return parse_spell_toml(payload, origin=f"the stored spell {name!r}")
