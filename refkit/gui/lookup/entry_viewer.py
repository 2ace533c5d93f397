"""Shows one reference entry: its title, game and section, tags and body, with links to other
entries that the viewer follows (and a Back button that returns)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from refkit.games.reference import EntryKey, ReferenceEntry, ReferenceLibrary
from refkit.gui.lookup.rich_text import body_html, link_key


class EntryViewer(QWidget):
    """One entry at a time; links push the shown entry on a history the Back button pops."""

    entry_shown = Signal(object)
    """The EntryKey now shown."""

    def __init__(self, library: ReferenceLibrary, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lookup_entry_viewer")
        self._library = library
        self._history: list[EntryKey] = []
        self._current: ReferenceEntry | None = None
        self._words: tuple[str, ...] = ()

        self.back_button = QPushButton("◀ Back")
        self.back_button.setObjectName("lookup_back")
        self.back_button.setToolTip("Back to the entry before (Alt+Left)")
        self.back_button.setEnabled(False)
        self.back_button.clicked.connect(self.go_back)
        self.title_label = _plain_label("lookup_entry_title")
        font = self.title_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.title_label.setFont(font)
        self.where_label = _plain_label("lookup_entry_where")
        self.tags_label = _plain_label("lookup_entry_tags")
        self.tags_label.setStyleSheet("color: palette(placeholder-text)")
        self.body = QTextBrowser()
        self.body.setObjectName("lookup_entry_body")
        self.body.setOpenLinks(False)
        self.body.setOpenExternalLinks(False)
        self.body.anchorClicked.connect(self._follow)

        top = QHBoxLayout()
        top.addWidget(self.back_button)
        top.addWidget(self.where_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.title_label)
        layout.addWidget(self.tags_label)
        layout.addWidget(self.body, 1)
        QShortcut(QKeySequence("Alt+Left"), self, self.go_back)
        self.show_placeholder()

    def current(self) -> EntryKey | None:
        return self._current.key if self._current else None

    def show_placeholder(self, text: str = "Pick a result to read the entry.") -> None:
        self._current = None
        self._history.clear()
        self.back_button.setEnabled(False)
        self.title_label.setText("")
        self.where_label.setText("")
        self.tags_label.setText("")
        self.body.setPlainText(text)

    def set_search_words(self, words: Sequence[str]) -> None:
        """The words searched for, shown in bold in the entries from now on."""
        self._words = tuple(words)

    def show_entry(self, key: EntryKey, *, remember: bool = False) -> bool:
        """Show ``key``'s entry; with ``remember`` the one shown now goes on the Back history.
        False (and nothing changes) when there is no such entry."""
        entry = self._library.get(key)
        if entry is None:
            return False
        if remember and self._current is not None and self._current.key != key:
            self._history.append(self._current.key)
        elif not remember:
            self._history.clear()
        self._current = entry
        self.back_button.setEnabled(bool(self._history))
        self.title_label.setText(entry.title)
        self.where_label.setText(f"{entry.game_title} · {entry.section}")
        self.tags_label.setText(", ".join(entry.tags))
        self.tags_label.setVisible(bool(entry.tags))
        self.body.setHtml(body_html(self._library.body_parts(entry), self._words))
        self.entry_shown.emit(entry.key)
        return True

    def go_back(self) -> None:
        if not self._history:
            return
        key = self._history.pop()
        entry = self._library.get(key)
        if entry is None:
            return
        history = list(self._history)
        self.show_entry(key)
        self._history = history
        self.back_button.setEnabled(bool(self._history))

    def _follow(self, url: QUrl) -> None:
        key = link_key(url.toString())
        if key is not None:
            self.show_entry(key, remember=True)


def _plain_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label
