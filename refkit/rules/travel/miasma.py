"""The Miasma: the resistance test after a rest, cruelty, and the Miasma effects roll (§9.6).

Each human who finishes a rest in the Miasma tests 2d10 + Mind, less one per cruelty level, with
any edges from Fight the Miasma. Tier 1: one more cruelty level, then 1d10 + the new level on the
Miasma effects table (13 and above ends the crow's career as a player character). Tier 2: nothing.
Tier 3: either clear all cruelty, or raise another resting human's result one tier; everyone
rolls before any raise is applied (fact sheet §15 E7). A rest away from the Miasma clears cruelty.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from refkit.dice.notation import parse_notation
from refkit.rules.checks.crows_test import TestResult, check_die, resolve_test
from refkit.rules.tables.model import RollableTable, TableRoll, roll_table, row_for

CLAIMED_FROM = 13
"""An effects index of this or more: the Miasma claims the crow (fact sheet §9.6)."""


def _check_cruelty(cruelty: int) -> None:
    if isinstance(cruelty, bool) or not isinstance(cruelty, int) or cruelty < 0:
        raise ValueError(f"cruelty must be a whole number from 0 up, got {cruelty!r}")


@dataclass(frozen=True)
class MiasmaTest:
    """One human's resistance test after a rest in the Miasma, and what came of it."""

    traveller: str
    test: TestResult
    tier: int
    """The final tier: the test's, raised by one when another human's tier 3 lifted it."""
    cruelty_before: int
    cruelty: int
    effects: TableRoll | None = None
    raised_by: str | None = None
    raises: str | None = None
    """Who this human's tier 3 lifted instead of clearing its own cruelty."""
    unused_effects_die: int | None = None
    """An effects die given outright that the test turned out not to need (tier 2 or 3): a
    script rolls its dice ahead, so it is kept and reported, never refused."""

    @property
    def claimed(self) -> bool:
        """The Miasma ends this crow's career as a player character."""
        return self.effects is not None and self.effects.index >= CLAIMED_FROM


@dataclass(frozen=True)
class MiasmaRoller:
    """One resting human: name, Mind, cruelty, and edges from Fight the Miasma."""

    traveller: str
    mind: int
    cruelty: int
    edges: int = 0
    effects_held: tuple[str, ...] = ()
    """The Miasma effects (rows' texts) already affecting this human: a roll landing on one of
    them is rolled again for a different pair (L938)."""


def _held(roll: TableRoll, held: Sequence[str]) -> bool:
    return roll.text in held or roll.row.text in held


def _new_pair(
    roll: TableRoll, table: RollableTable, rng: random.Random, cruelty: int, held: Sequence[str]
) -> TableRoll:
    """``roll``, or when its pair already affects the human, a roll again for a different pair
    (L938). When every row the dice can reach is already held there is no different result,
    and the first roll stands."""
    if not _held(roll, held):
        return roll
    expression = parse_notation(table.dice)
    reachable = {
        row_for(table, total + cruelty)[0]
        for total in range(expression.min(), expression.max() + 1)
        if not _row_held(table, total + cruelty, held)
    }
    if not reachable:
        return roll
    while _held(roll, held):
        roll = roll_table(table, rng, modifier=cruelty)
    return roll


def _row_held(table: RollableTable, index: int, held: Sequence[str]) -> bool:
    return row_for(table, index)[1].text in held


def resist_miasma(
    rollers: Sequence[MiasmaRoller],
    table: RollableTable,
    rng: random.Random,
    *,
    dice: Mapping[str, tuple[int, int]] | None = None,
    effects_dice: Mapping[str, int] | None = None,
    raises: Mapping[str, str] | None = None,
) -> tuple[MiasmaTest, ...]:
    """Every human's resistance test, then the raises, then cruelty and the effects rolls.

    ``dice`` and ``effects_dice`` give faces outright by name (else ``rng`` rolls them, in the
    order of ``rollers``: the test's two d10, then the effects d10 when one is needed); ``raises``
    maps a human whose tier 3 lifts another to that other's name.
    """
    dice = dict(dice or {})
    effects_dice = dict(effects_dice or {})
    raises = dict(raises or {})
    names = [roller.traveller for roller in rollers]
    for name in (*dice, *effects_dice):
        if name not in names:
            raise ValueError(f"dice are given for {name}, who makes no Miasma test")
    tests: dict[str, TestResult] = {}
    for roller in rollers:
        _check_cruelty(roller.cruelty)
        faces = dice.get(roller.traveller) or (rng.randint(1, 10), rng.randint(1, 10))
        tests[roller.traveller] = resolve_test(
            faces[0], faces[1], roller.mind, edges=roller.edges, bonuses=(-roller.cruelty,)
        )
    raised_by: dict[str, str] = {}
    for lifter, target in raises.items():
        if lifter not in tests:
            raise ValueError(f"{lifter} makes no Miasma test, so cannot raise another's")
        if target not in tests or target == lifter:
            raise ValueError(f"{lifter} can raise only another human who rested and tested")
        if tests[lifter].tier != 3:
            raise ValueError(f"{lifter} needs tier 3 to raise {target}'s result")
        if target in raised_by:
            raise ValueError(f"{target}'s result is raised once at most")
        raised_by[target] = lifter
    results = []
    for roller in rollers:
        name = roller.traveller
        test = tests[name]
        tier = min(3, test.tier + (1 if name in raised_by else 0))
        cruelty = roller.cruelty
        effects: TableRoll | None = None
        unused = None
        if tier != 1 and name in effects_dice:
            unused = effects_dice[name]
            check_die(f"Miasma effects die for {name}", unused, 10)
        if tier == 1:
            cruelty += 1  # the new level counts on this very roll (§15 E8)
            given = effects_dice.get(name)
            if given is not None:
                check_die(f"Miasma effects die for {name}", given, 10)
            effects = _new_pair(
                roll_table(table, rng, total=given, modifier=cruelty),
                table,
                rng,
                cruelty,
                roller.effects_held,
            )
        elif tier == 3 and name not in raises:
            cruelty = 0
        results.append(
            MiasmaTest(
                traveller=name,
                test=test,
                tier=tier,
                cruelty_before=roller.cruelty,
                cruelty=cruelty,
                effects=effects,
                raised_by=raised_by.get(name),
                raises=raises.get(name),
                unused_effects_die=unused,
            )
        )
    return tuple(results)
