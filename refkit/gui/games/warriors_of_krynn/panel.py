"""The Warriors of Krynn panel: conflicts, the turn checklist, and the battle die faces, as
three tabs sharing one face table."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from refkit.games.warriors_of_krynn import FaceTable, load_face_table, shipped_steps
from refkit.games.warriors_of_krynn.battle_dice import RESOURCE
from refkit.gui.games.spec import GameContext
from refkit.gui.games.warriors_of_krynn.conflict_tab import ConflictTab
from refkit.gui.games.warriors_of_krynn.faces_tab import FacesTab
from refkit.gui.games.warriors_of_krynn.turn_tab import TurnTab
from refkit.gui.games.warriors_of_krynn.widgets import ERROR, plain


def face_table_path() -> Path:
    """Where the user's own battle die faces live (the data folder, the resource's path)."""
    from refkit.store.location import data_dir

    return data_dir().joinpath(*RESOURCE)


class WarriorsOfKrynnPanel(QWidget):
    def __init__(
        self, context: GameContext, override: Path | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("warriors_of_krynn_panel")
        self.override = override if override is not None else face_table_path()
        table, problem = self._load_table()
        self.problem_label = plain(problem, colour=ERROR)
        self.problem_label.setObjectName("krynn_table_problem")
        self.problem_label.setVisible(bool(problem))

        self.conflict = ConflictTab(context, table)
        self.turn = TurnTab(shipped_steps())
        self.faces = FacesTab(table, self.override)
        self.faces.table_changed.connect(self._table_changed)
        from refkit.games.warriors_of_krynn.skirmish import RESOURCE as SKIRMISH
        from refkit.gui.games.warriors_of_krynn.table_tab import KrynnTableTab

        self.table = KrynnTableTab(context, self.override.parent.joinpath(SKIRMISH[-1]))

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(_scrolled(self.conflict), "Conflict")
        self.tabs.addTab(self.turn, "Turn")
        self.tabs.addTab(_scrolled(self.table), "Table")
        self.tabs.addTab(self.faces, "Faces")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.problem_label)
        column.addWidget(self.tabs)

    def _load_table(self) -> tuple[FaceTable, str]:
        """The user's face table, or the shipped one with a message saying why it was not used."""
        if self.override.exists():
            try:
                return load_face_table(self.override), ""
            except (OSError, ValueError) as problem:
                return load_face_table(), (
                    f"Your battle die faces could not be read, so the shipped ones are used: "
                    f"{problem}"
                )
        return load_face_table(), ""

    def _table_changed(self, table: FaceTable) -> None:
        self.problem_label.hide()
        self.conflict.set_table(table)


def _scrolled(widget: QWidget) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(widget)
    return scroll
