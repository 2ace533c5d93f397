"""Widower's Wood (game id ``widowers-wood``): d6 rolls with Boost, additional and discarded dice,
rerolls, attack against DEF, damage against ARM, stat challenges, hazard and spawn rolls, and
their exact odds. Pure: no Qt, no SQL; random sources are injected."""

from __future__ import annotations

from refkit.games.widowers_wood.odds import (
    attack_odds,
    challenge_odds,
    damage_odds,
    hazard_odds,
    kept_total_die,
    spawn_odds,
)
from refkit.games.widowers_wood.outcomes import (
    AttackResult,
    DamageResult,
    SpawnResult,
    continuous_effect_ends,
    damage_wounds,
    effective_defence,
    hazard_damage,
    push_back_knocks_down,
    reserve_colour,
    resolve_attack,
    resolve_challenge,
    resolve_damage,
    resolve_spawn,
    xp_for_wounds,
)
from refkit.games.widowers_wood.rolls import (
    GAME_ID,
    RollKind,
    RollPlan,
    discarded_positions,
    kept_faces,
    plan_for,
    reroll,
    roll_dice,
)

__all__ = [
    "GAME_ID",
    "AttackResult",
    "DamageResult",
    "RollKind",
    "RollPlan",
    "SpawnResult",
    "attack_odds",
    "challenge_odds",
    "continuous_effect_ends",
    "damage_odds",
    "damage_wounds",
    "discarded_positions",
    "effective_defence",
    "hazard_damage",
    "hazard_odds",
    "kept_faces",
    "kept_total_die",
    "plan_for",
    "push_back_knocks_down",
    "reroll",
    "reserve_colour",
    "resolve_attack",
    "resolve_challenge",
    "resolve_damage",
    "resolve_spawn",
    "roll_dice",
    "spawn_odds",
    "xp_for_wounds",
]
