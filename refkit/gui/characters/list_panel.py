"""The Characters panel: every stored crow, a search box, parties, and the file commands.

Choosing a row opens that crow on the sheet: the list's choice is the one current crow that the
sheet, the Files menu and the Crows menu act on. New, Duplicate and Delete, and every change to
the parties, are undoable (Edit → Undo); import and export use the ``*.crow.json`` format, and
"Back up all" (in the worker: :mod:`.backup_run`) and "Restore a backup" move the whole roster
with its parties. Choosers and messages open with ``open()``: no nested event loop runs here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPoint, QSettings, QStandardPaths, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.character_service import (
    BackupResult,
    BulkImportError,
    CharacterService,
    InvalidCharacterError,
    file_stem_for,
)
from refkit.gui.characters.backup_run import BackupRun, backed_up_message
from refkit.gui.characters.list_model import (
    COLUMN_SAMPLES,
    NAME,
    NAME_ROLE,
    PLAYER,
    CharacterFilter,
    CharacterListModel,
)
from refkit.gui.characters.list_widgets import OpeningTable, PartyChooser
from refkit.gui.characters.session import CharacterSession
from refkit.gui.common.plain_text import plain_message, rich_tooltip
from refkit.present import party_choices
from refkit.rules.character.file_format import FILE_SUFFIX, CharacterFileError
from refkit.store.character_store import (
    CharacterNotFoundError,
    CharacterStoreError,
    NameTakenError,
    Party,
)

ALL_CROWS = "All crows"
CROW_FILES = f"Crow files (*{FILE_SUFFIX})"
FOLDER_KEY = "characters/last_folder"
"""QSettings key: the folder a crow file or backup was last written to or read from."""


def start_folder() -> str:
    """Where the crow file dialogs open: the last folder used, else the user's documents
    folder (never the working folder the app happened to start in)."""
    last = QSettings().value(FOLDER_KEY)
    if isinstance(last, str) and Path(last).is_dir():
        return last
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return documents if documents and Path(documents).is_dir() else str(Path.home())


def remember_folder(path: str | Path, *, is_folder: bool = False) -> None:
    """The next crow file dialog opens where ``path`` is (or in ``path`` itself)."""
    folder = Path(path) if is_folder else Path(path).parent
    QSettings().setValue(FOLDER_KEY, str(folder.resolve()))


class CharacterListPanel(QWidget):
    """The roster."""

    new_requested = Signal()
    status_message = Signal(str)

    def __init__(self, session: CharacterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("character_list_panel")
        self._session = session
        self._dialog: QWidget | None = None
        self.backup = BackupRun(session.undo_stack, self)
        self.backup.status_message.connect(self.status_message)
        self.backup.finished.connect(self._backed_up)
        self.backup.failed.connect(partial(self._message, "Backup failed", "It was not finished."))
        self.model = CharacterListModel(parent=self)
        self.proxy = CharacterFilter(self)
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit()
        self.search.setObjectName("character_search")
        self.search.setPlaceholderText("Search by name or player")
        self.search.setClearButtonEnabled(True)
        self.party = PartyChooser()
        self.party.setObjectName("party_combo")
        self.party.setToolTip("Show one party only; drop a crow from the list here to add it")
        self.party.setMinimumContentsLength(16)  # a long party name must not widen the list
        self.party.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.table = OpeningTable()
        self.table.setObjectName("character_table")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(NAME, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setDragEnabled(True)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.table.horizontalHeader()
        # Widths from the font, once: sizing to contents measured every row after every edit
        # (a second per condition toggle with 1,000 crows).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        bold = QFont(self.table.font())
        bold.setBold(True)  # a dead crow's state is bold
        metrics = QFontMetrics(bold)
        padding = 4 * metrics.averageCharWidth()  # cell margins and the sort arrow
        for column, texts in COLUMN_SAMPLES.items():
            widest = max(metrics.horizontalAdvance(text) for text in texts)
            header.resizeSection(column, widest + padding)
        self._metrics, self._padding = metrics, padding

        self.new_button = QPushButton("New crow…")
        self.new_button.setObjectName("new_crow_button")
        self.duplicate_button = QPushButton("Duplicate")
        self.duplicate_button.setObjectName("duplicate_button")
        self.delete_button = QPushButton("Delete")
        self.delete_button.setObjectName("delete_button")
        self.delete_button.setToolTip("Delete the chosen crow (Edit → Undo brings it back)")
        self.files_button = QToolButton()
        self.files_button.setObjectName("files_button")
        self.files_button.setText("Files")
        self.files_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.parties_button = QToolButton()
        self.parties_button.setObjectName("parties_button")
        self.parties_button.setText("Parties")
        self.parties_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.files_menu = QMenu(self)
        self.files_menu.setObjectName("files_menu")
        self.files_menu.addAction("Import a crow file…", self.ask_import)
        self.export_action = self.files_menu.addAction("Export the open crow…", self.ask_export)
        self.export_action.setObjectName("files_export")
        self.files_menu.addSeparator()
        self.files_menu.addAction("Back up all crows and parties…", self.ask_export_all)
        self.files_menu.addAction("Restore a backup…", self.ask_import_all)
        self.files_button.setMenu(self.files_menu)
        self.parties_menu = QMenu(self)
        self.parties_menu.setObjectName("parties_menu")
        self.parties_menu.addAction("New party…", self.ask_new_party)
        self.add_menu = self.parties_menu.addMenu(party_choices.add_menu_title(None))
        self.add_menu.setObjectName("add_to_party_menu")
        self.add_menu.aboutToShow.connect(self._fill_add_menu)
        self.parties_menu.aboutToShow.connect(self._name_add_menu)
        self.parties_menu.addAction(
            "Take the chosen crow out of the shown party", self.remove_from_party
        )
        self.parties_menu.addSeparator()
        self.parties_menu.addAction("Rename the shown party…", self.ask_rename_party)
        self.parties_menu.addAction("Delete the shown party", self.delete_party)
        self.parties_button.setMenu(self.parties_menu)
        self.count_label = QLabel()
        self.count_label.setObjectName("count_label")
        self._following = False  # True while the list moves its choice itself (no crow opens)

        top = QHBoxLayout()
        top.addWidget(self.search, 2)
        top.addWidget(self.party, 1)
        buttons = QHBoxLayout()
        for widget in (
            self.new_button,
            self.duplicate_button,
            self.delete_button,
            self.files_button,
            self.parties_button,
        ):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)
        layout.addLayout(buttons)

        self.search.textChanged.connect(self._search_changed)
        self.party.currentIndexChanged.connect(self._party_changed)
        self.party.crow_dropped.connect(self.crow_dropped)
        self.table.doubleClicked.connect(self._open_index)
        self.table.activated_row.connect(self._open_index)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.new_button.clicked.connect(self.new_requested.emit)
        self.duplicate_button.clicked.connect(self.duplicate)
        self.delete_button.clicked.connect(self.delete)
        session.roster_changed.connect(self.refresh)
        session.crow_saved.connect(self._crow_saved)
        session.character_changed.connect(self._follow_open_crow)
        self.refresh()
        self._name_export()

    @property
    def service(self) -> CharacterService:
        return self._session.service

    # -- contents -----------------------------------------------------------------------------

    def refresh(self) -> None:
        with self._moving_itself():
            chosen = self._session.name() or self.chosen_name()
            service = self.service
            summaries, parties = self._session.read(
                lambda: (service.list_characters(), service.list_parties())
            )
            self.model.set_summaries(summaries)
            self._fit_player_column([summary.player for summary in summaries])
            self._refresh_parties(parties)
            if chosen is not None:
                self.choose(chosen)
        self._update_count()
        self._update_buttons()

    def _crow_saved(self, name: str) -> None:
        """One crow was saved: read its row alone (in the worker) and change that row; a crow
        the list does not have yet (added back by an undo) reads the whole list."""
        summary = self._session.saved_line(name)  # read with the step that saved it
        if summary is None or not self.model.set_summary(summary):
            self.refresh()
            return
        self._update_count()  # a player's name changed may take it out of a search

    def _fit_player_column(self, players: list[str]) -> None:
        """The Player column as wide as the longest player's name (up to its sample's width),
        so an empty column leaves the room to the crows' names."""
        metrics, header = self._metrics, self.table.horizontalHeader()
        title = metrics.horizontalAdvance(COLUMN_SAMPLES[PLAYER][0])
        most = max(metrics.horizontalAdvance(text) for text in COLUMN_SAMPLES[PLAYER])
        widest = max((metrics.horizontalAdvance(player) for player in set(players)), default=0)
        header.resizeSection(PLAYER, min(most, max(title, widest)) + self._padding)

    @contextlib.contextmanager
    def _moving_itself(self) -> Iterator[None]:
        """The list's own moves (a refresh, a filter, following the sheet) open no crow."""
        following, self._following = self._following, True
        try:
            yield
        finally:
            self._following = following

    def _refresh_parties(self, parties: list[Party] | None = None) -> None:
        current = self.party.currentText()
        if parties is None:
            parties = self._session.read(self.service.list_parties)
        self.party.blockSignals(True)
        self.party.clear()
        self.party.addItem(ALL_CROWS)
        for party in parties:
            self.party.addItem(f"Party: {party.name}", party.name)
        index = self.party.findText(current)
        self.party.setCurrentIndex(max(0, index))
        self.party.blockSignals(False)
        self._apply_party()

    def shown_party(self) -> str | None:
        data = self.party.currentData()
        return data if isinstance(data, str) else None

    def _apply_party(self) -> None:
        party = self.shown_party()
        members = None
        if party is not None:
            members = self._session.read(self.service.get_party, party).members
        self.proxy.set_party(members)
        self._update_count()

    def _update_count(self) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count_label.setText(
            f"{shown} of {total} crows" if shown != total else f"{total} crows"
        )

    def _update_buttons(self) -> None:
        chosen = self.chosen_name() is not None
        self.duplicate_button.setEnabled(chosen)
        self.delete_button.setEnabled(chosen)

    def _search_changed(self, text: str) -> None:
        with self._moving_itself():
            self.proxy.set_search(text)
            self._show_open_crow()
        self._update_count()

    def _party_changed(self, _index: int) -> None:
        with self._moving_itself():
            self._apply_party()
            self._show_open_crow()

    def _show_open_crow(self) -> None:
        """After a filter, the open crow stays the list's choice when it is still shown."""
        name = self._session.name()
        if name is not None and name != self.chosen_name() and not self.choose(name):
            self.table.selectionModel().clearCurrentIndex()
            self.table.clearSelection()

    def chosen_name(self) -> str | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        name = index.siblingAtColumn(NAME).data(NAME_ROLE)
        return name if isinstance(name, str) else None

    def choose(self, name: str) -> bool:
        """Make ``name`` the current row (if it is shown); True when it is."""
        row = self.model.row_of(name)
        if row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, NAME))
        if not index.isValid():
            return False
        self.table.setCurrentIndex(index)
        return True

    def _current_changed(self, *_args: object) -> None:
        self._update_buttons()
        name = self.chosen_name()
        # One current crow: choosing a row opens it, so the sheet and the Crows menu agree.
        if not self._following and name is not None and name != self._session.name():
            self.open_crow(name)

    def _follow_open_crow(self) -> None:
        name = self._session.name()
        with self._moving_itself():
            if name is not None and name != self.chosen_name():
                self.choose(name)
        self._name_export()

    def _name_export(self) -> None:
        name = self._session.name()
        self.export_action.setText(
            "Export the open crow…" if name is None else f"Export {name.replace('&', '&&')}…"
        )
        self.export_action.setEnabled(name is not None)
        # Without its own tooltip an action shows its text, which QToolTip may read as markup.
        self.export_action.setToolTip(
            rich_tooltip(f"Export {name} to a crow file") if name else "Open a crow first"
        )

    def _open_index(self, index: QModelIndex) -> None:
        name = index.siblingAtColumn(NAME).data(NAME_ROLE)
        if isinstance(name, str):
            self.open_crow(name)

    def open_crow(self, name: str) -> None:
        self._session.open(name)
        self.status_message.emit(f"Opened {name}")

    # -- whole crows --------------------------------------------------------------------------

    def duplicate(self) -> None:
        name = self.chosen_name()
        if name is None:
            return
        copy = self._session.duplicate(name)
        self.choose(copy)
        self.status_message.emit(f"Made {copy}")

    def delete(self) -> None:
        name = self.chosen_name()
        if name is None:
            return
        self._session.delete(name)
        self.status_message.emit(f"Deleted {name} — Edit → Undo brings it back")

    # -- files --------------------------------------------------------------------------------

    def _file_dialog(
        self, title: str, mode: QFileDialog.FileMode, accept: QFileDialog.AcceptMode, name: str
    ) -> QFileDialog:
        dialog = QFileDialog(self, title)
        dialog.setObjectName(name)
        dialog.setFileMode(mode)
        dialog.setAcceptMode(accept)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.setDirectory(start_folder())
        self._dialog = dialog
        return dialog

    def ask_import(self) -> QFileDialog:
        dialog = self._file_dialog(
            "Import a crow",
            QFileDialog.FileMode.ExistingFile,
            QFileDialog.AcceptMode.AcceptOpen,
            "import_dialog",
        )
        dialog.setNameFilters([CROW_FILES, "All files (*)"])
        dialog.fileSelected.connect(self.import_file)
        dialog.open()
        return dialog

    def import_file(self, path: str, replace: bool = False) -> bool:
        """Import one file; on refusal say why (every broken rule, row by row). True if stored."""
        try:
            result = self._session.write(partial(self.service.import_file, path, replace=replace))
        except InvalidCharacterError as error:
            self._message(
                "Not imported",
                f"{Path(path).name} breaks the rules, so nothing was imported.",
                "\n".join(error.rows()),
            )
            return False
        except NameTakenError as error:
            self._ask_replace(path, str(error))
            return False
        except (CharacterFileError, CharacterStoreError, OSError) as error:
            self._message("Not imported", "That file is not a crow Refkit can read.", str(error))
            return False
        remember_folder(path)
        warnings = "; ".join(p.message for p in result.report.warnings)
        self._session.open(result.character.name)
        self.status_message.emit(
            f"Imported {result.character.name}" + (f" (⚠ {warnings})" if warnings else "")
        )
        return True

    def _ask_replace(self, path: str, reason: str) -> None:
        box = plain_message(QMessageBox(self))  # the reason names the crow
        box.setObjectName("replace_box")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("A crow by that name exists")
        box.setText(reason)
        replace_button = box.addButton("Replace it", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.buttonClicked.connect(
            lambda button: button is replace_button and self.import_file(path, replace=True)
        )
        self._dialog = box
        box.open()

    def ask_export(self) -> QFileDialog | None:
        name = self._session.name()
        if name is None:
            self.status_message.emit("Open a crow to export first (choose one in the list)")
            return None
        dialog = self._file_dialog(
            f"Export {name}",
            QFileDialog.FileMode.AnyFile,
            QFileDialog.AcceptMode.AcceptSave,
            "export_dialog",
        )
        dialog.setNameFilters([CROW_FILES])
        dialog.setDefaultSuffix(FILE_SUFFIX.lstrip("."))
        dialog.selectFile(file_stem_for(name) + FILE_SUFFIX)
        dialog.fileSelected.connect(lambda path, n=name: self.export_file(n, path))
        dialog.open()
        return dialog

    def export_file(self, name: str, path: str) -> bool:
        try:
            written = self.service.export_file(name, path)
        except (CharacterStoreError, OSError) as error:
            self._message("Not exported", f"{name} was not written.", str(error))
            return False
        remember_folder(written)
        self.status_message.emit(f"Exported {name} to {written}")
        return True

    def ask_export_all(self) -> QFileDialog:
        dialog = self._file_dialog(
            "Back up all crows into a folder",
            QFileDialog.FileMode.Directory,
            QFileDialog.AcceptMode.AcceptOpen,
            "export_all_dialog",
        )
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self.export_all)
        dialog.open()
        return dialog

    def export_all(self, folder: str) -> bool:
        """Back up every crow and the parties into ``folder`` in the worker (:class:`BackupRun`:
        the window goes on meanwhile); False while another backup is being written."""
        if self.backup.start(self.service.export_all_steps(folder), folder):
            return True
        self.status_message.emit("A backup is being written already: wait for it to finish")
        return False

    def _backed_up(self, result: BackupResult) -> None:
        remember_folder(result.folder, is_folder=True)
        self.status_message.emit(backed_up_message(result))

    def ask_import_all(self) -> QFileDialog:
        dialog = self._file_dialog(
            "Restore a backup folder",
            QFileDialog.FileMode.Directory,
            QFileDialog.AcceptMode.AcceptOpen,
            "import_all_dialog",
        )
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self.import_all)
        dialog.open()
        return dialog

    def import_all(self, folder: str) -> bool:
        try:
            result = self._session.write(self.service.import_all, folder)
        except BulkImportError as error:
            rows = "\n".join(f"{Path(source).name}: {why}" for source, why in error.problems)
            self._message(
                "Nothing restored", "The backup was refused as a whole, so nothing changed.", rows
            )
            return False
        except (CharacterFileError, CharacterStoreError, OSError) as error:
            self._message("Nothing restored", "That folder cannot be read as a backup.", str(error))
            return False
        remember_folder(folder, is_folder=True)
        self.status_message.emit(
            f"Restored {len(result.characters)} crows and {len(result.parties)} parties"
        )
        return True

    def _message(self, title: str, text: str, details: str) -> QMessageBox:
        box = plain_message(QMessageBox(self))  # quotes names and file contents
        box.setObjectName("character_message")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(title)
        box.setText(text)
        box.setInformativeText(details)
        box.setStandardButtons(QMessageBox.StandardButton.Close)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._dialog = box
        self.status_message.emit(f"{title}: {details.splitlines()[0] if details else text}")
        box.open()
        return box

    def last_dialog(self) -> QWidget | None:
        return self._dialog

    # -- parties ------------------------------------------------------------------------------

    def _ask_text(
        self, title: str, label: str, done: Callable[[str], object], text: str = ""
    ) -> QInputDialog:
        dialog = QInputDialog(self)
        dialog.setObjectName("party_name_dialog")
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        dialog.setTextValue(text)
        dialog.textValueSelected.connect(done)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._dialog = dialog
        dialog.open()
        return dialog

    def ask_new_party(self) -> QInputDialog:
        return self._ask_text("New party", "Name of the party:", self.create_party)

    def create_party(self, name: str) -> bool:
        members = [self.chosen_name()] if self.chosen_name() else []
        try:
            self._session.create_party(name.strip(), [m for m in members if m])
        except (CharacterStoreError, ValueError) as error:
            self.status_message.emit(f"No party made: {error}")
            return False
        self.party.setCurrentIndex(self.party.findData(name.strip()))
        self.status_message.emit(f"Made the party {name.strip()}")
        return True

    def crow_to_add(self) -> str | None:
        """The crow the party actions act on: the list's choice, else the open crow (a new
        crow stays open while the list shows a party it is not in yet)."""
        return self.chosen_name() or self._session.name()

    def _party_members(self) -> list[tuple[str, tuple[str, ...]]]:
        parties = self._session.read(self.service.list_parties)
        return [(party.name, party.members) for party in parties]

    def _name_add_menu(self) -> None:
        self.add_menu.setTitle(party_choices.add_menu_title(self.crow_to_add()))

    def _fill_add_menu(self) -> None:
        self.add_menu.clear()
        crow = self.crow_to_add()
        choices = party_choices.add_choices(crow, self._party_members())
        if not choices:
            self.add_menu.addAction(party_choices.no_party_message()).setEnabled(False)
        for choice in choices:
            action = self.add_menu.addAction(choice.label.replace("&", "&&"))
            action.setEnabled(choice.enabled)
            action.triggered.connect(partial(self.add_to_party, choice.party))

    def add_to_party(self, party: str | None = None) -> bool:
        """Add the chosen crow to ``party`` (default: the shown party) as one undo step."""
        party = party or self.shown_party()
        name = self.crow_to_add()
        if name is None:
            self.status_message.emit(party_choices.no_crow_message())
            return False
        if party is None:
            self.status_message.emit(
                f"Pick the party for {name}: Parties → Add to a party, or drag {name} onto "
                "the party chooser"
            )
            return False
        return self.add_to_party_named(party, name)

    def crow_dropped(self, name: str, where: QPoint) -> QMenu | None:
        """A crow dragged onto the party chooser: it joins the shown party, or (all crows
        shown) the party picked from a menu at the drop."""
        choice = party_choices.drop_choice(name, self.shown_party(), self._party_members())
        if choice.message:
            self.status_message.emit(choice.message)
            return None
        if choice.party is not None:
            self.add_to_party_named(choice.party, name)
            return None
        menu = QMenu(self)
        menu.setObjectName("drop_party_menu")
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        for entry in choice.choices:
            action = menu.addAction(entry.label.replace("&", "&&"))
            action.setEnabled(entry.enabled)
            action.triggered.connect(partial(self.add_to_party_named, entry.party, name))
        menu.popup(where)
        return menu

    def add_to_party_named(self, party: str, name: str) -> bool:
        try:
            self._session.add_member(party, name)
        except (CharacterStoreError, ValueError) as error:
            self.status_message.emit(str(error))
            return False
        self.status_message.emit(f"Added {name} to the party {party} — Edit → Undo takes it back")
        return True

    def remove_from_party(self) -> None:
        party, name = self.shown_party(), self.chosen_name()
        if party is None or name is None:
            self.status_message.emit("Show a party and choose one of its crows first")
            return
        try:
            self._session.remove_member(party, name)
        except (CharacterStoreError, ValueError) as error:
            self.status_message.emit(str(error))

    def ask_rename_party(self) -> QInputDialog | None:
        party = self.shown_party()
        if party is None:
            self.status_message.emit("Show a party first (the chooser above the list)")
            return None
        return self._ask_text(
            "Rename party", "New name:", lambda new: self.rename_party(party, new), party
        )

    def rename_party(self, old: str, new: str) -> None:
        try:
            self._session.rename_party(old, new.strip())
        except CharacterNotFoundError:  # renamed or deleted elsewhere since it was chosen
            self._refresh_parties()
            self.status_message.emit(
                f"The party {old!r} was renamed or deleted in another window or on the command "
                f"line since you chose it; your name {new.strip()!r} was not saved: choose the "
                "party again and rename it"
            )
            return
        except (CharacterStoreError, ValueError) as error:
            self.status_message.emit(str(error))
            return
        self.party.setCurrentIndex(self.party.findData(new.strip()))

    def delete_party(self) -> None:
        party = self.shown_party()
        if party is None:
            self.status_message.emit("Show a party first (the chooser above the list)")
            return
        try:
            self._session.delete_party(party)
        except (CharacterStoreError, ValueError) as error:
            self.status_message.emit(str(error))
            return
        self.status_message.emit(
            f"Deleted the party {party} (its crows are kept) — Edit → Undo brings it back"
        )
