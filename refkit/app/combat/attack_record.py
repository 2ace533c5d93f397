"""An attack made in the fight as a roll-log record (kind ``attack``), the way ``refkit attack``
logs one: the 2d10 and what they were added to, the faces rolled, and the outcome in one line."""

from __future__ import annotations

from datetime import datetime

from refkit.app.combat.fight_session import AttackReport, attack_text
from refkit.dice.records import RollRecord

KIND_ATTACK = "attack"


def attack_roll_record(report: AttackReport, rolled_at: datetime) -> RollRecord:
    test = report.outcome.test
    added = test.total - test.natural
    return RollRecord(
        kind=KIND_ATTACK,
        expression=f"Attack: 2d10{added:+d}",
        faces=report.faces,
        total=test.total,
        seed=report.seed,
        rolled_at=rolled_at,
        summary=attack_text(report),
        detail={
            "attacker": report.attacker,
            "target": report.target,
            "weapon": report.weapon,
            "tier": test.tier,
            "crit": test.crit,
            "doom": test.doom,
            "hit": report.outcome.hit,
            "damage": report.outcome.damage,
            "reasons": list(report.outcome.modifiers.reasons),
        },
    )
