"""The Print to PDF dialog: paper, bleed, cut marks and duplex backs, the file to write, a
progress bar while the worker builds it, then "Open PDF" and "Show in folder".

Shown without blocking the main window (never ``exec()``); the export runs on a worker thread, so
the window keeps answering. The paper, bleed, marks, backs and blank cards chosen are kept in the
settings and offered again next time. A failed write is said in the dialog, in plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings, QThread, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
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
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.export.card_pages import CardOptions
from refkit.export.documents import paper_named
from refkit.gui.common.export_folder import export_folder, remember_export_folder
from refkit.gui.common.export_writer import Build, ExportJob, start_export
from refkit.gui.common.plain_text import plain_label
from refkit.present.card_sheet import card_sizes, papers
from refkit.present.open_failed import no_file_manager_text, no_viewer_text

PAPER_KEY = "print/paper"
BLEED_KEY = "print/bleed_mm"
MARKS_KEY = "print/cut_marks"
BACKS_KEY = "print/backs"
BLANKS_KEY = "print/blanks"
FILLABLE_KEY = "print/fillable"
MOST_BLEED_MM = 10.0
MOST_BLANKS = 200
DEFAULT_BLEED_MM = card_sizes()["poker"].bleed
"""The command line's default too (sheets/cards.toml)."""


def _number(value: object, default: float) -> float:
    """A number kept in QSettings (a string in an INI file), or ``default`` when it is not one."""
    try:
        number = float(str(value))
    except ValueError:
        return default
    return number if number == number else default  # NaN is no choice


def _flag(value: object, *, default: bool) -> bool:
    """A checkbox kept in QSettings: INI files give back "true"/"false" strings."""
    if isinstance(value, bool):
        return value
    if value is None:
        return default
    return str(value).strip().lower() in ("true", "1", "yes")


@dataclass(frozen=True)
class ExportRequest:
    """What to print: the dialog's title, a file name to offer, and how to build the PDF from
    the choices made (as card options: paper, bleed, marks, backs)."""

    title: str
    file_name: str
    make: Callable[[CardOptions], Build]
    cards: bool = True
    """Whether bleed, cut marks and backs apply (not for a lone sheet or the quick sheet)."""
    sheets: bool = False
    """Whether character sheets are printed (they may be fillable)."""


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
        self.warnings: list[str] = []

        self.paper = QComboBox()
        self.paper.setObjectName("export_paper")
        for key, paper in papers().items():
            self.paper.addItem(paper.label, key)
        self.bleed = QDoubleSpinBox()
        self.bleed.setObjectName("export_bleed")
        self.bleed.setRange(0.0, MOST_BLEED_MM)
        self.bleed.setSingleStep(0.5)
        self.bleed.setSuffix(" mm")
        self.bleed.setValue(DEFAULT_BLEED_MM)
        self.bleed.setToolTip(
            f"Colour printed past the cut lines around the cards: {DEFAULT_BLEED_MM:g} mm "
            "(the command line's default too) suits a print shop and still fits nine poker "
            "cards on A4 or Letter"
        )
        self.bleed.valueChanged.connect(self._show_per_page)
        self.paper.currentIndexChanged.connect(self._show_per_page)
        self.per_page = plain_label("")
        self.per_page.setObjectName("export_per_page")
        self.marks = QCheckBox("Cut marks")
        self.marks.setChecked(True)
        self.backs = QCheckBox("Card backs for duplex printing (long edge)")
        self.blanks = QSpinBox()
        self.blanks.setObjectName("export_blanks")
        self.blanks.setRange(0, MOST_BLANKS)
        self.blanks.setSuffix(" blank cards")
        self.blanks.setToolTip("Write-in cards printed after the rest, for things found in play")
        self.blanks.valueChanged.connect(self._show_per_page)
        self.fillable = QCheckBox("Fillable sheets (form fields, for a tablet)")
        self.fillable.setObjectName("export_fillable")
        self._recall()
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
            form.addRow("Also print", self.blanks)
        if request.sheets:
            form.addRow("", self.fillable)
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
        # Offered when the desktop could not open the file: the path to paste elsewhere.
        self.copy_button = self.buttons.addButton(
            "Copy path", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.copy_button.setVisible(False)
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.open_button.setEnabled(False)
        self.folder_button.setEnabled(False)
        self.export_button.clicked.connect(self.start)
        self.open_button.clicked.connect(self._open_pdf)
        self.folder_button.clicked.connect(self._show_folder)
        self.copy_button.clicked.connect(self._copy_path)
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
        cards = self.request.cards
        return CardOptions(
            paper=paper_named(str(self.paper.currentData())),
            bleed=self.bleed.value(),
            cut_marks=self.marks.isChecked(),
            backs=self.backs.isChecked(),
            blanks=self.blanks.value() if cards else 0,
            fillable=self.request.sheets and self.fillable.isChecked(),
        )

    def _recall(self) -> None:
        """The choices of the last export (this session or an earlier one), where still valid."""
        settings = self.settings
        index = self.paper.findData(str(settings.value(PAPER_KEY, "") or ""))
        if index >= 0:
            self.paper.setCurrentIndex(index)
        self.bleed.setValue(_number(settings.value(BLEED_KEY), DEFAULT_BLEED_MM))
        self.marks.setChecked(_flag(settings.value(MARKS_KEY), default=True))
        self.backs.setChecked(_flag(settings.value(BACKS_KEY), default=False))
        self.blanks.setValue(int(_number(settings.value(BLANKS_KEY), 0)))
        self.fillable.setChecked(_flag(settings.value(FILLABLE_KEY), default=False))

    def _remember(self) -> None:
        settings = self.settings
        settings.setValue(PAPER_KEY, str(self.paper.currentData()))
        if self.request.cards:
            settings.setValue(BLEED_KEY, self.bleed.value())
            settings.setValue(MARKS_KEY, self.marks.isChecked())
            settings.setValue(BACKS_KEY, self.backs.isChecked())
            settings.setValue(BLANKS_KEY, self.blanks.value())
        if self.request.sheets:
            settings.setValue(FILLABLE_KEY, self.fillable.isChecked())

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
        self._remember()
        self.export_button.setEnabled(False)
        self.open_button.setEnabled(False)
        self.folder_button.setEnabled(False)
        self.copy_button.setVisible(False)
        self.progress.setRange(0, 0)  # busy until the first card says how many there are
        self.message.setText(f"Printing to {path.name}…")
        self.warnings.clear()
        job = ExportJob(build, path)
        job.progress.connect(self._progressed)
        job.finished.connect(self._done)
        job.failed.connect(self._fail)
        job.warned.connect(self.warnings.append)
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
        wrote = f"Wrote {pages} page{'s' if pages != 1 else ''} to {path}"
        self.message.setText("\n".join([wrote, *(f"Note: {w}" for w in self.warnings)]))
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
        written = self.written
        if written is not None and not QDesktopServices.openUrl(QUrl.fromLocalFile(str(written))):
            self._could_not_open(no_viewer_text(written))

    def _show_folder(self) -> None:
        written = self.written
        if written is None:
            return
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(written.parent))):
            self._could_not_open(no_file_manager_text(written))

    def _could_not_open(self, text: str) -> None:
        """The desktop opened nothing: say so and where the file is, and offer its path."""
        self.message.setText(text)
        self.copy_button.setVisible(True)

    def _copy_path(self) -> None:
        if self.written is not None:
            QGuiApplication.clipboard().setText(str(self.written))
            self.message.setText(f"Copied {self.written} to the clipboard.")

    def done(self, result: int) -> None:
        if self.thread is not None:  # a close while printing waits for the file to be whole
            self.thread.wait()
        super().done(result)
