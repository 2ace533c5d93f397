"""The open crow: which character the sheet and the board show, and every edit made to it.

Each edit is built by :mod:`refkit.app.character_commands` (which checks it and raises with a reason
when the rules refuse it), or for whole crows, parties and the players' own items by
:mod:`refkit.app.characters`, and pushed on the shared undo stack through the single adapter, so
it is undoable and saved at once. The session listens to the service, so an undo, a redo, an import
or an edit from another panel shows up everywhere. It keeps the wound prompts in the database
(its own, or the party bridge's once :meth:`CharacterSession.set_wound_prompts` hands them over):
what damage or the dungeon turn left the open crow's player to choose — wounds to place, a wound
to heal. A hit raises the prompt and a wound placed or healed on the board answers it, each in
the same undo step, so undoing a placement puts the wound back to be placed.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from refkit.app import character_commands as commands
from refkit.app import pet_commands
from refkit.app.character_service import CharacterChange, CharacterService
from refkit.app.characters import crow_commands, item_commands, party_commands
from refkit.app.characters.item_damage import mark_item_damaged, mark_item_useless
from refkit.app.characters.item_use import LogRoll, use_item_logged
from refkit.app.characters.merge import merge_edit
from refkit.app.party.wound_prompts import (
    WoundPrompt,
    WoundPrompts,
    answering_prompt,
    raising_prompt,
)
from refkit.app.undo import Command
from refkit.gui.characters.step_reads import HeldDuringStep, StepReads
from refkit.gui.shell.gui_thread import on_gui_thread
from refkit.gui.shell.save_problem_bar import SaveProblem
from refkit.gui.shell.undo_adapter import (
    CommandAdapter,
    PendingSaver,
    RefkitUndoStack,
    push_command,
    push_made,
    write_through,
)
from refkit.rules.character.model import Character, DamageOutcome
from refkit.rules.character.rest_activities import ActivityChoice
from refkit.rules.inventory.catalogue import CatalogueItem, find_catalogue_item
from refkit.rules.inventory.model import GROUND, InventoryRules, Item, fresh_item_id
from refkit.rules.inventory.moves import DrawResult
from refkit.rules.usage_dice import UsageDiceRoll
from refkit.store.character_store import CharacterNotFoundError, name_key
from refkit.store.records import CharacterSummary

T = TypeVar("T")


class CharacterSession(QObject):
    """The character being looked at, and the door through which every edit of it goes."""

    character_changed = Signal()
    """The open crow changed: another one opened, or it was edited, undone or redone."""
    roster_changed = Signal()
    """Characters or parties were added, removed or renamed, or parties changed."""
    crow_saved = Signal(str)
    """The crow of this name was saved (edited, or added back): its row alone may change."""
    catalogue_changed = Signal()
    status_message = Signal(str)
    wound_prompt_changed = Signal(str)
    step_done = Signal()
    """An undo step was pushed, undone or redone (what it wrote beside the crow is stored)."""
    """A crow's wounds to place or heal changed (its name), other than by a click on the board."""

    def __init__(
        self,
        service: CharacterService,
        undo_stack: QUndoStack,
        *,
        rng: random.Random | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._service = service
        self._stack = undo_stack
        self._rng = rng or random.Random()
        self._name: str | None = None
        self._character: Character | None = None
        self._catalogue: list[CatalogueItem] | None = None
        self._stack_index = undo_stack.index()
        self._prompts: WoundPrompts | None = None
        self._placing = False
        self._log_roll: LogRoll | None = None
        self._after = StepReads(service, self.name, lambda: self._prompts)
        self._held = HeldDuringStep(self.step_running)  # taken once the step's reads are there
        self._told_changed = on_gui_thread(self._held.wrap(self._service_changed))
        self._told_prompt = on_gui_thread(self._held.wrap(self._prompt_changed))
        service.add_listener(self._after.crows_changed)  # told in the worker, as it happens
        if isinstance(undo_stack, RefkitUndoStack):
            undo_stack.add_rider(self._after.ride)
        # Wounds to place are kept with the crow from the start; the party bridge's prompts
        # (the same rows) take over when the dungeon turn is installed.
        self.set_wound_prompts(WoundPrompts(service.repository))
        service.add_listener(self._told_changed)
        undo_stack.indexChanged.connect(self._stack_moved)
        if isinstance(undo_stack, RefkitUndoStack):
            undo_stack.settled.connect(self._held.release)

    # -- what is open -------------------------------------------------------------------------

    @property
    def service(self) -> CharacterService:
        return self._service

    @property
    def undo_stack(self) -> QUndoStack:
        return self._stack

    @property
    def rules(self) -> InventoryRules:
        return self._service.rules

    @property
    def rng(self) -> random.Random:
        return self._rng

    def name(self) -> str | None:
        return self._name

    def character(self) -> Character | None:
        return self._character

    def open(self, name: str | None) -> None:
        """Show the crow called ``name`` (None: nobody); typing not yet saved goes in first."""
        self.save_pending_edits()
        if name is None:
            self._name, self._character = None, None
        else:  # its wound prompt and held blessings read with it, for the sheet
            self._character = self.read(self._after.opened, name)
            self._name = self._character.name
        self.character_changed.emit()
        self._after.forget()  # shown: later reads go to the store

    def reload(self) -> None:
        """Read the open crow again from the store (it may have been deleted meanwhile)."""
        if self._name is None:
            return
        after = self._after.latest(self._name)
        if after is not None and after.crow_read:  # read with the step that changed it
            self._character = after.character
            if after.character is None:
                self._name = None
            self.character_changed.emit()
            return
        try:
            self._character = self.read(self._service.get, self._name)
        except CharacterNotFoundError:
            self._name, self._character = None, None
        self.character_changed.emit()

    def changed_elsewhere(self) -> None:
        """Another client changed crows, parties or custom items: the open crow, the roster and
        the catalogue's custom items are read again."""
        self._catalogue = None
        self.catalogue_changed.emit()
        self.reload()
        self.roster_changed.emit()

    def shutdown(self) -> None:
        """Stop listening to the service and the undo stack (before they close)."""
        with contextlib.suppress(ValueError):
            self._service.remove_listener(self._told_changed)
        with contextlib.suppress(ValueError):
            self._service.remove_listener(self._after.crows_changed)
        if isinstance(self._stack, RefkitUndoStack):
            self._stack.remove_rider(self._after.ride)
        self.set_wound_prompts(None)
        with contextlib.suppress(RuntimeError):
            self._stack.indexChanged.disconnect(self._stack_moved)
        if isinstance(self._stack, RefkitUndoStack):
            with contextlib.suppress(RuntimeError):
                self._stack.settled.disconnect(self._held.release)

    # -- what the dungeon turn left the players to choose --------------------------------------

    def set_wound_prompts(self, prompts: WoundPrompts | None) -> None:
        """Follow these wounds to place and heal (None: stop)."""
        if self._prompts is not None:
            with contextlib.suppress(ValueError):
                self._prompts.remove_listener(self._told_prompt)
            with contextlib.suppress(ValueError):
                self._prompts.remove_listener(self._after.prompt_changed)
        self._prompts = prompts
        if prompts is not None:
            prompts.add_listener(self._after.prompt_changed)  # told in the worker
            prompts.add_listener(self._told_prompt)
        if self._name is not None:
            self.wound_prompt_changed.emit(self._name)

    def wound_prompt(self) -> WoundPrompt:
        """The open crow's wounds to place and to heal, as far as it can still follow them."""
        if self._prompts is None or self._character is None:
            return WoundPrompt()
        after = self._after.latest(self._character.name)
        if after is not None and after.prompt is not None:  # read with the step
            return after.prompt.within(self._character)
        return self.read(self._prompts.get, self._character.name).within(self._character)

    def _prompt_changed(self, name: str) -> None:
        if not self._placing:  # the board counts its own placements
            self.wound_prompt_changed.emit(name)

    def _service_changed(self, change: CharacterChange) -> None:
        if change.kind == "items":
            self._catalogue = None
            self.catalogue_changed.emit()
            return
        if change.kind != "parties" and self._name is not None:
            current = name_key(self._name)
            if (
                change.kind == "renamed"
                and change.old_name
                and name_key(change.old_name) == current
            ):
                self._name = change.name
            if change.kind == "deleted" and change.name and name_key(change.name) == current:
                self._name, self._character = None, None
                self.character_changed.emit()
            elif change.name is None or name_key(change.name) == name_key(self._name or ""):
                self.reload()
        if change.kind == "saved" and change.name:
            self.crow_saved.emit(change.name)
        else:
            self.roster_changed.emit()

    def _stack_moved(self, index: int) -> None:
        """After an undo or redo of another crow's edit, open that crow so the change is seen."""
        # Undo leaves the index on the command it undid; push and redo leave it after theirs.
        self._held.release()  # the news the step told, shown from what was read with it
        position = index if index < self._stack_index else index - 1
        self._stack_index = index
        try:
            if not 0 <= position < self._stack.count():
                return
            self.step_done.emit()
            adapter = self._stack.command(position)
        except RuntimeError:  # the stack is being destroyed (the app is closing)
            return
        finally:
            self._after.forget()  # the step's aftermath is shown: read the store from now on
        command = adapter.command if isinstance(adapter, CommandAdapter) else None
        if not isinstance(command, commands.CharacterEdit):
            return
        names = {name_key(command.before.name), name_key(command.after.name)}
        if self._name is not None and name_key(self._name) in names:
            return
        for shown in (command.after, command.before):
            if self._service.exists(shown.name):
                self.open(shown.name)
                return

    # -- pushing commands ---------------------------------------------------------------------

    def push(self, command: Command, *, report: bool = True) -> None:
        """Do ``command`` as one undoable step (it saves at once).

        A failed write raises EditNotSavedError (a ValueError, so panels show the reason) and,
        with ``report``, puts the edit in the window's save-problem bar with Retry.
        """
        push_command(self._stack, command, report=report)
        self.status_message.emit(f"{command.text} — saved")

    def push_made(self, make: Callable[[], Command], *, report: bool = True) -> None:
        """Do the step ``make()`` builds from the stored crow as one undoable step; made again
        on the fresh crow if another window or the command line saved it in between."""
        adapter = push_made(self._stack, make, report=report)
        self.status_message.emit(f"{adapter.command.text} — saved")

    # -- edits typed but not yet saved ---------------------------------------------------------

    def add_pending_saver(self, saver: PendingSaver) -> None:
        """Have ``saver`` run before every step and before another crow opens."""
        if isinstance(self._stack, RefkitUndoStack):
            self._stack.add_pending_saver(saver)

    def remove_pending_saver(self, saver: PendingSaver) -> None:
        if isinstance(self._stack, RefkitUndoStack):
            self._stack.remove_pending_saver(saver)

    def save_pending_edits(self) -> None:
        """Save typing that is waiting for its debounce (before a reload or at close)."""
        if isinstance(self._stack, RefkitUndoStack):
            self._stack.save_pending_edits()

    def saved_line(self, name: str) -> CharacterSummary | None:
        """The crow list's line of the crow ``name`` just saved: read with the step that saved
        it when it was, else now (in the worker); None when there is no such crow."""
        found, line = self._after.line(name)
        return line if found else self.read(self._service.summary, name)

    def read(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)``, a read of the database, where the undo stack writes (the
        window's worker, so the GUI thread runs no statement), else here."""
        return write_through(self._stack, function, *args)

    def write(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)``, a write that is not an undo step (an import), where the undo
        stack writes: the window's worker, else here."""
        return write_through(self._stack, function, *args)

    def step_running(self) -> bool:
        """True while an undo step is being pushed, undone or redone."""
        return isinstance(self._stack, RefkitUndoStack) and self._stack.is_running()

    def report_save_problem(self, problem: SaveProblem) -> bool:
        """Put ``problem`` in the window's save-problem bar; False if there is no bar to tell."""
        if isinstance(self._stack, RefkitUndoStack):
            self._stack.write_failed.emit(problem)
            return True
        return False

    def _current(self) -> str:
        if self._name is None:
            raise ValueError("Open a crow first (choose one in the Characters list)")
        return self._name

    # -- the inventory board's requests -------------------------------------------------------

    def move_item(self, item_id: str, area: str, at: int | str | None) -> None:
        name = self._current()
        if area == GROUND:
            self.push_made(lambda: commands.drop_to_ground(self._service, name, item_id))
        else:
            self.push_made(lambda: commands.move_item(self._service, name, item_id, area, at))

    def pack_item(self, item_id: str, pet: str, at: int | None = None) -> None:
        """The item put on ``pet`` (its pack's slot ``at``, or the first that takes it)."""
        name = self._current()
        self.push_made(lambda: pet_commands.pack_item(self._service, name, item_id, pet, at))

    def unpack_item(self, item_id: str, area: str, at: int | str | None = None) -> None:
        """A packed item taken back to the crow's ``area`` (``at``, or the first place)."""
        name = self._current()
        self.push_made(lambda: pet_commands.unpack_item(self._service, name, item_id, area, at))

    def catalogue(self) -> list[CatalogueItem]:
        """Refkit's catalogue and the players' own items (cached until they change)."""
        if self._catalogue is None:
            self._catalogue = self.read(self._service.catalogue)
        return list(self._catalogue)

    def catalogue_entry(self, name: str) -> CatalogueItem:
        return find_catalogue_item(self.catalogue(), name)

    def catalogue_item(self, name: str) -> Item:
        """A fresh item of the catalogue entry ``name``, with an id unused in the open crow."""
        entry = self.catalogue_entry(name)
        taken = self._character.items.ids() if self._character is not None else frozenset()
        return entry.to_item(item_id=fresh_item_id(entry.name, taken))

    def add_catalogue_item(
        self, name: str, area: str | None = None, at: int | str | None = None
    ) -> str:
        """Add a catalogue item at ``area``/``at`` (None: the first place that fits)."""
        command, new_id = commands.add_catalogue_item(
            self._service, self._current(), self.catalogue_entry(name), area, at
        )
        self.push(command)
        return new_id

    def split_stack(self, item_id: str, count: int) -> str:
        command, new_id = commands.split_stack(self._service, self._current(), item_id, count)
        self.push(command)
        return new_id

    def set_worn(self, item_id: str, worn: bool) -> None:
        name = self._current()
        if worn:
            self.push_made(lambda: commands.wear_armour(self._service, name, item_id))
        else:
            self.push_made(lambda: commands.take_off_armour(self._service, name))

    def place_wound(self, slot: int) -> None:
        command = commands.place_wounds(self._service, self._current(), [slot])
        if self._prompts is not None:
            command = answering_prompt(self._prompts, command, placed=1)
        self._placing = True
        try:
            self.push(command)
        finally:
            self._placing = False

    def heal_wound(self, slot: int) -> None:
        command = commands.heal_wound(self._service, self._current(), slot)
        if self._prompts is not None:
            command = answering_prompt(self._prompts, command, healed=1)
        self.push(command)

    def remove_item(self, item_id: str) -> None:
        self.push_made(lambda: commands.remove_item(self._service, self._current(), item_id))

    def refuel(self, item_id: str, fuel_id: str) -> None:
        """One ``fuel_id`` spent to give ``item_id`` its usage dice back (L398), one undo step."""
        self.push_made(lambda: commands.refuel(self._service, self._current(), item_id, fuel_id))

    def mark_damaged(self, item_id: str, damaged: bool) -> None:
        """The item marked damaged (a bane until repaired) or repaired, one undo step."""
        self.push_made(lambda: mark_item_damaged(self._service, self._current(), item_id, damaged))

    def mark_useless(self, item_id: str, useless: bool) -> None:
        """The weapon marked useless until fixed (Bury the Point) or fixed, one undo step."""
        self.push_made(lambda: mark_item_useless(self._service, self._current(), item_id, useless))

    def set_roll_log(self, log_roll: LogRoll | None) -> None:
        """Where the usage dice rolled on the sheet and the board land (the roll log)."""
        self._log_roll = log_roll

    def use_item(self, item_id: str) -> UsageDiceRoll:
        """An Activate item used: its usage dice rolled (L400), in the roll log once it is
        open, one undo step."""
        name = self._current()
        if self._log_roll is None:
            command, roll = commands.use_item(self._service, name, item_id, self._rng)
            self.push(command)
            return roll
        logged, roll = use_item_logged(self._service, name, item_id, self._rng, self._log_roll)
        self.push(logged)
        return roll

    def pick_up(self, item_id: str, area: str) -> None:
        self.push_made(lambda: commands.pick_up(self._service, self._current(), item_id, area))

    # -- damage, healing, rest, drawing -------------------------------------------------------

    def damage(
        self,
        amount: int,
        *,
        piercing: bool = False,
        armour_order: Sequence[str] | None = None,
        vulnerable_roll: int | None = None,
    ) -> DamageOutcome:
        """Apply damage; the wounds the player still has to place (the outcome says how many)
        wait as the crow's prompt, raised in the same undo step as the hit."""
        outcomes: list[DamageOutcome] = []
        name = self._current()

        def make() -> Command:
            command, outcome = commands.apply_damage(
                self._service,
                name,
                amount,
                piercing=piercing,
                armour_order=armour_order,
                vulnerable_roll=vulnerable_roll,
                rng=self._rng,
            )
            outcomes.append(outcome)  # the last one made is the one done
            if self._prompts is None:
                return command
            return raising_prompt(self._prompts, command, to_place=outcome.wounds_to_place)

        self.push_made(make)
        return outcomes[-1]

    def heal_stamina(self, amount: int) -> None:
        self.push_made(lambda: commands.heal_stamina(self._service, self._current(), amount))

    def rest(
        self,
        crows: Sequence[str],
        *,
        in_miasma: bool = False,
        choices: Mapping[str, ActivityChoice] | None = None,
        healed_slots: Mapping[str, Sequence[int]] | None = None,
    ) -> None:
        """Finish a rest for these crows (the open one and any resting with it) through the one
        rest procedure (:mod:`refkit.app.party.rest`): rations, healing, each crow's activity,
        as one undo step. ValueError (nothing written) for a rest the rules or the dungeon's
        own rest refuse."""
        from refkit.app.party.rest import CrowRestCommand

        for name in crows:
            refusal = self.rest_refusal(name)
            if refusal:
                raise ValueError(refusal)
        resting = [self._service.get(name) for name in crows]
        prompts = self._prompts or WoundPrompts(self._service.repository)
        command = CrowRestCommand(
            self._service,
            prompts,
            resting,
            in_miasma=in_miasma,
            choices=dict(choices or {}),
            healed_slots=dict(healed_slots or {}),
            rng=self._rng,
            effects=self.rest_effects() if self.rest_effects is not None else None,
            crafting=self.rest_crafting() if self.rest_crafting is not None else None,
        )
        self.push(command)
        step = command.step
        if step is not None:
            self.status_message.emit(" · ".join(step.lines()))

    rest_guard: Callable[[str], str] | None = None
    """Why the sheet may not rest a crow itself ("" it may): the dungeon's rest counts it (set
    where the dungeon turn is installed; see :func:`refkit.app.party.rest.sheet_rest_refusal`)."""

    rest_crafting: Callable[[], object] | None = None
    """The crafting projects a rest's Craft activity rolls on (set where crafting is installed)."""

    rest_effects: Callable[[], object] | None = None
    """The dungeon turn whose tracked effects a rested crow owns end with its rest (a backlash
    "until a rest"), or None (set where the dungeon turn is installed)."""

    def rest_refusal(self, name: str) -> str:
        return self.rest_guard(name) if self.rest_guard is not None else ""

    def rest_companions(self) -> tuple[str, tuple[Character, ...]]:
        """The open crow's first party and its other members (to rest together)."""
        name = self._current()
        for party in self._service.list_parties():
            keys = [name_key(member) for member in party.members]
            if name_key(name) in keys:
                others = []
                for member in party.members:
                    if name_key(member) == name_key(name):
                        continue
                    with contextlib.suppress(CharacterNotFoundError):
                        others.append(self._service.get(member))
                return party.name, tuple(others)
        return "", ()

    def starvation(self, names: Sequence[str]) -> dict[str, int]:
        """Each crow's starvation wounds (they heal at its next rest with a ration)."""
        from refkit.app.party.rest import starvation_wounds

        repository = self._service.repository
        return {name: starvation_wounds(repository, name) for name in names}

    def held_blessings(self) -> int:
        """How many Song of Rest blessings the open crow holds (Delayed Inspiration, Bard)."""
        from refkit.app.party.blessings import held_blessings

        name = self.name()
        if name is None:
            return 0
        after = self._after.latest(name)
        if after is not None:  # read with the last step
            return after.held
        return self.read(held_blessings, self._service.repository, name)

    def use_blessing(self) -> None:
        """The open crow takes one held blessing: blessed now, one undo step; ValueError
        (nothing written) when it holds none or is blessed already."""
        from refkit.app.party.blessings import use_blessing

        self.push_made(lambda: use_blessing(self._service, self._current()))

    def draw_from_pack(
        self, item_id: str, *, roll: int | None = None, hand: int = 1, make_room: str = "drop"
    ) -> DrawResult:
        """Roll the d10 (or use ``roll``); on a success the item goes to hand as one undo step."""
        command, result = commands.draw_from_pack(
            self._service,
            self._current(),
            item_id,
            roll=roll,
            rng=self._rng,
            hand=hand,
            make_room=make_room,
        )
        if command is not None:
            self.push(command)
        return result

    def toggle_condition(self, condition: str, on: bool) -> None:
        name = self._current()
        if on:
            self.push_made(lambda: commands.add_condition(self._service, name, condition))
        else:
            self.push_made(lambda: commands.remove_condition(self._service, name, condition))

    def spend_expertise(self, expertise: str) -> None:
        self.push_made(lambda: commands.spend_expertise(self._service, self._current(), expertise))

    def edit_notes(
        self,
        notes: str,
        *,
        name: str | None = None,
        report: bool = True,
        based_on: str | None = None,
    ) -> None:
        """Save ``notes`` for the crow ``name`` (None: the open one), read fresh from the store,
        so notes typed before a DT ended land on the crow the DT left behind. ``based_on``: the
        stored notes the typing started from; TypedTextChangedError if they changed since."""
        if name is None or (self._name is not None and name_key(name) == name_key(self._name)):
            character = self._character
            if character is None or character.notes == notes:
                return
            name = self._current()
        elif self._service.get(name).notes == notes:
            return
        self.push_made(
            lambda: commands.edit_notes(self._service, name, notes, based_on=based_on),
            report=report,
        )

    def replace_character(
        self, edited: Character, text: str, *, based_on: Character | None = None
    ) -> None:
        """Store an edited version of the open crow (from the editor) as one undo step.

        ``based_on``: the crow as the editor showed it. When the crow was saved elsewhere since,
        the fields the user changed go over the stored crow and every other field keeps what
        was saved meanwhile (:func:`~refkit.app.characters.merge.merge_edit`); a field changed
        on both sides raises EditCollisionError and nothing is saved."""
        name = self._current()
        base = based_on if based_on is not None else edited

        def change(stored: Character) -> Character:
            return edited if based_on is None else merge_edit(base, edited, stored)

        self.push_made(lambda: commands.edit(self._service, name, change, text))

    # -- whole characters ---------------------------------------------------------------------

    def create(
        self, character: Character, text: str | None = None, *, party: str | None = None
    ) -> None:
        """Store a new crow (undo deletes it again) and open it; with ``party``, the crow joins
        that party in the same undo step."""

        def make() -> Command:
            step = crow_commands.create_crow(self._service, character, text or "")
            if party is None:
                return step
            return party_commands.join_party(step, self._service, party, character.name)

        self.push_made(make)
        self.open(character.name)

    def duplicate(self, name: str) -> str:
        """Store a copy of a crow under a free name like ``Mara Vell (copy)``; returns the name."""
        original = self._service.get(name)
        copy_name = self.free_name(f"{original.name} (copy)")
        self.create(replace(original, name=copy_name), f"Duplicate {original.name}")
        return copy_name

    def free_name(self, wanted: str) -> str:
        name, number = wanted, 2
        while self._service.exists(name):
            name = f"{wanted} {number}"
            number += 1
        return name

    def delete(self, name: str) -> None:
        """Delete a crow as one undo step (undo brings it back, with its party places)."""
        self.push_made(lambda: crow_commands.delete_crow(self._service, name))

    # -- parties ------------------------------------------------------------------------------

    def create_party(self, name: str, members: Sequence[str] = ()) -> str:
        """A new party as one undo step; returns its name."""
        command = party_commands.create_party(self._service, name, members)
        self.push(command)
        assert command.after is not None
        return command.after.name

    def rename_party(self, old: str, new: str) -> None:
        self.push_made(lambda: party_commands.rename_party(self._service, old, new))

    def add_member(self, party: str, name: str) -> None:
        self.push_made(lambda: party_commands.add_member(self._service, party, name))

    def remove_member(self, party: str, name: str) -> None:
        self.push_made(lambda: party_commands.remove_member(self._service, party, name))

    def delete_party(self, party: str) -> None:
        """Delete a party as one undo step (undo brings it back with its members)."""
        self.push_made(lambda: party_commands.delete_party(self._service, party))

    # -- the players' own items ---------------------------------------------------------------

    def add_custom_item(self, item: CatalogueItem) -> None:
        self.push_made(lambda: item_commands.add_custom_item(self._service, item))

    def edit_custom_item(
        self, name: str, item: CatalogueItem, *, base: CatalogueItem | None = None
    ) -> None:
        """``base``: the item as the editor showed it (a change saved since is refused)."""
        self.push_made(lambda: item_commands.edit_custom_item(self._service, name, item, base=base))

    def remove_custom_item(self, name: str) -> None:
        self.push_made(lambda: item_commands.remove_custom_item(self._service, name))
