"""What the attack window reads in the worker (Qt-free): the attacker's choices and the attack
offered with them, prepared, in one job — at the opening, and after a roll in the attack step's
own job together with the roll logged (issue 30: one wait on the worker for each)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from refkit.app.combat.attack_record import attack_roll_record
from refkit.app.combat.fight_session import (
    AttackCommand,
    AttackerChoices,
    FightSession,
    PreparedAttack,
)
from refkit.dice.records import RollRecord
from refkit.errors import DomainError
from refkit.rules.combat.attack import Situation


@dataclass(frozen=True)
class Wanted:
    """An attack as chosen in the window, before it is prepared."""

    attacker: str
    weapon: str
    target: str
    situation: Situation
    allies: tuple[str, ...]
    tested: str | None
    expertise: str | None
    bury: bool


Prepared = PreparedAttack | DomainError | ValueError
"""An attack prepared, or why it cannot be made."""


def prepare_or_refusal(session: FightSession, wanted: Wanted) -> Prepared:
    """``wanted`` prepared by ``session`` (in the worker), or the refusal it raised."""
    try:
        return session.prepare_attack(
            wanted.attacker,
            wanted.weapon,
            wanted.target,
            situation=wanted.situation,
            allies=wanted.allies,
            tested=wanted.tested,
            expertise=wanted.expertise,
            bury=wanted.bury,
        )
    except (DomainError, ValueError) as error:
        return error


def choices_and_prepared(
    session: FightSession,
    attacker: str,
    wanted: Wanted | None,
    first: Callable[[], object] | None = None,
) -> tuple[AttackerChoices | DomainError | None, tuple[Wanted, Prepared] | None]:
    """The attacker's choices and the attack the window offers with them, prepared, in one
    wait (after ``first()``, a write that goes before them: the roll just made logged)."""
    if first is not None:
        first()
    if not attacker:
        return None, None
    try:
        choices = session.attacker_choices(attacker)
    except DomainError as error:
        return error, None
    if wanted is None:
        return choices, None
    offered = _offered_next(session, choices, wanted)
    return choices, None if offered is None else (offered, prepare_or_refusal(session, offered))


def _offered_next(session: FightSession, choices: AttackerChoices, wanted: Wanted) -> Wanted | None:
    """The attack the window offers once it is filled with ``choices`` (as
    ``_fill_for_attacker`` fills it), from ``wanted``: the target kept while it stands, else the
    first foe; the weapon kept while the attacker has it, else the first; allies, expertise and
    (without the trait) Bury the Point cleared, as the refilled lists are. None: nothing to
    offer. The window checks it against what it then shows, and prepares again if it differs."""
    fight = session.state
    by = next((f for f in fight.combatants if f.name == wanted.attacker), None)
    if by is None or by.standing == "dead" or not choices.attacks:
        return None
    others = [f for f in fight.combatants if f.name != by.name and f.standing != "dead"]
    order = [f.name for f in others if f.side != by.side]
    order += [f.name for f in others if f.side == by.side]
    if not order:
        return None
    weapons = [attack.name for attack in choices.attacks]
    return replace(
        wanted,
        weapon=wanted.weapon if wanted.weapon in weapons else weapons[0],
        target=wanted.target if wanted.target in order else order[0],
        allies=(),
        expertise=None,
        bury=wanted.bury and choices.buries,
    )


@dataclass(frozen=True)
class AfterRoll:
    """What the attack step's job did after the attack was saved: the roll logged (or why
    not) and the choices read for the window (or why not)."""

    log_error: Exception | None
    read_error: Exception | None
    choices: AttackerChoices | DomainError | None
    guessed: tuple[Wanted, Prepared] | None


def log_then_read(
    session: FightSession,
    log_roll: Callable[[RollRecord], object],
    now: Callable[[], datetime],
    attacker: str,
    wanted: Wanted | None,
    made: AttackCommand,
) -> AfterRoll:
    """In the attack step's worker job, once it is saved: its roll logged, then the choices
    and the attack offered next read (each failure kept for the window to say)."""
    log_error: Exception | None = None
    try:
        log_roll(attack_roll_record(made.report, now()))
    except Exception as error:  # the attack is saved; the window says the roll is not logged
        log_error = error
    try:
        choices, guessed = choices_and_prepared(session, attacker, wanted)
    except Exception as error:  # read again on the GUI side
        return AfterRoll(log_error, error, None, None)
    return AfterRoll(log_error, None, choices, guessed)


__all__ = [
    "AfterRoll",
    "Prepared",
    "Wanted",
    "choices_and_prepared",
    "log_then_read",
    "prepare_or_refusal",
]
