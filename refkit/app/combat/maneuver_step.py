"""Grab, Escape Grab and Knockback as fight steps (:mod:`refkit.rules.combat.maneuvers`).

Each is made (its dice rolled) and then done as one undoable step: the fight's grab changes,
and a crow's "grabbed" condition on its sheet, go together. A tier 1 (or an Escape Grab's tier 2
broken free) offers the other side its counter; the step says for how much, and the referee
deals it with the counter or damage step. :func:`maneuver_roles` is the tracker's presenter: who
acts and on whom, from the turn and the row picked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from refkit.app import character_commands
from refkit.app.character_service import CharacterService
from refkit.app.undo import Command
from refkit.rules.combat.fight import Combatant, Fight, FightError
from refkit.rules.combat.maneuvers import (
    MANEUVER_NAMES,
    TESTED_BY,
    Maneuver,
    ManeuverOutcome,
    ManeuverRefused,
    ManeuverRequest,
    outcome_words,
    roll_maneuver,
)
from refkit.store.errors import CharacterNotFoundError

if TYPE_CHECKING:
    from refkit.app.combat.fight_session import FightSession

CROW_SIZE = "medium"
"""A crow is a Medium human (the sizes table, L282)."""


@dataclass(frozen=True)
class ManeuverReport:
    """What a maneuver rolled and did, for the window and the command line."""

    actor: str
    target: str
    outcome: ManeuverOutcome
    tested: str
    faces: tuple[int, int]
    seed: int | None
    counter_damage: int | None
    unused_dice: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        return maneuver_text(self)


@dataclass(frozen=True)
class ManeuverCommand:
    """A maneuver as one undoable step, and its report."""

    command: Command
    report: ManeuverReport

    @property
    def text(self) -> str:
        return self.command.text

    def do(self) -> None:
        self.command.do()

    def undo(self) -> None:
        self.command.undo()


def make_maneuver(
    session: FightSession,
    kind: Maneuver,
    actor: str,
    target: str | None = None,
    *,
    tested: str | None = None,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    break_free: bool = False,
    dice: Sequence[int] | None = None,
    seed: int | None = None,
) -> ManeuverCommand:
    """``actor`` tries ``kind`` on ``target`` (an Escape Grab's target is its grabber, found
    in the fight); the dice are rolled now."""
    fight = session.with_sheets()
    by = fight.combatant(actor)
    if not by.can_act:
        raise ManeuverRefused(f"{by.name} is {by.players_see or 'unable to act'}")
    at = _target(fight, kind, by, target)
    value, tested = _tested(session, by, kind, tested)
    request = ManeuverRequest(
        kind,
        value,
        tested,
        actor_size=_size(by),
        target_size=_size(at),
        actor_conditions=session.conditions_of(by.name),
        edges=edges,
        banes=banes,
        bonuses=tuple(bonuses),
        break_free=break_free,
    )
    rng, used_seed = session.rng_factory(seed)
    rolled = roll_maneuver(rng, request, dice=dice)
    outcome = rolled.outcome
    after, children = session.state, []
    if outcome.grabbed:
        after = after.with_grab(by.name, at.name)
        children += _crow_condition(session, at, add=True)
    if outcome.freed:
        after = after.released(by.name)
        children += _crow_condition(session, by, add=False)
    counter = None
    if outcome.counter_tier is not None:
        counter = session.counter_damage_of(at, outcome.counter_tier)
    report = ManeuverReport(
        actor=by.name,
        target=at.name,
        outcome=outcome,
        tested=tested,
        faces=rolled.faces,
        seed=None if dice is not None and len(dice) >= 2 else used_seed,
        counter_damage=counter,
        unused_dice=rolled.unused,
    )
    text = maneuver_text(report)
    step = session.step_to(after, text)
    command = session.joined(text, [*children, step]) if children else step
    return ManeuverCommand(command, report)


def _target(fight: Fight, kind: Maneuver, by: Combatant, target: str | None) -> Combatant:
    if kind == "escape":
        if by.grabbed_by is None:
            raise ManeuverRefused(f"{by.name} is not grabbed by anyone in the fight")
        grabber = fight.combatant(by.grabbed_by)
        if target is not None and fight.combatant(target).name != grabber.name:
            raise ManeuverRefused(f"{by.name} is grabbed by {grabber.name}, not by {target}")
        return grabber
    if target is None:
        raise ManeuverRefused(f"{MANEUVER_NAMES[kind]} needs a target")
    at = fight.combatant(target)
    if at.name == by.name:
        raise ManeuverRefused(f"{by.name} cannot {MANEUVER_NAMES[kind]} itself")
    if at.standing == "dead":
        raise ManeuverRefused(f"{at.name} is dead already")
    if kind == "grab":
        if at.grabbed_by == by.name:
            raise ManeuverRefused(f"{by.name} holds {at.name} already")
        held = fight.held_by(by.name)
        if held is not None:
            raise FightError(f"{by.name} already holds {held.name}: one grab at a time")
    return at


def _tested(
    session: FightSession, by: Combatant, kind: Maneuver, tested: str | None
) -> tuple[int, str]:
    offered = TESTED_BY[kind]
    if by.creature is not None:
        values = {name: by.creature.characteristic(name) for name in offered}
    else:
        sheet = session.characters.get(by.name).characteristics.as_dict()
        values = {name: sheet[name] for name in offered}
    if tested is None:
        tested = max(offered, key=lambda name: values[name])  # the one who tests picks
    if tested not in values:
        raise ManeuverRefused(f"{MANEUVER_NAMES[kind]} tests {' or '.join(offered)}, not {tested}")
    return values[tested], tested


def _size(fighter: Combatant) -> str:
    return fighter.creature.size if fighter.creature is not None else CROW_SIZE


def _crow_condition(session: FightSession, fighter: Combatant, *, add: bool) -> list[Command]:
    """A crow's "grabbed" on its sheet, given or ended with the step."""
    if not fighter.is_crow:
        return []
    crow = session.characters.get(fighter.name)
    if add == ("grabbed" in crow.conditions):
        return []
    change = character_commands.add_condition if add else character_commands.remove_condition
    return [change(session.characters, crow.name, "grabbed")]


def grabs_ended_on_sheets(
    characters: CharacterService, before: Fight, after: Fight
) -> list[Command]:
    """The crows whose grab the step ended (the grabber dead, knocked out, prone or gone, L371;
    the crow gone from the fight) lose "grabbed" from their sheets with it."""
    still = {f.name for f in after.combatants if f.grabbed_by is not None}
    ended: list[Command] = []
    for fighter in before.combatants:
        if not fighter.is_crow or fighter.grabbed_by is None or fighter.name in still:
            continue
        try:
            crow = characters.get(fighter.name)
        except CharacterNotFoundError:
            continue
        if "grabbed" in crow.conditions:
            ended.append(character_commands.remove_condition(characters, crow.name, "grabbed"))
    return ended


def crow_condition_in_fight(fight: Fight, name: str, condition: str, gained: bool) -> Fight:
    """The fight after a crow's sheet gained or lost ``condition``: going prone or unconscious it
    lets go of whoever it holds; losing "grabbed" it is no longer held."""
    if gained and condition in ("prone", "unconscious"):
        held = fight.held_by(name)
        return fight if held is None else fight.released(held.name)
    if not gained and condition == "grabbed" and fight.combatant(name).grabbed_by is not None:
        return fight.released(name)
    return fight


def maneuver_text(report: ManeuverReport) -> str:
    """One line for the log and the tracker: who, what, the tier, what it did, the counter."""
    outcome, test = report.outcome, report.outcome.test
    name = MANEUVER_NAMES[outcome.kind]
    on = "" if outcome.kind == "escape" else f" on {report.target}"
    head = f"{report.actor}: {name}{on}, {test.total} (tier {test.tier}"
    head += ", doom)" if test.doom else ")"
    parts = [outcome_words(outcome, report.actor, report.target)]
    if outcome.counter_tier is not None:
        dealt = (
            f" for {report.counter_damage}"
            if report.counter_damage is not None
            else " (it wields no melee weapon)"
        )
        parts.append(f"{report.target} may counter{dealt}")
    return f"{head}: " + "; ".join(parts)


@dataclass(frozen=True)
class ManeuverRoles:
    """Who acts and on whom, or why the maneuver cannot be asked for yet."""

    actor: str | None
    target: str | None
    problem: str | None = None


def maneuver_roles(
    fight: Fight, kind: Maneuver, current: str | None, picked: str | None
) -> ManeuverRoles:
    """The tracker's choice: the one whose turn it is acts (the picked row when no turn is
    running); Grab and Knockback go at the picked row; an Escape Grab at the actor's grabber."""
    name = MANEUVER_NAMES[kind]
    actor = current or picked
    if actor is None:
        return ManeuverRoles(None, None, f"{name}: start a turn, or click who tries it")
    if kind == "escape":
        grabber = fight.combatant(actor).grabbed_by
        if grabber is None:
            return ManeuverRoles(actor, None, f"{actor} is not grabbed by anyone in the fight")
        return ManeuverRoles(actor, grabber)
    if picked is None or picked == actor:
        return ManeuverRoles(actor, None, f"{name}: click the one {actor} tries it on")
    return ManeuverRoles(actor, picked)
