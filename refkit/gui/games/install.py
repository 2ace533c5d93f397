"""Registers the Games tab: one dock, tabbed with the Dice panel, holding every game module's tab.

The game packages (``refkit.gui.games.<id>``) are found and the panel built only when the dock is
first shown, so they cost the start-up nothing. Game rolls go
through the context's ``log_roll`` into the roll log.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from refkit.gui.shell.panel_registry import FeatureContext, PanelId, PanelRegistry, PanelSpec


def build_games_panel(context: FeatureContext) -> QWidget:
    """The Games panel with every installed game module's tab (none: it says so)."""
    from refkit.app.versioned import StateValues
    from refkit.gui.games.hub import GamesPanel
    from refkit.gui.games.spec import GameContext, discover_game_panels

    def state_values() -> StateValues | None:
        services = context.services()
        return (
            None if services is None or not services.database_is_open else services.versioned_meta
        )

    games = GameContext(
        make_rng=context.make_rng,
        now=context.now,
        log_roll=context.log_roll,
        undo_stack=context.undo_stack,
        state_values=state_values,
        when_ready=context.when_ready,
        follow_changes=context.follow_changes,
    )
    return GamesPanel(discover_game_panels(), games)


def register(registry: PanelRegistry, context: FeatureContext) -> None:
    """Dock the Games tab beside the Dice panel, with a View-menu entry (Alt+3)."""
    registry.add_panel(
        PanelSpec(
            PanelId.GAMES,
            "Games",
            lambda: build_games_panel(context),
            Qt.DockWidgetArea.LeftDockWidgetArea,
            tabify_with=PanelId.DICE,
            go_to="Go to &Games",
            shortcut="Alt+3",
            build_when_idle=False,  # the game modules cost nothing until the tab is looked at
        )
    )
