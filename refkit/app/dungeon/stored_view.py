"""The dungeon turn and the party at the table as stored, read with plain ``sqlite3``
(:mod:`refkit.store.sqlite.quick`).

The window shows the clock from this before the ORM is imported and the services built (the
service's :meth:`~refkit.app.dungeon_turn_service.DungeonTurnService.view` reads the same rows
and gives the same view): the lights lit from a crow's item hold that item's dice, as stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from refkit.app.dungeon.carried import CarriedDice, carried_dice_of, synced
from refkit.app.dungeon.state import DungeonTurnView, dungeon_en
from refkit.app.party.table_party import PARTY_KEY, choice_from_text, party_at_table

if TYPE_CHECKING:
    from refkit.app.ports import QuickReads


class _StoredItems:
    """The crows' items as stored, for :func:`synced` (a CarriedDiceSource)."""

    def __init__(self, quick: QuickReads) -> None:
        self._quick = quick

    def carried_dice(self, crow: str, item_id: str) -> CarriedDice | None:
        item = self._quick.carried_item(crow, item_id)
        return None if item is None else carried_dice_of(item)


def stored_view(quick: QuickReads, now: float) -> DungeonTurnView:
    """What ``DungeonTurnService.view()`` would show at ``now``, read from ``quick``. Raises
    ValueError for a stored state it cannot read (as the service does)."""
    turn = quick.dungeon_turn()
    return DungeonTurnView(
        now=now,
        clock=turn.clock,
        effects=synced(turn.effects, _StoredItems(quick)),
        settings=turn.settings,
        encounter_number=dungeon_en(turn.settings),
        version=turn.version,
    )


@dataclass(frozen=True)
class StoredParty:
    """The parties and the one at the table as stored (what the DT panel's chooser shows)."""

    names: tuple[str, ...]
    at_table: str | None
    rest_in_miasma: bool


def stored_party(quick: QuickReads) -> StoredParty:
    """The parties and the party at the table, chosen as ``PartyBridge.party_name`` chooses.
    Raises ValueError for a stored choice it cannot read (as the bridge does)."""
    choice = choice_from_text(quick.state(PARTY_KEY))
    names = quick.party_names()
    return StoredParty(tuple(names), party_at_table(choice, names), choice.rest_in_miasma)
