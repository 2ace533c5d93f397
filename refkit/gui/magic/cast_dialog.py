"""The "Cast a spell" window: pick the caster and a book in hand, see the exact odds, cast with
one press (one undo step), and read every step of what happened.

The odds (tier 1/2/3, a backlash, the book losing a die, the book running out) are shown before
the roll and worked out again whenever the caster, the book, the edges, banes or the expertise
change. Books not in a hand are listed greyed with "move it to a hand"; a book at 0 usage dice
is listed greyed too, and choosing it says why it cannot be cast. Opened with ``open()``, never
``exec()``, so the window stays live behind it.

The window is built once and opened again with :meth:`CastDialog.refill`: each opening, and each
crow chosen, reads what it shows in one wait on the worker (the crows, the chosen crow's books
and their casting notes, the backlash tables), and the long list of crows is filled again only
when the crows' names changed (issue 30).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QKeyEvent, QPalette, QWheelEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.app.characters.roll_for import CrowChoices
from refkit.app.magic.cast import CastPlan
from refkit.app.magic.cast_desk import BookChoice, CastDesk
from refkit.app.undo import Command
from refkit.errors import DomainError
from refkit.gui.common.plain_text import plain_label
from refkit.gui.shell.gui_thread import on_gui_thread
from refkit.present.cast_text import odds_line
from refkit.present.spell_text import spell_outcome_words
from refkit.rules.character.model import Character
from refkit.rules.tables.defaults import BACKLASH_TABLE

T = TypeVar("T")

MOST_EDGES = 5
BOOK_ROLE = Qt.ItemDataRole.UserRole


def _percent(value: object) -> str:
    return f"{float(value) * 100:.1f}%"  # type: ignore[arg-type]


def book_text(book: BookChoice) -> str:
    """A book's row: its name, its spell, its dice left, and why it cannot be cast."""
    spell = book.spell
    about = "" if spell is None else f" — {spell.name}, rank {spell.rank}"
    dice = f", {book.dice_left} UD left" if spell is not None else ""
    if not book.in_hand:
        return f"{book.name}{about}{dice} (move it to a hand)"
    if book.refusal and spell is not None and book.dice_left == 0:
        return f"{book.name}{about}{dice} (no usage dice left)"
    if book.refusal:
        return f"{book.name}{about}{dice} (cannot be cast)"
    return f"{book.name}{about}{dice}"


def result_lines(plan: CastPlan) -> list[str]:
    """What the cast did, every step on its own line, then what the spell does at its tier."""
    lines = list(plan.lines)
    tier = plan.result.spell_tier
    if tier is not None:
        words, _ = spell_outcome_words(plan.spell, tier, plan.before.characteristics.mind)
        lines.append(f"tier {tier}: {words}")
    return lines


def _stored_tables(table_names: Callable[[], list[str]] | None) -> list[str]:
    """The stored tables a backlash can be read on (every table's summary is read: a read for
    the worker)."""
    return table_names() if table_names is not None else []


class TableBox(QComboBox):
    """The backlash tables: ``before_use()`` is called before the list is shown or stepped
    through (the popup, a key, the wheel), so a list kept from an earlier opening is read again
    only when it is used."""

    def __init__(self, before_use: Callable[[], None]) -> None:
        super().__init__()
        self._before_use = before_use

    def showPopup(self) -> None:
        self._before_use()
        super().showPopup()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self._before_use()
        super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self._before_use()
        super().wheelEvent(event)


@dataclass(frozen=True)
class CrowRead:
    """A crow as the window shows it: its books and each book's casting note (by item id)."""

    crow: Character | None
    books: list[BookChoice]
    notes: dict[str, str]


@dataclass(frozen=True)
class OpenRead:
    """Everything the window shows, read in one wait: the backlash table in use and the stored
    ones (None: not read), the crows, the crow chosen and what it carries."""

    in_use: str
    stored: list[str] | None
    choices: CrowChoices
    name: str | None
    crow: CrowRead


class CastDialog(QDialog):
    """Cast a spell for a crow; ``cast_done`` carries the plan written (a CastPlan)."""

    cast_done = Signal(object)

    def __init__(
        self,
        desk: CastDesk,
        push: Callable[[Command], object],
        parent: QWidget | None = None,
        *,
        crow: str | None = None,
        table_names: Callable[[], list[str]] | None = None,
        read: Callable[..., Any] | None = None,
        names_followed: bool = False,
    ) -> None:
        """``read(function, *args, **kwargs)``: where the desk's reads of the database run (the
        window's worker, so the GUI thread runs no statement); None: here. ``names_followed``:
        the owner calls :meth:`names_may_have_changed` whenever the crows offered may have
        changed, so the names are read again only then (False: at every read)."""
        super().__init__(parent)
        self.setObjectName("cast_dialog")
        self.setWindowTitle("Cast a spell")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self._desk = desk
        self._push = push
        self._reads = read
        self._crow: Character | None = None
        self._books: list[BookChoice] = []
        self.last_plan: CastPlan | None = None

        self.crow_box = QComboBox()
        self.crow_box.setObjectName("cast_crow")
        self.crow_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.crow_box.setMinimumContentsLength(18)
        self.book_list = QListWidget()
        self.book_list.setObjectName("cast_books")
        self.book_list.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.book_list.setMaximumHeight(self.fontMetrics().height() * 7)
        self.edges = QSpinBox()
        self.edges.setObjectName("cast_edges")
        self.banes = QSpinBox()
        self.banes.setObjectName("cast_banes")
        for box in (self.edges, self.banes):
            box.setRange(0, MOST_EDGES)
        self.expertise = QCheckBox("Use a spellcasting expertise")
        self.expertise.setObjectName("cast_expertise")
        self.on_object = QCheckBox(
            "Cast on an object (a backlash that needs a creature hits the caster)"
        )
        self.on_object.setObjectName("cast_on_object")
        self.table_box = TableBox(self._tables_before_use)
        self.table_box.setObjectName("cast_table")
        self._table_names = table_names
        self._tables_shown: list[str] | None = None
        self._stored: list[str] = []
        self._tables_read = False
        self._choices: CrowChoices | None = None
        self._notes: dict[str, str] = {}
        self._listener: Callable[[], None] | None = None
        self._names_followed = names_followed
        self._names_changes = 0
        self._names_read_at = -1
        self.casting = plain_label("")
        self.casting.setObjectName("cast_casting")
        self.casting.setWordWrap(True)
        self.conditions = plain_label("")
        self.conditions.setObjectName("cast_conditions")
        self.conditions.setWordWrap(True)
        self.odds = plain_label("")
        self.odds.setObjectName("cast_odds")
        self.odds.setWordWrap(True)
        self.refusal = plain_label("")
        self.refusal.setObjectName("cast_refusal")
        self.refusal.setWordWrap(True)
        palette = self.refusal.palette()
        palette.setColor(QPalette.ColorRole.WindowText, Qt.GlobalColor.darkRed)
        self.refusal.setPalette(palette)
        self.cast_button = QPushButton("&Cast")
        self.cast_button.setObjectName("cast_button")
        self.cast_button.setDefault(True)
        self.result = QPlainTextEdit()
        self.result.setObjectName("cast_result")
        self.result.setReadOnly(True)
        self.result.setPlaceholderText("What the cast does, step by step, shows here.")
        self.result.setMinimumHeight(self.fontMetrics().height() * 6)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("Caster", self.crow_box)
        form.addRow("Book", self.book_list)
        modifiers = QHBoxLayout()
        modifiers.addWidget(plain_label("Edges"))
        modifiers.addWidget(self.edges)
        modifiers.addSpacing(12)
        modifiers.addWidget(plain_label("Banes"))
        modifiers.addWidget(self.banes)
        modifiers.addStretch(1)
        form.addRow("Test", modifiers)
        form.addRow("", self.expertise)
        form.addRow("", self.on_object)
        form.addRow("Backlash table", self.table_box)
        form.addRow("Casting", self.casting)
        form.addRow("Conditions", self.conditions)
        form.addRow("Odds", self.odds)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.cast_button, QDialogButtonBox.ButtonRole.ActionRole)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)  # Return casts; Escape closes
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.refusal)
        layout.addWidget(self.result, 1)
        layout.addWidget(buttons)

        self.crow_box.currentIndexChanged.connect(self._crow_changed)
        self.book_list.currentRowChanged.connect(self._book_changed)
        for box in (self.edges, self.banes):
            box.valueChanged.connect(self.update_odds)
        self.expertise.toggled.connect(self.update_odds)
        self.cast_button.clicked.connect(self.cast)
        self.finished.connect(self._stop_listening)
        self.refill(crow)

    def refill(
        self,
        crow: str | None = None,
        *,
        reuse_names: bool = False,
        tables: bool = True,
    ) -> None:
        """Show the window as new for ``crow`` (None: the first crow at the table with a book it
        can cast from), read in one wait; the choices of the last cast reset. ``reuse_names``: the
        crows offered last time kept unless they may have changed (see ``names_followed``);
        ``tables`` False: the stored backlash tables are read when the list is first used."""
        got = self._read_all(crow, tables=tables, reuse_names=reuse_names)
        for box in (self.edges, self.banes):
            box.blockSignals(True)
            box.setValue(0)
            box.blockSignals(False)
        self.expertise.blockSignals(True)
        self.expertise.setChecked(False)
        self.expertise.blockSignals(False)
        self.result.clear()
        self.last_plan = None
        self._show_tables(got.in_use, got.stored)
        self._show(got)
        self.crow_box.setFocus(Qt.FocusReason.OtherFocusReason)
        if self._listener is None:
            self._listener = on_gui_thread(self._crows_changed)
            self._desk.add_listener(self._listener)

    def names_may_have_changed(self) -> None:
        """A crow added, renamed, deleted or imported, or the party at the table changed (any
        thread): the next read reads the names."""
        self._names_changes += 1

    def _read_all(self, crow: str | None, *, tables: bool, reuse_names: bool) -> OpenRead:
        """Everything shown, in one wait (the crows' names only when they may have changed)."""
        changes = self._names_changes
        known = reuse_names and self._names_followed and self._names_read_at == changes
        got = self._read(
            self._open_read, crow, tables=tables, choices=self._choices if known else None
        )
        self._names_read_at = changes
        return got

    def _stop_listening(self, *_args: object) -> None:
        if self._listener is not None:
            self._desk.remove_listener(self._listener)
            self._listener = None

    def _show_tables(self, in_use: str, stored: list[str] | None) -> None:
        """The table in use chosen among the stored ones (None: those read last, read again
        when the list is used)."""
        self._tables_read = stored is not None
        if stored is not None:
            self._stored = stored
        names = list(dict.fromkeys([in_use, BACKLASH_TABLE, *self._stored]))
        if names != self._tables_shown:
            self.table_box.clear()
            self.table_box.addItems(names)
            self._tables_shown = names
        self.table_box.setCurrentText(in_use)

    def _tables_before_use(self) -> None:
        if not self._tables_read:
            chosen = self.table_box.currentText()
            self._show_tables(chosen, self._read(_stored_tables, self._table_names))

    def _show(self, got: OpenRead, keep_book: str | None = None) -> None:
        self._fill_crows(got.choices, got.name)
        self._show_crow(got.crow, keep_book)

    # -- choosing ------------------------------------------------------------------------------

    def _read(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        if self._reads is None:
            return function(*args, **kwargs)
        result: T = self._reads(function, *args, **kwargs)
        return result

    def _open_read(
        self, wanted: str | None, *, tables: bool, choices: CrowChoices | None = None
    ) -> OpenRead:
        """What the window shows for ``wanted`` (None: the first caster); a read of the
        database (see :meth:`_read`), one for the whole window. ``choices``: the crows offered,
        known (None: read)."""
        if choices is None:
            choices = self._desk.crows()
        if wanted is None:
            wanted = self._first_caster(choices.at_table)
        names = (*choices.at_table, *choices.others)
        name = wanted if wanted in names else (names[0] if names else None)
        return OpenRead(
            self._desk.active_backlash_table(),
            _stored_tables(self._table_names) if tables else None,
            choices,
            name,
            self._crow_read(name),
        )

    def _fill_crows(self, choices: CrowChoices, name: str | None) -> None:
        """The crows offered (filled again only when they changed), ``name`` chosen."""
        self.crow_box.blockSignals(True)
        if choices != self._choices:
            self.crow_box.clear()
            for crow in choices.at_table:
                self.crow_box.addItem(f"{crow} (at the table)", crow)
            if choices.at_table and choices.others:
                self.crow_box.insertSeparator(self.crow_box.count())
            for crow in choices.others:
                self.crow_box.addItem(crow, crow)
            self._choices = choices
        index = self.crow_box.findData(name) if name is not None else -1
        self.crow_box.setCurrentIndex(max(index, 0) if self.crow_box.count() else -1)
        self.crow_box.blockSignals(False)

    def _first_caster(self, names: tuple[str, ...]) -> str | None:
        """The first crow at the table with a book it can cast from now (None: the first); a
        read of the database (see :meth:`_read`)."""
        for name in names:
            try:
                books = self._desk.books(self._desk.crow(name))
            except (DomainError, ValueError):
                continue
            if any(book.castable for book in books):
                return name
        return None

    @property
    def crow_choices(self) -> CrowChoices | None:
        """The crows offered now (None before the first read)."""
        return self._choices

    def crow_name(self) -> str | None:
        name = self.crow_box.currentData()
        return name if isinstance(name, str) else None

    def select_crow(self, name: str) -> None:
        index = self.crow_box.findData(name)
        if index < 0:
            raise ValueError(f"no crow called {name!r} to cast for")
        self.crow_box.setCurrentIndex(index)

    def select_book(self, name_or_id: str) -> None:
        key = name_or_id.casefold()
        for row, book in enumerate(self._books):
            if key in (book.item_id.casefold(), book.name.casefold()):
                self.book_list.setCurrentRow(row)
                return
        raise ValueError(f"no book {name_or_id!r} among the caster's")

    def current_book(self) -> BookChoice | None:
        row = self.book_list.currentRow()
        return self._books[row] if 0 <= row < len(self._books) else None

    def _crows_changed(self) -> None:
        """A crow changed (a cast spent a book's die, a sheet moved a book): read it again,
        keeping the caster and the book chosen."""
        keep = self.current_book()
        got = self._read_all(self.crow_name(), tables=False, reuse_names=True)
        self._show(got, None if keep is None else keep.item_id)

    def _crow_changed(self, *_args: object) -> None:
        """Another crow chosen: it and its books read in one wait."""
        name = self.crow_name()
        self._show_crow(self._read(self._crow_read, name))

    def _show_crow(self, got: CrowRead, keep_book: str | None = None) -> None:
        self._crow, self._books, self._notes = got.crow, got.books, got.notes
        self.book_list.blockSignals(True)
        self.book_list.clear()
        grey = QBrush(self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        for book in self._books:
            item = QListWidgetItem(book_text(book))
            item.setData(BOOK_ROLE, book.item_id)
            item.setToolTip(book.refusal or "Ready to cast")
            if not book.castable:
                item.setForeground(grey)
            self.book_list.addItem(item)
        rows = [row for row, book in enumerate(self._books) if book.item_id == keep_book]
        castable = [row for row, book in enumerate(self._books) if book.castable]
        first = rows or castable or ([0] if self._books else [-1])
        self.book_list.setCurrentRow(first[0])
        self.book_list.blockSignals(False)
        crow = self._crow
        self.conditions.setText(
            "none" if crow is None or not crow.conditions else ", ".join(crow.conditions)
        )
        self._book_changed(read_again=False)

    def _crow_read(self, name: str | None) -> CrowRead:
        """The crow called ``name``, its books and their casting notes (None: no crow)."""
        if name is None:
            return CrowRead(None, [], {})
        crow = self._desk.crow(name)
        books = self._desk.books(crow)
        notes = {
            book.item_id: self._desk.casting_note(book.spell)
            for book in books
            if book.spell is not None
        }
        return CrowRead(crow, books, notes)

    def _casting_note(self, book: BookChoice | None, read_again: bool) -> str:
        """The book's casting note: read with the crow, or read again (a DT may have started
        since) when the book is chosen."""
        if book is None or book.spell is None:
            return ""
        if read_again or book.item_id not in self._notes:
            return self._read(self._desk.casting_note, book.spell)
        return self._notes[book.item_id]

    def _book_changed(self, *_args: object, read_again: bool = True) -> None:
        book = self.current_book()
        crow = self._crow
        spell = None if book is None else book.spell
        expertise = None if crow is None or spell is None else self._desk.expertise(crow, spell)
        self.expertise.blockSignals(True)
        if expertise is None:
            needed = "" if spell is None else f" ({spell.expertise})"
            self.expertise.setText(f"No spellcasting expertise of this discipline{needed}")
            self.expertise.setChecked(False)
            self.expertise.setEnabled(False)
        else:
            uses = f"{expertise.left} use{'' if expertise.left == 1 else 's'} left"
            self.expertise.setText(f"Use {expertise.name} ({uses})")
            self.expertise.setEnabled(expertise.left > 0)
            if expertise.left == 0:
                self.expertise.setChecked(False)
        self.expertise.blockSignals(False)
        self.on_object.setChecked(spell is not None and spell.targets.only_objects)
        self.casting.setText(self._casting_note(book, read_again))
        self.update_odds()

    # -- the odds ------------------------------------------------------------------------------

    def update_odds(self, *_args: object) -> None:
        """The odds of the cast as set up now, or why it cannot be cast."""
        book, crow = self.current_book(), self._crow
        if crow is None:
            self._refuse("Add a crow first: a spell is cast by a crow from a book in its hand")
            self.odds.setText("")
            return
        if book is None:
            self._refuse(f"{crow.name} carries no spellbook")
            self.odds.setText("")
            return
        if book.refusal:
            self._refuse(book.refusal)
            self.odds.setText("")
            return
        try:
            odds = self._desk.odds(
                crow,
                book,
                edges=self.edges.value(),
                banes=self.banes.value(),
                expertise=self.expertise.isChecked(),
            )
        except (DomainError, ValueError) as error:
            self._refuse(str(error))
            self.odds.setText("")
            return
        self.refusal.setText("")
        self.odds.setText(f"{odds_line(odds)} · book runs out {_percent(odds.book_runs_out)}")
        self.cast_button.setEnabled(True)

    def _refuse(self, reason: str) -> None:
        self.refusal.setText(reason)
        self.cast_button.setEnabled(False)

    # -- casting -------------------------------------------------------------------------------

    def cast(self) -> CastPlan | None:
        """Roll and write the cast as one undo step; the reason in the window if refused."""
        book, crow = self.current_book(), self._crow
        if crow is None or book is None:
            self.update_odds()
            return None
        if book.refusal:
            self._refuse(book.refusal)
            return None
        try:
            plan = self._read(
                self._desk.plan,
                crow,
                book,
                edges=self.edges.value(),
                banes=self.banes.value(),
                expertise=self.expertise.isChecked(),
                targeted_object=self.on_object.isChecked(),
                table=self.table_box.currentText(),
            )
            self._push(self._desk.command(plan))
        except (DomainError, ValueError) as error:
            self.refusal.setText(f"Not cast: {error}")
            return None
        self.last_plan = plan  # the crow's notice has shown the book's dice the cast left
        self.update_odds()  # a "Not cast" from an earlier press is gone; a used-up book says so
        self.result.setPlainText("\n".join(result_lines(plan)))
        self.cast_done.emit(plan)
        return plan
