"""Wounds the players still have to place or heal, and sheet edits that raise or answer them.

Damage past Stamina, a doubled magic slot's wounds at End DT, and after a rest the one wound it
heals are the player's choice, so they wait as a *prompt* that the character sheet asks for box
by box. The prompts are kept in the database (:mod:`refkit.store.wound_prompt_store`: one
versioned row per crow, so two programs adding wounds at once both count), so they outlast
opening another crow and a restart. Undoing a placement puts the wound back to be placed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from refkit.app.character_commands import CharacterEdit
from refkit.app.ports import PromptedCrows
from refkit.rules.character.model import Character
from refkit.store.records import StoredWoundPrompt

PromptListener = Callable[[str], None]


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


def _prompt(stored: StoredWoundPrompt | None) -> WoundPrompt:
    return WoundPrompt() if stored is None else WoundPrompt(stored.to_place, stored.to_heal)


class WoundPrompts:
    """The wounds each crow still has to place or heal, kept in the database.

    Listeners hear the crow's name after every change (inside a unit of work, once it commits).
    """

    def __init__(self, repository: PromptedCrows) -> None:
        self._db = repository.database
        self._store = repository.wound_prompts
        self._listeners: list[PromptListener] = []

    def add_listener(self, listener: PromptListener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: PromptListener) -> None:
        self._listeners.remove(listener)

    def _tell(self, name: str) -> None:
        unit = self._db.current_unit_of_work
        if unit is not None:
            unit.after_commit(lambda: self._tell_now(name))
        else:
            self._tell_now(name)

    def _tell_now(self, name: str) -> None:
        for listener in list(self._listeners):
            listener(name)

    def get(self, name: str) -> WoundPrompt:
        """The crow's prompt (empty when nothing waits, or there is no such crow)."""
        return _prompt(self._store.get(name))

    def pending(self) -> dict[str, WoundPrompt]:
        """Every crow with something to place or heal, by name."""
        return {stored.name: _prompt(stored) for stored in self._store.pending()}

    def add(self, name: str, *, to_place: int = 0, to_heal: int = 0) -> WoundPrompt:
        """Add (or with negative numbers take away, not below 0) wounds to place and to heal.

        A crow deleted since has nothing to be asked: the prompt stays empty.
        """
        if to_place == 0 and to_heal == 0:
            return self.get(name)
        stored = self._store.add(name, to_place=to_place, to_heal=to_heal)
        shown = name if stored is None else stored.name
        self._tell(shown)
        return _prompt(stored)

    def rename(self, old: str, new: str) -> None:
        """The crow ``old`` is now ``new`` (its prompt follows its row): tell the listeners."""
        self._tell(new)

    def drop(self, name: str) -> None:
        """The crow was deleted (its prompt went with its row): tell the listeners."""
        self._tell(name)


@dataclass
class PromptedEdit(CharacterEdit):
    """A wound placed or healed on the sheet in answer to a prompt: the prompt goes down with the
    edit and back up when it is undone, in the same transaction as the crow. A negative
    ``placed`` raises the prompt instead: a hit that left that many wounds to place."""

    prompts: WoundPrompts | None = None
    placed: int = 0
    healed: int = 0

    def _settle(self, name: str, sign: int) -> None:
        if self.prompts is not None:
            self.prompts.add(name, to_place=-sign * self.placed, to_heal=-sign * self.healed)

    def do(self) -> None:
        # One unit of work: a refused or failed save leaves the prompt as it was too.
        self._settle(self.after.name, 1)
        super().do()

    def undo(self) -> None:
        self._settle(self.before.name, -1)
        super().undo()


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


def raising_prompt(prompts: WoundPrompts, edit: CharacterEdit, *, to_place: int) -> CharacterEdit:
    """``edit`` (a hit that left ``to_place`` wounds for the player to place) with those wounds
    kept as the crow's prompt; ``edit`` itself when none are left to place.

    When they and the wounds already waiting fill every free backpack slot there is nothing left
    to choose: the hit places them all at once (the crow dies) and the waiting ones are answered.
    """
    if to_place <= 0:
        return edit
    waiting = prompts.get(edit.before.name).to_place
    free = edit.after.free_wound_slots
    if waiting and to_place + waiting >= len(free):
        after, placed = edit.after.place_wounds(free), waiting  # the hit answers those waiting
    else:
        after, placed = edit.after, -to_place
    return PromptedEdit(
        edit.service, edit.name, edit.before, after, edit.text, prompts=prompts, placed=placed
    )
