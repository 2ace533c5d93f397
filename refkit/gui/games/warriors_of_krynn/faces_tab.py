"""The faces tab: the battle die's faces as an editable table, saved to the data folder as the
user's own face table; the shipped one is a placeholder and says so."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from refkit.games.warriors_of_krynn import FaceTable, face_table_text, faces_from_rows
from refkit.games.warriors_of_krynn.battle_dice import LABEL_LIMIT, MAX_PER_FACE, load_face_table
from refkit.games.warriors_of_krynn.die_file import MAX_FACES, MIN_FACES
from refkit.gui.games.warriors_of_krynn.widgets import ERROR, GOOD, WARNING, plain, spin


class FacesTab(QWidget):
    """Rows of label / hits / woes. ``table_changed`` fires with the new FaceTable once saved."""

    table_changed = Signal(object)

    def __init__(self, table: FaceTable, override: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._override = override
        self._note = table.note
        self.warning_label = plain(colour=WARNING)
        self.source_label = plain()
        self.source_label.setObjectName("krynn_faces_source")
        self.grid = QTableWidget(0, 3)
        self.grid.setObjectName("krynn_faces")
        self.grid.setHorizontalHeaderLabels(["Label", "Hits", "Woes"])
        self.grid.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verified_box = QCheckBox("These faces match my dice (verified)")
        self.add_button = QPushButton("Add face")
        self.remove_button = QPushButton("Remove face")
        self.save_button = QPushButton("Save faces")
        self.save_button.setObjectName("krynn_save_faces")
        self.shipped_button = QPushButton("Use shipped faces")
        self.status_label = plain()
        self.status_label.setObjectName("krynn_faces_status")

        column = QVBoxLayout(self)
        column.addWidget(self.warning_label)
        column.addWidget(self.source_label)
        column.addWidget(self.grid, 1)
        column.addWidget(self.verified_box)
        rows = QHBoxLayout()
        rows.addWidget(self.add_button)
        rows.addWidget(self.remove_button)
        column.addLayout(rows)
        files = QHBoxLayout()
        files.addWidget(self.save_button)
        files.addWidget(self.shipped_button)
        column.addLayout(files)
        column.addWidget(self.status_label)

        self.add_button.clicked.connect(lambda: self._add_row("", 0, 0))
        self.remove_button.clicked.connect(self._remove_row)
        self.save_button.clicked.connect(self.save)
        self.shipped_button.clicked.connect(self.use_shipped)
        self.show_table(table)

    def show_table(self, table: FaceTable) -> None:
        self.grid.setRowCount(0)
        for face in table.faces:
            self._add_row(face.label, face.hits, face.woes)
        self.verified_box.setChecked(table.verified)
        self._note = table.note
        self.warning_label.setText(
            ""
            if table.verified
            else "Unverified: these faces are a stand-in, not the real battle die. Check them "
            "against your dice and correct them."
        )
        self.warning_label.setVisible(not table.verified)
        self.source_label.setText(f"From {table.source}")

    def _add_row(self, label: str, hits: int, woes: int) -> None:
        if self.grid.rowCount() >= MAX_FACES:
            self._say(f"A die has at most {MAX_FACES} faces.", ERROR)
            return
        row = self.grid.rowCount()
        self.grid.insertRow(row)
        name = QLineEdit(label)
        name.setMaxLength(LABEL_LIMIT)
        name.setFrame(False)
        self.grid.setCellWidget(row, 0, name)
        self.grid.setCellWidget(row, 1, spin(0, MAX_PER_FACE, hits, f"krynn_face_hits_{row}"))
        self.grid.setCellWidget(row, 2, spin(0, MAX_PER_FACE, woes, f"krynn_face_woes_{row}"))

    def _remove_row(self) -> None:
        row = self.grid.currentRow()
        if row < 0:
            row = self.grid.rowCount() - 1
        if self.grid.rowCount() <= MIN_FACES:
            self._say(f"A die needs at least {MIN_FACES} faces.", ERROR)
            return
        self.grid.removeRow(row)

    def rows(self) -> list[tuple[int, int, str]]:
        found = []
        for row in range(self.grid.rowCount()):
            name = self.grid.cellWidget(row, 0)
            hits = self.grid.cellWidget(row, 1)
            woes = self.grid.cellWidget(row, 2)
            found.append((hits.value(), woes.value(), name.text().strip()))  # type: ignore[union-attr]
        return found

    def save(self) -> None:
        """Write the faces to the user's face table; a failure is said here, nothing half-done."""
        try:
            table = faces_from_rows(
                self.rows(), verified=self.verified_box.isChecked(), note=self._note
            )
            self._override.parent.mkdir(parents=True, exist_ok=True)
            partial = self._override.with_suffix(".toml.partial")
            partial.write_text(face_table_text(table), encoding="utf-8")
            partial.replace(self._override)
            saved = load_face_table(self._override)
        except (OSError, ValueError) as problem:
            self._say(f"Could not save the faces: {problem}", ERROR)
            return
        self.show_table(saved)
        self._say(f"Saved to {self._override}", GOOD)
        self.table_changed.emit(saved)

    def use_shipped(self) -> None:
        """Drop the user's face table and go back to the shipped placeholder."""
        try:
            if self._override.exists():
                self._override.unlink()
            table = load_face_table()
        except (OSError, ValueError) as problem:
            self._say(f"Could not go back to the shipped faces: {problem}", ERROR)
            return
        self.show_table(table)
        self._say("Using the shipped placeholder faces.", WARNING)
        self.table_changed.emit(table)

    def _say(self, text: str, colour: str) -> None:
        self.status_label.setText(text)
        self.status_label.setStyleSheet(f"color: {colour};")
