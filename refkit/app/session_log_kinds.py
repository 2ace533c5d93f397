"""How each kind of session-log entry is named to the referee, in the panel and in an export.

Kept apart from the export (which reads the store) so the GUI can name kinds without loading the
database layer before it is needed.
"""

from __future__ import annotations

KIND_LABELS: dict[str, str] = {
    "dt_start": "DT start",
    "dt_end": "DT end",
    "usage_dice": "Usage dice",
    "encounter": "Encounter",
    "adjust": "Adjustment",
    "pause": "Pause",
    "resume": "Resume",
    "rest": "Rest",
    "effect": "Effect",
    "table_roll": "Table roll",
    "cast": "Cast",
    "fight": "Fight",
    "craft": "Crafting",
    "settings": "Settings",
    "note": "Note",
}
