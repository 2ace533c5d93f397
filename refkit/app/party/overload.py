"""End DT's magic overload: a crow with two or more items in one magic slot gains 1d6 wounds.

Which backpack slots take them is the player's choice, so they become wounds to place; only when
they, with any wounds still waiting to be placed, fill every free slot (nothing left to choose) are
they all placed at once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.crow_changes import CrowChanges, plural, slots_text
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.rules.character.model import Character


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
        text = f"{self.character}: {plural(self.wounds, 'wound')} (doubled {slots} magic slot)"
        if self.to_place:
            text += f" — place {self.to_place} on the sheet"
        if self.placed:
            text += f" — in backpack slot{'s' if len(self.placed) > 1 else ''} "
            text += slots_text(self.placed)
        if self.dead:
            text += " — DEAD"
        return text


@dataclass
class OverloadWounds(CrowChanges):
    """What magic overload did to the party at one End DT (``entries`` empty: nothing)."""

    dt_ended: int = 0
    entries: tuple[OverloadWound, ...] = ()

    def to_list(self) -> list[dict[str, Any]]:
        """The ``overload_wounds`` key of ``refkit dt end``."""
        return [entry.to_dict() for entry in self.entries]

    def lines(self) -> list[str]:
        return [entry.line() for entry in self.entries]


def overload_wounds(
    characters: CharacterService,
    prompts: WoundPrompts,
    crows: Sequence[Character],
    service: DungeonTurnService,
    dt_ended: int,
    rng: random.Random,
) -> OverloadWounds:
    """Roll 1d6 wounds for each living crow with a doubled magic slot, save them and log them;
    returns the step (done already) to undo with End DT."""
    entries: list[OverloadWound] = []
    edits: list[CharacterEdit] = []
    raised: list[tuple[str, int, int]] = []
    for crow in crows:
        if crow.dead:
            continue
        wounds = crow.overload_wounds_at_dt_end(rng)
        if not wounds:
            continue
        free = crow.free_wound_slots
        slots = crow.items.overloaded_magic_slots()
        waiting = prompts.get(crow.name).to_place
        if wounds + waiting >= len(free):
            after = crow.place_wounds(free)
            text = f"Wounds from the doubled magic slot in backpack slots {slots_text(free)}"
            edits.append(CharacterEdit(characters, crow.name, crow, after, text))
            entries.append(OverloadWound(crow.name, slots, wounds, 0, free, after.dead))
            if waiting:
                raised.append((crow.name, -waiting, 0))  # answered: they went in with these
        else:
            raised.append((crow.name, wounds, 0))
            entries.append(OverloadWound(crow.name, slots, wounds, wounds))
    step = OverloadWounds(
        edits=tuple(edits),
        prompts=prompts,
        raised=tuple(raised),
        service=service,
        text=f"Magic overload wounds at the end of DT {dt_ended}",
        dt_ended=dt_ended,
        entries=tuple(entries),
    )
    if entries:
        step.do()
        step.log(
            "dt_end",
            dt_ended,
            f"End of DT {dt_ended}, magic overload: "
            + "; ".join(entry.line() for entry in entries),
            {"overload_wounds": step.to_list()},
        )
    return step
