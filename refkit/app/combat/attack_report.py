"""What an attack rolled and did (:class:`AttackReport`), and its one line for the fight log and
the roll log (moved out of :mod:`refkit.app.combat.fight_session`, which names them still)."""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.character.model import DamageOutcome
from refkit.rules.combat.attack import AttackOutcome
from refkit.rules.combat.damage import CreatureDamage
from refkit.rules.usage_dice import UsageDiceRoll


@dataclass(frozen=True)
class Hit:
    """Damage dealt to one combatant: a creature's (``creature``) or a crow's (``crow``)."""

    name: str
    amount: int
    piercing: bool
    creature: CreatureDamage | None = None
    crow: DamageOutcome | None = None

    @property
    def wounds_to_place(self) -> int:
        return self.crow.wounds_to_place if self.crow is not None else 0


@dataclass(frozen=True)
class AttackReport:
    """What an attack rolled and did, for the window and the command line."""

    attacker: str
    target: str
    weapon: str
    outcome: AttackOutcome
    faces: tuple[int, ...]
    seed: int | None
    hit: Hit | None
    stray: Hit | None
    counter_damage: int | None
    ammunition: UsageDiceRoll | None
    expertise: str | None
    opportunity: bool = False
    """An opportunity attack (L719): its miss offers the target no counter (L711)."""
    unused_dice: tuple[int, ...] = ()
    """Faces given outright that the attack did not need."""
    buried: bool = False
    """Bury the Point on a hit: the damage doubled, the weapon useless until fixed."""


def hit_text(hit: Hit) -> str:
    kind = " piercing" if hit.piercing else ""
    text = f"{hit.name} takes {hit.amount}{kind} damage"
    if hit.creature is not None and hit.creature.standing == "dead":
        text += ", and dies"
    elif hit.creature is not None and hit.creature.standing == "knocked_out":
        text += ", knocked out"
    if hit.wounds_to_place:
        text += f" ({hit.wounds_to_place} wound{'s' if hit.wounds_to_place != 1 else ''} to place)"
    return text


def attack_text(report: AttackReport) -> str:
    """One line for the log: who, with what, the tier, and what happened."""
    outcome = report.outcome
    test = outcome.test
    how = "makes an opportunity attack on" if report.opportunity else "attacks"
    head = f"{report.attacker} {how} {report.target} with {report.weapon}: "
    if test.crit:
        head += "crit, "
    elif test.doom:
        head += "doom, "
    parts: list[str] = []
    if report.hit is not None:
        parts.append(f"tier {test.tier} hit; {hit_text(report.hit)}")
    if report.buried:
        weapon = report.weapon.split(" (")[0]
        parts.append(f"Bury the Point: double damage, the {weapon} useless until fixed")
    else:
        parts.append("miss")
        if report.opportunity and outcome.test.tier == 1:
            parts.append(f"no counter for {report.target} (an opportunity attack, L711)")
    if outcome.counter_tier is not None:
        dealt = f" for {report.counter_damage}" if report.counter_damage is not None else ""
        parts.append(f"{report.target} may counter{dealt}")
    if report.stray is not None:
        parts.append(f"stray shot: {hit_text(report.stray)}")
    if outcome.extra_action:
        parts.append(f"{report.attacker} gains another action")
    if report.ammunition is not None:
        parts.append(f"ammunition {report.ammunition.before} → {report.ammunition.after} UD")
    return head + "; ".join(parts)
