"""The board's "Light it": a crow's torch or lantern lit as a tracked light of the dungeon turn."""

from __future__ import annotations

from refkit.app.dungeon.carried_lights import light_refusal
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.rules.character.model import Character
from refkit.rules.dungeon.effects import TrackedEffect
from refkit.rules.inventory.model import Item


class SessionLighter:
    """Lights items through the DT session (an ``ItemLighter`` for the inventory board)."""

    def __init__(self, session: DungeonTurnSession) -> None:
        self._session = session

    def refusal(self, crow: Character, item: Item) -> str | None:
        view = self._session.view()
        refused = light_refusal(crow, item, view.effects if view is not None else ())
        if refused == "" and view is None:
            return "The dungeon turn is still loading; try again in a moment"
        return refused

    def light(self, crow: str, item_id: str) -> TrackedEffect | None:
        return self._session.light_item(crow, item_id)
