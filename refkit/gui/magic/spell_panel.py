"""The Spells panel: every spell (Refkit's first, then the referee's own), searched and filtered
by rank and discipline, the chosen one in full, and the editor, import and export for one's own.

Every change goes through the spell library (:class:`refkit.app.magic.spell_library.
SpellLibrary`); a refusal (a shipped name, a malformed file, a failed write) is said in the
panel, never only on stderr. File dialogs are opened with ``open()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from refkit.app.magic.spell_library import SpellLibrary
from refkit.errors import DomainError, StaleWriteError
from refkit.gui.common.plain_text import plain_label
from refkit.gui.magic.spell_editor import SpellEditor
from refkit.gui.shell.undo_adapter import WRITE_HERE
from refkit.present.form_conflict import form_conflict
from refkit.present.spell_text import spell_lines
from refkit.rules.magic.discipline import Discipline
from refkit.rules.magic.spell import RANK_MAX, RANK_MIN, Spell
from refkit.store.errors import DatabaseError

ANY = "Any"
SPELL_WORDS = {"casting_time": "casting", "book": "book", "outcomes": "tiers"}
SPELL_FILES = "Spell files (*.toml);;All files (*)"


def matches(spell: Spell, search: str, rank: int | None, discipline: str | None) -> bool:
    """True when ``spell`` passes the panel's search (name, book or description) and filters."""
    words = search.casefold().split()
    haystack = f"{spell.name} {spell.book.name} {spell.description}".casefold()
    if any(word not in haystack for word in words):
        return False
    if rank is not None and spell.rank != rank:
        return False
    return discipline is None or spell.discipline.value == discipline


class SpellPanel(QWidget):
    """The spell list with its details and the editor."""

    status_message = Signal(str)
    cast_requested = Signal()

    def __init__(
        self,
        library: SpellLibrary,
        parent: QWidget | None = None,
        *,
        write: Callable[..., Any] = WRITE_HERE,
        read_now: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("spell_panel")
        self.library = library
        self._write = write
        """How the library is written: in the window's worker (``write_through``), else here."""
        self.editor: SpellEditor | None = None
        self.file_dialog: QFileDialog | None = None
        self._spells: list[tuple[Spell, bool]] = []
        self._versions: dict[str, int] = {}
        """The version each of one's own spells was read at (by name): what an edit saves on."""

        self.search = QLineEdit()
        self.search.setObjectName("spell_search")
        self.search.setPlaceholderText("Search spells…")
        self.search.setClearButtonEnabled(True)
        self.rank = QComboBox()
        self.rank.setObjectName("spell_rank")
        self.rank.addItem(f"Rank: {ANY}", None)
        for rank in range(RANK_MIN, RANK_MAX + 1):
            self.rank.addItem(f"Rank {rank}", rank)
        self.discipline = QComboBox()
        self.discipline.setObjectName("spell_discipline")
        self.discipline.addItem(f"Discipline: {ANY}", None)
        for discipline in Discipline:
            self.discipline.addItem(discipline.value.capitalize(), discipline.value)
        self.list = QListWidget()
        self.list.setObjectName("spell_list")
        self.details = QPlainTextEdit()
        self.details.setObjectName("spell_details")
        self.details.setReadOnly(True)
        self.problem = plain_label("")
        self.problem.setObjectName("spell_problem")
        self.problem.setWordWrap(True)
        palette = self.problem.palette()
        palette.setColor(QPalette.ColorRole.WindowText, Qt.GlobalColor.darkRed)
        self.problem.setPalette(palette)
        self.cast_button = QPushButton("Cast a spell…")
        self.new_button = QPushButton("&New…")
        self.edit_button = QPushButton("&Edit…")
        self.delete_button = QPushButton("Delete")
        self.import_button = QPushButton("Import…")
        self.export_button = QPushButton("Export…")
        for button, name in (
            (self.new_button, "spell_new"),
            (self.edit_button, "spell_edit"),
            (self.delete_button, "spell_delete"),
            (self.import_button, "spell_import"),
            (self.export_button, "spell_export"),
            (self.cast_button, "spell_cast"),
        ):
            button.setObjectName(name)

        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.rank)
        filters.addWidget(self.discipline)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        split.addWidget(self.details)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        own = QHBoxLayout()
        for button in (self.new_button, self.edit_button, self.delete_button):
            own.addWidget(button)
        own.addStretch(1)
        files = QHBoxLayout()
        for button in (self.import_button, self.export_button):
            files.addWidget(button)
        files.addStretch(1)
        files.addWidget(self.cast_button)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(split, 1)
        layout.addWidget(self.problem)
        layout.addLayout(own)
        layout.addLayout(files)

        self.search.textChanged.connect(self.refresh)
        self.rank.currentIndexChanged.connect(self.refresh)
        self.discipline.currentIndexChanged.connect(self.refresh)
        self.list.currentRowChanged.connect(self._show_current)
        self.new_button.clicked.connect(lambda: self.open_editor(None))
        self.edit_button.clicked.connect(lambda: self.open_editor(self.current_spell()))
        self.delete_button.clicked.connect(self.delete_current)
        self.import_button.clicked.connect(self.ask_import)
        self.export_button.clicked.connect(self.ask_export)
        self.cast_button.clicked.connect(self.cast_requested)
        if read_now:
            self.reload()

    # -- the list ------------------------------------------------------------------------------

    def reload(self, select: str | None = None) -> None:
        """Read the spells again (after a change), keeping the one chosen or ``select``."""
        current = self.current_spell()
        try:
            read = self._write(self.library.own_read)  # read where the window writes
        except (DomainError, DatabaseError) as error:
            read = []
            self._say(f"Your spells could not be read: {error}")
        own = [spell for spell, _version in read]
        self._versions = {spell.name: version for spell, version in read}
        self._spells = [(spell, False) for spell in self.library.shipped]
        self._spells += [(spell, True) for spell in own]
        self.refresh(select=select or (None if current is None else current.name))

    def refresh(self, *_args: object, select: str | None = None) -> None:
        current = self.current_spell()
        keep = select or (None if current is None else current.name)
        rank, discipline = self.rank.currentData(), self.discipline.currentData()
        self.list.blockSignals(True)
        self.list.clear()
        for spell, own in self._spells:
            if not matches(spell, self.search.text(), rank, discipline):
                continue
            mark = " (yours)" if own else ""
            item = QListWidgetItem(
                f"{spell.name} — rank {spell.rank} {spell.discipline.value}{mark}"
            )
            item.setData(Qt.ItemDataRole.UserRole, spell.name)
            self.list.addItem(item)
        names = self.names_shown()
        row = names.index(keep) if keep in names else (0 if names else -1)
        self.list.setCurrentRow(row)
        self.list.blockSignals(False)
        self._show_current()

    def names_shown(self) -> list[str]:
        return [
            str(self.list.item(row).data(Qt.ItemDataRole.UserRole))
            for row in range(self.list.count())
        ]

    def current_spell(self) -> Spell | None:
        item = self.list.currentItem()
        if item is None:
            return None
        name = item.data(Qt.ItemDataRole.UserRole)
        return next((spell for spell, _own in self._spells if spell.name == name), None)

    def _is_own(self, spell: Spell | None) -> bool:
        return spell is not None and any(s is spell and own for s, own in self._spells)

    def _show_current(self, *_args: object) -> None:
        spell = self.current_spell()
        self.details.setPlainText("" if spell is None else "\n".join(spell_lines(spell)))
        own = self._is_own(spell)
        self.edit_button.setEnabled(own)
        self.delete_button.setEnabled(own)
        self.export_button.setEnabled(spell is not None)
        tip = "" if own else "Refkit's own spells cannot be changed: write a new one"
        self.edit_button.setToolTip(tip)
        self.delete_button.setToolTip(tip)

    def select(self, name: str) -> None:
        names = self.names_shown()
        self.list.setCurrentRow(names.index(name))

    def _say(self, text: str) -> None:
        self.problem.setText(text)

    # -- the editor ----------------------------------------------------------------------------

    def open_editor(self, spell: Spell | None) -> SpellEditor:
        """The editor on a new spell, or on one of one's own (``open()``, window-modal)."""
        if self.editor is not None:
            self.editor.close()
        mine = spell if spell is not None and self._is_own(spell) else None
        version = 0 if mine is None else self._versions.get(mine.name, 0)
        editor = SpellEditor(mine, self.window(), version=version)
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.destroyed.connect(lambda: setattr(self, "editor", None))
        editor.saved.connect(lambda saved: self._store(editor, *saved))
        self.editor = editor
        editor.open()
        return editor

    def _store(self, editor: SpellEditor, spell: Spell, old_name: str | None) -> None:
        try:
            if old_name is None:  # written where the window writes (its worker)
                self._write(self.library.add, spell)
            else:
                self._write(self.library.edit, old_name, spell, expected_version=editor.version)
        except StaleWriteError as error:
            self._show_conflict(editor, spell, old_name or spell.name, error)
            return
        except (DomainError, DatabaseError) as error:
            editor.refuse(str(error))
            return
        editor.accept()
        self._say("")
        self.status_message.emit(f"Saved the spell {spell.name}")
        self.reload(select=spell.name)

    def _show_conflict(
        self, editor: SpellEditor, spell: Spell, name: str, error: StaleWriteError
    ) -> None:
        """The spell changed since the editor opened: the editor shows it as stored now and
        keeps what the user typed; the list is read again."""
        try:
            stored = self.library.read_own(name)
        except (DomainError, DatabaseError) as failure:
            editor.refuse(f"{error} ({failure})")
            return
        base = editor.base or spell
        editor.show_conflict(form_conflict(error.what, base, spell, stored, SPELL_WORDS))
        self.reload()

    def delete_current(self) -> None:
        spell = self.current_spell()
        if spell is None or not self._is_own(spell):
            self._say("Choose one of your own spells to delete")
            return
        try:
            self._write(self.library.delete, spell.name, self._versions.get(spell.name))
        except StaleWriteError as error:  # changed elsewhere since it was listed: show it now
            self.reload(select=spell.name)
            self._say(f"Not deleted: {error}")
            return
        except (DomainError, DatabaseError) as error:
            self._say(f"Not deleted: {error}")
            return
        self._say("")
        self.status_message.emit(f"Deleted the spell {spell.name}")
        self.reload()

    # -- files ---------------------------------------------------------------------------------

    def _file_dialog(self, title: str, saving: bool, done: Callable[[str], None]) -> QFileDialog:
        if self.file_dialog is not None:
            self.file_dialog.close()
        dialog = QFileDialog(self.window(), title)
        dialog.setNameFilter(SPELL_FILES)
        dialog.setAcceptMode(
            QFileDialog.AcceptMode.AcceptSave if saving else QFileDialog.AcceptMode.AcceptOpen
        )
        dialog.setFileMode(
            QFileDialog.FileMode.AnyFile if saving else QFileDialog.FileMode.ExistingFile
        )
        if saving:
            dialog.setDefaultSuffix("toml")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(done)
        dialog.destroyed.connect(lambda: setattr(self, "file_dialog", None))
        self.file_dialog = dialog
        dialog.open()
        return dialog

    def ask_import(self) -> QFileDialog:
        return self._file_dialog("Import a spell file", False, self.import_file)

    def ask_export(self) -> QFileDialog | None:
        spell = self.current_spell()
        if spell is None:
            self._say("Choose a spell to export")
            return None
        dialog = self._file_dialog(f"Export {spell.name}", True, self.export_file)
        dialog.selectFile(spell.name.replace(" ", "-").casefold() + ".toml")
        return dialog

    def import_file(self, path: str) -> Spell | None:
        """Store the spell of a spell file (checked whole); the reason in the panel if not."""
        try:
            spell = self._write(self.library.import_file, path)
        except (DomainError, DatabaseError, OSError) as error:
            self._say(f"Not imported: {error}")
            return None
        self._say("")
        self.status_message.emit(f"Imported the spell {spell.name}")
        self.reload(select=spell.name)
        return spell

    def export_file(self, path: str) -> bool:
        spell = self.current_spell()
        if spell is None:
            return False
        try:
            written = self.library.export_file(spell.name, path)
        except (DomainError, DatabaseError, OSError) as error:
            self._say(f"Not exported: {error}")
            return False
        self._say("")
        self.status_message.emit(f"Wrote {spell.name} to {written}")
        return True
