"""The fight session of one database, as the window and the command line both build it: the
bestiary with the referee's stored creatures, the fight kept in the database, its steps in the
session log, and each step written in one unit of work."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from refkit.app.character_service import CharacterService
from refkit.app.combat.bestiary import Bestiary
from refkit.app.combat.fight_session import FightSession
from refkit.app.combat.fight_store import StoredFight
from refkit.app.combat.session_log import SessionFightLog
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.store.combat_store import BestiaryRepository, FightRepository
from refkit.store.database import Database
from refkit.store.session_log import SessionLogRepository


def bestiary_on(database: Database) -> Bestiary:
    """Refkit's example creatures and the referee's own, kept in ``database``."""
    return Bestiary.shipped(BestiaryRepository(database))


def fight_session_on(
    database: Database,
    characters: CharacterService,
    *,
    rng_factory: Callable[[int | None], tuple[random.Random, int]],
    current_dt: Callable[[], int],
    clock: Callable[[], datetime],
    prompts: WoundPrompts | None = None,
) -> FightSession:
    """The fight of ``database``, read from it and saved to it at every step; wounds a hit
    leaves on a crow wait in ``prompts`` (the window's, so its sheet hears of them)."""
    return FightSession(
        characters,
        bestiary_on(database),
        rng_factory=rng_factory,
        log=SessionFightLog(SessionLogRepository(database), current_dt, clock),
        store=StoredFight(FightRepository(database)),
        unit_of_work=database.unit_of_work,
        prompts=prompts if prompts is not None else WoundPrompts(characters.repository),
    )
