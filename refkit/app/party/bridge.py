"""The party bridge: the crows of the party at the table take part in the dungeon turn.

The referee names the party whose crows are at the table (a versioned value, see
:mod:`.table_party`: a choice made on a stale read is read and made again). Then, on those crows,
End DT (and a rest's half-way point) ends blessed, vulnerable and weakened (:mod:`.conditions`);
End DT gives a doubled magic slot's wounds (:mod:`.overload`); a finished rest gives its benefits
(:mod:`.rest`). Those steps save the crows at once and return a command that joins the
dungeon-turn step as one undo step. Cruelty is left as it is.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from refkit.app.character_service import CharacterChange, CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.conditions import PartyConditions
from refkit.app.party.item_lights import PartyItems
from refkit.app.party.overload import OverloadWounds, overload_wounds
from refkit.app.party.rest import PartyRest, RestCrafting, party_rest
from refkit.app.party.table_party import (
    PartyChoice,
    PartyChoiceAggregate,
    party_at_table,
    read_choice,
)
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.app.ports import DungeonTurnStorage
from refkit.app.steps import Planned, StepRunner
from refkit.rules.character.model import Character
from refkit.rules.dungeon.end_of_turn import EndOfTurnResult, RestStart
from refkit.store.errors import CharacterNotFoundError
from refkit.store.records import SessionLogEntry
from refkit.store.row_forms import name_key


@dataclass
class _Listeners:
    callbacks: list[Callable[[], None]] = field(default_factory=list)

    def tell(self) -> None:
        for callback in list(self.callbacks):
            callback()


class PartyBridge:
    """The party at the table, between the characters and the dungeon turn.

    Make the dungeon-turn service with ``conditions=bridge.conditions`` and then call
    :meth:`attach` (or use :func:`dungeon_service_with_party`).
    """

    def __init__(self, characters: CharacterService) -> None:
        self._characters = characters
        self.prompts = WoundPrompts(characters.repository)
        self.conditions = PartyConditions(self)
        self.items = PartyItems(characters)
        self._listeners = _Listeners()
        self._service: DungeonTurnService | None = None
        self.last_overload: OverloadWounds | None = None
        self.last_rest: PartyRest | None = None
        self.crafting: Callable[[], RestCrafting] | None = None
        """The crafting projects a finished rest's Craft activity rolls on (None: no roll)."""
        repository = characters.repository
        self._choices = StepRunner(
            PartyChoiceAggregate(repository),
            time.time,
            what="the party at the table",
        )
        characters.add_listener(self._characters_changed)

    @property
    def characters(self) -> CharacterService:
        return self._characters

    @property
    def service(self) -> DungeonTurnService | None:
        """The dungeon-turn service attached, if any."""
        return self._service

    def attach(self, service: DungeonTurnService) -> None:
        """Run the party's parts of End DT and of a finished rest in ``service``."""
        self._service = service
        service.carry_items(self.items)  # lights lit from a crow's item burn that item
        service.party_at_table = self.party_name  # greed is per group: a DT starts for this one
        service.on_turn_ended.append(self.turn_ended)
        service.on_rest_finished.append(self.rest_finished)
        service.on_rest_started.append(self.rest_started)

    def close(self) -> None:
        """Stop listening to the character service."""
        with contextlib.suppress(ValueError):
            self._characters.remove_listener(self._characters_changed)

    def add_listener(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the party at the table, or the parties, may have changed."""
        self._listeners.callbacks.append(callback)

    def remove_listener(self, callback: Callable[[], None]) -> None:
        self._listeners.callbacks.remove(callback)

    def _tell(self) -> None:
        unit = self._characters.repository.database.current_unit_of_work
        if unit is not None:
            unit.after_commit(self._listeners.tell)
        else:
            self._listeners.tell()

    def _characters_changed(self, change: CharacterChange) -> None:
        if change.kind == "renamed" and change.old_name and change.name:
            self.prompts.rename(change.old_name, change.name)
            if self._service is not None:  # its lights stay bound to its items
                self._service.follow_crow_rename(change.old_name, change.name)
        elif change.kind == "deleted" and change.name:
            self.prompts.drop(change.name)
        elif change.kind == "parties" and change.old_name and change.name:
            old, new = change.old_name, change.name

            def renamed(choice: PartyChoice) -> PartyChoice:
                if choice.party is not None and name_key(choice.party) == name_key(old):
                    return replace(choice, party=new)
                return choice

            self._change(renamed)
            if self._service is not None:  # its dungeon visits (greed) go with the new name
                self._service.follow_party_rename(change.old_name, change.name)
        if change.kind in ("renamed", "deleted", "parties", "imported"):
            self._listeners.tell()

    # -- the stored choice --------------------------------------------------------------------

    def choice(self) -> PartyChoice:
        return read_choice(self._characters.repository)

    def _change(
        self,
        edit: Callable[[PartyChoice], PartyChoice],
        joined: Callable[[PartyChoice], None] | None = None,
    ) -> PartyChoice:
        """Save ``edit`` of the stored choice on the version read (read and edited again when
        someone else saved it in between); ``joined(choice now)`` runs in the same unit of work.
        Returns the choice before."""

        def step(current: PartyChoice, now: float) -> Planned[PartyChoice, PartyChoice]:
            return Planned("Party at the table", edit(current), current)

        outcome = self._choices.run(
            step, joined=None if joined is None else lambda done: joined(done.change.after)
        )
        return outcome.value

    def party_names(self) -> list[str]:
        return [party.name for party in self._characters.list_parties()]

    def party_name(self) -> str | None:
        """The party at the table: the chosen one (if it still exists), or, until the referee
        chooses, the only party when there is exactly one; None for nobody."""
        return party_at_table(self.choice(), self.party_names())

    def members(self) -> tuple[str, ...]:
        name = self.party_name()
        if name is None:
            return ()
        try:
            return tuple(self._characters.get_party(name).members)
        except CharacterNotFoundError:  # deleted a moment ago (another window)
            return ()

    def crows(self) -> list[Character]:
        """The crows of the party at the table, in party order (members deleted since left)."""
        crows = []
        for member in self.members():
            try:
                crows.append(self._characters.get(member))
            except CharacterNotFoundError:
                continue
        return crows

    def stored_party(self, name: str | None) -> str | None:
        """The stored name of the party called ``name`` (None: nobody); ValueError when no party
        has that name."""
        if name is None:
            return None
        wanted = name_key(name)
        names = self.party_names()
        stored = next((party for party in names if name_key(party) == wanted), None)
        if stored is None:
            known = ", ".join(names) or "none yet"
            raise ValueError(f"no party called {name!r} (parties: {known})")
        return stored

    def set_party(self, name: str | None) -> str | None:
        """Put the party called ``name`` (None: nobody) at the table; returns its stored name.

        ValueError, nothing changed, when no party has that name. (The undoable way is
        :class:`refkit.app.party.commands.SetTableParty`.)
        """
        stored = self.stored_party(name)
        choice = self.choice()
        if choice.chosen and choice.party == stored:
            return stored
        self.put_choice(lambda current: replace(current, party=stored, chosen=True))
        return stored

    def put_choice(
        self, edit: Callable[[PartyChoice], PartyChoice], *, log: bool = True
    ) -> tuple[PartyChoice, int | None]:
        """Store ``edit`` of the stored choice (worked out again on the fresh choice when someone
        else saved it in between) and, with ``log``, say in the session log who is at the table
        now; returns the choice before and the log entry's id (None: none written)."""
        log_ids: list[int | None] = [None]

        def joined(choice: PartyChoice) -> None:
            if log:
                log_ids[0] = self._log_choice(choice.party if choice.chosen else None)
            self._tell()

        before = self._change(edit, joined)
        return before, log_ids[0]

    def _log_choice(self, party: str | None) -> int | None:
        service = self._service
        if service is None:
            return None
        members = ", ".join(self.members())
        text = f"Party in the dungeon: {party} ({members})" if party else "No party in the dungeon"
        return service.store.session_log.add(
            SessionLogEntry(
                kind="settings",
                dt=service.store.load().clock.dt,
                text=text,
                at=datetime.fromtimestamp(service.now(), UTC),
                detail={"party": party, "members": list(self.members())},
            )
        )

    @property
    def rest_in_miasma(self) -> bool:
        return self.choice().rest_in_miasma

    def set_rest_in_miasma(self, in_miasma: bool) -> None:
        """Whether the group rests in the Miasma (then a rest restores no expertise uses)."""
        if self.choice().rest_in_miasma == in_miasma:
            return
        self._change(lambda current: replace(current, rest_in_miasma=in_miasma))
        self._tell()

    def to_dict(self) -> dict[str, Any]:
        """The ``refkit dt party`` object."""
        return {"party": self.party_name(), "members": list(self.members())}

    # -- End DT and a finished rest -----------------------------------------------------------

    def turn_ended(
        self, service: DungeonTurnService, result: EndOfTurnResult, rng: random.Random
    ) -> OverloadWounds:
        """Roll 1d6 wounds for each living crow with a doubled magic slot (an ``on_turn_ended``
        hook). The wounds wait on the sheet to be placed, unless they fill every free slot."""
        step = overload_wounds(
            self._characters, self.prompts, self.crows(), service, result.dt_ended, rng
        )
        self.last_overload = step
        return step

    def rest_started(
        self, service: DungeonTurnService, rest: RestStart, rng: random.Random
    ) -> OverloadWounds:
        """A rest's start that resolves the DT's end (a setting): doubled magic slots give their
        1d6 wounds as at End DT (an ``on_rest_started`` hook)."""
        step = overload_wounds(
            self._characters, self.prompts, self.crows(), service, rest.previous_clock.dt, rng
        )
        self.last_overload = step
        return step

    def rest_finished(self, service: DungeonTurnService) -> PartyRest:
        """Give each crow at the table the benefits of the rest (an ``on_rest_finished`` hook)."""
        step = party_rest(
            self._characters,
            self.prompts,
            self.crows(),
            service,
            in_miasma=self.rest_in_miasma,
            crafting=self.crafting() if self.crafting is not None else None,
        )
        self.last_rest = step
        return step


def dungeon_service_with_party(
    store: DungeonTurnStorage, characters: CharacterService, **options: Any
) -> tuple[DungeonTurnService, PartyBridge]:
    """A dungeon-turn service whose End DT and rests act on the party at the table.

    ``options`` go to :class:`DungeonTurnService` (``clock``, ``rng_factory``).
    """
    bridge = PartyBridge(characters)
    service = DungeonTurnService(store, conditions=bridge.conditions, **options)
    bridge.attach(service)
    return service, bridge
