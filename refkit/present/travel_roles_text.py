"""The travel-day form's words, Qt-free: the hirelings typed in one line, and a traveller's odds
of each tier for a role test at today's pace (its conditions counted)."""

from __future__ import annotations

from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.odds import test_odds
from refkit.rules.common.pace import Pace
from refkit.rules.travel.day import role_test_modifier
from refkit.rules.travel.roles import Task
from refkit.rules.travel.travel_day import ROLE_EDGES, Traveller


def parse_hirelings(text: str) -> list[Traveller]:
    """``Ivo=1,0,2; Mule=0,-3,3,animal``: hirelings and animals (agility, mind, strength)."""
    found = []
    for part in (p.strip() for p in text.replace("\n", ";").split(";")):
        if not part:
            continue
        name, sep, marks = part.partition("=")
        values = [v.strip() for v in marks.split(",")]
        human = True
        if len(values) == 4 and values[3].casefold() == "animal":
            human, values = False, values[:3]
        if not sep or not name.strip() or len(values) != 3:
            raise ValueError(f"hireling {part!r} should be NAME=AGILITY,MIND,STRENGTH[,animal]")
        try:
            agility, mind, strength = (int(v) for v in values)
        except ValueError:
            raise ValueError(f"hireling {part!r}: characteristics are whole numbers") from None
        found.append(Traveller(name.strip(), agility, mind, strength, human=human))
    return found


def odds_text(traveller: Traveller, task: Task, tested: str, pace: Pace) -> str:
    """The chance of each tier for the traveller's test today (pace and conditions counted)."""
    edges, banes = ROLE_EDGES[role_test_modifier(pace)]
    effect = conditions_on_test(traveller.conditions, tested)
    odds = test_odds(
        traveller.characteristic(tested),
        edges=edges + effect.edges,
        banes=banes + effect.banes,
        forced=effect.forced,
    )

    def pct(value: object) -> str:
        return f"{float(value) * 100:.0f}%"  # type: ignore[arg-type]

    return f"T3 {pct(odds.tier3)} · T2 {pct(odds.tier2)} · T1 {pct(odds.tier1)}"
