"""Stworze's tab: a card-draw test with its exact odds, the Event countdown dice and the village
tally (see :mod:`.panel`)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from refkit.gui.games.spec import GameContext, GamePanel


def build(context: GameContext) -> QWidget:
    from refkit.gui.games.stworze.panel import StworzePanel
    from refkit.store.location import data_dir

    return StworzePanel(context, data_dir())


GAME_PANEL = GamePanel(game_id="stworze", title="Stworze", build=build)
