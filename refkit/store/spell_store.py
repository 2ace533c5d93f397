"""The referee's own spells in the database, each kept as its spell file and read back through
the file's checks (:mod:`refkit.rules.magic.spell_file`), under a name unique ignoring case."""

from __future__ import annotations

from sqlmodel import Session, col, select

from refkit.rules.magic.spell import Spell
from refkit.rules.magic.spell_file import parse_spell_toml, spell_to_toml
from refkit.store.database import Database
from refkit.store.errors import SpellNameTakenError as SpellNameTakenError
from refkit.store.errors import UnknownStoredSpellError as UnknownStoredSpellError
from refkit.store.row_forms import spell_key as spell_key
from refkit.store.spell_tables import SpellRow


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
        statement = select(SpellRow.name, SpellRow.payload).order_by(col(SpellRow.name_key))
        with self._db.session() as session:
            rows = session.exec(statement).all()
        read: dict[str, Spell] = {}
        for name, payload in rows:
            read[payload] = self._read.get(payload) or _parse(name, payload)
        self._read = read
        return [read[payload] for _name, payload in rows]

    def add(self, spell: Spell) -> None:
        """Store a new spell; SpellNameTakenError if its name is taken."""
        key = spell_key(spell.name)
        with self._db.session() as session:
            if _row(session, key) is not None:
                raise SpellNameTakenError(f"a spell called {spell.name!r} is stored already")
            session.add(SpellRow(name=spell.name, name_key=key, payload=spell_to_toml(spell)))

    def replace(self, name: str, spell: Spell) -> None:
        """Put ``spell`` in place of the stored spell ``name`` (it may be renamed, not onto
        another stored spell's name)."""
        old, new = spell_key(name), spell_key(spell.name)
        with self._db.session() as session:
            row = _row(session, old)
            if row is None:
                raise UnknownStoredSpellError(f"no spell of yours is called {name!r}")
            if new != old and _row(session, new) is not None:
                raise SpellNameTakenError(f"a spell called {spell.name!r} is stored already")
            row.name, row.name_key, row.payload = spell.name, new, spell_to_toml(spell)
            session.add(row)

    def delete(self, name: str) -> Spell:
        """Forget the stored spell ``name``; returns it (UnknownStoredSpellError if none)."""
        with self._db.session() as session:
            row = _row(session, spell_key(name))
            if row is None:
                raise UnknownStoredSpellError(f"no spell of yours is called {name!r}")
            spell = _parse(row.name, row.payload)
            session.delete(row)
            return spell


def _row(session: Session, key: str) -> SpellRow | None:
    found: SpellRow | None = session.exec(select(SpellRow).where(SpellRow.name_key == key)).first()
    return found


def _parse(name: str, payload: str) -> Spell:
    return parse_spell_toml(payload, origin=f"the stored spell {name!r}")
