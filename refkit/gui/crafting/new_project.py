"""The New crafting project dialog: an item from the catalogue (its crafting footer shown), the
crafters (the party at the table first), a name. Opened with ``open()``; ``chosen`` carries the
answer."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import plain_label
from refkit.rules.inventory.catalogue import CatalogueItem


class NewProjectDialog(QDialog):
    """Pick the item, the crafters and a name."""

    chosen = Signal(str, list, str)  # item, crafters, name ("" = the item's)

    def __init__(
        self,
        items: Sequence[CatalogueItem],
        crows: Sequence[str],
        at_table: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("new_crafting_project")
        self.setWindowTitle("New crafting project")
        self._items = list(items)
        self.item_combo = QComboBox()
        self.item_combo.setObjectName("craft_item")
        for entry in self._items:
            assert entry.crafting is not None
            self.item_combo.addItem(f"{entry.name} — {entry.crafting.text}", entry.name)
        self.footer = plain_label()
        self.footer.setObjectName("craft_item_footer")
        self.footer.setWordWrap(True)
        self.crafters = QListWidget()
        self.crafters.setObjectName("craft_crafters")
        table = {name.casefold() for name in at_table}
        for name in [*at_table, *(c for c in crows if c.casefold() not in table)]:
            item = QListWidgetItem(name + ("  (at the table)" if name.casefold() in table else ""))
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.crafters.addItem(item)
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("craft_project_name")
        self.name_edit.setPlaceholderText("blank: the item's name")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        form = QFormLayout()
        form.addRow("Item", self.item_combo)
        form.addRow("", self.footer)
        form.addRow("Crafters", self.crafters)
        form.addRow("Name", self.name_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(plain_label("The first crafter ticked receives what is made.", self))
        layout.addWidget(self.buttons)
        self.item_combo.currentIndexChanged.connect(self._show_footer)
        self.crafters.itemChanged.connect(self._update_ok)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self._order: list[str] = []
        self._show_footer()
        self._update_ok()

    def select_item(self, name: str) -> None:
        self.item_combo.setCurrentIndex(self.item_combo.findData(name))

    def tick(self, *names: str) -> None:
        for name in names:
            for row in range(self.crafters.count()):
                item = self.crafters.item(row)
                if item.data(Qt.ItemDataRole.UserRole) == name:
                    item.setCheckState(Qt.CheckState.Checked)

    def ticked(self) -> list[str]:
        """The crafters ticked, in the order they were ticked."""
        return list(self._order)

    def _show_footer(self) -> None:
        index = self.item_combo.currentIndex()
        if index < 0:
            self.footer.setText("The catalogue has no item with a crafting goal.")
            return
        crafting = self._items[index].crafting
        assert crafting is not None
        self.footer.setText(
            f"Needs {crafting.expertise} {crafting.uses}, {crafting.materials}; "
            f"goal {crafting.goal} points"
        )

    def _update_ok(self, changed: QListWidgetItem | None = None) -> None:
        if changed is not None:
            name = changed.data(Qt.ItemDataRole.UserRole)
            if changed.checkState() == Qt.CheckState.Checked and name not in self._order:
                self._order.append(name)
            elif changed.checkState() != Qt.CheckState.Checked and name in self._order:
                self._order.remove(name)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self._order) and self.item_combo.currentIndex() >= 0)

    def _accept(self) -> None:
        if not self._order:
            return
        self.chosen.emit(
            self.item_combo.currentData(), self.ticked(), self.name_edit.text().strip()
        )
        self.accept()
