"""The fight session of one database, as the window and the command line both build it: the
bestiary with the referee's stored creatures, the fight kept in the database, its steps in the
session log, and each step written in one unit of work. The composition root
(:mod:`refkit.compose`, ``fight_session_on``) hands in the store's repositories."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from refkit.app.character_service import CharacterService
from refkit.app.combat.bestiary import Bestiary
from refkit.app.combat.fight_session import FightSession
from refkit.app.combat.fight_store import FightRows, StoredFight
from refkit.app.combat.session_log import SessionFightLog
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.app.ports import SessionLog


def fight_session_from(
    characters: CharacterService,
    *,
    bestiary: Bestiary,
    session_log: SessionLog,
    fights: FightRows,
    rng_factory: Callable[[int | None], tuple[random.Random, int]],
    current_dt: Callable[[], int],
    clock: Callable[[], datetime],
    prompts: WoundPrompts | None = None,
) -> FightSession:
    """The fight of a database, read from ``fights`` and saved to it at every step, its steps
    in ``session_log``; wounds a hit leaves on a crow wait in ``prompts`` (the window's, so its
    sheet hears of them)."""
    return FightSession(
        characters,
        bestiary,
        rng_factory=rng_factory,
        log=SessionFightLog(session_log, current_dt, clock),
        store=StoredFight(fights),
        prompts=prompts if prompts is not None else WoundPrompts(characters.repository),
    )
