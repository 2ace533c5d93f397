"""The party in the dungeon: the crows at the table take part in the dungeon turn.

The referee names the party whose crows are at the table (:class:`PartyBridge`; kept in the
database's ``app_meta``; until the referee chooses, the only party when there is exactly one).
Then, on those crows:

- End DT (and a rest's half-way point) ends blessed, vulnerable and weakened
  (:class:`PartyConditions` is the dungeon-turn service's conditions keeper); undoing it gives
  them back;
- at each End DT a crow with two or more items in one magic slot gains 1d6 wounds (§3.2, L305).
  Which backpack slots take them is the player's choice, so they become *wounds to place*
  (:class:`WoundPrompts`) that the character sheet asks for box by box. Only when the wounds fill
  every free slot (nothing left to choose) are they placed at once;
- a finished rest gives each crow its benefits: all Stamina, every expertise use (not after a rest
  in the Miasma), the usage dice of Rest items and spellbooks. The one wound a rest heals is the
  player's choice too, so it becomes a *wound to heal* (a crow with a single wound has it healed:
  there is no choice). A crow that cannot rest (a doubled magic slot, dead) gets nothing, and the
  report says why.

Each of those steps saves the crows at once and returns a command (``text``, ``undo()``,
``do()``): End DT's and Finish rest's commands join it to the dungeon-turn step as one
:class:`~refkit.app.undo.CompositeCommand`, so the whole step stays one undo step. Cruelty is
left as it is (see the report to the lead).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Final

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterChange, CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.undo import CompositeCommand, FunctionCommand
from refkit.rules.character.model import Character, RestRefused
from refkit.rules.dungeon.end_of_turn import EndOfTurnResult
from refkit.store.character_store import CharacterNotFoundError, CharacterRepository, name_key
from refkit.store.dungeon_turn_store import DungeonTurnStore
from refkit.store.session_log import SessionLogEntry

PARTY_KEY: Final = "dungeon_party"
"""``app_meta`` key: ``{"party": name or null, "rest_in_miasma": bool}`` (no ``party`` key until
the referee chooses one)."""
PROMPTS_KEY: Final = "party_wound_prompts"
"""``app_meta`` key: the wounds each crow still has to place or heal, by name key."""

PromptListener = Callable[[str], None]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _slots_text(slots: Iterable[int]) -> str:
    return ", ".join(str(slot) for slot in slots)


# -- wounds the players still have to place or heal ---------------------------------------------


@dataclass(frozen=True)
class WoundPrompt:
    """What a crow's player still has to choose: wounds to place, wounds to heal."""

    to_place: int = 0
    to_heal: int = 0

    def __post_init__(self) -> None:
        for name in ("to_place", "to_heal"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(
                    f"wounds {name.replace('_', ' ')} must be 0 or more, got {value!r}"
                )

    @property
    def empty(self) -> bool:
        return self.to_place == 0 and self.to_heal == 0

    def within(self, character: Character) -> WoundPrompt:
        """The prompt as far as the crow can still follow it (free slots, wounds to heal)."""
        return WoundPrompt(
            to_place=min(self.to_place, len(character.free_wound_slots)),
            to_heal=min(self.to_heal, len(character.wound_slots)),
        )


class WoundPrompts:
    """The wounds each crow still has to place or heal, kept in the database.

    Listeners hear the crow's name after every change.
    """

    def __init__(self, repository: CharacterRepository) -> None:
        self._repo = repository
        self._listeners: list[PromptListener] = []

    def add_listener(self, listener: PromptListener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: PromptListener) -> None:
        self._listeners.remove(listener)

    def _read(self) -> dict[str, dict[str, Any]]:
        text = self._repo.get_meta(PROMPTS_KEY)
        if text is None:
            return {}
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            for entry in data.values():
                WoundPrompt(int(entry["to_place"]), int(entry["to_heal"]))
                str(entry["name"])
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            raise ValueError(
                f"the stored wounds to place and heal cannot be read: {error}"
            ) from None
        return data

    def _write(self, data: Mapping[str, Mapping[str, Any]]) -> None:
        self._repo.set_meta(PROMPTS_KEY, json.dumps(data, sort_keys=True, ensure_ascii=False))

    def _tell(self, name: str) -> None:
        for listener in list(self._listeners):
            listener(name)

    def get(self, name: str) -> WoundPrompt:
        """The crow's prompt (empty when nothing waits)."""
        entry = self._read().get(name_key(name))
        if entry is None:
            return WoundPrompt()
        return WoundPrompt(int(entry["to_place"]), int(entry["to_heal"]))

    def pending(self) -> dict[str, WoundPrompt]:
        """Every crow with something to place or heal, by name."""
        return {
            str(entry["name"]): WoundPrompt(int(entry["to_place"]), int(entry["to_heal"]))
            for entry in self._read().values()
        }

    def add(self, name: str, *, to_place: int = 0, to_heal: int = 0) -> WoundPrompt:
        """Add (or with negative numbers take away, not below 0) wounds to place and to heal."""
        if to_place == 0 and to_heal == 0:
            return self.get(name)
        data = self._read()
        key = name_key(name)
        entry = data.get(key, {"name": name, "to_place": 0, "to_heal": 0})
        prompt = WoundPrompt(
            max(0, int(entry["to_place"]) + to_place), max(0, int(entry["to_heal"]) + to_heal)
        )
        if prompt.empty:
            data.pop(key, None)
        else:
            data[key] = {"name": name, "to_place": prompt.to_place, "to_heal": prompt.to_heal}
        self._write(data)
        self._tell(name)
        return prompt

    def rename(self, old: str, new: str) -> None:
        data = self._read()
        entry = data.pop(name_key(old), None)
        if entry is None:
            return
        data[name_key(new)] = {**entry, "name": new}
        self._write(data)
        self._tell(new)

    def drop(self, name: str) -> None:
        data = self._read()
        if data.pop(name_key(name), None) is not None:
            self._write(data)
            self._tell(name)


@dataclass
class PromptedEdit(CharacterEdit):
    """A wound placed or healed on the sheet in answer to a prompt: the prompt goes down with the
    edit and back up when it is undone."""

    prompts: WoundPrompts | None = None
    placed: int = 0
    healed: int = 0

    def _settle(self, name: str, sign: int) -> None:
        if self.prompts is not None:
            self.prompts.add(name, to_place=-sign * self.placed, to_heal=-sign * self.healed)

    def do(self) -> None:
        self._settle(self.after.name, 1)  # first, so views refreshed by the save see it
        try:
            super().do()
        except BaseException:  # refused (the crow changed since): the prompt stays as it was
            self._settle(self.after.name, -1)
            raise

    def undo(self) -> None:
        self._settle(self.before.name, -1)
        try:
            super().undo()
        except BaseException:
            self._settle(self.before.name, 1)
            raise


def answering_prompt(
    prompts: WoundPrompts, edit: CharacterEdit, *, placed: int = 0, healed: int = 0
) -> CharacterEdit:
    """``edit`` (placing ``placed`` or healing ``healed`` wounds) as the answer to the crow's
    prompt, as far as the prompt asks for it; ``edit`` itself when nothing is asked."""
    prompt = prompts.get(edit.before.name)
    placed, healed = min(placed, prompt.to_place), min(healed, prompt.to_heal)
    if not placed and not healed:
        return edit
    return PromptedEdit(
        edit.service,
        edit.name,
        edit.before,
        edit.after,
        edit.text,
        prompts=prompts,
        placed=placed,
        healed=healed,
    )


# -- conditions -------------------------------------------------------------------------------


class PartyConditions:
    """The conditions of the crows at the table (a ``ConditionsKeeper`` for the DT service)."""

    def __init__(self, bridge: PartyBridge) -> None:
        self._bridge = bridge

    def conditions_by_character(self) -> dict[str, tuple[str, ...]]:
        return {crow.name: crow.conditions for crow in self._bridge.crows()}

    def set_conditions(self, conditions: Mapping[str, Sequence[str]]) -> None:
        """Give each named crow these conditions, saved at once (a crow deleted since is left)."""
        characters = self._bridge.characters
        for name, wanted in conditions.items():
            try:
                crow = characters.get(name)
            except CharacterNotFoundError:
                continue
            held = tuple(dict.fromkeys(condition.strip().casefold() for condition in wanted))
            if held != crow.conditions:
                characters.save(replace(crow, conditions=held))


# -- steps on the crows, undone with the DT step that made them --------------------------------


@dataclass
class _CrowChanges:
    """Crows saved, prompts raised and a session-log entry written, as one undoable unit: a
    :class:`CompositeCommand` of the crows' edits and then the prompts and the log entry, so a
    crow whose undo is refused (changed since) leaves every other crow as it was too."""

    edits: tuple[CharacterEdit, ...]
    prompts: WoundPrompts
    raised: tuple[tuple[str, int, int], ...]  # (crow, wounds to place, wounds to heal)
    service: DungeonTurnService | None
    log_ids: tuple[int, ...] = ()
    text: str = "The party's wounds and rest"

    def _apply(self, sign: int) -> None:
        for name, to_place, to_heal in self.raised:
            self.prompts.add(name, to_place=sign * to_place, to_heal=sign * to_heal)

    def _mark(self, undone: bool) -> None:
        if self.service is not None and self.log_ids:
            self.service.store.session_log.set_undone(self.log_ids, undone)

    def _joined(self) -> CompositeCommand:
        def raise_prompts() -> None:
            self._apply(1)
            self._mark(False)

        def lower_prompts() -> None:
            self._apply(-1)
            self._mark(True)

        prompts = FunctionCommand("Wounds to place or heal", raise_prompts, lower_prompts)
        return CompositeCommand(self.text, (*self.edits, prompts))

    def do(self) -> None:
        self._joined().do()

    def undo(self) -> None:
        self._joined().undo()

    def log(self, kind: str, dt: int, text: str, detail: Mapping[str, Any]) -> None:
        if self.service is None:
            return
        entry = SessionLogEntry(
            kind=kind,
            dt=max(0, dt),
            text=text,
            at=datetime.fromtimestamp(self.service.now(), UTC),
            detail=dict(detail),
        )
        self.log_ids = (self.service.store.session_log.add(entry),)


@dataclass(frozen=True)
class OverloadWound:
    """One crow's wounds from a doubled magic slot at the end of a DT."""

    character: str
    magic_slots: tuple[str, ...]
    wounds: int  # the d6
    to_place: int  # left for the player to place on the sheet
    placed: tuple[int, ...] = ()  # placed at once: they filled every free slot
    dead: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "wounds": self.wounds,
            "to_place": self.to_place,
            "placed": list(self.placed),
            "dead": self.dead,
        }

    def line(self) -> str:
        slots = ", ".join(self.magic_slots)
        text = f"{self.character}: {_plural(self.wounds, 'wound')} (doubled {slots} magic slot)"
        if self.to_place:
            text += f" — place {self.to_place} on the sheet"
        if self.placed:
            text += f" — in backpack slot{'s' if len(self.placed) > 1 else ''} "
            text += _slots_text(self.placed)
        if self.dead:
            text += " — DEAD"
        return text


@dataclass
class OverloadWounds(_CrowChanges):
    """What magic overload did to the party at one End DT (``entries`` empty: nothing)."""

    dt_ended: int = 0
    entries: tuple[OverloadWound, ...] = ()

    def to_list(self) -> list[dict[str, Any]]:
        """The ``overload_wounds`` key of ``refkit dt end``."""
        return [entry.to_dict() for entry in self.entries]

    def lines(self) -> list[str]:
        return [entry.line() for entry in self.entries]


@dataclass(frozen=True)
class CrowRest:
    """What a finished rest gave one crow, or why it gave nothing."""

    character: str
    rested: bool
    reason: str = ""  # why not, when not rested
    stamina_regained: int = 0
    uses_restored: int = 0
    items_restored: tuple[str, ...] = ()
    healed: tuple[int, ...] = ()  # the wound healed at once (the crow had just one)
    wounds_to_heal: int = 0  # left for the player to choose on the sheet

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "rested": self.rested,
            "reason": self.reason,
            "stamina_regained": self.stamina_regained,
            "uses_restored": self.uses_restored,
            "items_restored": list(self.items_restored),
            "healed": list(self.healed),
            "wounds_to_heal": self.wounds_to_heal,
        }

    def line(self) -> str:
        if not self.rested:
            return f"No rest: {self.reason}"  # the reason names the crow
        parts = []
        if self.stamina_regained:
            parts.append(f"+{self.stamina_regained} Stamina")
        if self.uses_restored:
            parts.append(f"{_plural(self.uses_restored, 'expertise use')} back")
        if self.items_restored:
            parts.append(f"restored {', '.join(self.items_restored)}")
        if self.healed:
            parts.append(f"healed the wound in backpack slot {_slots_text(self.healed)}")
        if self.wounds_to_heal:
            parts.append(f"heal {_plural(self.wounds_to_heal, 'wound')}: click it on the sheet")
        return f"{self.character}: {'; '.join(parts) if parts else 'rested, nothing to restore'}"


@dataclass
class PartyRest(_CrowChanges):
    """What a finished rest gave the crows at the table."""

    in_miasma: bool = False
    entries: tuple[CrowRest, ...] = ()

    def to_list(self) -> list[dict[str, Any]]:
        return [entry.to_dict() for entry in self.entries]

    def lines(self) -> list[str]:
        return [entry.line() for entry in self.entries]


# -- the bridge --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PartyChoice:
    """The stored choice: ``chosen`` false means the referee has not chosen yet."""

    party: str | None = None
    chosen: bool = False
    rest_in_miasma: bool = False


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
        self._listeners = _Listeners()
        self._service: DungeonTurnService | None = None
        self.last_overload: OverloadWounds | None = None
        self.last_rest: PartyRest | None = None
        characters.add_listener(self._characters_changed)

    @property
    def characters(self) -> CharacterService:
        return self._characters

    def attach(self, service: DungeonTurnService) -> None:
        """Run the party's parts of End DT and of a finished rest in ``service``."""
        self._service = service
        service.on_turn_ended.append(self.turn_ended)
        service.on_rest_finished.append(self.rest_finished)

    def close(self) -> None:
        """Stop listening to the character service."""
        with contextlib.suppress(ValueError):
            self._characters.remove_listener(self._characters_changed)

    def add_listener(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the party at the table, or the parties, may have changed."""
        self._listeners.callbacks.append(callback)

    def remove_listener(self, callback: Callable[[], None]) -> None:
        self._listeners.callbacks.remove(callback)

    def _characters_changed(self, change: CharacterChange) -> None:
        if change.kind == "renamed" and change.old_name and change.name:
            self.prompts.rename(change.old_name, change.name)
        elif change.kind == "deleted" and change.name:
            self.prompts.drop(change.name)
        elif change.kind == "parties" and change.old_name and change.name:
            choice = self.choice()
            if choice.party is not None and name_key(choice.party) == name_key(change.old_name):
                self._save(replace(choice, party=change.name))
        if change.kind in ("renamed", "deleted", "parties", "imported"):
            self._listeners.tell()

    # -- the stored choice --------------------------------------------------------------------

    def choice(self) -> PartyChoice:
        text = self._characters.repository.get_meta(PARTY_KEY)
        if text is None:
            return PartyChoice()
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            party = data.get("party")
            miasma = data.get("rest_in_miasma", False)
            if party is not None and not isinstance(party, str):
                raise ValueError(f"party must be a name or null, not {party!r}")
            if not isinstance(miasma, bool):
                raise ValueError("rest_in_miasma must be true or false")
        except (ValueError, TypeError) as error:
            raise ValueError(f"the stored party in the dungeon cannot be read: {error}") from None
        return PartyChoice(party=party, chosen="party" in data, rest_in_miasma=miasma)

    def _save(self, choice: PartyChoice) -> None:
        data: dict[str, Any] = {"rest_in_miasma": choice.rest_in_miasma}
        if choice.chosen:
            data["party"] = choice.party
        self._characters.repository.set_meta(PARTY_KEY, json.dumps(data, ensure_ascii=False))

    def party_names(self) -> list[str]:
        return [party.name for party in self._characters.list_parties()]

    def party_name(self) -> str | None:
        """The party at the table: the chosen one (if it still exists), or, until the referee
        chooses, the only party when there is exactly one; None for nobody."""
        names = self.party_names()
        choice = self.choice()
        if not choice.chosen:
            return names[0] if len(names) == 1 else None
        if choice.party is None:
            return None
        wanted = name_key(choice.party)
        return next((name for name in names if name_key(name) == wanted), None)

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

    def set_party(self, name: str | None) -> str | None:
        """Put the party called ``name`` (None: nobody) at the table; returns its stored name.

        ValueError, nothing changed, when no party has that name.
        """
        stored: str | None = None
        if name is not None:
            wanted = name_key(name)
            names = self.party_names()
            stored = next((party for party in names if name_key(party) == wanted), None)
            if stored is None:
                known = ", ".join(names) or "none yet"
                raise ValueError(f"no party called {name!r} (parties: {known})")
        choice = self.choice()
        if choice.chosen and choice.party == stored:
            return stored
        self._save(replace(choice, party=stored, chosen=True))
        self._log_choice(stored)
        self._listeners.tell()
        return stored

    def _log_choice(self, party: str | None) -> None:
        service = self._service
        if service is None:
            return
        members = ", ".join(self.members())
        text = f"Party in the dungeon: {party} ({members})" if party else "No party in the dungeon"
        service.store.session_log.add(
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
        choice = self.choice()
        if choice.rest_in_miasma == in_miasma:
            return
        self._save(replace(choice, rest_in_miasma=in_miasma))
        self._listeners.tell()

    def to_dict(self) -> dict[str, Any]:
        """The ``refkit dt party`` object."""
        return {"party": self.party_name(), "members": list(self.members())}

    # -- End DT: magic overload ---------------------------------------------------------------

    def turn_ended(
        self, service: DungeonTurnService, result: EndOfTurnResult, rng: random.Random
    ) -> OverloadWounds:
        """Roll 1d6 wounds for each living crow with a doubled magic slot (an ``on_turn_ended``
        hook). The wounds wait on the sheet to be placed, unless they fill every free slot."""
        entries: list[OverloadWound] = []
        edits: list[CharacterEdit] = []
        raised: list[tuple[str, int, int]] = []
        for crow in self.crows():
            if crow.dead:
                continue
            wounds = crow.overload_wounds_at_dt_end(rng)
            if not wounds:
                continue
            free = crow.free_wound_slots
            slots = crow.items.overloaded_magic_slots()
            if wounds >= len(free):
                after = crow.place_wounds(free)
                text = f"Wounds from the doubled magic slot in backpack slots {_slots_text(free)}"
                edits.append(CharacterEdit(self._characters, crow.name, crow, after, text))
                entries.append(OverloadWound(crow.name, slots, wounds, 0, free, after.dead))
            else:
                raised.append((crow.name, wounds, 0))
                entries.append(OverloadWound(crow.name, slots, wounds, wounds))
        step = OverloadWounds(
            edits=tuple(edits),
            prompts=self.prompts,
            raised=tuple(raised),
            service=service,
            text=f"Magic overload wounds at the end of DT {result.dt_ended}",
            dt_ended=result.dt_ended,
            entries=tuple(entries),
        )
        if entries:
            step.do()
            step.log(
                "dt_end",
                result.dt_ended,
                f"End of DT {result.dt_ended}, magic overload: "
                + "; ".join(entry.line() for entry in entries),
                {"overload_wounds": step.to_list()},
            )
        self.last_overload = step
        return step

    # -- a finished rest ----------------------------------------------------------------------

    def rest_finished(self, service: DungeonTurnService) -> PartyRest:
        """Give each crow at the table the benefits of the rest (an ``on_rest_finished`` hook)."""
        in_miasma = self.rest_in_miasma
        entries: list[CrowRest] = []
        edits: list[CharacterEdit] = []
        raised: list[tuple[str, int, int]] = []
        for crow in self.crows():
            try:
                rested = crow.finish_rest((), in_miasma=in_miasma, wounds_healed=0)
            except RestRefused as error:
                entries.append(CrowRest(crow.name, rested=False, reason=str(error)))
                continue
            wounds = sorted(crow.wound_slots)
            healed: tuple[int, ...] = ()
            to_heal = 0
            if len(wounds) == 1:
                healed = (wounds[0],)
                rested = rested.heal_wound(wounds[0])
            elif wounds:
                to_heal = 1
                raised.append((crow.name, 0, to_heal))
            entry = CrowRest(
                crow.name,
                rested=True,
                stamina_regained=rested.stamina.current - crow.stamina.current,
                uses_restored=sum(e.spent for e in crow.expertises)
                - sum(e.spent for e in rested.expertises),
                items_restored=_restored_items(crow, rested),
                healed=healed,
                wounds_to_heal=to_heal,
            )
            entries.append(entry)
            if rested != crow:
                where = " in the Miasma" if in_miasma else ""
                edits.append(
                    CharacterEdit(self._characters, crow.name, crow, rested, f"Rest{where}")
                )
        step = PartyRest(
            edits=tuple(edits),
            prompts=self.prompts,
            raised=tuple(raised),
            service=service,
            text="The party's rest in the Miasma" if in_miasma else "The party's rest",
            in_miasma=in_miasma,
            entries=tuple(entries),
        )
        if entries:
            step.do()
            where = " in the Miasma (no expertise uses back)" if in_miasma else ""
            step.log(
                "rest",
                service.store.load().clock.dt - 1,
                f"The party rested{where}: " + "; ".join(entry.line() for entry in entries),
                {"in_miasma": in_miasma, "crows": step.to_list()},
            )
        self.last_rest = step
        return step


def _restored_items(before: Character, after: Character) -> tuple[str, ...]:
    changed = []
    for item in after.items:
        try:
            old = before.items.find(item.id)
        except KeyError:
            continue
        if old.usage_dice != item.usage_dice:
            changed.append(item.name)
    return tuple(changed)


def dungeon_service_with_party(
    store: DungeonTurnStore, characters: CharacterService, **options: Any
) -> tuple[DungeonTurnService, PartyBridge]:
    """A dungeon-turn service whose End DT and rests act on the party at the table.

    ``options`` go to :class:`DungeonTurnService` (``clock``, ``rng_factory``).
    """
    bridge = PartyBridge(characters)
    service = DungeonTurnService(store, conditions=bridge.conditions, **options)
    bridge.attach(service)
    return service, bridge
