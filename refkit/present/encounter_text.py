"""The words for an encounter check's outcome, where it was made: in a dungeon, a rest, travel.

A sign's encounter comes at a moment the referee picks: during the next DT in a dungeon (L435),
during the rest or just after it for a rest's check, and during the travel day for a travel
check (L954). Every front end (the session log, ``refkit encounter``) words it from here.
"""

from __future__ import annotations

from enum import StrEnum

from refkit.rules.encounters import EncounterCheck


class CheckPlace(StrEnum):
    """Where a check is made, which decides when a signalled encounter comes."""

    DUNGEON = "dungeon"
    REST = "rest"
    TRAVEL = "travel"


_SIGN_COMES = {
    CheckPlace.DUNGEON: "during the next DT",
    CheckPlace.REST: "during the rest or just after it",
    CheckPlace.TRAVEL: "during the travel day",
}


def sign_comes(place: CheckPlace) -> str:
    """When a signalled encounter comes: ``during the travel day``."""
    return _SIGN_COMES[place]


def check_outcome_text(check: EncounterCheck, place: CheckPlace = CheckPlace.DUNGEON) -> str:
    """``no encounter``, ``an encounter now`` or ``a sign now, the encounter <when>``."""
    if not check.encounter:
        return "no encounter"
    if check.immediate:
        return "an encounter now"
    return f"a sign now, the encounter {sign_comes(place)}"
