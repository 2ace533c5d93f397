"""The Warriors of Krynn game tab: conflicts with battle dice typed in or rolled virtually, the
turn as a checklist, and the editable battle die faces."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from refkit.gui.games.spec import GameContext, GamePanel


def _build(context: GameContext) -> QWidget:
    from refkit.gui.games.warriors_of_krynn.panel import WarriorsOfKrynnPanel

    return WarriorsOfKrynnPanel(context)


GAME_PANEL = GamePanel(game_id="warriors-of-krynn", title="Warriors of Krynn", build=_build)
