"""A crow edit costs the same with 10 crows or 200: only that crow is decoded, one list row changes.

Before issue 7 every edit reloaded and decoded every stored crow for the character list (0.9 s per
edit with 1,000 crows). The store's decoder is counted here, so the test does not depend on speed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt

import refkit.gui.characters.list_model as character_list_model
import refkit.store.character_store as character_store
from refkit.app.character_service import CharacterService
from refkit.app.sample_content import sample_characters
from refkit.compose import open_character_service
from refkit.gui.characters.install import (
    CHARACTERS_DOCK,
    CharacterPanels,
    install_character_panels,
)
from refkit.gui.characters.list_model import NAME, NAME_ROLE
from refkit.gui.shell.actions import ActionRegistry
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.undo_adapter import RefkitUndoStack


class _Decodes:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = character_store.decode_character

        def counted(payload: str, name: str):
            self.count += 1
            return real(payload, name)

        monkeypatch.setattr(character_store, "decode_character", counted)


def _service_with(path: Path, crows: int) -> CharacterService:
    service = open_character_service(str(path), seed_samples=False)
    templates = sample_characters()
    service.repository.save_all(
        [replace(templates[i % len(templates)], name=f"Crow {i:03d}") for i in range(crows)],
        replace_existing=False,
    )
    return service


@pytest.fixture
def panels_with(qtbot, settings: QSettings, tmp_path: Path) -> Iterator:
    opened: list[tuple[CharacterService, CharacterPanels]] = []

    def make(crows: int) -> CharacterPanels:
        service = _service_with(tmp_path / f"crows-{crows}.sqlite3", crows)
        window = MainWindow(settings)
        qtbot.addWidget(window)
        panels = install_character_panels(
            window, ActionRegistry(window), RefkitUndoStack(window), service
        )
        opened.append((service, panels))
        return panels

    yield make
    for service, panels in opened:
        panels.session.shutdown()
        service.close()


def _decodes_per_edit(panels: CharacterPanels, decodes: _Decodes) -> int:
    session = panels.session
    session.open("Crow 005")
    before = decodes.count
    session.edit_notes("Lost a boot in the bog")
    return decodes.count - before


@pytest.mark.parametrize("crows", [10, 200])
def test_a_notes_edit_decodes_only_the_edited_crow(panels_with, monkeypatch, crows) -> None:
    panels = panels_with(crows)
    decodes = _Decodes(monkeypatch)
    used = _decodes_per_edit(panels, decodes)
    assert used <= 3, f"one edit decoded {used} stored crows out of {crows}"
    assert panels.list_panel.model.rowCount() == crows


def test_an_edit_changes_one_list_row_without_resetting_the_list(panels_with) -> None:
    panels = panels_with(30)
    model = panels.list_panel.model
    resets: list[bool] = []
    changed: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.dataChanged.connect(lambda first, last, *_: changed.append((first.row(), last.row())))
    panels.session.open("Crow 007")
    row = model.row_of("Crow 007")
    revision = model.summary(row).revision
    panels.session.damage(20, piercing=True)
    assert not resets
    assert changed == [(row, row)]
    assert model.summary(row).revision == revision + 1
    assert model.summary(row).stamina == 0


def test_the_list_still_follows_new_renamed_and_deleted_crows(panels_with) -> None:
    panels = panels_with(5)
    model = panels.list_panel.model
    service = panels.session.service
    service.rename("Crow 001", "Ada Quick")
    assert model.row_of("Ada Quick") == 0 and model.row_of("Crow 001") == -1
    service.delete("Crow 002")
    assert model.row_of("Crow 002") == -1 and model.rowCount() == 4
    service.create(replace(service.get("Crow 003"), name="Zed Late"))
    assert model.row_of("Zed Late") == 4


def _rows_drawn_per_edit(panels: CharacterPanels, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many list cells are read for their text while one crow is edited."""
    panels.window.resize(1000, 700)
    panels.window.show()
    panels.window.show_panel(CHARACTERS_DOCK)
    panels.session.open("Crow 003")
    QCoreApplication.processEvents()
    calls = [0]
    real = character_list_model._display

    def counted(summary, column):
        calls[0] += 1
        return real(summary, column)

    monkeypatch.setattr(character_list_model, "_display", counted)
    panels.session.edit_notes("Counted the rope twice")
    QCoreApplication.processEvents()
    monkeypatch.setattr(character_list_model, "_display", real)
    return calls[0]


def test_the_list_view_does_not_measure_every_row_after_an_edit(panels_with, monkeypatch) -> None:
    small = _rows_drawn_per_edit(panels_with(10), monkeypatch)
    big = _rows_drawn_per_edit(panels_with(200), monkeypatch)
    assert big <= small * 2 + 50, f"{big} model reads for 200 crows against {small} for 10"


def test_the_list_shows_crows_by_name_without_sorting_them_again(panels_with) -> None:
    panels = panels_with(12)
    panel = panels.list_panel
    service = panels.session.service
    service.create(replace(service.get("Crow 003"), name="aardvark Ann"))
    shown = [panel.proxy.index(r, 0).data(NAME_ROLE) for r in range(panel.proxy.rowCount())]
    assert shown == sorted(shown, key=str.casefold) and shown[0] == "aardvark Ann"
    panel.table.sortByColumn(NAME, Qt.SortOrder.DescendingOrder)
    backwards = [panel.proxy.index(r, 0).data(NAME_ROLE) for r in range(panel.proxy.rowCount())]
    assert backwards == shown[::-1]
    panel.table.sortByColumn(NAME, Qt.SortOrder.AscendingOrder)
    assert [panel.proxy.index(r, 0).data(NAME_ROLE) for r in range(12 + 1)] == shown
