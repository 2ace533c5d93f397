"""Draws a lookup result: a game's heading in bold small capitals, or a hit as its title and
section over a one-line snippet with the matched words in bold."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from refkit.gui.lookup.results_model import ResultRole

PADDING = 6


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
    def _document(self, option: QStyleOptionViewItem, index: QModelIndex) -> QTextDocument:
        document = QTextDocument()
        document.setDefaultFont(option.font)
        document.setDocumentMargin(PADDING)
        if index.data(ResultRole.HEADING):
            document.setHtml(f"<b>{escape(str(index.data()).upper())}</b>")
        else:
            document.setHtml(
                hit_html(
                    str(index.data()),
                    str(index.data(ResultRole.SECTION)),
                    str(index.data(ResultRole.SNIPPET_HTML)),
                    selected=bool(option.state & QStyle.StateFlag.State_Selected),
                )
            )
        document.setTextWidth(self._width(option))
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
