"""The viewers of the lookup's cards: an item card, a spell or a creature shows its labelled
lines (slots, damage, casting time, stamina…) above its notes; a rollable table shows its roll
ranges and results as a table. Each kind has its own viewer in the lookup window."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from refkit.games.reference import GAME_TITLES
from refkit.present.lookup_documents import KIND_NAMES, LookupDocument


class CardViewer(QWidget):
    """One card of one kind (``item``, ``spell`` or ``creature``): title, where it is from, its
    fields as a form, and its notes."""

    def __init__(self, kind: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.setObjectName(f"lookup_{kind}_viewer")
        self.document: LookupDocument | None = None
        self.title_label = _plain_label(f"lookup_{kind}_title")
        _make_title(self.title_label)
        self.where_label = _plain_label(f"lookup_{kind}_where")
        self.form = QFormLayout()
        self.form.setObjectName(f"lookup_{kind}_fields")
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.notes = _plain_label(f"lookup_{kind}_notes")
        self._rows: list[tuple[QLabel, QLabel]] = []
        """The form's rows as put in, read back from here: a layout item's wrapper taken from the
        form (``itemAt``) lives as long as the form's and, cleared first by the collector, would
        delete an item the form still holds (PYSIDE-2221)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.where_label)
        layout.addWidget(self.title_label)
        layout.addLayout(self.form)
        layout.addWidget(self.notes)
        layout.addStretch(1)

    def show_document(self, document: LookupDocument) -> None:
        self.document = document
        self.title_label.setText(document.title)
        self.where_label.setText(_where(document))
        while self.form.rowCount():
            self.form.removeRow(0)
        self._rows.clear()
        for label, value in document.fields:
            name = _plain_label("")
            name.setText(f"{label}:")
            shown = _plain_label("")
            shown.setText(value)
            self.form.addRow(name, shown)
            self._rows.append((name, shown))
        notes = _notes(document)
        self.notes.setText(notes)
        self.notes.setVisible(bool(notes))

    def field_texts(self) -> list[tuple[str, str]]:
        """The form as shown, (label, value) per row, for tests and screen readers."""
        return [(label.text().rstrip(":"), value.text()) for label, value in self._rows]


class TableViewer(QWidget):
    """A rollable table: its name, the dice to roll, what it is for, and every row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lookup_table_viewer")
        self.document: LookupDocument | None = None
        self.title_label = _plain_label("lookup_table_title")
        _make_title(self.title_label)
        self.where_label = _plain_label("lookup_table_where")
        self.roll_label = _plain_label("lookup_table_roll")
        self.description = _plain_label("lookup_table_description")
        self.rows = QTableWidget(0, 2)
        self.rows.setObjectName("lookup_table_rows")
        self.rows.setHorizontalHeaderLabels(["Roll", "Result"])
        self.rows.verticalHeader().setVisible(False)
        self.rows.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.rows.setWordWrap(True)
        header = self.rows.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.where_label)
        layout.addWidget(self.title_label)
        layout.addWidget(self.roll_label)
        layout.addWidget(self.description)
        layout.addWidget(self.rows, 1)

    def show_document(self, document: LookupDocument) -> None:
        self.document = document
        self.title_label.setText(document.title)
        self.where_label.setText(_where(document))
        self.roll_label.setText(" · ".join(f"{label}: {value}" for label, value in document.fields))
        self.description.setText(document.text)
        self.description.setVisible(bool(document.text))
        self.rows.setRowCount(len(document.rows))
        for number, (roll, result) in enumerate(document.rows):
            for column, text in enumerate((roll, result)):
                cell = QTableWidgetItem(text)  # items show their text as typed, never as markup
                cell.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                self.rows.setItem(number, column, cell)
        self.rows.resizeRowsToContents()
        self.rows.scrollToTop()


def _where(document: LookupDocument) -> str:
    game = GAME_TITLES.get(document.game, document.game)
    return f"{game} · {KIND_NAMES.get(document.kind, document.kind)} · {document.section}"


def _notes(document: LookupDocument) -> str:
    """A card's own words: its text without the field lines the form already shows."""
    shown = {f"{label}: {value}" for label, value in document.fields}
    return "\n".join(line for line in document.text.splitlines() if line not in shown).strip()


def _make_title(label: QLabel) -> None:
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.4)
    font.setBold(True)
    label.setFont(font)


def _plain_label(name: str) -> QLabel:
    label = QLabel()
    if name:
        label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label
