"""A rest's Craft activity: each crow crafting on one of its projects makes its crafting roll
(and the second roll Midnight Oil, Double Duty or Twice Enchanted gives), worked out before the
rest is written and done in its one unit of work (:mod:`refkit.app.party.rest`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import Activity, ActivityRefused, PlannedActivity
from refkit.rules.character.trait_rest_plus import (
    SECOND_ROLL_TRAITS,
    craft_targets,
    second_roll_trait,
)
from refkit.rules.common.name_text import match_key

if TYPE_CHECKING:
    from refkit.app.crafting.service import CraftingStep, Step


class RestCrafting(Protocol):
    """The crafting projects as a rest's Craft activity uses them
    (:class:`refkit.app.crafting.service.CraftingService` fits)."""

    def projects_of(self, crow: str) -> list[str]: ...

    def craft_of(self, name: str) -> str: ...

    def rest_roll(
        self,
        name: str,
        crafter: str,
        *,
        rest: str | None = None,
        seed: int | None = None,
        bonus: int = 0,
        again: str = "",
    ) -> Step: ...


def crafting_rolls(
    crafting: RestCrafting | None,
    crows: Sequence[Character],
    planned: Mapping[str, PlannedActivity],
    rested: Sequence[str],
    occasion: str | None,
    rng: random.Random,
    bonus: int = 0,
) -> tuple[dict[str, str], tuple[CraftingStep, ...]]:
    """Each rested crow crafting on one of its projects makes its roll (worked out now, written
    when the rest is done, in its unit of work; undone with the rest); a crow whose trait gives
    a second roll on that craft (Midnight Oil, Double Duty, Twice Enchanted) makes it too, on the
    same project or on a second one named (``craft:PROJECT,OTHER``). ActivityRefused for a
    project it does not craft or a second one the traits do not allow, CraftingRefused for a
    roll the rules refuse (the rest's unit of work then keeps nothing). ``rested``: the crows
    that rested and did their activity; returns what to say of each crow that rolled, by name,
    and the steps."""
    if crafting is None:
        return {}, ()
    done: list[CraftingStep] = []
    said: dict[str, str] = {}
    by_name = {crow.name: crow for crow in crows}
    for name in rested:
        plan = planned.get(name)
        if plan is None or plan.choice.activity is not Activity.CRAFT or not plan.target:
            continue
        projects = _crafted_projects(crafting, by_name[name], plan.target)
        trait = second_roll_trait(by_name[name], crafting.craft_of(projects[0]))
        results: list[str] = []
        for index, project in enumerate(dict.fromkeys(projects)):
            again = trait if trait and len(set(projects)) == 1 else ""
            step = crafting.rest_roll(
                project,
                name,
                rest=occasion,
                seed=rng.getrandbits(32),
                bonus=bonus,
                again=again,
            )
            done.append(step.command)  # done with the rest's other changes, in its unit of work
            head = f"{trait}: second crafting roll" if index else "crafting roll"
            result = f"{head} on {project}"
            if bonus:
                result += f" (+{bonus} from Make Camp)"
            if step.roll is not None and step.project is not None:
                first = step.roll.points
                extra = f", {again} +{step.second.points}" if step.second is not None else ""
                result += f": +{first}{extra} ({step.project.points}/{step.project.goal} points)"
            results.append(result)
        said[name] = "; ".join(results)
    return said, tuple(done)


def _crafted_projects(crafting: RestCrafting, crow: Character, target: str) -> tuple[str, ...]:
    """The projects a crow's Craft names (``PROJECT`` or, with a second-roll trait for that
    craft, ``PROJECT,OTHER`` of the same craft), as stored; ActivityRefused otherwise."""
    projects = crafting.projects_of(crow.name)
    whole = next((name for name in projects if match_key(name) == match_key(target)), None)
    wanted = (whole,) if whole is not None else craft_targets(target)
    found: list[str] = []
    for name in wanted:
        project = next((p for p in projects if match_key(p) == match_key(name)), None)
        if project is None:
            offered = ", ".join(projects) or "none: start one in the Crafting panel"
            raise ActivityRefused(
                f"{crow.name} crafts on no project called {name!r} (its projects: {offered})"
            )
        found.append(project)
    if len(found) > 2:
        raise ActivityRefused(
            f"{crow.name}: Craft names one project (two with a trait), not {len(found)}"
        )
    if len(found) == 2:
        craft = crafting.craft_of(found[0])
        trait = second_roll_trait(crow, craft)
        if not trait:
            traits = ", ".join(t.partition(": ")[2] for t in SECOND_ROLL_TRAITS.values())
            raise ActivityRefused(
                f"{crow.name}: Craft makes one crafting roll; a second project needs a trait "
                f"for its craft ({traits}), and {crow.name} has none for {craft}"
            )
        other = crafting.craft_of(found[1])
        if match_key(other) != match_key(craft):
            raise ActivityRefused(
                f"{crow.name}: {trait}'s second roll is on another {craft} item, "
                f"and {found[1]} is made with {other}"
            )
    return tuple(found)
