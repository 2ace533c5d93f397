"""The item catalogue: search Refkit's gear and the players' own, preview a card, add it.

The 136 Playtest 2 cards are many for one list: a kind filter (weapons, armour, light, tools,
alchemy, spellbooks, …) narrows it beside the search, which also finds weapon keywords.

Drag an entry onto the inventory board to put it in a particular slot (the board checks the place
as for any move), or press "Add to the crow" to put it in the first place that fits. "Make my own
copy…" opens the item editor on a copy of the chosen entry. Keeping and deleting your own items
are undoable (Edit → Undo).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from refkit.app.character_service import CharacterService
from refkit.errors import StaleWriteError
from refkit.gui.characters.session import CharacterSession
from refkit.gui.common.plain_text import plain_label
from refkit.gui.inventory.drag import CATALOGUE_MIME, CatalogueDrag, catalogue_mime
from refkit.gui.inventory.item_card_widget import ItemCardWidget
from refkit.gui.inventory.item_editor import ItemEditorDialog
from refkit.present import CardFace, catalogue_search
from refkit.present.form_conflict import form_conflict
from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.rules.inventory.moves import MoveRefused
from refkit.store.character_store import CharacterNotFoundError, CharacterStoreError

NAME_ROLE = Qt.ItemDataRole.UserRole + 1
OWN_ROLE = Qt.ItemDataRole.UserRole + 2

OWN_KIND = "own"
KINDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("All items", frozenset()),
    ("Weapons", frozenset({"weapon"})),
    ("Ammunition", frozenset({"ammunition"})),
    ("Armour and shields", frozenset({"armor", "shield"})),
    ("Light", frozenset({"light"})),
    ("Tools", frozenset({"tool"})),
    ("Alchemy and food", frozenset({"alchemy", "consumable", "food"})),
    ("Traps and gear", frozenset({"trap", "gear", "container", "book", "camp"})),
    ("Magic items", frozenset({"magic"})),
    ("Spellbooks", frozenset({"spellbook"})),
    ("Treasure and materials", frozenset({"treasure", "material"})),
    ("Your own items", frozenset({OWN_KIND})),
)
"""The kind filter's choices and the tags each one shows (an item shows under each it has)."""


def shows_under(entry: CatalogueItem, tags: frozenset[str], own: bool) -> bool:
    """True if the entry belongs under a kind showing ``tags`` (empty: every entry)."""
    if not tags:
        return True
    if OWN_KIND in tags:
        return own
    return bool(tags & set(entry.tags)) or ("armor" in tags and entry.ad is not None)


def entry_facts(entry: CatalogueItem) -> str:
    """The entry's numbers in one line under the preview, as a card prints them."""
    facts = [f"{entry.slots} slot{'s' if entry.slots > 1 else ''}"]
    if entry.stack:
        facts.append(f"stacks up to {entry.stack.limit} ({entry.stack.kind})")
    if entry.usage_dice_text:
        facts.append(f"UD {entry.usage_dice_text}")
    if entry.ad is not None:
        facts.append(f"AD {entry.ad}")
    if entry.damage is not None:
        facts.append(f"damage {entry.damage.card_text}")
    if entry.keywords:
        facts.append(", ".join(entry.keywords))
    if entry.attack_range:
        facts.append(entry.attack_range)
    if entry.price is not None:
        facts.append(entry.price.text)
    if entry.crafting is not None:
        facts.append(f"crafting {entry.crafting.text}")
    return " · ".join(facts)


class CatalogueList(QListWidget):
    """A list whose entries drag as catalogue items."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogue_list")
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setUniformItemSizes(True)

    def mimeTypes(self) -> list[str]:
        return [CATALOGUE_MIME]

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        name = items[0].data(NAME_ROLE) if items else ""
        return catalogue_mime(CatalogueDrag(str(name)))


class CataloguePanel(QWidget):
    """Search, preview and add items."""

    status_message = Signal(str)

    def __init__(
        self, session: CharacterSession, parent: QWidget | None = None, *, read_now: bool = True
    ) -> None:
        super().__init__(parent)
        self.setObjectName("catalogue_panel")
        self._session = session
        self._dialog: ItemEditorDialog | None = None
        self.search = QLineEdit()
        self.search.setObjectName("catalogue_search")
        self.search.setPlaceholderText("Search items, tags or notes")
        self.search.setClearButtonEnabled(True)
        self.kind = QComboBox()
        self.kind.setObjectName("catalogue_kind")
        self.kind.setToolTip("Show one kind of item")
        for label, tags in KINDS:
            self.kind.addItem(label, tags)
        self.kind.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.kind.setMinimumContentsLength(9)
        self.list = CatalogueList()
        self.card = ItemCardWidget()
        self.facts = plain_label()  # an own item's facts, as typed
        self.facts.setObjectName("catalogue_facts")
        self.facts.setWordWrap(True)
        self.add_button = QPushButton("Add to the crow")
        self.add_button.setObjectName("add_item_button")
        self.add_button.setToolTip("Put it in the first place that fits (or drag it onto a slot)")
        self.copy_button = QPushButton("Make my own copy…")
        self.copy_button.setObjectName("copy_item_button")
        self.new_button = QPushButton("New item…")
        self.new_button.setObjectName("new_item_button")
        self.edit_button = QPushButton("Edit my item…")
        self.edit_button.setObjectName("catalogue_edit")
        self.edit_button.setToolTip("Change one of your own items (crows keep the ones they carry)")
        self.delete_button = QPushButton("Delete my item")
        self.delete_button.setObjectName("delete_item_button")
        self.print_button = QPushButton("Print these cards…")
        self.print_button.setObjectName("print_catalogue_button")
        self.print_button.setToolTip("A PDF of the cards the search and the kind filter show")
        # Printing is another feature's: the window connects this button when it has it.
        self.print_button.setEnabled(False)

        preview = QWidget()
        preview_layout = QVBoxLayout(preview)
        preview_layout.setContentsMargins(0, 0, 0, 0)
        preview_layout.addWidget(self.card, 1)
        preview_layout.addWidget(self.facts)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.list)
        splitter.addWidget(preview)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.copy_button)
        own = QHBoxLayout()
        own.addWidget(self.new_button)
        own.addWidget(self.edit_button)
        own.addWidget(self.delete_button)
        own.addWidget(self.print_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 3)
        search_row.addWidget(self.kind, 2)
        layout.addLayout(search_row)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        layout.addLayout(own)

        self.search.textChanged.connect(self._filter)
        self.kind.currentIndexChanged.connect(lambda _index: self._filter(self.search.text()))
        self.list.currentItemChanged.connect(self._show_current)
        self.list.itemActivated.connect(lambda _item: self.add_current())
        self.add_button.clicked.connect(self.add_current)
        self.copy_button.clicked.connect(self.ask_copy)
        self.new_button.clicked.connect(lambda: self.ask_copy(blank=True))
        self.delete_button.clicked.connect(self.delete_current)
        self.edit_button.clicked.connect(self.ask_edit)
        session.catalogue_changed.connect(self.refresh)
        session.character_changed.connect(self._update_buttons)
        if read_now:
            self.refresh()

    def refresh(self) -> None:
        chosen = self.current_entry()
        session = self._session
        customs, entries = session.read(
            lambda: (session.service.list_custom_items(), session.catalogue())
        )  # one trip to the worker for both
        own = {entry.name for entry in customs}
        self.list.clear()
        for entry in entries:
            mine = entry.name in own
            label = f"{entry.name}  ·  yours" if mine else entry.name
            row = QListWidgetItem(label)
            row.setData(NAME_ROLE, entry.name)
            row.setData(OWN_ROLE, mine)
            row.setToolTip(CardFace.from_catalogue(entry).tooltip())
            self.list.addItem(row)
        self._filter(self.search.text())
        if chosen is not None:
            self.choose(chosen.name)
        elif self.list.count():
            self.list.setCurrentRow(0)
        self._update_buttons()

    def choose(self, name: str) -> bool:
        for row in range(self.list.count()):
            if self.list.item(row).data(NAME_ROLE) == name:
                self.list.setCurrentRow(row)
                return True
        return False

    def current_entry(self) -> CatalogueItem | None:
        row = self.list.currentItem()
        if row is None or row.isHidden():
            return None
        try:
            return self._session.catalogue_entry(str(row.data(NAME_ROLE)))
        except KeyError:
            return None

    def shown_entries(self) -> list[CatalogueItem]:
        """The entries the list shows now (the search and the kind filter applied), in order."""
        entries = {entry.name: entry for entry in self._session.catalogue()}
        shown = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            entry = entries.get(str(item.data(NAME_ROLE)))
            if entry is not None and not item.isHidden():
                shown.append(entry)
        return shown

    def _filter(self, text: str) -> None:
        tags = self.kind.currentData() or frozenset()
        entries = {entry.name: entry for entry in self._session.catalogue()}
        shown_names: list[str] = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            entry = entries.get(str(item.data(NAME_ROLE)))
            shown = (
                entry is not None
                and shows_under(entry, tags, bool(item.data(OWN_ROLE)))
                and catalogue_search.matches(entry, text)
            )
            item.setHidden(not shown)
            if shown:
                shown_names.append(str(item.data(NAME_ROLE)))
        # The preview and "Add to the crow" follow what is shown: never a hidden entry.
        current = self.list.currentItem()
        chosen = None if current is None else str(current.data(NAME_ROLE))
        kept = catalogue_search.kept_choice(chosen, shown_names)
        if kept != chosen:
            if kept is None:
                self.list.setCurrentItem(None)
            else:
                self.choose(kept)

    def _show_current(self, *_args: object) -> None:
        entry = self.current_entry()
        if entry is None:
            self.card.set_face(None)
            self.facts.clear()
        else:
            face = CardFace.from_catalogue(entry)
            self.card.set_face(face)
            self.facts.setText(entry_facts(entry))
        self._update_buttons()

    def _update_buttons(self) -> None:
        entry = self.current_entry()
        row = self.list.currentItem()
        self.add_button.setEnabled(entry is not None and self._session.character() is not None)
        self.copy_button.setEnabled(entry is not None)
        self.delete_button.setEnabled(bool(row is not None and row.data(OWN_ROLE)))
        self.edit_button.setEnabled(bool(row is not None and row.data(OWN_ROLE)))

    def add_current(self) -> None:
        entry = self.current_entry()
        if entry is None:
            return
        if self._session.character() is None:
            self.status_message.emit("Open a crow first, then add items to it")
            return
        try:
            self._session.add_catalogue_item(entry.name)
        except (MoveRefused, ValueError) as error:
            self.status_message.emit(f"Not added: {error}")
            return
        self.status_message.emit(f"Added {entry.name}")

    def ask_copy(self, blank: bool = False) -> ItemEditorDialog:
        base = None if blank else self.current_entry()
        names = {entry.name.casefold() for entry in self._session.catalogue()}
        dialog = ItemEditorDialog(
            base, name_taken=lambda name: name.casefold() in names, parent=self
        )
        dialog.item_made.connect(self._store_item)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._dialog = dialog
        dialog.open()
        return dialog

    def ask_edit(self) -> ItemEditorDialog | None:
        """The editor on the chosen own item, saved in place over the item as it was shown."""
        row, entry = self.list.currentItem(), self.current_entry()
        if row is None or entry is None or not row.data(OWN_ROLE):
            return None
        names = {e.name.casefold() for e in self._session.catalogue()} - {entry.name.casefold()}
        dialog = ItemEditorDialog(
            entry, name_taken=lambda name: name.casefold() in names, parent=self, editing=True
        )
        dialog.item_made.connect(lambda item: self._store_edit(dialog, item))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._dialog = dialog
        dialog.open()
        return dialog

    def _store_edit(self, dialog: ItemEditorDialog, item: CatalogueItem) -> None:
        base = dialog.editing
        try:
            if base is None:  # deleted elsewhere meanwhile: stored anew
                self._session.add_custom_item(item)
            else:
                self._session.edit_custom_item(base.name, item, base=base)
        except StaleWriteError as error:
            name = item.name if base is None else base.name
            stored = self._session.read(_stored_item, self._session.service, name)
            dialog.show_conflict(form_conflict(error.what, base or item, item, stored))
            return
        except (CharacterStoreError, ValueError) as error:
            dialog.message.setText(f"✗ Not saved: {error}")
            return
        dialog.accept()
        self.choose(item.name)
        self.status_message.emit(f"Saved your item {item.name}")

    def _store_item(self, item: CatalogueItem) -> None:
        try:
            self._session.add_custom_item(item)
        except (CharacterStoreError, ValueError) as error:
            self.status_message.emit(f"Not kept: {error}")
            return
        self.choose(item.name)
        self.status_message.emit(f"Kept {item.name} among your own items")

    def delete_current(self) -> None:
        row = self.list.currentItem()
        if row is None or not row.data(OWN_ROLE):
            return
        name = str(row.data(NAME_ROLE))
        try:
            self._session.remove_custom_item(name)
        except (CharacterStoreError, ValueError) as error:
            self.status_message.emit(f"Not deleted: {error}")
            return
        self.status_message.emit(f"Deleted your item {name} (crows keep the ones they carry)")


def _stored_item(service: CharacterService, name: str) -> tuple[CatalogueItem, int] | None:
    """The own item ``name`` as stored now (its version unused: the item itself is compared)."""
    try:
        return service.get_custom_item(name), 0
    except CharacterNotFoundError:
        return None
