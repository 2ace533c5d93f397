"""The fight's part of End DT: an ``on_turn_ended`` hook that runs the fight's DT-end step
(blessed, vulnerable and weakened end on the creatures, the knocked-out wake, L351) inside End
DT's one unit of work, so it is undone and redone with End DT as one step."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the fight's modules load with the fight (the window's later features)
    from refkit.app.combat.fight_session import FightSession
    from refkit.app.combat.fight_steps import FightStep


class FightAtDtEnd:
    """``service.on_turn_ended.append(FightAtDtEnd(lambda: services.fight))``.

    The session is asked for only when a DT ends and ``fight_stored()`` says a fight may be
    kept, so a ``refkit dt end`` with no fight ever started builds no bestiary (about 9 ms). A
    fight with no one in it, or one the DT's end leaves as it is, gets no step (and no
    session-log line)."""

    def __init__(
        self,
        session: Callable[[], FightSession],
        *,
        fight_stored: Callable[[], bool] = lambda: True,
    ) -> None:
        self._session = session
        self._fight_stored = fight_stored

    def __call__(self, service: object, result: object, rng: random.Random) -> FightStep | None:
        if not self._fight_stored():
            return None
        session = self._session()
        # End DT acts on the fight as it is stored, not on a copy another program (refkit
        # fight, a second window) has moved on since.
        session.reload()
        return self._ended(session)

    @staticmethod
    def _ended(session: FightSession) -> FightStep | None:
        if not session.state.combatants:
            return None
        step = session.dt_ended()
        if step.after == step.before:
            return None
        step.do()
        return step
