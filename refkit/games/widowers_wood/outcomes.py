"""What a Widower's Wood roll means: a hit against DEF, wounds against ARM, a challenge passed, a
hazard's damage, the villain and passage a spawn roll picks, and the small 1d6 checks."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from refkit.games.widowers_wood.rolls import SIDES, RollKind, RollPlan, kept_faces

COVER_DEF = 2
"""Cover (a tree space, or water for an amphibious character) adds this to DEF against ranged
attacks; Camouflage adds one more while in cover."""
SEVERE_MARGIN = 5
"""A damage roll beating ARM by this much or more is severe: two wounds instead of one."""

Colour = Literal["red", "blue"]


@dataclass(frozen=True)
class AttackResult:
    hit: bool
    automatic: bool
    total: int | None  # None when no roll was needed
    defence: int


@dataclass(frozen=True)
class DamageResult:
    total: int
    margin: int
    wounds: int  # 0, 1 (normal) or 2 (severe)

    @property
    def severity(self) -> str:
        return ("no damage", "normal", "severe")[self.wounds]


@dataclass(frozen=True)
class SpawnResult:
    type_index: int
    passage: int
    villain: str | None  # the villain type the chapter gives that index, when it is known


def _face(value: int, label: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= SIDES:
        raise ValueError(f"{label}: {value!r} is not a face of a d6")
    return value


def effective_defence(
    defence: int, *, ranged: bool = False, cover: bool = False, camouflage: bool = False
) -> int:
    """DEF as a ranged attack meets it: cover counts only against ranged attacks."""
    if not (ranged and cover):
        return defence
    return defence + COVER_DEF + (1 if camouflage else 0)


def resolve_attack(
    faces: Sequence[int] | None,
    plan: RollPlan,
    *,
    accuracy: int,
    defence: int,
    ranged: bool = False,
    cover: bool = False,
    camouflage: bool = False,
    auto_hit: bool = False,
    auto_miss: bool = False,
) -> AttackResult:
    """2d6 + ACC against DEF: a hit when the total reaches DEF. A knocked-down target or an AOE
    hits with no roll; when an auto-hit and an auto-miss both apply, the hit wins."""
    needed = effective_defence(defence, ranged=ranged, cover=cover, camouflage=camouflage)
    if auto_hit or auto_miss:
        return AttackResult(hit=auto_hit, automatic=True, total=None, defence=needed)
    if plan.kind is not RollKind.ATTACK:
        raise ValueError(f"an attack needs an attack roll, not a {plan.kind.value} roll")
    if faces is None:
        raise ValueError("an attack that is not automatic needs its dice")
    total = sum(kept_faces(plan, faces)) + accuracy
    return AttackResult(hit=total >= needed, automatic=False, total=total, defence=needed)


def damage_wounds(total: int, armour: int) -> int:
    """Wounds from a damage total against ARM: none at or under ARM, 1 for a margin of 1–4,
    2 for 5 or more."""
    margin = total - armour
    if margin <= 0:
        return 0
    return 2 if margin >= SEVERE_MARGIN else 1


def resolve_damage(
    faces: Sequence[int], plan: RollPlan, *, power: int, armour: int
) -> DamageResult:
    if plan.kind is not RollKind.DAMAGE:
        raise ValueError(f"damage needs a damage roll, not a {plan.kind.value} roll")
    total = sum(kept_faces(plan, faces)) + power
    return DamageResult(total=total, margin=total - armour, wounds=damage_wounds(total, armour))


def resolve_challenge(
    faces: Sequence[int], plan: RollPlan, *, stat: int, target: int
) -> tuple[int, bool]:
    """A stat challenge (``STR 12``): the total and whether it reaches the target number."""
    if plan.kind is not RollKind.CHALLENGE:
        raise ValueError(f"a challenge needs a challenge roll, not a {plan.kind.value} roll")
    total = sum(kept_faces(plan, faces)) + stat
    return total, total >= target


def hazard_damage(die: int) -> int:
    """A hazard roll deals 1 damage on a 5 or 6."""
    return 1 if _face(die, "hazard die") >= 5 else 0


def resolve_spawn(
    type_die: int, passage_die: int, villains: Mapping[int, str] | None = None
) -> SpawnResult:
    """The spawn roll: one die picks the villain type (its index token), the other the passage.
    ``villains`` is the chapter's index → villain type (one type may hold several indices)."""
    index = _face(type_die, "type die")
    passage = _face(passage_die, "passage die")
    return SpawnResult(index, passage, (villains or {}).get(index))


def reserve_colour(red_left: int, blue_left: int, priority: Colour) -> Colour:
    """The colour of the miniature a spawn places: the colour with more left in the reserve, the
    round's priority colour on a tie."""
    if red_left < 0 or blue_left < 0:
        raise ValueError("a reserve cannot hold fewer than 0 miniatures")
    if red_left == blue_left:
        return priority
    return "red" if red_left > blue_left else "blue"


@dataclass(frozen=True)
class SpawnDecision:
    """What a spawn roll does at the table: take a miniature of ``take`` to the passage, or —
    when the type cannot be generated (its reserve is empty, or the passage is gone) — take
    nothing (``take`` is None) and activate the villain of that type farthest from any hero."""

    type_index: int
    passage: int
    villain: str | None
    take: Colour | None
    passage_gone: bool

    @property
    def activate_farthest(self) -> bool:
        return self.take is None


def decide_spawn(
    type_die: int,
    passage_die: int,
    *,
    red_left: int,
    blue_left: int,
    priority: Colour | None,
    villains: Mapping[int, str] | None = None,
    passages_gone: Collection[int] = (),
) -> SpawnDecision:
    """The spawn roll read against the rolled type's reserve and the board's passages.

    An empty reserve or a passage that no longer exists means the type cannot be generated; the
    priority colour is needed only when both colours are left in equal numbers."""
    spawn = resolve_spawn(type_die, passage_die, villains)
    for passage in passages_gone:
        _face(passage, "a passage that is gone")
    gone = spawn.passage in set(passages_gone)
    if red_left < 0 or blue_left < 0:
        raise ValueError("a reserve cannot hold fewer than 0 miniatures")
    take: Colour | None = None
    if not gone and red_left + blue_left > 0:
        if red_left == blue_left and priority is None:
            raise ValueError(
                f"the reserve holds {red_left} red and {blue_left} blue: the round's "
                "priority colour decides, and none was given"
            )
        take = reserve_colour(red_left, blue_left, priority or "red")
    return SpawnDecision(spawn.type_index, spawn.passage, spawn.villain, take, gone)


def continuous_effect_ends(die: int) -> bool:
    """Each continuous-effect token is discarded on a 1 or 2 at the start of the turn."""
    return _face(die, "continuous-effect die") <= 2


def push_back_knocks_down(die: int) -> bool:
    """The Push Back feat knocks the villain down on a 4–6."""
    return _face(die, "push back die") >= 4


def xp_for_wounds(wounds: int, health: int) -> int:
    """XP for one attack: a point per Health the villain loses, and Health stops at 0."""
    if wounds < 0 or health < 0:
        raise ValueError("wounds and health cannot be negative")
    return min(wounds, health)
