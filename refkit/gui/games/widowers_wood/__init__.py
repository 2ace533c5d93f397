"""The Widower's Wood game tab: its rolls with odds, dice drawn, results in the roll log."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from refkit.gui.games.spec import GameContext, GamePanel


def _build(context: GameContext) -> QWidget:
    from refkit.gui.games.widowers_wood.panel import WidowersWoodPanel

    return WidowersWoodPanel(context)


GAME_PANEL = GamePanel(game_id="widowers-wood", title="Widower's Wood", build=_build)
