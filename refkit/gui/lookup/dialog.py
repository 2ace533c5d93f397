"""The lookup window: a search box, results grouped by game as you type, and a viewer for each
kind of result (a rule entry, an item card, a spell, a creature, a rollable table).

Non-modal, so the referee can keep it open beside the clock. The arrow keys move through the
results from the search box, the viewer of the selected one's kind follows it, Enter reads it
(focus to the viewer), and Escape closes the window. The game in front of the main window (the
Games panel's tab, when that panel is in front; Crows otherwise) wins near ties. A title that is
what was typed comes first, then titles beginning with it, then entries read lately (Enter or a
double click), then the rest (see :mod:`refkit.present.lookup_order`).

Typing never waits on a search: a key only restarts the typing-pause timer, and when typing
pauses the search runs in the window's own search thread; its results are shown only if no key
came meanwhile (results for the last key only). Enter, the game filter and :meth:`search_now`
search at once, on the spot: they need the results they show.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from refkit.games.reference import GAME_TITLES, EntryKey, ReferenceLibrary
from refkit.gui.lookup.card_viewer import CardViewer, TableViewer
from refkit.gui.lookup.entry_viewer import EntryViewer
from refkit.gui.lookup.result_delegate import ResultDelegate
from refkit.gui.lookup.results_model import LookupResultsModel, ResultRole
from refkit.present.lookup_order import ordered_hits, remember
from refkit.store.lookup import LookupHit, LookupIndex, LookupQueryError, query_tokens

TYPING_PAUSE_MS = 120
"""Search once typing pauses this long: redrawing the list on every key of a fast typist
flickers, and a search no one will see is work for nothing."""
RESULT_LIMIT = 60
DEFAULT_FRONT_GAME = "crows"
CARD_KINDS = ("item", "spell", "creature")

_MOVES = {
    Qt.Key.Key_Down: 1,
    Qt.Key.Key_Up: -1,
    Qt.Key.Key_PageDown: 5,
    Qt.Key.Key_PageUp: -5,
}


@dataclass(frozen=True)
class _Found:
    """What a search found for ``text`` in ``game``: ``hits`` ordered (None when the text has no
    words to look up) and the word forms searched, for the viewer to mark."""

    text: str
    game: str | None
    hits: tuple[LookupHit, ...] | None
    forms: tuple[str, ...] = ()


class LookupDialog(QDialog):
    _found = Signal(int, object)
    """(search number, _Found or exception) from the search thread, on the GUI thread."""

    def __init__(
        self,
        library: ReferenceLibrary,
        index: LookupIndex,
        problems: Sequence[str] = (),
        parent: QWidget | None = None,
        front_game: Callable[[], str | None] = lambda: DEFAULT_FRONT_GAME,
    ) -> None:
        super().__init__(parent)
        self._front_game = front_game
        self.setObjectName("lookup_dialog")
        self.setWindowTitle("Look up rules")
        self.setModal(False)
        self._library = library
        self._index = index
        self._recent: list[tuple[str, str]] = []
        """The entries read in this window, the latest first (see present.lookup_order)."""
        self._index_lock = threading.Lock()
        """The index is read by the search thread and the GUI thread, one at a time."""
        self._searches = ThreadPoolExecutor(max_workers=1, thread_name_prefix="refkit-lookup")
        self._search_number = 0
        """Counts the searches started: a result whose number is not the last is dropped."""
        self._awaited: int | None = None
        """The number of the search-thread search whose results are awaited, if any."""
        self._found.connect(self._on_found, Qt.ConnectionType.QueuedConnection)
        searches = self._searches
        self.destroyed.connect(lambda *_: searches.shutdown(wait=False, cancel_futures=True))

        self.search_box = QLineEdit()
        self.search_box.setObjectName("lookup_search")
        self.search_box.setPlaceholderText(
            "Search the rules of all five games, items, spells, creatures and tables "
            "(a word, a name or a question)"
        )
        self.search_box.setClearButtonEnabled(True)
        self.search_box.installEventFilter(self)
        self.game_filter = QComboBox()
        self.game_filter.setObjectName("lookup_game")
        self.game_filter.addItem("All games", None)
        for game in library.games() or tuple(GAME_TITLES):
            self.game_filter.addItem(GAME_TITLES[game], game)
        self.status = QLabel()
        self.status.setObjectName("lookup_status")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.problems = QLabel()
        self.problems.setObjectName("lookup_problems")
        self.problems.setTextFormat(Qt.TextFormat.PlainText)
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b35900")
        self._show_problems(problems)

        self.model = LookupResultsModel(self)
        self.results = QListView()
        self.results.setObjectName("lookup_results")
        self.results.setModel(self.model)
        self.results.setItemDelegate(ResultDelegate(self.results))
        self.results.setResizeMode(QListView.ResizeMode.Adjust)
        self.results.setUniformItemSizes(False)
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.results.selectionModel().currentChanged.connect(self._current_changed)
        self.results.activated.connect(lambda _index: self.read_selected())
        self.viewer = EntryViewer(library)
        self.card_viewers = {kind: CardViewer(kind) for kind in CARD_KINDS}
        self.table_viewer = TableViewer()
        self.viewers = QStackedWidget()
        self.viewers.setObjectName("lookup_viewers")
        for viewer in (self.viewer, *self.card_viewers.values(), self.table_viewer):
            self.viewers.addWidget(viewer)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setObjectName("lookup_splitter")
        splitter.addWidget(self.results)
        splitter.addWidget(self.viewers)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)
        row = QHBoxLayout()
        row.addWidget(self.search_box, 1)
        row.addWidget(self.game_filter)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.problems)
        layout.addWidget(self.status)
        layout.addWidget(splitter, 1)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(TYPING_PAUSE_MS)
        self._timer.timeout.connect(self._search_in_background)
        self.search_box.textChanged.connect(lambda _text: self._timer.start())
        self.game_filter.currentIndexChanged.connect(lambda _index: self.search_now())
        self.resize(960, 600)
        self.search_now()

    @property
    def index(self) -> LookupIndex:
        """The index the window searches."""
        return self._index

    # --- opening ------------------------------------------------------------------------------

    def open_for_search(self) -> None:
        """Show (or raise) the window with the search box focused and its text selected."""
        if self.isVisible():  # already open behind the main window: bring it forward
            self.raise_()
        self.show()
        self.activateWindow()
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()

    # --- searching ----------------------------------------------------------------------------

    def search_now(self) -> None:
        """Search for the box's text at once and show the results."""
        self._timer.stop()
        self._search_number += 1
        self._awaited = None
        text, game = self.search_box.text(), self.game_filter.currentData()
        if not text.strip():
            self._show_found(_Found(text, game, ()))
            return
        self._show_found(self._find(text, game, self._front_game(), tuple(self._recent)))

    def _search_in_background(self) -> None:
        """Typing paused: search in the search thread; the results come to :meth:`_on_found`."""
        text, game = self.search_box.text(), self.game_filter.currentData()
        if not text.strip():
            self.search_now()
            return
        self._search_number += 1
        number = self._awaited = self._search_number
        prefer, recent = self._front_game(), tuple(self._recent)

        def search() -> None:
            if number != self._search_number:  # another search started since: not needed
                return
            try:
                found: object = self._find(text, game, prefer, recent)
            except Exception as error:  # handed to the GUI thread, which raises it there
                found = error
            with contextlib.suppress(RuntimeError):  # the window is gone: nobody waits for it
                self._found.emit(number, found)

        self._searches.submit(search)

    def _on_found(self, number: int, found: object) -> None:
        if number != self._search_number or self._timer.isActive():
            return  # a key came (or another search ran) since: these results are stale
        self._awaited = None
        if isinstance(found, Exception):
            raise found
        assert isinstance(found, _Found)
        self._show_found(found)

    def _find(
        self, text: str, game: str | None, prefer: str | None, recent: tuple[tuple[str, str], ...]
    ) -> _Found:
        """Search the index (in either thread: it touches no widget)."""
        with self._index_lock:
            try:
                hits = self._index.search(text, game=game, limit=RESULT_LIMIT, prefer=prefer)
            except LookupQueryError:
                return _Found(text, game, None)
            forms = self._index.searched_forms(text)
        return _Found(text, game, tuple(ordered_hits(hits, text, recent)), forms)

    def _show_found(self, found: _Found) -> None:
        text, game, hits = found.text, found.game, found.hits
        if not text.strip():
            self._show_hits(())
            self.status.setText("Type a word: the lookup finds entries as you type.")
            return
        if hits is None:
            self._show_hits(())
            shown = text.strip()
            self.status.setText(f"No words to look up in {shown!r}: type letters or numbers.")
            return
        self.viewer.set_search_words(found.forms)
        self._show_hits(hits)
        if not hits:
            where = f" in {GAME_TITLES[game]}" if game else ""
            words = " ".join(query_tokens(text))
            self.status.setText(f"No entries match {words!r}{where}.")
        else:
            games = len({hit.game for hit in hits})
            self.status.setText(
                f"{len(hits)} {'entry' if len(hits) == 1 else 'entries'} in {games} "
                f"{'game' if games == 1 else 'games'}"
            )

    def _show_hits(self, hits: Sequence[LookupHit]) -> None:
        self.model.set_hits(hits)
        rows = self.model.hit_rows()
        if rows:
            self._select(rows[0])
        else:
            self.viewer.show_placeholder()
            self.viewers.setCurrentWidget(self.viewer)

    def _select(self, row: int) -> None:
        index = self.model.index(row, 0)
        self.results.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        self.results.scrollTo(index)

    def move_selection(self, steps: int) -> None:
        """Move ``steps`` hits down (up when negative), over the game headings, clamped."""
        rows = self.model.hit_rows()
        if not rows:
            return
        current = self.results.currentIndex().row()
        position = rows.index(current) if current in rows else -1
        target = max(0, min(len(rows) - 1, position + steps))
        self._select(rows[target])

    def selected_key(self) -> EntryKey | None:
        value = self.results.currentIndex().data(ResultRole.KEY)
        return value if isinstance(value, EntryKey) else None

    def read_selected(self) -> None:
        """Enter: show the selected entry and put the keyboard in the viewer."""
        key = self.selected_key()
        if key is not None:
            self._recent = remember(self._recent, (key.game, key.id))
            self.show_result(key, str(self.results.currentIndex().data(ResultRole.KIND)))
            shown = self.viewers.currentWidget()
            target = self.viewer.body if shown is self.viewer else shown
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_result(self, key: EntryKey, kind: str) -> None:
        """Show ``key`` in the viewer of its ``kind``."""
        if kind == "rule":
            self.viewer.show_entry(key)
            self.viewers.setCurrentWidget(self.viewer)
            return
        with self._index_lock:
            document = self._index.document(key)
        viewer = self.table_viewer if kind == "table" else self.card_viewers.get(kind)
        if document is None or viewer is None:
            self.viewer.show_placeholder(f"This {kind} is no longer in the index.")
            self.viewers.setCurrentWidget(self.viewer)
            return
        viewer.show_document(document)
        self.viewers.setCurrentWidget(viewer)

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        key = current.data(ResultRole.KEY)
        if isinstance(key, EntryKey):
            self.show_result(key, str(current.data(ResultRole.KIND)))

    def _show_problems(self, problems: Sequence[str]) -> None:
        if not problems:
            self.problems.hide()
            return
        count = len(problems)
        self.problems.setText(
            f"The rules reference has {count} {'mistake' if count == 1 else 'mistakes'}; "
            f"the entries affected are left out. First: {problems[0]}"
        )
        self.problems.setToolTip("\n".join(problems[:20]))
        self.problems.show()

    # --- keys ---------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.search_box and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = Qt.Key(event.key())
            if key in _MOVES:
                self.move_selection(_MOVES[key])
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                if self._timer.isActive() or self._awaited is not None:
                    self.search_now()  # Enter right after typing reads the new best hit
                self.read_selected()
                return True
        return super().eventFilter(watched, event)
