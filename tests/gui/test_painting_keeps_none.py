"""Painting every custom-painted widget many times never lowers Python's count of ``None``.

PySide6 6.12.0 on Python 3.11 drops one reference to ``None`` in each ``QPainter.setFont()``,
``setPen()``, ``setBrush()`` and ``drawRect()`` call; once the count reaches zero the interpreter
aborts ("none_dealloc: deallocating None"), minutes into a session. Each case below shows a widget
with the content it has at the table (a crow with items, a running clock, lit effects) and
renders it :data:`RENDERS` times. On Python 3.12 and later ``None`` is immortal and its count
cannot fall: the test still runs, and still proves every widget paints without error.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget

import refkit.gui
from refkit.compose import open_character_service
from refkit.gui.characters.portrait import portrait_from_image
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from refkit.gui.dice.widgets import ResultBanner
from refkit.gui.dungeon.clock_widget import BigClock, ClockMood
from refkit.gui.dungeon.effects_panel import EffectsPanel
from refkit.gui.dungeon.effects_widgets import EffectRow, UsageDicePips
from refkit.gui.dungeon.end_summary import CheckBanner, EndSummary
from refkit.gui.dungeon.players_window import (
    LightGlyph,
    PlayersOptions,
    PlayersWindow,
    players_view,
)
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.dungeon.sound_cue import SoundCue
from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.item_card_widget import CardFace, ItemCardWidget, card_pixmap
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.present.clock_text import clock_text
from tests.gui.dungeon_helpers import DungeonRig, make_rig
from tests.none_guard import BATCH, assert_painting_keeps_none

HESPER = "Hesper Quill"


@dataclass
class Scene:
    """A widget on screen with realistic content, and how one step of play changes it.

    A step that cycles through states (pick a card up, carry it, put it back) repeats every
    :data:`BATCH` steps, so the count is always compared between renders of the same state.
    """

    root: QWidget
    step: Callable[[int], None]
    cleanups: list[Callable[[], None]] = field(default_factory=list)


def _show(qtbot, widget: QWidget, size: QSize) -> None:
    qtbot.addWidget(widget)
    widget.resize(size)
    widget.show()
    qtbot.waitExposed(widget)


def _dungeon_rig() -> DungeonRig:
    """Lights as a party carries them (a torch, a guttering candle, a doused lantern), a spell."""
    rig = make_rig()
    rig.service.add_preset("torch", owner="Mara")
    rig.service.add_preset("candle")
    lantern = rig.service.add_preset("lantern", owner="Brannoc").value
    rig.service.douse(lantern.id)
    rig.service.add_effect("Ward of thorns", 3, (), "spell")
    return rig


def _open_crow(request: pytest.FixtureRequest) -> CharacterSession:
    return request.getfixturevalue("crow_session")


@pytest.fixture
def crow_session(tmp_path: Path, qapp) -> Iterator[CharacterSession]:
    """The sample party on a fresh database; Hesper (a pack full of items, a portrait) is open."""
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as service:
        hesper = service.get(HESPER)
        portrait = QImage(300, 360, QImage.Format.Format_ARGB32)
        portrait.fill(QColor("#7a5230"))
        service.save(replace(hesper, portrait=portrait_from_image(portrait)))
        session = CharacterSession(service, RefkitUndoStack())
        session.open(HESPER)
        yield session
        session.shutdown()


def clock_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    clock = BigClock()
    _show(qtbot, clock, QSize(420, 160))
    moods = (ClockMood.RUNNING, ClockMood.WARNING, ClockMood.TIME_UP, ClockMood.PAUSED)

    def step(index: int) -> None:
        clock.show_time(clock_text(30 * 60 - index), moods[index // 50 % len(moods)])
        clock.set_flash(index % 7 == 0)

    return Scene(clock, step)


def dungeon_turn_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    rig = _dungeon_rig()
    session = DungeonTurnSession(rig.undo_stack)
    panel = DungeonTurnPanel(
        session, settings=request.getfixturevalue("settings"), sound=SoundCue()
    )
    session.set_services(rig.service, rig.tables)
    _show(qtbot, panel, QSize(640, 900))
    panel.dungeon_edit.setText("Sunken chapel")
    panel.enter_button.click()
    rig.clock.advance(1799)
    assert panel.end_turn() is not None  # the end summary and its check banner are on show

    def step(index: int) -> None:
        rig.clock.advance(1)
        panel.repaint_clock()

    def close() -> None:
        session.close()
        panel.shutdown()
        rig.close()

    return Scene(panel, step, [close])


def players_window_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    rig = _dungeon_rig()
    rig.service.start(dungeon="Sunken chapel")
    window = PlayersWindow(PlayersOptions(full_screen=False))

    def step(index: int) -> None:
        rig.clock.advance(1)
        view = rig.service.view()
        window.show_view(players_view(view.clock, view.effects, rig.clock.now))

    step(0)  # before showing, so the light tiles are shown with the window
    _show(qtbot, window, QSize(960, 540))
    return Scene(window, step, [rig.close])


def effects_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    rig = _dungeon_rig()
    session = DungeonTurnSession(rig.undo_stack)
    panel = EffectsPanel(session)
    session.set_services(rig.service, rig.tables)
    _show(qtbot, panel, QSize(620, 700))
    assert len(panel.rows()) == 4

    def step(index: int) -> None:
        for row in panel.rows().values():
            row.pips.update()

    def close() -> None:
        session.close()
        rig.close()

    return Scene(panel, step, [close])


def result_banner_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    banner = ResultBanner()
    _show(qtbot, banner, QSize(520, 220))
    shown = [
        ("crit", "CRIT", "Tier 3"),
        ("doom", "DOOM", "Fail, and worse"),
        ("tier2", "Tier 2", ""),
    ]

    def step(index: int) -> None:
        outcome, headline, meaning = shown[index % len(shown)]
        banner.show_result(outcome, headline, meaning, "7 + 3")

    return Scene(banner, step)


def inventory_board_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    session = _open_crow(request)
    board = InventoryBoard(session)
    board.set_character(session.character())
    _show(qtbot, board, QSize(1100, 760))
    items = list(session.character().items)
    assert len(items) >= 5
    board.set_wounds_to_place(1)

    def step(index: int) -> None:
        phase = index % BATCH
        if phase == 0:  # pick a card up: every slot shows whether it may go there
            board.select(items[index // BATCH % len(items)].id)
            board.activate_cursor()
        elif phase < 6:
            board.move_cursor(phase % 2, 1 - phase % 2)
        elif phase == 6:
            board.cancel()

    return Scene(board, step)


def item_card_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    faces = [CardFace.from_item(item) for item in _open_crow(request).character().items]
    card = ItemCardWidget(faces[0])
    _show(qtbot, card, card.sizeHint() * 1.4)

    def step(index: int) -> None:
        card.set_face(faces[index % len(faces)])

    return Scene(card, step)


def drag_image_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    """The board, plus the card pixmap a mouse drag carries (painted off screen per drag)."""
    session = _open_crow(request)
    board = InventoryBoard(session)
    board.set_character(session.character())
    _show(qtbot, board, QSize(1100, 760))
    faces = [CardFace.from_item(item) for item in session.character().items]

    def step(index: int) -> None:
        face = faces[index % len(faces)]
        size = QSize(120 * face.slots, 150)
        card_pixmap(face, size, board.palette(), board.font(), board.devicePixelRatioF())

    return Scene(board, step)


def character_sheet_scene(qtbot, request: pytest.FixtureRequest) -> Scene:
    sheet = CharacterSheetPanel(_open_crow(request))
    sheet.refresh()
    _show(qtbot, sheet, QSize(1200, 900))
    assert sheet.portrait.isVisible()  # the portrait shows beside the name

    def step(index: int) -> None:
        sheet.board.update()

    return Scene(sheet, step)


SCENES: dict[str, tuple[Callable[..., Scene], tuple[type[QWidget], ...]]] = {
    # case: (how to build it, every custom-painted class a render of it runs)
    "dt_clock": (clock_scene, (BigClock,)),
    "dungeon_turn_panel": (dungeon_turn_scene, (BigClock, EndSummary, CheckBanner)),
    "players_window": (players_window_scene, (BigClock, LightGlyph)),
    "effects_rows": (effects_scene, (EffectRow, UsageDicePips)),
    "result_banner": (result_banner_scene, (ResultBanner,)),
    "inventory_board": (inventory_board_scene, (InventoryBoard,)),
    "item_card": (item_card_scene, (ItemCardWidget,)),
    "drag_image": (drag_image_scene, (InventoryBoard,)),
    "character_sheet_with_portrait": (character_sheet_scene, (InventoryBoard,)),
}


def _custom_painted() -> list[type[QWidget]]:
    """Every class in ``refkit.gui`` that paints itself (defines its own paintEvent)."""
    found = set()
    for module_info in pkgutil.walk_packages(refkit.gui.__path__, "refkit.gui."):
        module = importlib.import_module(module_info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and "paintEvent" in vars(cls):
                found.add(cls)
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


def _without_a_scene() -> list[type[QWidget]]:
    covered = {cls for _, painted in SCENES.values() for cls in painted}
    return [cls for cls in _custom_painted() if cls not in covered]


LONG_NAME = "Brannoc Tull of the Sunken Chapel, last of the Ashdown crows"


def _plain_scene(cls: type[QWidget]) -> Callable[..., Scene]:
    """A small widget with no case of its own, built bare (with a crow's name if it shows text).

    A widget that cannot be built without arguments fails here: give it a case in SCENES.
    """

    def build(qtbot, request: pytest.FixtureRequest) -> Scene:
        widget = cls()
        if hasattr(widget, "setText"):
            widget.setText(LONG_NAME)
        _show(qtbot, widget, QSize(260, 60))
        return Scene(widget, lambda index: widget.update())

    return build


for _cls in _without_a_scene():
    SCENES[f"{_cls.__module__.rpartition('.')[2]}.{_cls.__qualname__}"] = (
        _plain_scene(_cls),
        (_cls,),
    )


def _painted_classes(root: QWidget) -> set[type[QWidget]]:
    shown = [root, *(child for child in root.findChildren(QWidget) if child.isVisible())]
    return {type(widget) for widget in shown}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SCENES))
def test_painting_never_lowers_the_count_of_none(name: str, qtbot, request) -> None:
    build, painted_classes = SCENES[name]
    scene = build(qtbot, request)
    try:
        for painted in painted_classes:
            assert painted in _painted_classes(scene.root), f"{name} does not show {painted}"
        assert_painting_keeps_none(scene.root, scene.step, name)
    finally:
        for cleanup in scene.cleanups:
            cleanup()


def test_every_custom_painted_widget_is_painted_above() -> None:
    """The search finds the app's own painted widgets, and each of them has a case."""
    found = _custom_painted()
    assert {BigClock, InventoryBoard, LightGlyph, ItemCardWidget} <= set(found)
    covered = {cls for _, painted in SCENES.values() for cls in painted}
    assert [cls.__qualname__ for cls in found if cls not in covered] == []
