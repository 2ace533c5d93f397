"""Issue 22 item 3: a player's own item edited in the item editor while another window (a second
service on the same file) saved it is not overwritten — the editor shows the item as stored now,
says what changed, and keeps the typed values to put back and save over what is now shown."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.catalogue_panel import CataloguePanel
from refkit.gui.characters.session import CharacterSession
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.inventory.catalogue import CatalogueItem

CHARM = CatalogueItem(name="Bone charm", tags=("trinket",), notes="Lucky")


@pytest.fixture
def two_windows(tmp_path: Path) -> Iterator[tuple[CharacterService, CharacterService]]:
    path = str(tmp_path / "refkit.sqlite3")
    with open_character_service(path) as mine, open_character_service(path) as theirs:
        mine.add_custom_item(CHARM)
        yield mine, theirs


@pytest.fixture
def panel(qtbot, two_windows) -> Iterator[CataloguePanel]:
    session = CharacterSession(two_windows[0], RefkitUndoStack(), rng=random.Random(7))
    widget = CataloguePanel(session)
    qtbot.addWidget(widget)
    yield widget
    session.shutdown()


def test_an_item_changed_elsewhere_while_edited_keeps_the_typed_values_and_shows_theirs(
    panel: CataloguePanel, two_windows
) -> None:
    _mine, theirs = two_windows
    assert panel.choose("Bone charm")
    dialog = panel.ask_edit()
    assert dialog is not None and dialog.name.text() == "Bone charm"
    dialog.notes.setPlainText("My typed notes")
    theirs.edit_custom_item("Bone charm", CatalogueItem(name="Bone charm", notes="Their notes"))

    dialog.buttons.accepted.emit()

    assert dialog.isVisible()  # nothing saved, the form stays open
    assert theirs.get_custom_item("Bone charm").notes == "Their notes"
    assert dialog.notes.toPlainText() == "Their notes"  # the fresh state shown
    assert dialog.tags.text() == ""
    message = dialog.conflict.message.text()
    assert message.startswith("The item \u201cBone charm\u201d was changed in another window")
    assert "notes" in message and "tags" in message
    assert "My typed notes" in dialog.conflict.kept.toPlainText()

    dialog.conflict.put_back_button.click()
    assert dialog.notes.toPlainText() == "My typed notes"
    assert dialog.tags.text() == "trinket"
    dialog.buttons.accepted.emit()
    assert not dialog.isVisible()
    assert theirs.get_custom_item("Bone charm") == CatalogueItem(
        name="Bone charm", tags=("trinket",), notes="My typed notes"
    )


def test_an_item_edited_with_nothing_changed_elsewhere_is_saved_in_place(
    panel: CataloguePanel, two_windows
) -> None:
    _mine, theirs = two_windows
    assert panel.choose("Bone charm")
    dialog = panel.ask_edit()
    assert dialog is not None
    dialog.name.setText("Bone amulet")
    dialog.buttons.accepted.emit()
    assert not dialog.isVisible()
    assert theirs.get_custom_item("Bone amulet").notes == "Lucky"
    assert [item.name for item in theirs.list_custom_items()] == ["Bone amulet"]
