"""The lookup's rows are laid out once (issue 30): after a search the list reads every row's
size, then paints the rows it shows; painting reuses the layout the size was read from, so
painting the window again parses and lays out no row's rich text."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage, QPainter, QTextDocument

import refkit.gui.lookup.result_delegate as result_delegate
from refkit.games.reference import read_reference
from refkit.gui.lookup.dialog import LookupDialog
from refkit.store.lookup import LookupIndex


def test_painting_again_lays_out_no_row(qtbot, monkeypatch) -> None:
    built: list[str] = []

    class CountedDocument(QTextDocument):
        def setHtml(self, html: str) -> None:
            built.append(html)
            super().setHtml(html)

    monkeypatch.setattr(result_delegate, "QTextDocument", CountedDocument)
    library, problems = read_reference()
    dialog = LookupDialog(library, LookupIndex.in_memory(library), problems)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.search_box.setText("th")
    dialog.search_now()
    image = QImage(dialog.size(), QImage.Format.Format_ARGB32_Premultiplied)

    def render() -> None:
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        dialog.render(painter, QPoint())
        painter.end()

    render()
    rows = dialog.model.rowCount()
    assert rows > 20  # a short prefix: a long list, most of it out of sight
    before = len(built)
    render()
    render()
    assert len(built) == before
    dialog.move_selection(1)  # the two rows whose selection changed, each in its new colours
    render()
    assert len(built) <= before + 2
