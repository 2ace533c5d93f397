"""Issue 24, item 7: the crow list gives the room of an empty Player column to the crows' names
("Brannoc Tull", not "Bran… Tull"), and a long player's name still gets its column."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from refkit.app.character_service import CharacterService
from refkit.gui.characters.list_model import NAME, PLAYER
from refkit.gui.characters.list_panel import CharacterListPanel
from refkit.gui.characters.session import CharacterSession
from refkit.gui.shell.undo_adapter import RefkitUndoStack


@pytest.fixture
def panel(qtbot, service: CharacterService) -> Iterator[CharacterListPanel]:
    session = CharacterSession(service, RefkitUndoStack(), rng=random.Random(7))
    widget = CharacterListPanel(session)
    qtbot.addWidget(widget)
    widget.resize(530, 400)  # the list's column on a 1366×768 laptop
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    session.shutdown()


def test_an_empty_player_column_leaves_the_room_to_the_names(panel: CharacterListPanel) -> None:
    header = panel.table.horizontalHeader()
    metrics = panel.table.fontMetrics()
    assert header.sectionSize(NAME) >= metrics.horizontalAdvance("Brannoc Tull")
    assert header.sectionSize(PLAYER) < metrics.horizontalAdvance("A player's name")


def test_a_player_s_name_widens_its_column_again(
    panel: CharacterListPanel, service: CharacterService
) -> None:
    narrow = panel.table.horizontalHeader().sectionSize(PLAYER)
    service.save(replace(service.get("Wren Ashdown"), player="Samantha"))
    panel.refresh()
    assert panel.table.horizontalHeader().sectionSize(PLAYER) > narrow


def test_a_wide_short_catalogue_preview_keeps_its_body_text(qtbot) -> None:
    """Issue 24 item 7: the preview's title grows only as far as its height has room, so the
    body's lines still show in a wide, short preview (as on a laptop or at 2×)."""
    from refkit.gui.inventory.item_card_widget import ItemCardWidget

    card = ItemCardWidget()
    qtbot.addWidget(card)
    line = card.fontMetrics().height()
    card.resize(line * 30, line * 5)  # wide and short
    assert card.text_scale() == 1.0
    card.resize(line * 30, line * 30)  # roomy both ways: larger text
    assert card.text_scale() > 1.0
