"""Draws a lookup result: a game's heading in bold small capitals, or a hit as its title and
section over a one-line snippet with the matched words in bold.

Each row's rich text is laid out once: the list asks every row's size after a search and then
paints the rows it shows, and a selection change repaints two rows; the laid-out documents are
kept (the last :data:`KEPT_DOCUMENTS`, by their text, width and font), so painting reuses the
layout the size was read from instead of parsing the HTML and laying it out again.
"""

from __future__ import annotations

from collections import OrderedDict
from html import escape

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRectF, QSize
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from refkit.gui.lookup.results_model import ResultRole

PADDING = 6
KEPT_DOCUMENTS = 400
"""Laid-out rows kept: a search's sixty hits and headings, selected or not, several times over."""


def hit_html(title: str, section: str, snippet: str, *, selected: bool = False) -> str:
    """The rich text of a hit row: title and section escaped; ``snippet`` is already escaped.
    The section is greyed, except on the selected row, where grey would vanish in the
    highlight."""
    style = "" if selected else " style='color: gray'"
    return (
        f"<div><b>{escape(title)}</b>&nbsp;&nbsp;<span{style}>{escape(section)}</span></div>"
        f"<div>{snippet}</div>"
    )


class ResultDelegate(QStyledItemDelegate):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._kept: OrderedDict[tuple[str, int, str], QTextDocument] = OrderedDict()

    def _document(self, option: QStyleOptionViewItem, index: QModelIndex) -> QTextDocument:
        if index.data(ResultRole.HEADING):
            html = f"<b>{escape(str(index.data()).upper())}</b>"
        else:
            html = hit_html(
                str(index.data()),
                str(index.data(ResultRole.SECTION)),
                str(index.data(ResultRole.SNIPPET_HTML)),
                selected=bool(option.state & QStyle.StateFlag.State_Selected),
            )
        width = self._width(option)
        key = (html, width, option.font.key())
        document = self._kept.get(key)
        if document is not None:
            self._kept.move_to_end(key)
            return document
        document = QTextDocument()
        document.setDefaultFont(option.font)
        document.setDocumentMargin(PADDING)
        document.setHtml(html)
        document.setTextWidth(width)
        self._kept[key] = document
        if len(self._kept) > KEPT_DOCUMENTS:
            self._kept.popitem(last=False)
        return document

    @staticmethod
    def _width(option: QStyleOptionViewItem) -> int:
        # sizeHint's option has no useful rect; the view's viewport says how wide a row is.
        widget = option.widget
        viewport = getattr(widget, "viewport", None)
        width = viewport().width() if viewport is not None else option.rect.width()
        return width if width > 50 else 400

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        item.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)
        document = self._document(option, index)
        context = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        context.palette.setColor(QPalette.ColorRole.Text, option.palette.color(role))
        context.clip = QRectF(0, 0, option.rect.width(), option.rect.height())
        painter.save()
        painter.translate(option.rect.topLeft())
        painter.setClipRect(context.clip)
        document.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        document = self._document(option, index)
        return QSize(int(document.idealWidth()), int(document.size().height()))
