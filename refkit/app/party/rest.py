"""A finished rest's benefits for the crows at the table.

Each crow gets all its Stamina, every expertise use (not after a rest in the Miasma) and the usage
dice of Rest items and spellbooks. The one wound a rest heals is the player's choice, so it becomes
a wound to heal (a crow with a single wound has it healed: there is no choice). A crow whose player
chose Repair Armor as its rest activity (L473) gets that armour or shield back to full AD; a choice
the rules refuse (the armour is on the ground, or whole) is reported and the rest still counts. A
crow that cannot rest (a doubled magic slot, dead) gets nothing, and the report says why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.crow_changes import CrowChanges, plural, slots_text
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.rules.character.model import Character, RestRefused
from refkit.store.character_store import name_key


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
    repaired: str = ""  # the armour Repair Armor brought back to full AD
    repair_refused: str = ""  # why the chosen Repair Armor could not be done

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
            "repaired": self.repaired,
            "repair_refused": self.repair_refused,
        }

    def line(self) -> str:
        if not self.rested:
            return f"No rest: {self.reason}"  # the reason names the crow
        parts = []
        if self.stamina_regained:
            parts.append(f"+{self.stamina_regained} Stamina")
        if self.uses_restored:
            parts.append(f"{plural(self.uses_restored, 'expertise use')} back")
        if self.items_restored:
            parts.append(f"restored {', '.join(self.items_restored)}")
        if self.healed:
            parts.append(f"healed the wound in backpack slot {slots_text(self.healed)}")
        if self.wounds_to_heal:
            parts.append(f"heal {plural(self.wounds_to_heal, 'wound')}: click it on the sheet")
        if self.repaired:
            parts.append(f"repaired {self.repaired} to full AD")
        if self.repair_refused:
            parts.append(f"no Repair Armor: {self.repair_refused}")
        return f"{self.character}: {'; '.join(parts) if parts else 'rested, nothing to restore'}"


@dataclass
class PartyRest(CrowChanges):
    """What a finished rest gave the crows at the table."""

    in_miasma: bool = False
    entries: tuple[CrowRest, ...] = ()

    def to_list(self) -> list[dict[str, Any]]:
        return [entry.to_dict() for entry in self.entries]

    def lines(self) -> list[str]:
        return [entry.line() for entry in self.entries]


def party_rest(
    characters: CharacterService,
    prompts: WoundPrompts,
    crows: Sequence[Character],
    service: DungeonTurnService,
    *,
    in_miasma: bool,
    repairs: Mapping[str, str] | None = None,
) -> PartyRest:
    """Give each crow the benefits of the rest, save them and log them; returns the step (done
    already) to undo with Finish rest. ``repairs`` names, by crow, the item id of the armour its
    Repair Armor activity mends."""
    wanted = {name_key(crow): item_id for crow, item_id in (repairs or {}).items()}
    entries: list[CrowRest] = []
    edits: list[CharacterEdit] = []
    raised: list[tuple[str, int, int]] = []
    for crow in crows:
        try:
            rested = crow.finish_rest((), in_miasma=in_miasma, wounds_healed=0)
        except RestRefused as error:
            entries.append(CrowRest(crow.name, rested=False, reason=str(error)))
            continue
        repaired, repair_refused = "", ""
        repair = wanted.get(name_key(crow.name))
        if repair:
            try:
                rested = rested.repair_armour(repair)
                repaired = rested.items.find(repair).name
            except RestRefused as error:
                repair_refused = str(error)
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
            repaired=repaired,
            repair_refused=repair_refused,
        )
        entries.append(entry)
        if rested != crow:
            where = " in the Miasma" if in_miasma else ""
            edits.append(CharacterEdit(characters, crow.name, crow, rested, f"Rest{where}"))
    step = PartyRest(
        edits=tuple(edits),
        prompts=prompts,
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
