"""The dungeon-turn panel's link to the players' window: shown and hidden with the panel's
button, given the fight and the map page the players may see, placed on the screen chosen, and
kept showing the clock (part of :class:`~refkit.gui.dungeon.turn_panel.DungeonTurnPanel`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from refkit.present.clock_face import warning_threshold_reached

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QToolButton

    from refkit.app.combat.fight_view import PlayersFight
    from refkit.gui.dungeon.players_options import PlayersOptions
    from refkit.gui.dungeon.players_window import PlayersWindow
    from refkit.gui.dungeon.session import DungeonTurnSession


class PlayersWindowLink:
    """The players' window of the DT panel (see the module docstring)."""

    # What the panel provides (declared only, for the type checker).
    session: DungeonTurnSession
    players_window: PlayersWindow | None
    players_button: QToolButton
    _players_fight: PlayersFight | None
    _players_map_page: Callable[[], QWidget] | None
    _players_options: PlayersOptions
    _settings: QSettings | None

    def set_players_map_page(self, page: Callable[[], QWidget] | None) -> None:
        """Offer the players' window a map page (the travel feature's), made when first needed."""
        self._players_map_page = page
        if self.players_window is not None:
            self.players_window.set_map_page(page() if page is not None else None)

    def set_players_fight(self, fight: PlayersFight | None) -> None:
        """The fight as the players may see it (None: no fight), kept for the players' window."""
        self._players_fight = fight
        if self.players_window is not None:
            self.players_window.show_fight(fight)

    def set_players_window_shown(self, shown: bool) -> None:
        if shown:
            if self.players_window is None:
                from refkit.gui.dungeon.players_window import PlayersWindow

                self.players_window = PlayersWindow(self._players_options, self._referee())
                self.players_window.closed.connect(lambda: self.players_button.setChecked(False))
                self.players_window.show_fight(self._players_fight)
                if self._players_map_page is not None:
                    self.players_window.set_map_page(self._players_map_page())
            self._update_players()
            self.players_window.place()
        elif self.players_window is not None:
            self.players_window.hide()
        if self.players_button.isChecked() != shown:
            self.players_button.setChecked(shown)

    def _referee(self) -> QWidget:
        """The referee's window (the top ancestor: a floating dock is a window of its own, but
        the referee's actions live on the main window)."""
        top: QWidget = self  # type: ignore[assignment]  # the panel is a QWidget
        while top.parentWidget() is not None:
            top = top.parentWidget()
        return top

    def toggle_players_window(self) -> None:
        self.set_players_window_shown(not self.players_button.isChecked())

    def set_players_options(self, options: PlayersOptions) -> None:
        moved = options.screen_name != self._players_options.screen_name or (
            options.full_screen != self._players_options.full_screen
        )
        self._players_options = options
        if self._settings is not None:
            options.save(self._settings)
        if self.players_window is not None:
            self.players_window.set_options(options)
            if moved and self.players_window.isVisible():
                self.players_window.place()

    def _update_players(self) -> None:
        window = self.players_window
        view = self.session.view()
        if window is None or view is None or not window.isVisible():
            return
        now = self.session.now()
        warning = (
            warning_threshold_reached(view.clock, now, view.settings.warning_thresholds_s)
            is not None
        )
        from refkit.gui.dungeon.players_window import players_view  # imported with the window

        window.show_view(players_view(view.clock, view.effects, now, warning=warning))
