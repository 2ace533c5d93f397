"""The rows behind the character store: finding a crow's, a party's or a custom item's row by
its name (ignoring case), the errors a taken name or a stale write raises, a party's members,
and custom items as their ``items.toml`` entries."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import delete, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session, col, select

from refkit.errors import StaleWriteError
from refkit.rules.character.model import Character
from refkit.rules.inventory.catalogue import CatalogueItem, item_table, read_item_table
from refkit.store.character_tables import CharacterRow, CustomItemRow, PartyMemberRow, PartyRow
from refkit.store.crow_summaries import CrowLine, summary_key, summary_text
from refkit.store.errors import (
    CharacterChangedError,
    CharacterNotFoundError,
    CharacterStoreError,
    NameTakenError,
)
from refkit.store.records import CharacterSummary, Party
from refkit.store.row_forms import name_key
from refkit.store.versions import next_version


def flush_rows(session: Session, what: str, *, versioned: str | None = None) -> None:
    """Write what the session holds now: NameTakenError for a name another row has, and
    CharacterChangedError when a crow's row was written by someone else since it was read here
    (its revision no longer the one read: the UPDATE or DELETE matched no row) — StaleWriteError
    naming ``versioned`` for a party's or an item's row."""
    try:
        session.flush()
    except IntegrityError:
        raise NameTakenError(f"{what}: the name is already taken") from None
    except StaleDataError:
        if versioned is not None:
            raise StaleWriteError(versioned) from None
        raise CharacterChangedError(
            f"{what} was changed since (in another window or the command line); nothing was saved"
        ) from None


def character_row(session: Session, name: str) -> CharacterRow | None:
    """The crow's row as stored now (refreshed if this session had read it: a save checks the
    revision it finds against the one its caller read)."""
    return session.exec(
        select(CharacterRow)
        .where(CharacterRow.name_key == name_key(name))
        .execution_options(populate_existing=True)
    ).first()


def require_character(session: Session, name: str) -> CharacterRow:
    row = character_row(session, name)
    if row is None:
        raise CharacterNotFoundError(f"there is no character called {name!r}")
    return row


def party_row(session: Session, name: str) -> PartyRow | None:
    statement = select(PartyRow).where(PartyRow.name_key == name_key(name))
    return session.exec(statement.execution_options(populate_existing=True)).first()


def party_what(name: str) -> str:
    return f"the party \u201c{name}\u201d"


def item_what(name: str) -> str:
    return f"the item \u201c{name}\u201d"


def require_party(session: Session, name: str) -> PartyRow:
    row = party_row(session, name)
    if row is None:
        raise CharacterNotFoundError(f"there is no party called {name!r}")
    return row


def item_row(session: Session, name: str) -> CustomItemRow | None:
    statement = select(CustomItemRow).where(CustomItemRow.name_key == name_key(name))
    return session.exec(statement.execution_options(populate_existing=True)).first()


def require_item(session: Session, name: str) -> CustomItemRow:
    row = item_row(session, name)
    if row is None:
        raise CharacterNotFoundError(f"there is no custom item called {name!r}")
    return row


def line_of(character: Character) -> CrowLine:
    """What the crow list shows of ``character`` beyond its name and player."""
    return CrowLine(
        speed=character.speed,
        dead=character.dead,
        stamina=character.stamina.current,
        stamina_max=character.stamina.max,
        wounds=len(character.wound_slots),
    )


def summary_of(
    line: CrowLine,
    name: str,
    player: str,
    revision: int,
    created_at: datetime,
    updated_at: datetime,
) -> CharacterSummary:
    return CharacterSummary(
        name=name,
        player=player,
        speed=line.speed,
        dead=line.dead,
        stamina=line.stamina,
        stamina_max=line.stamina_max,
        wounds=line.wounds,
        revision=revision,
        created_at=created_at,
        updated_at=updated_at,
    )


_WRITE_LINE = text(
    "INSERT INTO app_state (key, payload, version) VALUES (:key, :payload, 1)"
    " ON CONFLICT (key) DO UPDATE SET payload = excluded.payload,"
    " version = app_state.version + 1"
)
_DROP_LINE = text("DELETE FROM app_state WHERE key = :key")


def write_line(session: Session, row: CharacterRow, character: Character) -> None:
    """Keep the list line of the crow in ``row`` (just flushed) beside its document, in the
    same transaction (:mod:`refkit.store.crow_summaries`)."""
    assert row.id is not None
    payload = summary_text(line_of(character), row.name_key, row.revision, row.updated_at)
    session.connection().execute(_WRITE_LINE, {"key": summary_key(row.id), "payload": payload})


def drop_line(session: Session, row_id: int) -> None:
    """Forget the list line of the deleted crow whose row id was ``row_id``."""
    session.connection().execute(_DROP_LINE, {"key": summary_key(row_id)})


def party_of(session: Session, row: PartyRow) -> Party:
    statement = (
        select(CharacterRow.name)
        .join(PartyMemberRow, col(PartyMemberRow.character_id) == col(CharacterRow.id))
        .where(PartyMemberRow.party_id == row.id)
        .order_by(col(PartyMemberRow.position))
    )
    return Party(name=row.name, members=tuple(session.exec(statement).all()))


def set_members(session: Session, party: PartyRow, names: list[str], *, new: bool = False) -> None:
    rows: list[CharacterRow] = []
    seen: set[int] = set()
    for name in names:
        row = require_character(session, name)
        assert row.id is not None
        if row.id in seen:
            raise CharacterStoreError(f"{row.name!r} is listed twice for the party {party.name!r}")
        seen.add(row.id)
        rows.append(row)
    if not new:  # the members are part of the party: its row names the version read
        next_version(party)
        session.add(party)
        flush_rows(session, f"party {party.name!r}", versioned=party_what(party.name))
    session.exec(delete(PartyMemberRow).where(col(PartyMemberRow.party_id) == party.id))
    assert party.id is not None
    for position, row in enumerate(rows):
        assert row.id is not None
        session.add(PartyMemberRow(party_id=party.id, character_id=row.id, position=position))
    session.flush()


# -- custom item payloads ---------------------------------------------------------------------


def encode_item(item: CatalogueItem) -> str:
    """A custom item as a JSON object with the keys of an ``items.toml`` entry."""
    return json.dumps(item_table(item), ensure_ascii=False, separators=(",", ":"))


def decode_item(payload: str, name: str) -> CatalogueItem:
    try:
        entry = json.loads(payload)
        return read_item_entry(entry)
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
        raise CharacterStoreError(
            f"the stored custom item {name!r} cannot be read ({error}); edit or delete it"
        ) from None


def read_item_entry(entry: dict[str, Any]) -> CatalogueItem:
    # The catalogue's own reader: a stored item obeys exactly the rules of items.toml, and the
    # keys a later Refkit adds (keywords, range, price, crafting) come back with it.
    return read_item_table(entry)
