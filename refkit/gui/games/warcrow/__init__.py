"""The Warcrow Adventures game tab: coloured symbol dice drawn, pools, odds, rolls, face to face."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from refkit.gui.games.spec import GameContext, GamePanel


def _build(context: GameContext) -> QWidget:
    from refkit.gui.games.warcrow.panel import WarcrowPanel

    return WarcrowPanel(context)


GAME_PANEL = GamePanel(game_id="warcrow", title="Warcrow Adventures", build=_build)
