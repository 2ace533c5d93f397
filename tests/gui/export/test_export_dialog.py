"""Print to PDF in the window: the File menu's entries open the dialog (with ``open()``), the
PDF is built on a worker thread with a progress bar while the window keeps answering, "Open PDF"
and "Show in folder" come when it is written, the folder is remembered, and a failed write is
said in the dialog."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QToolBar

from refkit.gui.common.export_folder import LAST_FOLDER_KEY, documents_folder
from refkit.gui.export.dialog import ExportDialog
from refkit.gui.export.install import ExportActions, ExportSources, register
from refkit.gui.shell.actions import ActionRegistry
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.panel_registry import FeatureContext, PanelRegistry
from refkit.present.card_face import CardFace
from refkit.rules.inventory.catalogue import load_item_catalogue
from tests.export.crows import HOSTILE_NAME, crow
from tests.export.pdf_reading import page_count, pdf_text

WRITE_TIMEOUT_MS = 20_000


@pytest.fixture
def window(qtbot, settings: QSettings) -> MainWindow:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    return window


def _actions(window: MainWindow, settings: QSettings, open_crow=None, party=()) -> ExportActions:
    toolbar = QToolBar()
    toolbar.setObjectName("test_toolbar")
    window.addToolBar(toolbar)
    registry = PanelRegistry(window, ActionRegistry(window), toolbar)
    registry.build_menu_bar(window.menuBar())
    context = FeatureContext(
        window=window,
        settings=settings,
        undo_stack=None,
        log_roll=lambda _: None,
        when_ready=lambda callback: callback(),
    )
    sources = ExportSources(
        crow=lambda: open_crow,
        party=lambda: list(party),
        catalogue=lambda: [CardFace.from_catalogue(e) for e in load_item_catalogue()[:12]],
    )
    actions = register(registry, context, sources)
    actions.registry = registry  # kept for the menu checks
    return actions


def _export(qtbot, dialog: ExportDialog, path: Path) -> None:
    dialog.path.setText(str(path))
    dialog.export_button.click()
    qtbot.waitUntil(lambda: dialog.thread is None, timeout=WRITE_TIMEOUT_MS)


def test_the_entries_sit_in_the_file_menu(window, settings):
    actions = _actions(window, settings)
    menu = actions.registry.menu("&File")
    texts = [action.text() for action in menu.actions()]
    for text in (
        "&Print the crow's sheet and cards…",
        "Print the part&y pack…",
        "Print the item catalo&gue's cards…",
        "Print the spe&ll cards…",
        "Print the referee's &quick sheet…",
    ):
        assert text in texts


def test_printing_the_open_crow_writes_its_sheet_and_cards(qtbot, window, settings, tmp_path):
    mara = crow(HOSTILE_NAME, items=16, notes="Owes <Mara> & co.")
    actions = _actions(window, settings, open_crow=mara)
    dialog = actions.print_crow()
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    # It starts in the documents folder, offering a file named for the crow.
    assert Path(dialog.path.text()).parent == documents_folder()
    assert Path(dialog.path.text()).name == "søren-ævarsson-þórðarson.pdf"
    assert not dialog.open_button.isEnabled() and not dialog.folder_button.isEnabled()
    dialog.bleed.setValue(0.0)
    dialog.backs.setChecked(True)
    out = tmp_path / "mara.pdf"
    _export(qtbot, dialog, out)
    assert dialog.message.text().startswith("Wrote 6 pages"), dialog.message.text()
    # One sheet and a filler (so fronts fall on odd pages), then 16 cards at nine a page with a
    # back after each page.
    assert page_count(out) == 1 + 1 + 2 * 2
    assert HOSTILE_NAME in pdf_text(out, page=1)
    assert dialog.progress.value() == dialog.progress.maximum() == 1
    assert dialog.open_button.isEnabled() and dialog.folder_button.isEnabled()
    assert settings.value(LAST_FOLDER_KEY) == str(tmp_path)
    # The next dialog opens in the folder just used.
    again = actions.print_quick_sheet()
    assert Path(again.path.text()).parent == tmp_path


def test_the_progress_bar_counts_sheets_and_cards(qtbot, window, settings, tmp_path):
    party = [crow(f"Crow {n}", items=16) for n in range(3)]
    actions = _actions(window, settings, open_crow=party[0], party=party)
    dialog = actions.print_party()
    seen: list[tuple[int, int]] = []
    dialog.progress.valueChanged.connect(
        lambda value: seen.append((value, dialog.progress.maximum()))
    )
    _export(qtbot, dialog, tmp_path / "party.pdf")
    # Counted on the way (3 sheets and 48 cards), then the bar shows the finished export.
    counted = [step for step in seen if step[1] == 3 + 48]
    assert counted and counted[-1] == (3 + 48, 3 + 48)
    assert [done for done, _ in counted] == sorted(done for done, _ in counted)


def test_the_window_keeps_answering_while_the_pdf_is_built(qtbot, window, settings, tmp_path):
    party = [crow(f"Crow {n}", items=16, notes="word " * 300) for n in range(6)]
    actions = _actions(window, settings, open_crow=party[0], party=party)
    dialog = actions.print_party()
    dialog.backs.setChecked(True)
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(lambda: beats.append(time.perf_counter()))
    heartbeat.start()
    _export(qtbot, dialog, tmp_path / "party.pdf")
    heartbeat.stop()
    assert dialog.written is not None
    # The event loop ran all along: many beats, not one burst after the export.
    assert len(beats) >= 5


def test_a_failed_write_is_said_in_the_dialog_and_nothing_is_left(
    qtbot, window, settings, tmp_path
):
    actions = _actions(window, settings, open_crow=crow())
    dialog = actions.print_crow()
    target = tmp_path / "no-such-folder" / "mara.pdf"
    _export(qtbot, dialog, target)
    assert "Could not write mara.pdf" in dialog.message.text()
    assert "does not exist" in dialog.message.text()
    assert not target.exists()
    assert not dialog.open_button.isEnabled()
    assert dialog.export_button.isEnabled()


def test_user_text_in_the_dialog_is_plain(qtbot, window, settings):
    from PySide6.QtCore import Qt

    actions = _actions(window, settings, open_crow=crow("Mara <b>Vell</b>"))
    dialog = actions.print_crow()
    assert dialog.message.textFormat() == Qt.TextFormat.PlainText
    assert dialog.windowTitle() == "Print Mara <b>Vell</b>"


def test_with_no_crow_open_the_status_bar_says_so(window, settings):
    actions = _actions(window, settings)
    assert actions.print_crow() is None
    assert "Open a crow" in window.statusBar().currentMessage()


def test_the_catalogue_and_spells_print_cards(qtbot, window, settings, tmp_path):
    actions = _actions(window, settings)
    catalogue = actions.print_catalogue()
    catalogue.bleed.setValue(0.0)
    _export(qtbot, catalogue, tmp_path / "items.pdf")
    assert page_count(tmp_path / "items.pdf") == 2  # twelve items at nine a page
    spells = actions.print_spells()
    spells.marks.setChecked(False)
    _export(qtbot, spells, tmp_path / "spells")  # ".pdf" is added
    assert (tmp_path / "spells.pdf").exists()


def _printing_ready(app) -> bool:
    try:
        app.panels.action("print_crow")
    except Exception:
        return False
    return app.character_panels is not None


def test_in_the_window_ctrl_p_prints_the_crow_on_the_sheet(qtbot, start_app, tmp_path):
    app = start_app(tmp_path / "window.sqlite3", ready=_printing_ready)
    crow_now = app.character_panels.session.character()
    assert crow_now is not None  # the sample party's first crow is open
    app.panels.action("print_crow").trigger()
    dialog = app.window.findChild(ExportDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.windowTitle() == f"Print {crow_now.name}"
    _export(qtbot, dialog, tmp_path / "crow.pdf")
    assert crow_now.name in pdf_text(tmp_path / "crow.pdf", page=1)
    dialog.close()
    app.panels.action("print_party").trigger()
    (party,) = [d for d in app.window.findChildren(ExportDialog) if d.isVisible()]
    assert party.windowTitle().startswith("Print the party pack (")


def test_choose_opens_a_save_dialog_without_a_nested_loop(qtbot, window, settings, tmp_path):
    from PySide6.QtWidgets import QFileDialog

    actions = _actions(window, settings, open_crow=crow())
    dialog = actions.print_crow()
    choose = next(
        b for b in dialog.findChildren(type(dialog.export_button)) if b.text() == "Choose…"
    )
    choose.click()  # returns at once: the file dialog is open(), not exec()
    chooser = dialog.findChild(QFileDialog, "export_file_dialog")
    assert chooser is not None and chooser.isVisible()
    chooser.fileSelected.emit(str(tmp_path / "chosen.pdf"))
    assert dialog.path.text() == str(tmp_path / "chosen.pdf")
    chooser.reject()


def test_the_choices_are_kept_for_the_next_dialog_and_the_default_bleed_is_the_clis(
    qtbot, window, settings, tmp_path
):
    from refkit.present.card_sheet import card_sizes

    actions = _actions(window, settings, open_crow=crow())
    first = actions.print_crow()
    # Issue 27 items 4 and 9: the window offers the command line's bleed, nine cards a page.
    assert first.bleed.value() == card_sizes()["poker"].bleed
    assert first.per_page.text().startswith("9 cards a page")
    first.paper.setCurrentIndex(first.paper.findData("letter"))
    first.bleed.setValue(1.5)
    first.backs.setChecked(True)
    first.marks.setChecked(False)
    first.blanks.setValue(3)
    _export(qtbot, first, tmp_path / "first.pdf")
    # One sheet, 6 items + 3 blanks on one page of fronts, its backs: a filler keeps the parity.
    assert page_count(tmp_path / "first.pdf") == 4
    assert pdf_text(tmp_path / "first.pdf", page=3).count("Name") == 3
    again = actions.print_catalogue()
    assert again.paper.currentData() == "letter"
    assert again.bleed.value() == 1.5
    assert again.backs.isChecked() and not again.marks.isChecked()
    assert again.blanks.value() == 3


def test_the_dialog_leaves_the_main_window_usable(qtbot, window, settings):
    from PySide6.QtWidgets import QApplication

    actions = _actions(window, settings, open_crow=crow())
    dialog = actions.print_crow()
    assert not dialog.isModal()
    assert QApplication.activeModalWidget() is None


def test_the_catalogue_prints_what_its_search_shows_from_its_own_button(qtbot, start_app, tmp_path):
    """Issue 27 item 9: the catalogue's "Print these cards…" button prints the search's result."""
    app = start_app(tmp_path / "window.sqlite3", ready=_printing_ready)
    catalogue = app.character_panels.catalogue
    catalogue.search.setText("lantern")
    shown = catalogue.shown_entries()
    assert shown and all(
        "lantern" in entry.name.casefold()
        or "lantern" in " ".join((*entry.tags, *entry.keywords, entry.notes)).casefold()
        for entry in shown
    )
    qtbot.waitUntil(catalogue.print_button.isEnabled, timeout=WRITE_TIMEOUT_MS)
    catalogue.print_button.click()
    (dialog,) = [d for d in app.window.findChildren(ExportDialog) if d.isVisible()]
    assert f"({len(shown)} card" in dialog.windowTitle()
    _export(qtbot, dialog, tmp_path / "lanterns.pdf")
    text = pdf_text(tmp_path / "lanterns.pdf")
    assert all(entry.name in text for entry in shown)
    assert "Crowbar" not in text


def test_a_crows_sheet_can_be_printed_fillable_from_the_window(qtbot, window, settings, tmp_path):
    import pdfplumber

    actions = _actions(window, settings, open_crow=crow(items=4))
    dialog = actions.print_crow()
    assert dialog.fillable.isVisibleTo(dialog)
    dialog.fillable.setChecked(True)
    _export(qtbot, dialog, tmp_path / "form.pdf")
    with pdfplumber.open(tmp_path / "form.pdf") as document:
        assert len(document.pages[0].annots) > 10
    catalogue = actions.print_catalogue()
    assert not catalogue.fillable.isVisibleTo(catalogue)
    assert actions.print_crow().fillable.isChecked()  # kept for next time


def test_a_crow_that_breaks_the_rules_prints_with_a_note_of_each_error(
    qtbot, window, settings, tmp_path
):
    """Issue 27 item 8 in the window: printed as it is, every rule error said in the dialog."""
    from dataclasses import replace

    from refkit.rules.character.model import Characteristics

    mara = crow(items=4)
    broken = replace(mara, characteristics=Characteristics(agility=9, mind=0, strength=2))
    actions = _actions(window, settings, open_crow=broken)
    dialog = actions.print_crow()
    _export(qtbot, dialog, tmp_path / "broken.pdf")
    assert (tmp_path / "broken.pdf").exists()
    assert "Note: Mara Vell breaks characteristic_range" in dialog.message.text()


def test_open_pdf_with_no_viewer_says_where_the_file_is_and_copies_its_path(
    qtbot, window, settings, tmp_path, monkeypatch
):
    """Issue 24 item 8: with no PDF viewer installed "Open PDF" did nothing visible
    (QDesktopServices.openUrl returned False and the dialog did not look)."""
    from PySide6.QtGui import QDesktopServices, QGuiApplication

    opened: list[str] = []

    def no_program(url) -> bool:
        opened.append(url.toLocalFile())
        return False

    monkeypatch.setattr(QDesktopServices, "openUrl", no_program)
    dialog = _actions(window, settings, open_crow=crow("Mara")).print_quick_sheet()
    out = tmp_path / "mara.pdf"
    _export(qtbot, dialog, out)
    assert dialog.copy_button.isHidden()  # offered only when it is needed
    dialog.open_button.click()
    assert opened == [str(out)]
    said = dialog.message.text()
    assert "No program to open PDFs" in said and str(out) in said, said
    assert not dialog.copy_button.isHidden() and dialog.folder_button.isEnabled()
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == str(out)
    dialog.folder_button.click()  # no file manager either: said as well
    assert opened[-1] == str(tmp_path)
    assert "No file manager" in dialog.message.text() and str(out) in dialog.message.text()
