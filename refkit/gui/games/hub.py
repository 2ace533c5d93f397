"""The Games panel: one tab per game module, each built the first time it is shown."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from refkit.gui.games.spec import GameContext, GamePanel


class GamesPanel(QTabWidget):
    """Tabs for the other games; a tab's widget is built on first show, so start-up stays fast."""

    def __init__(
        self, panels: Sequence[GamePanel], context: GameContext, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("games_panel")
        self.setDocumentMode(True)
        self._context = context
        self._panels = tuple(panels)
        self._built: dict[str, QWidget] = {}
        for panel in self._panels:
            holder = QWidget()
            holder.setObjectName(f"game_tab_{panel.game_id}")
            QVBoxLayout(holder).setContentsMargins(0, 0, 0, 0)
            self.addTab(holder, panel.title)
        if not self._panels:
            empty = QLabel("No other games are installed.")
            empty.setTextFormat(Qt.TextFormat.PlainText)
            empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.addTab(empty, "Games")
        self.currentChanged.connect(self._build_tab)
        self._build_tab(self.currentIndex())

    def game_ids(self) -> tuple[str, ...]:
        return tuple(panel.game_id for panel in self._panels)

    def show_game(self, game_id: str) -> QWidget:
        """Bring ``game_id``'s tab forward (building it if need be) and return its widget."""
        for index, panel in enumerate(self._panels):
            if panel.game_id == game_id:
                self.setCurrentIndex(index)
                self._build_tab(index)
                return self._built[game_id]
        known = ", ".join(self.game_ids()) or "none"
        raise KeyError(f"no game {game_id!r} (games: {known})")

    def _build_tab(self, index: int) -> None:
        if not 0 <= index < len(self._panels):
            return
        panel = self._panels[index]
        if panel.game_id in self._built:
            return
        widget = panel.build(self._context)
        holder = self.widget(index)
        layout = holder.layout()
        assert layout is not None
        layout.addWidget(widget)
        self._built[panel.game_id] = widget
