"""Crafting projects, one use-case per step: start a project from the catalogue, roll for a
crafter during a rest (its expertise uses spent with it), complete the copies the points and
materials allow (the materials leave the crafters' packs and the item goes to the first
crafter), harvest a corpse's parts into a crow's pack.

Every step is checked whole before anything is written, then written in one unit of work and
returned as one command (one undo step). Rolls go to the roll log (kind ``craft``; a roll made
at the table stays there when the step is undone, as a pack draw's does) and each step to the
session log (kind ``craft``), marked undone with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.crafting.commands import LogEntries, ProjectEdit
from refkit.app.crafting.crafters import crafter_of, crafting_crit_min
from refkit.app.dice_service import DiceService
from refkit.app.ports import CraftingProjects, DungeonTurnStorage, SessionLog
from refkit.app.undo import Command, CompositeCommand, FollowedStep
from refkit.dice.records import RollRecord
from refkit.rules.checks.crows_test import CRIT_MIN
from refkit.rules.common.name_text import plain_name
from refkit.rules.crafting.harvest import add_parts
from refkit.rules.crafting.materials import MaterialsCheck, check_materials, take_materials
from refkit.rules.crafting.odds import CraftingOdds, crafting_odds
from refkit.rules.crafting.tracker import (
    CrafterRoll,
    CraftingProject,
    CraftingRefused,
    crafter_tools,
    roll_for_crafter,
)
from refkit.rules.dungeon.clock import ClockState
from refkit.rules.dungeon.hazard_rolls import hazard_record, roll_harvest
from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.rules.inventory.model import fresh_item_id
from refkit.rules.inventory.moves import add_item
from refkit.store.errors import ProjectNotFoundError
from refkit.store.records import SessionLogEntry
from refkit.store.row_forms import name_key

LOG_KIND = "craft"
MONSTER_PART = "Monster part"
RngFactory = Callable[[int | None], tuple[random.Random, int]]


@dataclass(frozen=True)
class ProjectView:
    """A project as shown: its state, revision, and what completing it would take now."""

    project: CraftingProject
    revision: int
    materials: MaterialsCheck

    def to_dict(self) -> dict[str, Any]:
        project = self.project
        return {
            "name": project.name,
            "item": project.item,
            "expertise": project.footer.expertise,
            "uses": project.footer.uses,
            "tools": project.tools or "",
            "materials": project.footer.materials,
            "goal": project.goal,
            "points": project.points,
            "copies_ready": project.copies_ready,
            "copies_made": project.copies_made,
            "toward_next": project.toward_next,
            "crafters": list(project.crafters),
            "materials_for": self.materials.copies,
            "missing": list(self.materials.missing),
            "rolls": [roll.to_dict() for roll in project.rolls],
        }


@dataclass(frozen=True)
class Step:
    """A step worked out: its one undoable command (done by whoever runs it: the window's undo
    stack, the command line's ``Services.do``), and what to say about it."""

    command: CraftingStep
    text: str
    project: CraftingProject | None = None
    roll: CrafterRoll | None = None
    seed: int | None = None
    second: CrafterRoll | None = None  # a trait's second roll at the same rest (Double Duty …)
    made: int = 0
    parts: int = 0
    on_ground: int = 0


class CraftingService:
    """The crafting projects of one database, over the crows and the catalogue."""

    def __init__(
        self,
        characters: CharacterService,
        dice: DiceService,
        *,
        rng_factory: RngFactory,
        clock: Callable[[], datetime],
        projects: CraftingProjects,
        session_log: SessionLog,
        dungeon: DungeonTurnStorage | None = None,
    ) -> None:
        self._characters = characters
        self._dice = dice
        self._rng_factory = rng_factory
        self._clock = clock
        self._dungeon = dungeon
        database = characters.repository.database
        self._database = database
        self._projects = projects
        self._log = session_log

    # -- reading -----------------------------------------------------------------------------

    def craftable(self) -> list[CatalogueItem]:
        """Catalogue items with a crafting footer and a goal, by name."""
        return sorted(
            (
                entry
                for entry in self._characters.catalogue()
                if entry.crafting is not None and entry.crafting.goal >= 1
            ),
            key=lambda entry: entry.name.casefold(),
        )

    def crows(self) -> list[str]:
        """Every crow's name (who may be a crafter)."""
        return self._characters.names()

    def expertises_left(self, crow: str) -> list[tuple[str, int]]:
        """The crow's expertises and the uses each has left."""
        return [(e.name, e.left) for e in self._characters.get(crow).expertises]

    def projects(self) -> list[ProjectView]:
        return [self._view(p, r) for p, r in self._projects.projects()]

    def projects_of(self, crow: str) -> list[str]:
        """The names of the projects ``crow`` is a crafter of (what its Craft activity offers)."""
        key = name_key(crow)
        return [
            project.name
            for project, _ in self._projects.projects()
            if key in {name_key(crafter) for crafter in project.crafters}
        ]

    def rest_roll(
        self,
        name: str,
        crafter: str,
        *,
        rest: str | None = None,
        seed: int | None = None,
        bonus: int = 0,
        again: str = "",
    ) -> Step:
        """The crafting roll of a crow whose rest activity is Craft on the project ``name``, in
        ``rest`` (default: the rest under way on the DT clock, else a rest at this moment), with
        ``bonus`` on it (Make Camp's at a travel rest). ``again`` names the crow's trait that
        gives it a second roll on the project at this rest (Midnight Oil, Double Duty, Twice
        Enchanted): both rolls are then one step, the second counted in ``"REST (TRAIT)"``."""
        occasion = rest or self.current_rest() or f"the rest at {self._clock():%Y-%m-%d %H:%M:%S}"
        if again:
            return self._rolled_twice(name, crafter, occasion, again, seed=seed, bonus=bonus)
        return self.roll(name, crafter, rest=occasion, seed=seed, bonus=bonus)

    def craft_of(self, name: str) -> str:
        """The crafting expertise the project ``name``'s card needs (``"alchemy"`` …)."""
        project, _ = self._projects.get(_key(name))
        return project.footer.expertise

    def _rolled_twice(
        self, name: str, crafter: str, occasion: str, again: str, *, seed: int | None, bonus: int
    ) -> Step:
        project, revision = self._projects.get(_key(name))
        crow = self._characters.get(crafter)
        rng, used_seed = self._rng_factory(seed)
        crit_min = crafting_crit_min(crow, project, CRIT_MIN)
        first = roll_for_crafter(
            project, crafter_of(crow), occasion, rng=rng, bonus=bonus, crit_min=crit_min
        )
        middle = project.with_roll(first)
        second = roll_for_crafter(
            middle,
            crafter_of(crow),
            f"{occasion} ({again})",
            rng=rng,
            bonus=bonus,
            crit_min=crit_min,
        )
        after = middle.with_roll(second)
        text = (
            f"Crafting rolls: {crow.name} on {project.name} "
            f"(+{first.points}, {again} +{second.points})"
        )
        lines = [
            f"{crow.name} adds {first.points} crafting points to {project.name} in {occasion} "
            f"({middle.points}/{project.goal})",
            f"{crow.name}'s {again} adds {second.points} more crafting points to {project.name} "
            f"({after.points}/{project.goal})",
        ]
        return self._run(
            text,
            [ProjectEdit(self._projects, project, after, revision, text)],
            lines,
            record=self._record(project, first, used_seed),
            more=(self._record(project, second, None),),
            project=after,
            roll=first,
            second=second,
            seed=used_seed,
        )

    def view(self, name: str) -> ProjectView:
        return self._view(*self._projects.get(_key(name)))

    def _view(self, project: CraftingProject, revision: int) -> ProjectView:
        return ProjectView(project, revision, self._materials(project, project.copies_ready))

    def _materials(self, project: CraftingProject, copies: int) -> MaterialsCheck:
        inventories = {}
        for name in project.crafters:
            if self._characters.exists(name):
                inventories[name] = self._characters.get(name).items
        return check_materials(project.materials, inventories, copies=max(copies, 1))

    def current_rest(self) -> str | None:
        """The rest under way on the dungeon clock ("the rest at DT 4"), None when none is."""
        if self._dungeon is None:
            return None
        clock = self._dungeon.load().clock
        return f"the rest at DT {clock.dt}" if clock.state is ClockState.RESTING else None

    def odds(
        self,
        name: str,
        crafter: str,
        *,
        edges: int = 0,
        banes: int = 0,
        bonus: int = 0,
        expertises: int = 0,
        crit_min: int = CRIT_MIN,
    ) -> CraftingOdds:
        """The odds of ``crafter``'s roll on the project now (tools' bonus and bane counted)."""
        project, _ = self._projects.get(_key(name))
        stored = self._characters.get(crafter)
        crow = crafter_of(stored)
        tools = crafter_tools(project, crow)
        needed = project.goal - project.toward_next
        return crafting_odds(
            needed,
            crow.mind,
            edges=edges,
            banes=banes + tools.banes,
            bonus=bonus + tools.bonus,
            expertises=expertises,
            crit_min=crafting_crit_min(stored, project, crit_min),
        )

    # -- steps -------------------------------------------------------------------------------

    def start(self, item: str, crafters: Sequence[str], name: str | None = None) -> Step:
        """A new project for the catalogue item ``item`` with ``crafters`` (the first receives
        what is made), each checked for the card's expertise and its tools."""
        entry = self._catalogue_entry(item)
        assert entry.crafting is not None
        crows = [self._characters.get(crafter) for crafter in crafters]
        project = CraftingProject(
            name=plain_name("a crafting project's name", name or entry.name),
            item=entry.name,
            footer=entry.crafting,
            crafters=tuple(crow.name for crow in crows),
        )
        for crow in crows:
            crafter_tools(project, crafter_of(crow))
        try:
            self._projects.get(project.name)
        except ProjectNotFoundError:
            pass
        else:
            raise CraftingRefused(f"a crafting project called {project.name!r} exists already")
        text = f"Start crafting {project.name} ({', '.join(project.crafters)})"
        edit = ProjectEdit(self._projects, None, project, None, text)
        return self._run(text, [edit], [f"{text}: goal {project.goal} points"], project=project)

    def roll(
        self,
        name: str,
        crafter: str,
        *,
        rest: str | None = None,
        edges: int = 0,
        banes: int = 0,
        bonus: int = 0,
        expertises: Sequence[str] = (),
        allow_same_expertise_twice: bool = False,
        crit_min: int = CRIT_MIN,
        seed: int | None = None,
        faces: Sequence[int] | None = None,
    ) -> Step:
        """``crafter``'s crafting roll on the project in ``rest`` (default: the rest under way on
        the dungeon clock; CraftingRefused when there is none). Expertise uses are spent."""
        project, revision = self._projects.get(_key(name))
        occasion = " ".join((rest or "").split()) or self.current_rest()
        if occasion is None:
            raise CraftingRefused(
                "the group is not resting: start a rest on the DT clock, or name the occasion "
                "(e.g. 'town, day 3')"
            )
        crow = self._characters.get(crafter)
        rng, used_seed = self._rng_factory(seed)
        roll = roll_for_crafter(
            project,
            crafter_of(crow),
            occasion,
            rng=rng,
            faces=faces,
            edges=edges,
            banes=banes,
            bonus=bonus,
            expertises=expertises,
            allow_same_expertise_twice=allow_same_expertise_twice,
            crit_min=crafting_crit_min(crow, project, crit_min),
        )
        after = project.with_roll(roll)
        text = f"Crafting roll: {crow.name} on {project.name} (+{roll.points})"
        children: list[Any] = [ProjectEdit(self._projects, project, after, revision, text)]
        spent = crow
        for expertise in roll.expertises:
            spent = spent.spend_expertise(expertise)
        if roll.expertises:
            used = ", ".join(roll.expertises)
            children.append(
                CharacterEdit(self._characters, crow.name, crow, spent, f"Spend {used}")
            )
        record = self._record(project, roll, used_seed if faces is None else None)
        line = (
            f"{crow.name} adds {roll.points} crafting points to {project.name} in {occasion} "
            f"({after.points}/{project.goal})"
        )
        return self._run(
            text,
            children,
            [line],
            record=record,
            project=after,
            roll=roll,
            seed=used_seed if faces is None else None,
        )

    def complete(self, name: str, copies: int | None = None) -> Step:
        """Make the copies the points and the carried materials allow (or ``copies`` of them):
        the materials leave the crafters' packs, the items go to the first crafter's pack (the
        ground tray when it is full), the surplus points stay for the next copy."""
        project, revision = self._projects.get(_key(name))
        if project.copies_ready < 1:
            raise CraftingRefused(
                f"{project.name} has {project.points} of its {project.goal} crafting points"
            )
        wanted = project.copies_ready if copies is None else copies
        if not 1 <= wanted <= project.copies_ready:
            raise CraftingRefused(
                f"{project.name}: the points make {project.copies_ready} copies, not {wanted}"
            )
        materials = self._materials(project, wanted)
        if not materials.enough:
            raise CraftingRefused(
                f"{project.name}: the crafters do not carry the materials: "
                + "; ".join(materials.missing)
            )
        if copies is not None and materials.copies < copies:
            raise CraftingRefused(
                f"{project.name}: the materials carried make {materials.copies} copies, "
                f"not {copies}"
            )
        made = materials.copies
        entry = self._catalogue_entry(project.item)
        crows = {name_key(c): self._characters.get(c) for c in project.crafters}
        afters = {
            key: crow.with_items(take_materials(crow.items, crow.name, materials.taken))
            for key, crow in crows.items()
        }
        holder_key = name_key(project.holder)
        holder = afters[holder_key]
        items = holder.items
        for _ in range(made):
            item = entry.to_item(item_id=fresh_item_id(entry.name, items.ids()))
            items = add_item(items, item, rules=self._characters.rules)
        afters[holder_key] = holder.with_items(items)
        after = project.finished(made)
        text = f"Complete {project.name} ({made} made)"
        children: list[Any] = [ProjectEdit(self._projects, project, after, revision, text)]
        for key, crow in crows.items():
            if afters[key] != crow:
                children.append(CharacterEdit(self._characters, crow.name, crow, afters[key], text))
        used = ", ".join(f"{t.count} {t.item_name} from {t.crow}" for t in materials.taken)
        line = (
            f"{project.name}: {made} {entry.name} made for {project.holder}"
            + (f" (materials: {used})" if used else "")
            + f"; {after.points} points toward the next"
        )
        return self._run(text, children, [line], project=after, made=made)

    def harvest(
        self,
        crow_name: str,
        size: str,
        *,
        parts: int | None = None,
        seed: int | None = None,
        faces: Sequence[int] | None = None,
        creature: str = "",
    ) -> Step:
        """Harvest a corpse of ``size`` (1d6 … 4d6 parts, or ``parts`` counted at the table):
        the parts go into ``crow_name``'s pack as Monster part stacks."""
        crow = self._characters.get(crow_name)
        record: RollRecord | None = None
        used_seed: int | None = None
        if parts is None:
            rng, used_seed = self._rng_factory(seed)
            try:
                rolled = roll_harvest(rng, size, faces)
            except ValueError as error:
                raise CraftingRefused(str(error)) from None
            parts = rolled.total
            used_seed = used_seed if faces is None else None
            record = hazard_record(rolled, used_seed, self._clock())
        part = self._catalogue_entry(MONSTER_PART, craftable=False)
        what = f"from a {creature} corpse" if creature else f"from a {size} corpse"
        try:
            added = add_parts(
                crow.items, parts, part, notes=f"Harvested {what}.", rules=self._characters.rules
            )
        except ValueError as error:
            raise CraftingRefused(str(error)) from None
        text = f"Harvest {parts} parts for {crow.name}"
        ground = f", {added.on_ground} on the ground tray" if added.on_ground else ""
        line = f"{crow.name} harvests {parts} monster parts {what}{ground}"
        edit = CharacterEdit(
            self._characters, crow.name, crow, crow.with_items(added.inventory), text
        )
        return self._run(
            text,
            [edit],
            [line],
            record=record,
            seed=used_seed,
            parts=parts,
            on_ground=added.on_ground,
        )

    # -- helpers -----------------------------------------------------------------------------

    def _catalogue_entry(self, item: str, *, craftable: bool = True) -> CatalogueItem:
        key = name_key(item)
        for entry in self._characters.catalogue():
            if name_key(entry.name) == key:
                if craftable and (entry.crafting is None or entry.crafting.goal < 1):
                    raise CraftingRefused(f"{entry.name} has no crafting footer to craft it by")
                return entry
        raise CraftingRefused(f"the item catalogue has no item called {item!r}")

    def _record(self, project: CraftingProject, roll: CrafterRoll, seed: int | None) -> RollRecord:
        faces = tuple(face for one in roll.rolls for face in one.dice)
        crits = sum(1 for one in roll.rolls if one.crit)
        extra = f", {crits} crit{'s' if crits != 1 else ''}" if crits else ""
        doom = " — doom" if roll.rolls[-1].doom else ""
        return RollRecord(
            kind=LOG_KIND,
            expression=f"Crafting roll, {roll.crafter} on {project.name}: 2d10 + Mind",
            faces=faces,
            total=roll.points,
            seed=seed,
            rolled_at=self._clock(),
            summary=f"{roll.points} crafting points{extra}{doom}",
            detail={"project": project.name, **roll.to_dict()},
        )

    def _run(
        self,
        text: str,
        children: list[Any],
        lines: Sequence[str],
        *,
        record: RollRecord | None = None,
        more: Sequence[RollRecord] = (),
        **result: Any,
    ) -> Step:

        def write_lines() -> tuple[int, ...]:
            dt = self._dungeon.load().clock.dt if self._dungeon is not None else 0
            ids = self._log.add_all(
                [
                    SessionLogEntry(kind=LOG_KIND, dt=dt, text=line, at=self._clock())
                    for line in lines
                ]
            )
            if record is not None:
                self._dice.log_roll(record)
            for extra in more:
                self._dice.log_roll(extra)
            return tuple(ids)

        step = CraftingStep(CompositeCommand(text, children), write_lines, self._log.set_undone)
        return Step(step, text, **result)


class CraftingStep(FollowedStep):
    """A crafting step as one undo step, not yet done: its first ``do()`` makes the edits and
    then writes its session-log lines (and the roll to the roll log); undo takes the edits back
    and marks the lines undone, redo does both again without rolling anew."""

    def __init__(
        self,
        edits: Command,
        write_lines: Callable[[], tuple[int, ...]],
        mark: Callable[[list[int], bool], object],
    ) -> None:
        super().__init__(edits)
        self._write_lines = write_lines
        self._mark = mark

    def follow(self) -> Iterator[Command]:
        yield LogEntries(self._mark, self._write_lines())


def _key(name: str) -> str:
    """A project's name as it is looked up: spacing as stored (runs of spaces as one)."""
    return " ".join(name.split())
