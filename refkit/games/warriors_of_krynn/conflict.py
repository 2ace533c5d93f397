"""Warriors of Krynn conflicts and encounters: the dice pool, the difficulty after a mastered
ability, success, overkill and the stress woes cost; the action cost of an encounter."""

from __future__ import annotations

from dataclasses import dataclass

GAME_ID = "warriors-of-krynn"
ACTIONS_PER_TURN = 4


@dataclass(frozen=True)
class ConflictResult:
    dice: int
    difficulty: int  # after the mastered-ability discount
    hits: int
    woes: int
    success: bool
    overkill: bool  # hits beyond the difficulty; against a vile champion it wins equipment
    stress: int
    equipment: bool  # a vile champion overkilled gives an equipment card; a task does not


def _count(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} cannot be negative, got {value}")
    return value


def conflict_dice(actions: int, discards: int = 0) -> int:
    """Battle dice for a conflict: the actions invested (counted as at least 1, and no more than
    the four a hero has in a turn) plus the ability cards discarded."""
    invested = _count(actions, "actions")
    if invested > ACTIONS_PER_TURN:
        raise ValueError(
            f"actions: a hero has {ACTIONS_PER_TURN} actions a turn, so {invested} cannot be "
            "invested in one conflict"
        )
    return max(1, invested) + _count(discards, "discards")


def effective_difficulty(difficulty: int, mastered: bool) -> int:
    """The difficulty, one lower when the required ability is the hero's mastered one. It stops
    at 0 (the reference gives no floor; 0 still needs a roll, so woes can still come)."""
    base = _count(difficulty, "difficulty")
    return max(0, base - 1) if mastered else base


def woe_stress(woes: int, *, per_woe: bool = False) -> int:
    """Stress from woes. The reference says a woe rolled costs 1 stress: read by default as 1 if
    any woe came up; ``per_woe`` reads it as 1 for each woe instead (check your rulebook)."""
    count = _count(woes, "woes")
    return count if per_woe else min(1, count)


def resolve_conflict(
    *,
    actions: int,
    discards: int = 0,
    difficulty: int,
    mastered: bool = False,
    hits: int,
    woes: int,
    vile_champion: bool = True,
    stress_per_woe: bool = False,
) -> ConflictResult:
    dice = conflict_dice(actions, discards)
    needed = effective_difficulty(difficulty, mastered)
    hits = _count(hits, "hits")
    overkill = hits > needed
    return ConflictResult(
        dice=dice,
        difficulty=needed,
        hits=hits,
        woes=_count(woes, "woes"),
        success=hits >= needed,
        overkill=overkill,
        stress=woe_stress(woes, per_woe=stress_per_woe),
        equipment=overkill and vile_champion,
    )


def encounter_cost(value: int, *, mastered: bool = False, discards: int = 0) -> int:
    """Actions to activate a tile's power or refresh a shaken commander: the printed value, 1
    less for the mastered attribute, 1 less per ability card discarded, never below 0."""
    cost = _count(value, "value") - (1 if mastered else 0) - _count(discards, "discards")
    return max(0, cost)


def move_stress(leaving_vile_champion: bool) -> int:
    """Moving costs 1 action; leaving a tile that holds a vile champion also costs 1 stress."""
    return 1 if leaving_vile_champion else 0


def respite_allowed(dragon_army_units: int, vile_champions: int) -> bool:
    """A respite needs a tile free of Dragon Army units and vile champions."""
    return _count(dragon_army_units, "units") == 0 and _count(vile_champions, "champions") == 0


def respite_stress(stress: int) -> int:
    """Stress after choosing to lower it in a respite (by 2, not below 0)."""
    return max(0, _count(stress, "stress") - 2)
