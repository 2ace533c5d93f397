"""The sheet's trait tree browser (issue 26 item 3): the 23 trees, each drawn as its 4 rows ×
3 columns with the printed lines between them; each trait bought, buyable, short of XP or
locked, and why; the crow's XP. Buying a trait, or awarding XP, is one undo step through the
session's runner; a refusal is said under the tree, and nothing changes.

Under the XP line the tab has two pages: the trees, and the crow's facts with its advancement
purchases (:mod:`refkit.gui.characters.advancement_panel`) in a scroll area that never scrolls
sideways — so neither page asks the sheet dock, and with it the window, for more room than the
trees alone did.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from refkit.app.characters import advancement
from refkit.gui.characters.advancement_panel import AdvancementPanel
from refkit.gui.characters.builder_parts import MessageLabel
from refkit.gui.characters.session import CharacterSession
from refkit.gui.common.plain_text import mnemonic_safe, rich_tooltip
from refkit.present import crow_progress
from refkit.present import trait_tree as present
from refkit.rules.character.build_data import BuildData, load_build_data

ROWS, COLUMNS = 4, 3
STATE_COLOURS = {
    present.BOUGHT: "#2e7d32",
    present.BUYABLE: "#1565c0",
    present.SHORT: "#b26a00",
    present.LOCKED: "#9e9e9e",
}


class TreeCanvas(QWidget):
    """One tree: a box per trait, coloured by its state, and the lines that join the rows."""

    chosen = Signal(int)  # the index of the chosen cell in the view's cells

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trait_tree_canvas")
        self.view: present.TreeView | None = None
        self.current = -1
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().height()
        return QSize(line * 36, line * 16)

    def minimumSizeHint(self) -> QSize:
        line = self.fontMetrics().height()
        return QSize(line * 24, line * 12)

    def show_view(self, view: present.TreeView) -> None:
        self.view = view
        self.current = min(max(self.current, 0), len(view.cells) - 1)
        self.setToolTip("")
        self.update()

    def cell_rect(self, row: int, column: int) -> QRectF:
        width, height = self.width() / COLUMNS, self.height() / ROWS
        margin_x, margin_y = width * 0.06, height * 0.16
        return QRectF(
            column * width + margin_x, row * height + margin_y,
            width - 2 * margin_x, height - 2 * margin_y,
        )  # fmt: skip

    def index_at(self, x: float, y: float) -> int:
        if self.view is None:
            return -1
        for index, cell in enumerate(self.view.cells):
            if self.cell_rect(cell.row, cell.column).contains(QPointF(x, y)):
                return index
        return -1

    def choose(self, index: int) -> None:
        if self.view is not None and 0 <= index < len(self.view.cells):
            self.current = index
            self.update()
            self.chosen.emit(index)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position().x(), event.position().y())
        if index >= 0:
            self.choose(index)
        super().mousePressEvent(event)

    def keyPressEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        if self.view is None or self.current < 0:
            super().keyPressEvent(event)
            return
        cell = self.view.cells[self.current]
        moves = {
            Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0),
        }  # fmt: skip
        step = moves.get(Qt.Key(event.key()))
        if step is None:
            super().keyPressEvent(event)
            return
        row, column = cell.row + step[0], cell.column + step[1]
        for index, other in enumerate(self.view.cells):
            if (other.row, other.column) == (row, column):
                self.choose(index)
                return

    def paintEvent(self, _event: QPaintEvent) -> None:
        if self.view is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        painter.setPen(QPen(text, 2))
        for (row_a, col_a), (row_b, col_b) in self.view.lines:
            above, below = self.cell_rect(row_a, col_a), self.cell_rect(row_b, col_b)
            painter.drawLine(
                QPointF(above.center().x(), above.bottom()),
                QPointF(below.center().x(), below.top()),
            )
        base = self.palette().color(QPalette.ColorRole.Base)
        for index, cell in enumerate(self.view.cells):
            rect = self.cell_rect(cell.row, cell.column)
            colour = QColor(STATE_COLOURS[cell.state])
            fill = QColor(colour)
            fill.setAlpha(60 if cell.state != present.BOUGHT else 120)
            painter.setBrush(base)
            painter.setPen(QPen(colour, 4 if index == self.current else 2))
            painter.drawRoundedRect(rect, 6, 6)
            painter.fillRect(rect.adjusted(2, 2, -2, -2), fill)
            painter.setPen(text)
            label = f"{cell.trait.name}\n{cell.trait.cost:,} XP · {present.STATE_WORDS[cell.state]}"
            painter.drawText(
                rect.adjusted(4, 2, -4, -2),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                label,
            )
        if self.hasFocus() and 0 <= self.current < len(self.view.cells):
            cell = self.view.cells[self.current]
            painter.setPen(QPen(text, 1, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self.cell_rect(cell.row, cell.column).adjusted(-3, -3, 3, 3))
        painter.end()


class TraitBrowser(QWidget):
    """The sheet's Traits tab: the tree list, the drawn tree, the chosen trait, XP."""

    def __init__(
        self,
        session: CharacterSession,
        data: BuildData | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("trait_browser")
        self._session = session
        self.data = data or load_build_data()
        self._shown_crow: str | None = None
        self.xp = QLabel()
        self.xp.setObjectName("trait_xp")
        self.xp.setTextFormat(Qt.TextFormat.PlainText)
        self.award = QSpinBox()
        self.award.setObjectName("xp_award")
        self.award.setRange(1, 100_000)
        self.award.setSingleStep(100)
        self.award.setValue(500)
        self.award.setSuffix(" XP")
        self.award_button = QPushButton("&Award")
        self.award_button.setObjectName("award_xp")
        self.award_button.setToolTip("Add XP earned to the total and to the XP to spend (undoable)")
        self.trees = QListWidget()
        self.trees.setObjectName("trait_trees")
        self.canvas = TreeCanvas()
        self.detail = QLabel()
        self.detail.setObjectName("trait_detail")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.buy_button = QPushButton("Bu&y")
        self.buy_button.setObjectName("buy_trait")
        self.message = MessageLabel("trait_message")
        self.advancement = AdvancementPanel(session, self.data)
        top = QHBoxLayout()
        top.addWidget(self.xp, 1)
        top.addWidget(self.award)
        top.addWidget(self.award_button)
        right = QVBoxLayout()
        right.addWidget(self.canvas, 3)
        right.addWidget(self.detail)
        buy_row = QHBoxLayout()
        buy_row.addWidget(self.buy_button)
        buy_row.addWidget(self.message, 1)
        right.addLayout(buy_row)
        trees_page = QWidget()
        body = QHBoxLayout(trees_page)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.trees, 1)
        body.addLayout(right, 4)
        advancement_page = QScrollArea()
        advancement_page.setObjectName("advancement_scroll")
        advancement_page.setWidgetResizable(True)
        advancement_page.setFrameShape(QScrollArea.Shape.NoFrame)
        advancement_page.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        advancement_page.setWidget(self.advancement)
        self.pages = QTabWidget()
        self.pages.setObjectName("trait_pages")
        self.pages.setDocumentMode(True)
        self.pages.addTab(trees_page, "Trait trees")
        self.pages.addTab(advancement_page, "Background && advancement")
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.pages, 1)
        self.trees.currentRowChanged.connect(self._show_tree)
        self.canvas.chosen.connect(self._show_cell)
        self.buy_button.clicked.connect(self.buy)
        self.award_button.clicked.connect(self.award_xp)
        session.character_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        crow = self._session.character()
        self.setEnabled(crow is not None)
        if crow is None:
            self.xp.setText("No crow is open")
            return
        self.xp.setText(present.xp_text(crow))
        self.pages.setTabToolTip(1, rich_tooltip(crow_progress.bonuses_text(crow, self.data)))
        row = self.trees.currentRow()
        if crow.name != self._shown_crow:
            row = present.first_tree(crow, self.data)
            self._shown_crow = crow.name
            self.message.show_problems([])
        self.trees.blockSignals(True)
        self.trees.clear()
        self.trees.addItems([present.tree_label(crow, t, self.data) for t in self.data.trees])
        self.trees.setCurrentRow(max(row, 0))
        self.trees.blockSignals(False)
        self._show_tree(self.trees.currentRow())

    def _show_tree(self, row: int) -> None:
        crow = self._session.character()
        if crow is None or not 0 <= row < len(self.data.trees):
            return
        self.canvas.show_view(present.tree_view(crow, self.data.trees[row]))
        self._show_cell(self.canvas.current)

    def _show_cell(self, index: int) -> None:
        view = self.canvas.view
        if view is None or not 0 <= index < len(view.cells):
            return
        cell = view.cells[index]
        self.detail.setText(present.cell_detail(cell))
        name = mnemonic_safe(cell.trait.name)
        self.buy_button.setText(f"Bu&y {name} for {cell.trait.cost:,} XP")  # Alt+B: the board
        self.buy_button.setEnabled(cell.state == present.BUYABLE)
        self.buy_button.setToolTip(rich_tooltip(cell.reason))  # the reason names the crow

    def chosen_key(self) -> str | None:
        view = self.canvas.view
        if view is None or not 0 <= self.canvas.current < len(view.cells):
            return None
        return view.cells[self.canvas.current].trait.key

    def choose(self, key: str) -> None:
        """Show the tree of the trait ``key`` ("Tree: Name") and choose that trait."""
        tree, _, name = key.partition(": ")
        row = next(i for i, t in enumerate(self.data.trees) if t.name == tree)
        self.trees.setCurrentRow(row)
        view = self.canvas.view
        assert view is not None
        self.canvas.choose(next(i for i, c in enumerate(view.cells) if c.trait.name == name))

    def buy(self) -> bool:
        """Buy the chosen trait as one undo step; a refusal is said here and nothing changes."""
        crow, key = self._session.name(), self.chosen_key()
        if crow is None or key is None:
            return False
        service = self._session.service
        try:
            self._session.push_made(lambda: advancement.buy_trait(service, crow, key, self.data))
        except ValueError as error:
            self.message.show_problems([str(error)])
            return False
        self.message.show_problems([])
        return True

    def award_xp(self) -> bool:
        crow = self._session.name()
        if crow is None:
            return False
        amount, service = self.award.value(), self._session.service
        try:
            self._session.push_made(lambda: advancement.award_xp(service, crow, amount))
        except ValueError as error:
            self.message.show_problems([str(error)])
            return False
        self.message.show_problems([])
        return True
