"""Characters, parties, players' own items and application flags, kept in the database.

The repository speaks in rule objects (:class:`~refkit.rules.character.model.Character`,
:class:`~refkit.rules.inventory.catalogue.CatalogueItem`); the tables stay inside the store. A
character is stored as its ``*.crow.json`` document, so what is saved is exactly what an export
writes.

Every method is one short transaction: a save either lands whole or not at all. Names are unique
ignoring case (``Mara Vell`` and ``MARA VELL`` are one crow) and are kept exactly as typed, markup
characters and emoji included.
"""

from __future__ import annotations

import json
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime

from sqlalchemy import func
from sqlmodel import Session, col, select

from refkit.rules.character.file_format import (
    CharacterFileError,
    character_to_json,
)
from refkit.rules.character.model import Character
from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.store.character_rows import (
    character_row,
    decode_item,
    drop_line,
    encode_item,
    flush_rows,
    item_row,
    item_what,
    line_of,
    party_of,
    party_row,
    party_what,
    require_character,
    require_item,
    require_party,
    set_members,
    summary_of,
    write_line,
)
from refkit.store.character_tables import (
    AppMetaRow,
    CharacterRow,
    CustomItemRow,
    PartyMemberRow,
    PartyRow,
)
from refkit.store.crow_summaries import (
    SUMMARY_RANGE,
    fresh_line,
    row_id_of,
    stamp,
    summary_key,
)
from refkit.store.database import Database, utc_now
from refkit.store.errors import CharacterChangedError as CharacterChangedError
from refkit.store.errors import CharacterNotFoundError as CharacterNotFoundError
from refkit.store.errors import CharacterStoreError as CharacterStoreError
from refkit.store.errors import NameTakenError as NameTakenError
from refkit.store.records import CharacterSummary as CharacterSummary
from refkit.store.records import Party as Party
from refkit.store.row_forms import name_key as name_key
from refkit.store.row_forms import stored_character
from refkit.store.state_tables import AppStateRow
from refkit.store.versioned_state import DocumentShelf, VersionedText, VersionedValues
from refkit.store.versions import delete_versioned, next_version, require_version
from refkit.store.wound_prompt_store import WoundPromptRepository

Clock = Callable[[], datetime]
SUMMARY_BATCH = 500
"""Crows read per query when summaries are made (SQLite limits the parameters of one query)."""
HEADS_SQL = (
    "SELECT id, name, player, revision, created_at, updated_at, name_key FROM character"
    " ORDER BY name_key"
)
"""Every crow's bookkeeping, as stored, in the list's order (``CharacterRow``'s columns)."""


def _utc(value: datetime | str) -> datetime:
    """A time as the ORM's ``UTCDateTime`` reads it, from what the driver handed back."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _stored_lines(session: Session) -> dict[int, str]:
    """Every crow's stored list line by its row id, in one index range read."""
    rows = session.exec(
        select(AppStateRow.key, AppStateRow.payload).where(
            col(AppStateRow.key) >= SUMMARY_RANGE[0], col(AppStateRow.key) < SUMMARY_RANGE[1]
        )
    ).all()
    lines = {}
    for key, payload in rows:
        row_id = row_id_of(key)
        if row_id is not None:
            lines[row_id] = payload
    return lines


def _clean_name(name: str, what: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise CharacterStoreError(f"a {what} needs a name that is not blank")
    return name


def encode_character(character: Character) -> str:
    """The stored payload: the character file's JSON object, compact, keys in file order."""
    return json.dumps(character_to_json(character), ensure_ascii=False, separators=(",", ":"))


def decode_character(payload: str, name: str) -> Character:
    """The character in a stored payload; CharacterStoreError naming it if the row is damaged."""
    try:
        return stored_character(payload, name)
    except (json.JSONDecodeError, CharacterFileError) as error:
        raise CharacterStoreError(
            f"the stored copy of {name!r} cannot be read ({error}); restore it from a backup"
        ) from None


class _SummaryCache:
    """Summaries — and the sheets last read — already decoded, by row id, with the (revision,
    updated_at as stored) each was made from.

    Every write bumps both, so a hit is the stored crow (written by another process too). One
    cache per open database, shared by its repositories, so a list read ahead in a worker
    thread serves the panels later.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.summaries: dict[int, tuple[tuple[int, str], CharacterSummary]] = {}
        self.sheets: OrderedDict[int, tuple[tuple[int, str], Character]] = OrderedDict()
        """The sheets last read, decoded, by row id, the least recently read first (at most
        SHEETS_KEPT): a fight reads its crows' sheets after every step, and decoding was half
        of an attack's work in the worker. Characters are frozen: one is safely handed out twice."""
        self.lines_kept: bool | None = None
        """Whether crows' list lines are kept on this database (:meth:`_keeps_lines`)."""


SHEETS_KEPT = 64
"""Decoded sheets :class:`_SummaryCache` keeps: a table's party and its fight, many times over."""

_summary_caches: weakref.WeakKeyDictionary[Database, _SummaryCache] = weakref.WeakKeyDictionary()
_summary_caches_lock = threading.Lock()


def _summary_cache(db: Database) -> _SummaryCache:
    with _summary_caches_lock:
        cache = _summary_caches.get(db)
        if cache is None:
            cache = _summary_caches[db] = _SummaryCache()
        return cache


class CharacterRepository:
    """Characters, parties, custom items and flags in one Refkit database."""

    def __init__(self, db: Database, *, clock: Clock = utc_now) -> None:
        self._db = db
        self._clock = clock
        self._cache = _summary_cache(db)

    @property
    def database(self) -> Database:
        return self._db

    @property
    def wound_prompts(self) -> WoundPromptRepository:
        """The crows' wound prompts in the same database."""
        return WoundPromptRepository(self._db)

    # -- characters --------------------------------------------------------------------------

    def list_summaries(self) -> list[CharacterSummary]:
        """Every character, ordered by name ignoring case.

        Each crow's line is read as the repository keeps it beside the crow
        (:mod:`refkit.store.crow_summaries`); only a crow without a current one is decoded. A
        crow already listed by this process at the same revision is not read again at all.
        """
        with self._db.session() as session:
            # The heads as the database hands them back: a thousand crows' times through the
            # ORM's datetime type took ~110 ms each time the list was refreshed.
            heads = session.connection().exec_driver_sql(HEADS_SQL).all()
            with self._cache.lock:
                known = dict(self._cache.summaries)
            stale = [
                head
                for head in heads
                if head[0] not in known or known[head[0]][0] != (head[3], stamp(head[5]))
            ]
            lines = _stored_lines(session) if stale else {}
            made: dict[int, CharacterSummary] = {}
            undecoded = []
            for row_id, name, player, revision, created, updated, key in stale:
                line = fresh_line(lines.get(row_id), key, revision, updated)
                if line is None:
                    undecoded.append(row_id)
                else:
                    made[row_id] = summary_of(
                        line, name, player, revision, _utc(created), _utc(updated)
                    )
            for first in range(0, len(undecoded), SUMMARY_BATCH):
                wanted = undecoded[first : first + SUMMARY_BATCH]
                for row in session.exec(
                    select(CharacterRow).where(col(CharacterRow.id).in_(wanted))
                ).all():
                    assert row.id is not None
                    made[row.id] = summary_of(
                        line_of(decode_character(row.payload, row.name)),
                        row.name,
                        row.player,
                        row.revision,
                        row.created_at,
                        row.updated_at,
                    )
        fresh: dict[int, tuple[tuple[int, str], CharacterSummary]] = {}
        summaries = []
        for row_id, _name, _player, revision, _created, updated, _key in heads:
            summary = made[row_id] if row_id in made else known[row_id][1]
            fresh[row_id] = ((revision, stamp(updated)), summary)
            summaries.append(summary)
        with self._cache.lock:
            self._cache.summaries = fresh  # deleted crows drop out
        return summaries

    def summary(self, name: str) -> CharacterSummary | None:
        """The list's row of the crow called ``name`` (ignoring case; None: there is none),
        read alone: after one crow's edit the list changes that row, not all of them."""
        with self._db.session() as session:
            row = character_row(session, name)
            if row is None:
                return None
            assert row.id is not None
            stored = session.get(AppStateRow, summary_key(row.id))
            line = fresh_line(
                None if stored is None else stored.payload,
                row.name_key,
                row.revision,
                row.updated_at,
            )
            if line is None:
                line = line_of(decode_character(row.payload, row.name))
            return summary_of(
                line, row.name, row.player, row.revision, row.created_at, row.updated_at
            )

    def names(self) -> list[str]:
        """Every character's name, ordered ignoring case."""
        with self._db.session() as session:
            rows = session.exec(
                select(CharacterRow.name).order_by(col(CharacterRow.name_key))
            ).all()
        return list(rows)

    def count(self) -> int:
        with self._db.session() as session:
            return session.exec(select(func.count()).select_from(CharacterRow)).one()

    def exists(self, name: str) -> bool:
        with self._db.session() as session:
            return character_row(session, name) is not None

    def get(self, name: str) -> Character:
        """The character called ``name`` (ignoring case); CharacterNotFoundError if none."""
        return self.read(name)[0]

    def read(self, name: str) -> tuple[Character, int]:
        """The character called ``name`` and the revision it was read at, from one row: what a
        save conditional on that revision needs. CharacterNotFoundError if none."""
        with self._db.session() as session:
            row = require_character(session, name)
        assert row.id is not None
        made_from = (row.revision, stamp(row.updated_at))
        cache = self._cache
        with cache.lock:
            kept = cache.sheets.get(row.id)
            if kept is not None and kept[0] == made_from:
                cache.sheets.move_to_end(row.id)
                return kept[1], row.revision
        character = decode_character(row.payload, row.name)
        with cache.lock:
            cache.sheets[row.id] = (made_from, character)
            cache.sheets.move_to_end(row.id)
            while len(cache.sheets) > SHEETS_KEPT:
                cache.sheets.popitem(last=False)
        return character, row.revision

    def revision(self, name: str) -> int:
        """How many times the character has been saved (1 after the first save)."""
        with self._db.session() as session:
            return require_character(session, name).revision

    def save(
        self,
        character: Character,
        *,
        stored_name: str | None = None,
        expected_revision: int | None = None,
    ) -> int:
        """Insert the character, or replace the one with its name (ignoring case).

        With ``stored_name``, the crow stored under that name is replaced (and renamed when the
        names differ; NameTakenError if another crow has the new name). Returns the new
        revision. The whole document is written in one transaction. With ``expected_revision``,
        the crow (under ``stored_name``, else its name) must be stored at that revision, checked
        in the same transaction: CharacterChangedError, nothing saved, otherwise (undo relies on
        it not to overwrite a change made since).
        """
        with self._db.session() as session:
            if expected_revision is not None:
                stored = require_character(session, stored_name or character.name)
                if stored.revision != expected_revision:
                    raise CharacterChangedError(
                        f"{stored.name!r} was changed since (revision {stored.revision}, "
                        f"not {expected_revision})"
                    )
            if stored_name is not None and name_key(stored_name) != name_key(character.name):
                row = character_row(session, stored_name)
                if row is not None:
                    other = character_row(session, character.name)
                    if other is not None:
                        raise NameTakenError(f"there is already a character called {other.name!r}")
                    row.name_key = name_key(character.name)
                    session.add(row)
                    flush_rows(session, f"character {character.name!r}")
            row = self._upsert(session, character, replace_existing=True)
            return row.revision

    def create(self, character: Character) -> int:
        """Insert a new character; NameTakenError if one with that name exists."""
        with self._db.session() as session:
            return self._upsert(session, character, replace_existing=False).revision

    def save_all(
        self,
        characters: Sequence[Character],
        *,
        replace_existing: bool,
        parties: Sequence[Party] = (),
    ) -> None:
        """Save several characters (and parties) in one transaction: all of them, or none.

        Without ``replace_existing`` a character or party name already stored raises
        NameTakenError and nothing is written; with it, stored characters are replaced and stored
        parties get the given members. A name repeated in the arguments is always refused.
        """
        seen: dict[str, str] = {}
        for character in characters:
            key = name_key(character.name)
            if key in seen:
                raise NameTakenError(
                    f"{character.name!r} appears twice among the characters to save "
                    f"(also as {seen[key]!r})"
                )
            seen[key] = character.name
        party_keys: set[str] = set()
        for party in parties:
            _clean_name(party.name, "party")
            if name_key(party.name) in party_keys:
                raise NameTakenError(f"the party {party.name!r} appears twice among the parties")
            party_keys.add(name_key(party.name))
        with self._db.session() as session:
            for character in characters:
                self._upsert(session, character, replace_existing=replace_existing)
            for party in parties:
                row = party_row(session, party.name)
                new = row is None
                if row is None:
                    row = PartyRow(name=party.name, name_key=name_key(party.name), version=1)
                    session.add(row)
                    flush_rows(session, f"party {party.name!r}")
                elif not replace_existing:
                    raise NameTakenError(f"there is already a party called {row.name!r}")
                set_members(session, row, list(party.members), new=new)

    def rename(self, old: str, new: str) -> Character:
        """Give a character a new name (its file's ``name`` too); returns the renamed crow."""
        _clean_name(new, "character")
        with self._db.session() as session:
            row = require_character(session, old)
            other = character_row(session, new)
            if other is not None and other.id != row.id:
                raise NameTakenError(f"there is already a character called {other.name!r}")
            renamed = replace(decode_character(row.payload, row.name), name=new)
            row.name = new
            row.name_key = name_key(new)
            row.payload = encode_character(renamed)
            row.updated_at = self._clock()
            row.revision += 1
            session.add(row)
            flush_rows(session, f"character {new!r}")
            self._keep_line(session, row, renamed)
        return renamed

    def delete(self, name: str) -> None:
        """Delete the character (it also leaves every party); CharacterNotFoundError if none."""
        with self._db.session() as session:
            row = require_character(session, name)
            row_id = row.id
            session.delete(row)
            flush_rows(session, f"character {row.name!r}")
            if row_id is not None and self._keeps_lines(session):
                drop_line(session, row_id)
        with self._cache.lock:  # SQLite may give its id to the next new crow
            self._cache.summaries.pop(row.id or -1, None)
            self._cache.sheets.pop(row.id or -1, None)

    def _upsert(
        self, session: Session, character: Character, *, replace_existing: bool
    ) -> CharacterRow:
        _clean_name(character.name, "character")
        payload = encode_character(character)
        now = self._clock()
        row = character_row(session, character.name)
        if row is None:
            row = CharacterRow(
                name=character.name,
                name_key=name_key(character.name),
                player=character.player,
                payload=payload,
                created_at=now,
                updated_at=now,
                revision=1,
            )
        elif not replace_existing:
            raise NameTakenError(f"there is already a character called {row.name!r}")
        else:
            row.name = character.name
            row.player = character.player
            row.payload = payload
            row.updated_at = now
            row.revision += 1
        session.add(row)
        flush_rows(session, f"character {character.name!r}")
        self._keep_line(session, row, character)
        return row

    def _keep_line(self, session: Session, row: CharacterRow, character: Character) -> None:
        """Keep the crow's list line beside it — not under a player's login, which the server
        lets write only the crow itself: its line then goes stale and the list decodes the crow
        instead, as it does for any line that does not match its row."""
        if self._keeps_lines(session):
            write_line(session, row, character)

    def _keeps_lines(self, session: Session) -> bool:
        """Whether this login keeps crows' list lines here: not a player's (see
        :meth:`_keep_line`), and not on a database whose layout predates ``app_state`` (a test's
        file at an older revision, before it is migrated). Looked up once."""
        cache = self._cache
        if cache.lines_kept is None:
            from sqlalchemy import inspect

            # On the session's own connection: an in-memory database has only the one, and a
            # second use of it from the engine would end the transaction this write is in.
            has_state = inspect(session.connection()).has_table("app_state")
            cache.lines_kept = has_state and not self._db.is_player
        return cache.lines_kept

    def crows_without_lines(self) -> list[int]:
        """The row ids of the crows whose list line is missing or stale ([] where this login
        keeps no lines): what :meth:`fill_lines` is to be given, a batch at a time."""
        from refkit.store.crow_line_fill import crows_without_lines

        with self._db.session() as session:
            return crows_without_lines(session) if self._keeps_lines(session) else []

    def fill_lines(self, row_ids: Sequence[int]) -> int:
        """Write the list lines of the crows in ``row_ids`` (in the runner's unit of work);
        returns how many were written (:mod:`refkit.store.crow_line_fill`)."""
        from refkit.store.crow_line_fill import fill_lines

        with self._db.session() as session:
            return fill_lines(session, row_ids) if self._keeps_lines(session) else 0

    # -- parties -----------------------------------------------------------------------------

    def list_parties(self) -> list[Party]:
        """Every party with its members in order, parties ordered by name ignoring case."""
        with self._db.session() as session:  # two queries, not one per party
            parties = session.exec(select(PartyRow).order_by(col(PartyRow.name_key))).all()
            members: dict[int, list[str]] = {}
            for party_id, name in session.exec(
                select(PartyMemberRow.party_id, CharacterRow.name)
                .join(CharacterRow, col(PartyMemberRow.character_id) == col(CharacterRow.id))
                .order_by(col(PartyMemberRow.party_id), col(PartyMemberRow.position))
            ).all():
                members.setdefault(party_id, []).append(name)
        return [
            Party(name=row.name, members=tuple(members.get(row.id or -1, ()))) for row in parties
        ]

    def get_party(self, name: str) -> Party:
        with self._db.session() as session:
            return party_of(session, require_party(session, name))

    def create_party(self, name: str, members: Iterable[str] = ()) -> Party:
        """A new party, optionally with members; NameTakenError if the name is used."""
        _clean_name(name, "party")
        with self._db.session() as session:
            existing = party_row(session, name)
            if existing is not None:
                raise NameTakenError(f"there is already a party called {existing.name!r}")
            row = PartyRow(name=name, name_key=name_key(name), version=1)
            session.add(row)
            flush_rows(session, f"party {name!r}")
            set_members(session, row, list(members), new=True)
            return party_of(session, row)

    def rename_party(self, old: str, new: str, expected_version: int | None = None) -> Party:
        """The party ``old`` called ``new``; with ``expected_version`` (the version a form read),
        StaleWriteError if the party was changed or deleted since."""
        _clean_name(new, "party")
        with self._db.session() as session:
            require_version(party_row(session, old), expected_version, party_what(old))
            row = require_party(session, old)
            other = party_row(session, new)
            if other is not None and other.id != row.id:
                raise NameTakenError(f"there is already a party called {other.name!r}")
            row.name = new
            row.name_key = name_key(new)
            next_version(row)
            session.add(row)
            flush_rows(session, f"party {new!r}", versioned=party_what(old))
            return party_of(session, row)

    def party_version(self, name: str) -> int:
        """The version of the party ``name`` as stored now (CharacterNotFoundError if none)."""
        with self._db.session() as session:
            return require_party(session, name).version

    def delete_party(self, name: str) -> None:
        """Delete the party (its characters stay)."""
        with self._db.session() as session:
            delete_versioned(session, require_party(session, name), party_what(name))

    def add_member(self, party: str, character: str, position: int | None = None) -> Party:
        """Put a character in the party at ``position`` (default: last); a member stays put."""
        with self._db.session() as session:
            row = require_party(session, party)
            members = list(party_of(session, row).members)
            wanted = require_character(session, character).name
            if wanted in members:
                return party_of(session, row)
            at = len(members) if position is None else max(0, min(position, len(members)))
            members.insert(at, wanted)
            set_members(session, row, members)
            return party_of(session, row)

    def remove_member(self, party: str, character: str) -> Party:
        """Take a character out of the party; CharacterNotFoundError if it is not a member."""
        with self._db.session() as session:
            row = require_party(session, party)
            members = list(party_of(session, row).members)
            key = name_key(character)
            kept = [m for m in members if name_key(m) != key]
            if len(kept) == len(members):
                raise CharacterNotFoundError(f"{character!r} is not in the party {row.name!r}")
            set_members(session, row, kept)
            return party_of(session, row)

    def set_members(
        self, party: str, characters: Sequence[str], expected_version: int | None = None
    ) -> Party:
        """Replace the party's members with ``characters``, in that order; with
        ``expected_version``, StaleWriteError if the party was changed or deleted since."""
        with self._db.session() as session:
            require_version(party_row(session, party), expected_version, party_what(party))
            row = require_party(session, party)
            set_members(session, row, list(characters))
            return party_of(session, row)

    def parties_of(self, character: str) -> list[str]:
        """The names of the parties the character belongs to."""
        with self._db.session() as session:
            row = require_character(session, character)
            statement = (
                select(PartyRow.name)
                .join(PartyMemberRow, col(PartyMemberRow.party_id) == col(PartyRow.id))
                .where(PartyMemberRow.character_id == row.id)
                .order_by(col(PartyRow.name_key))
            )
            return list(session.exec(statement).all())

    # -- custom items ------------------------------------------------------------------------

    def list_custom_items(self) -> list[CatalogueItem]:
        """The players' own items, ordered by name ignoring case."""
        with self._db.session() as session:
            rows = session.exec(select(CustomItemRow).order_by(col(CustomItemRow.name_key))).all()
        return [decode_item(row.payload, row.name) for row in rows]

    def get_custom_item(self, name: str) -> CatalogueItem:
        return self.read_custom_item(name)[0]

    def read_custom_item(self, name: str) -> tuple[CatalogueItem, int]:
        """The custom item ``name`` and the version it was read at."""
        with self._db.session() as session:
            row = require_item(session, name)
        return decode_item(row.payload, row.name), row.version

    def add_custom_item(self, item: CatalogueItem) -> None:
        """Store a new item; NameTakenError if a custom item has that name."""
        _clean_name(item.name, "custom item")
        with self._db.session() as session:
            existing = item_row(session, item.name)
            if existing is not None:
                raise NameTakenError(f"there is already a custom item called {existing.name!r}")
            session.add(
                CustomItemRow(
                    name=item.name,
                    name_key=name_key(item.name),
                    payload=encode_item(item),
                    version=1,
                )
            )
            flush_rows(session, f"custom item {item.name!r}")

    def edit_custom_item(
        self, name: str, item: CatalogueItem, expected_version: int | None = None
    ) -> int:
        """Replace the custom item ``name`` with ``item`` (which may carry a new name); returns
        its new version. With ``expected_version`` (the version an editor read), StaleWriteError
        if the item was changed or deleted since."""
        _clean_name(item.name, "custom item")
        with self._db.session() as session:
            require_version(item_row(session, name), expected_version, item_what(name))
            row = require_item(session, name)
            other = item_row(session, item.name)
            if other is not None and other.id != row.id:
                raise NameTakenError(f"there is already a custom item called {other.name!r}")
            row.name = item.name
            row.name_key = name_key(item.name)
            row.payload = encode_item(item)
            next_version(row)
            session.add(row)
            flush_rows(session, f"custom item {item.name!r}", versioned=item_what(name))
            return row.version

    def delete_custom_item(self, name: str, expected_version: int | None = None) -> None:
        with self._db.session() as session:
            require_version(item_row(session, name), expected_version, item_what(name))
            delete_versioned(session, require_item(session, name), item_what(name))

    # -- application flags -------------------------------------------------------------------

    def get_meta(self, key: str, default: str | None = None) -> str | None:
        with self._db.session() as session:
            row = session.get(AppMetaRow, key)
        return default if row is None else row.value

    def set_meta(self, key: str, value: str) -> None:
        with self._db.session() as session:
            row = session.get(AppMetaRow, key)
            if row is None:
                row = AppMetaRow(key=key, value=value)
            else:
                row.value = value
            session.add(row)

    # -- versioned values and documents (see refkit.store.versioned_state) ----------------------

    def read_state(self, key: str) -> VersionedText:
        """The ``app_state`` value ``key`` with its version (0 and None: never written)."""
        return VersionedValues(self._db).read(key)

    def write_state(self, key: str, text: str, expected_version: int) -> int:
        """Save ``key`` if still at ``expected_version``; the new version, or StaleWriteError."""
        return VersionedValues(self._db).write(key, text, expected_version)

    def documents(self, kind: str) -> DocumentShelf:
        """The stored journeys (``journey``) or hex maps (``map``)."""
        return DocumentShelf(self._db, kind)
