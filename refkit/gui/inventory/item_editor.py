"""A player's own item: a new one, or an edited copy of a catalogue item.

The form is checked by the same reader as ``resources/items.toml``, so an own item obeys exactly
the catalogue's rules and a mistake is reported the same way ("damage must read "tier 2 / tier 3",
e.g. "2 / 4""). A copy keeps the card's print: weapon keywords, range, price (with Fine and
Masterwork prices) and the crafting footer, each typed as a card prints it. The dialog is opened
with ``open()`` and hands the item to :attr:`item_made`.

Opened with ``editing=True`` on one of the player's own items, the dialog edits it in place and
stays open until its owner accepts the save; a save refused because the item was changed
elsewhere meanwhile is shown with :meth:`ItemEditorDialog.show_conflict`: the form shows the item
as stored now and a bar says what changed and keeps the user's values to put back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.conflict_bar import ConflictBar
from refkit.gui.common.plain_text import plain_label
from refkit.present.form_conflict import FormConflict
from refkit.rules.common.file_bounds import ITEM_SLOTS
from refkit.rules.inventory.catalogue import (
    ATTACK_CHARACTERISTICS,
    CatalogueError,
    CatalogueItem,
    load_item_catalogue,
)

SOURCE_NAME = "your item"
SLOTS_RANGE = ITEM_SLOTS  # the character file's bound: no area has more than ten slots
STACK_RANGE = (2, 250)
AD_RANGE = (0, 20)
_PRICE = re.compile(r"^\s*([\d,]+)\s*(?:gc)?\s*(?:[/,;]\s*([\d,]+)\s*[/,;]\s*([\d,]+))?\s*$")
_CRAFTING = re.compile(r"^\s*(.+?)\s+(\d+)\s*\|\s*(.+?)\s*\|\s*(\d+)\s*$")


def _toml_text(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


class ItemEditorDialog(QDialog):
    """Make or edit an own item."""

    item_made = Signal(object)  # CatalogueItem

    def __init__(
        self,
        base: CatalogueItem | None = None,
        *,
        name_taken: Callable[[str], bool] = lambda _name: False,
        parent: QWidget | None = None,
        editing: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("item_editor")
        self.setWindowTitle(f"Your own {base.name}" if base else "A new item of your own")
        self.in_place = editing
        """True when the owner saves the item and closes the dialog itself (an edit)."""
        self.editing = base if editing else None
        """The own item being edited, as stored when shown (None: a new item or a copy)."""
        self._kept: CatalogueItem | None = None
        self.conflict = ConflictBar(
            "item_conflict",
            put_back=("Put my values back", "Fill the form with your version again, then OK"),
            keep_theirs=("Keep theirs", "Let your version go; the item stays as stored"),
        )
        self.conflict.put_back_requested.connect(self._put_back)
        self._name_taken = name_taken
        self.name = QLineEdit()
        self.name.setObjectName("item_name")
        self.slots = QSpinBox()
        self.slots.setRange(*SLOTS_RANGE)
        self.stacks = QCheckBox("Stacks with others of its kind")
        self.stack_kind = QLineEdit()
        _hint(self.stack_kind, "kind, e.g. potion", "Items stack only with their own kind")
        self.stack_limit = QSpinBox()
        self.stack_limit.setRange(*STACK_RANGE)
        self.usage_dice = QLineEdit()
        self.usage_dice.setObjectName("item_usage_dice")
        _hint(
            self.usage_dice, "e.g. 2 (Useless; DT)", "Leave it empty for an item without usage dice"
        )
        self.has_ad = QCheckBox("Armour or shield, AD")
        self.ad = QSpinBox()
        self.ad.setRange(*AD_RANGE)
        self.damage = QLineEdit()
        self.damage.setObjectName("item_damage")
        _hint(self.damage, "tier 2 / tier 3, e.g. 2 / 4", "Leave it empty if it is not a weapon")
        self.attack = QComboBox()
        self.attack.addItems(list(ATTACK_CHARACTERISTICS))
        self.attack.setCurrentText("S")
        self.piercing = QCheckBox("Piercing")
        self.keywords = QLineEdit()
        self.keywords.setObjectName("item_keywords")
        _hint(self.keywords, "e.g. slashing, disengage, parry 4", "Comma-separated keywords")
        self.range = QLineEdit()
        self.range.setObjectName("item_range")
        _hint(self.range, "e.g. melee 1 / thrown 5", "")
        self.price = QLineEdit()
        self.price.setObjectName("item_price")
        _hint(
            self.price,
            "gc, e.g. 25 or 25 / 1000 / 2000",
            "In gold crowns; a second and third price after slashes are Fine and Masterwork",
        )
        self.crafting = QLineEdit()
        self.crafting.setObjectName("item_crafting")
        _hint(
            self.crafting,
            "e.g. Blacksmithing 1 | 1 iron bar | 10",
            "As the item's card prints it, parts split by |",
        )
        self.tags = QLineEdit()
        _hint(
            self.tags,
            "e.g. weapon, melee",
            "Comma-separated; a shield needs “shield”, a worn magic item “magic”",
        )
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("item_notes")
        self.message = plain_label()  # a refusal quotes what was typed
        self.message.setObjectName("item_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c62828; font-weight: bold;")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Keep this item")

        stack_row = QHBoxLayout()
        stack_row.addWidget(self.stacks)
        stack_row.addWidget(self.stack_kind, 1)
        stack_row.addWidget(QLabel("up to"))
        stack_row.addWidget(self.stack_limit)
        ad_row = QHBoxLayout()
        ad_row.addWidget(self.has_ad)
        ad_row.addWidget(self.ad)
        ad_row.addStretch(1)
        damage_row = QHBoxLayout()
        damage_row.addWidget(self.damage, 1)
        damage_row.addWidget(QLabel("tests"))
        damage_row.addWidget(self.attack)
        damage_row.addWidget(self.piercing)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Slots", self.slots)
        form.addRow("Stack", stack_row)
        form.addRow("Usage dice", self.usage_dice)
        form.addRow("Armour", ad_row)
        form.addRow("Damage", damage_row)
        form.addRow("Keywords", self.keywords)
        form.addRow("Range", self.range)
        form.addRow("Price", self.price)
        form.addRow("Crafting", self.crafting)
        form.addRow("Tags", self.tags)
        form.addRow("Notes", self.notes)
        layout = QVBoxLayout(self)
        layout.addWidget(self.conflict)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.stacks.toggled.connect(self._enable)
        self.has_ad.toggled.connect(self._enable)
        if base is not None:
            self._load(base, copy=not editing)
        self._enable()

    def _load(self, base: CatalogueItem, *, copy: bool = True) -> None:
        self.name.setText(f"{base.name} (own)" if copy else base.name)
        self.slots.setValue(base.slots)
        if base.stack is not None:
            self.stacks.setChecked(True)
            self.stack_kind.setText(base.stack.kind)
            self.stack_limit.setValue(base.stack.limit)
        self.usage_dice.setText(base.usage_dice_text)
        if base.ad is not None:
            self.has_ad.setChecked(True)
            self.ad.setValue(base.ad)
        if base.damage is not None:
            self.damage.setText(f"{base.damage.tier2} / {base.damage.tier3}")
            self.attack.setCurrentText(base.damage.characteristic)
            self.piercing.setChecked(base.damage.piercing)
        self.keywords.setText(", ".join(base.keywords))
        self.range.setText(base.attack_range)
        if base.price is not None:
            tiers = (base.price.fine, base.price.masterwork)
            extra = "" if None in tiers else f" / {tiers[0]} / {tiers[1]}"
            self.price.setText(f"{base.price.gc}{extra}")
        if base.crafting is not None:
            self.crafting.setText(base.crafting.text)
        self.tags.setText(", ".join(base.tags))
        self.notes.setPlainText(base.notes)

    def fill(self, item: CatalogueItem) -> None:
        """Show ``item`` in every field, as it is (nothing left from what was shown before)."""
        for box in (self.stacks, self.has_ad, self.piercing):
            box.setChecked(False)
        for line in (self.stack_kind, self.usage_dice, self.damage, self.keywords, self.range):
            line.clear()
        for line in (self.price, self.crafting, self.tags):
            line.clear()
        self.attack.setCurrentText("S")
        self._load(item, copy=False)
        self._enable()

    def show_conflict(self, conflict: FormConflict[CatalogueItem]) -> None:
        """The item was changed (or deleted) elsewhere since the form opened: show it as stored
        now, say what changed, and keep the user's values to put back."""
        self.message.setText("")
        self._kept = conflict.mine
        typed = self.toml()
        if conflict.theirs is None:
            self.editing = None
        else:
            self.editing = conflict.theirs
            self.fill(conflict.theirs)
        self.conflict.show_kept(conflict.message, typed)
        self.conflict.put_back_button.setVisible(conflict.theirs is not None)

    def _put_back(self) -> None:
        if self._kept is not None:
            self.fill(self._kept)

    def _enable(self, *_args: object) -> None:
        self.stack_kind.setEnabled(self.stacks.isChecked())
        self.stack_limit.setEnabled(self.stacks.isChecked())
        self.ad.setEnabled(self.has_ad.isChecked())

    def toml(self) -> str:
        """The form as one ``[[item]]`` entry of the catalogue format."""
        lines = ["[[item]]", f"name = {_toml_text(self.name.text().strip())}"]
        lines.append(f"slots = {self.slots.value()}")
        if self.stacks.isChecked():
            kind = self.stack_kind.text().strip()
            lines.append(
                f"stack = {{ kind = {_toml_text(kind)}, limit = {self.stack_limit.value()} }}"
            )
        if self.usage_dice.text().strip():
            lines.append(f"usage_dice = {_toml_text(self.usage_dice.text().strip())}")
        if self.has_ad.isChecked():
            lines.append(f"ad = {self.ad.value()}")
        if self.damage.text().strip():
            lines.append(f"damage = {_toml_text(self.damage.text().strip())}")
            lines.append(f"attack = {_toml_text(self.attack.currentText())}")
            lines.append(f"piercing = {'true' if self.piercing.isChecked() else 'false'}")
        keywords = [k.strip() for k in self.keywords.text().split(",") if k.strip()]
        if keywords:
            lines.append(f"keywords = [{', '.join(_toml_text(k) for k in keywords)}]")
        if self.range.text().strip():
            lines.append(f"range = {_toml_text(self.range.text().strip())}")
        lines += self._price_lines()
        lines += self._crafting_lines()
        tags = [t.strip() for t in self.tags.text().split(",") if t.strip()]
        lines.append(f"tags = [{', '.join(_toml_text(t) for t in tags)}]")
        lines.append(f"notes = {_toml_text(self.notes.toPlainText().strip())}")
        return "\n".join(lines) + "\n"

    def _price_lines(self) -> list[str]:
        text = self.price.text().strip()
        if not text:
            return []
        match = _PRICE.match(text)
        if match is None:
            raise CatalogueError(
                f"Price must be gold crowns such as 25, or 25 / 1000 / 2000 with the Fine and "
                f"Masterwork prices, not {text!r}"
            )
        lines = [f"price = {match[1].replace(',', '')}"]
        if match[2]:
            lines.append(f"fine_price = {match[2].replace(',', '')}")
            lines.append(f"masterwork_price = {match[3].replace(',', '')}")
        return lines

    def _crafting_lines(self) -> list[str]:
        text = self.crafting.text().strip()
        if not text:
            return []
        match = _CRAFTING.match(text)
        if match is None:
            raise CatalogueError(
                "Crafting must read as a card prints it, expertise and uses | materials | goal, "
                f"e.g. Blacksmithing 1 | 1 iron bar | 10, not {text!r}"
            )
        expertise = _toml_text(match[1].casefold())
        materials = _toml_text(match[3])
        return [
            f"crafting = {{ expertise = {expertise}, uses = {match[2]}, "
            f"materials = {materials}, goal = {match[4]} }}"
        ]

    def item(self) -> CatalogueItem:
        """The item the form describes; CatalogueError saying what is wrong."""
        name = self.name.text().strip()
        if not name:
            raise CatalogueError("Give the item a name")
        if self._name_taken(name):
            raise CatalogueError(f"An item called {name!r} exists already; pick another name")
        if self.stacks.isChecked() and not self.stack_kind.text().strip():
            raise CatalogueError("Say what kind of stack it makes (e.g. potion)")
        text = self.toml()  # refuses a price or crafting footer it cannot read
        try:
            shipped = [entry.name for entry in load_item_catalogue()]
            return load_item_catalogue(text, SOURCE_NAME, also_known=shipped)[0]
        except CatalogueError as error:
            message = str(error)
            prefix = f"{SOURCE_NAME}: item 1 ({name}): "
            raise CatalogueError(message.removeprefix(prefix)) from None

    def _accept(self) -> None:
        try:
            item = self.item()
        except CatalogueError as error:
            self.message.setText(f"✗ {error}")
            return
        self.item_made.emit(item)
        if not self.in_place:
            self.accept()


def _hint(edit: QLineEdit, placeholder: str, tip: str) -> None:
    """A short example in the field, shown whole (the field is never narrower than it); the
    longer explanation in the tooltip, where nothing cuts it."""
    edit.setPlaceholderText(placeholder)
    if tip:
        edit.setToolTip(tip)
    frame = edit.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, edit)
    edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance(placeholder) + 2 * frame + 12)
