"""Warriors of Krynn (game id ``warriors-of-krynn``): conflicts and encounters, battle dice
entered by hand or rolled from an editable, unverified face table, battle helpers, and the turn
as a checklist. Pure: no Qt, no SQL; random sources are injected."""

from __future__ import annotations

from refkit.games.warriors_of_krynn.battle import LINES, LineState, apply_hits, attacking_side
from refkit.games.warriors_of_krynn.battle_dice import (
    BattleFace,
    BattleRoll,
    ConflictOdds,
    FaceTable,
    check_counts,
    conflict_odds,
    face_table_text,
    faces_from_rows,
    load_face_table,
    parse_face_table,
    roll_battle_dice,
)
from refkit.games.warriors_of_krynn.conflict import (
    ACTIONS_PER_TURN,
    GAME_ID,
    ConflictResult,
    conflict_dice,
    effective_difficulty,
    encounter_cost,
    move_stress,
    resolve_conflict,
    respite_allowed,
    respite_stress,
    woe_stress,
)
from refkit.games.warriors_of_krynn.phases import (
    EventCard,
    EventDraws,
    PhaseChecklist,
    Step,
    parse_phases,
    shipped_steps,
)

__all__ = [
    "ACTIONS_PER_TURN",
    "GAME_ID",
    "LINES",
    "BattleFace",
    "BattleRoll",
    "ConflictOdds",
    "ConflictResult",
    "EventCard",
    "EventDraws",
    "FaceTable",
    "LineState",
    "PhaseChecklist",
    "Step",
    "apply_hits",
    "attacking_side",
    "check_counts",
    "conflict_dice",
    "conflict_odds",
    "effective_difficulty",
    "encounter_cost",
    "face_table_text",
    "faces_from_rows",
    "load_face_table",
    "move_stress",
    "parse_face_table",
    "parse_phases",
    "resolve_conflict",
    "respite_allowed",
    "respite_stress",
    "roll_battle_dice",
    "shipped_steps",
    "woe_stress",
]
