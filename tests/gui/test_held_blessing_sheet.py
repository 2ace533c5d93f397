"""The sheet's held blessing (Delayed Inspiration, Bard): after a Bard's Song of Rest the
listener's sheet offers "Take held blessing (2 held)"; taking one blesses the crow as one undo
step (the button then waits, disabled, while it is blessed), and undo gives the blessing back."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import parse_activity
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo


def crow(name: str, *items: Item, traits: tuple[str, ...] = ()) -> Character:
    rations = Item("Ration", area=BACKPACK, at=9, count=4, stack=StackInfo("ration", 6), id="r")
    made = Character(
        name, Characteristics(0, 1, 2), Stamina(5, 5), items=Inventory((rations, *items), ())
    )
    return replace(made, traits=traits)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3"), seed_samples=False) as opened:
        lute = Item("Musical instrument", area=BACKPACK, at=2, id="lute")
        bard = ("Camping: Song of Rest", "Camping: Delayed Inspiration", "Camping: Bard")
        opened.create(crow("Ada", lute, traits=bard))
        opened.create(crow("Wren"))
        yield opened


def test_take_a_held_blessing_on_the_sheet(qtbot, service: CharacterService) -> None:
    session = CharacterSession(service, RefkitUndoStack(), rng=random.Random(7))
    sheet = CharacterSheetPanel(session)
    qtbot.addWidget(sheet)
    sheet.destroyed.connect(session.shutdown)
    session.open("Ada")
    session.rest(["Ada", "Wren"], choices={"Ada": parse_activity("trait:Song of Rest")})
    assert sheet.blessing_button.isHidden()  # the singer holds none itself
    session.open("Wren")
    assert not sheet.blessing_button.isHidden()
    assert sheet.blessing_button.text() == "Take held blessing (2 held)"
    assert sheet.blessing_button.isEnabled()
    qtbot.mouseClick(sheet.blessing_button, Qt.MouseButton.LeftButton)
    assert service.get("Wren").has("blessed")
    assert sheet.blessing_button.text() == "Take held blessing"
    assert not sheet.blessing_button.isEnabled()  # blessed already: keep it for later
    session.undo_stack.undo()
    assert not service.get("Wren").has("blessed")
    assert sheet.blessing_button.text() == "Take held blessing (2 held)"
    assert sheet.blessing_button.isEnabled()
