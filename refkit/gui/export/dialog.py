"""The Print to PDF dialog: paper, bleed, cut marks and duplex backs, the file to write, a
progress bar while the worker builds it, then "Open PDF" and "Show in folder".

Opened with ``open()`` (never ``exec()``); the export runs on a worker thread, so the window
keeps answering. A failed write is said in the dialog, in plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings, QThread, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from refkit.export.card_pages import CardOptions
from refkit.export.documents import paper_named
from refkit.gui.common.export_folder import export_folder, remember_export_folder
from refkit.gui.common.export_writer import Build, ExportJob, start_export
from refkit.gui.common.plain_text import plain_label
from refkit.present.card_sheet import card_sizes, papers


@dataclass(frozen=True)
class ExportRequest:
    """What to print: the dialog's title, a file name to offer, and how to build the PDF from
    the choices made (as card options: paper, bleed, marks, backs)."""

    title: str
    file_name: str
    make: Callable[[CardOptions], Build]
    cards: bool = True
    """Whether bleed, cut marks and backs apply (not for a lone sheet or the quick sheet)."""


class ExportDialog(QDialog):
    def __init__(
        self, request: ExportRequest, settings: QSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("export_dialog")
        self.setWindowTitle(request.title)
        self.request = request
        self.settings = settings
        self.written: Path | None = None
        self.thread: QThread | None = None
        self.job: ExportJob | None = None
        self.chooser: QFileDialog | None = None

        self.paper = QComboBox()
        for key, paper in papers().items():
            self.paper.addItem(paper.label, key)
        self.bleed = QDoubleSpinBox()
        self.bleed.setRange(0.0, 10.0)
        self.bleed.setSingleStep(0.5)
        self.bleed.setSuffix(" mm")
        self.bleed.setValue(0.0)
        self.bleed.setToolTip(
            f"Colour printed past each cut line: {card_sizes()['poker'].bleed:g} mm for a print "
            "shop; 0 mm fits the most cards on a page (nine poker cards on A4)"
        )
        self.bleed.valueChanged.connect(self._show_per_page)
        self.paper.currentIndexChanged.connect(self._show_per_page)
        self.per_page = plain_label("")
        self.per_page.setObjectName("export_per_page")
        self.marks = QCheckBox("Cut marks")
        self.marks.setChecked(True)
        self.backs = QCheckBox("Card backs for duplex printing (long edge)")
        self.path = QLineEdit(str(export_folder(settings) / request.file_name))
        self.path.setObjectName("export_path")
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._choose)
        where = QHBoxLayout()
        where.addWidget(self.path, 1)
        where.addWidget(browse)

        self.heading = plain_label(request.title)
        self.heading.setObjectName("export_heading")
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)

        form = QFormLayout()
        form.addRow("Paper", self.paper)
        if request.cards:
            form.addRow("Bleed", self.bleed)
            form.addRow("", self.per_page)
            form.addRow("", self.marks)
            form.addRow("", self.backs)
        form.addRow("Save as", where)

        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.message = plain_label("")
        self.message.setObjectName("export_message")
        self.message.setWordWrap(True)

        self.buttons = QDialogButtonBox()
        self.export_button = self.buttons.addButton(
            "Export", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.open_button = self.buttons.addButton(
            "Open PDF", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.folder_button = self.buttons.addButton(
            "Show in folder", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.open_button.setEnabled(False)
        self.folder_button.setEnabled(False)
        self.export_button.clicked.connect(self.start)
        self.open_button.clicked.connect(self._open_pdf)
        self.folder_button.clicked.connect(self._show_folder)
        self.close_button.clicked.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self._show_per_page()
        self.resize(520, self.sizeHint().height())

    def _show_per_page(self) -> None:
        try:
            sheet = self.options().sheet()
        except ValueError as error:
            self.per_page.setText(str(error))
            return
        self.per_page.setText(f"{sheet.per_page} cards a page ({sheet.columns} × {sheet.rows})")

    def options(self) -> CardOptions:
        return CardOptions(
            paper=paper_named(str(self.paper.currentData())),
            bleed=self.bleed.value(),
            cut_marks=self.marks.isChecked(),
            backs=self.backs.isChecked(),
        )

    def start(self) -> None:
        """Build and write the PDF on a worker thread."""
        text = self.path.text().strip()
        if not text:
            self._fail("Give a file name to save the PDF as.")
            return
        path = Path(text).expanduser()
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
            self.path.setText(str(path))
        try:
            build = self.request.make(self.options())
        except ValueError as error:
            self._fail(str(error))
            return
        self.export_button.setEnabled(False)
        self.open_button.setEnabled(False)
        self.folder_button.setEnabled(False)
        self.progress.setRange(0, 0)  # busy until the first card says how many there are
        self.message.setText(f"Printing to {path.name}…")
        job = ExportJob(build, path)
        job.progress.connect(self._progressed)
        job.finished.connect(self._done)
        job.failed.connect(self._fail)
        self.job = job  # kept: the job has no Qt parent once it moves to its thread
        self.thread = start_export(job, self)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)

    def _done(self, path: str, pages: int) -> None:
        self._finished()
        self.written = Path(path)
        remember_export_folder(path, self.settings)
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self.message.setText(f"Wrote {pages} page{'s' if pages != 1 else ''} to {path}")
        self.export_button.setEnabled(True)
        self.open_button.setEnabled(True)
        self.folder_button.setEnabled(True)

    def _fail(self, message: str) -> None:
        self._finished()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.message.setText(message)
        self.export_button.setEnabled(True)

    def _finished(self) -> None:
        if self.thread is not None:
            self.thread.wait()  # it is quitting: let it end before the next export starts
        self.thread = None
        self.job = None

    def _choose(self) -> None:
        """A Save dialog opened with ``open()`` (no nested event loop); its choice fills the
        path."""
        chooser = QFileDialog(self, "Save the PDF as", self.path.text(), "PDF files (*.pdf)")
        chooser.setObjectName("export_file_dialog")
        chooser.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        chooser.setDefaultSuffix("pdf")
        chooser.fileSelected.connect(self.path.setText)
        chooser.finished.connect(chooser.deleteLater)
        self.chooser = chooser
        chooser.open()

    def _open_pdf(self) -> None:
        if self.written is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.written)))

    def _show_folder(self) -> None:
        if self.written is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.written.parent)))

    def done(self, result: int) -> None:
        if self.thread is not None:  # a close while printing waits for the file to be whole
            self.thread.wait()
        super().done(result)
