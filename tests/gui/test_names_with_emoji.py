"""Issue 29 item 9: a name with an emoji and a CJK character shows exactly as typed in the window
(the players' window, the crow list), never as empty boxes."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication, QLabel

from refkit.app.character_service import CharacterService
from refkit.app.combat.fight_view import PlayersFight
from refkit.gui.common.fonts import (
    COLOUR_EMOJI_FAMILIES,
    install_fallback_fonts,
    missing_glyphs,
)
from refkit.gui.dungeon.players_window import PlayersOptions, PlayersWindow, players_view
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.dungeon.clock import DungeonTurnClock
from refkit.rules.dungeon.effects import light

NAME = "Wren 🐉 李 👩‍🚀"
T0 = 1_900_000_000.0


def _started(qapp: QApplication) -> QApplication:
    """What the app's start does for fonts right after the first frame (``after_first_frame``;
    the real start is checked in tests/gui/test_first_frame_leaves_out_checks.py)."""
    install_fallback_fonts()
    return qapp


def test_the_start_makes_the_bundled_emoji_font_the_fallback(qapp) -> None:
    _started(qapp)
    system_colour = any(QFontDatabase.hasFamily(name) for name in COLOUR_EMOJI_FAMILIES)
    if not system_colour:
        assert "Noto Emoji" in QFontDatabase.applicationEmojiFontFamilies()
    for size, bold in ((10, False), (72, True)):
        font = QFont(qapp.font())
        font.setPointSize(size)
        font.setBold(bold)
        assert missing_glyphs(NAME, font) == ""


def test_missing_glyphs_names_a_box_it_would_draw(qapp) -> None:
    """The check itself can fail: a hieroglyph no bundled font has is reported (unless the
    machine has an Egyptian font, which none of ours has)."""
    assert missing_glyphs("Mara 𓀀 Vell", qapp.font()) == "𓀀"


def test_the_players_window_shows_a_crow_name_with_emoji_and_cjk(qtbot, qapp) -> None:
    _started(qapp)
    window = PlayersWindow(PlayersOptions(full_screen=False))
    qtbot.addWidget(window)
    clock = DungeonTurnClock.new(30).start(T0, dungeon="Sunken chapel")
    window.show_view(players_view(clock, [light("t1", "lantern", owner=NAME)], T0 + 5))
    window.show_fight(PlayersFight("Round 1", "Crows act", ((NAME, "wounded"),)))
    window.show()
    qtbot.waitExposed(window)
    labels = [
        label
        for label in window.findChildren(QLabel)
        if label.isVisibleTo(window) and NAME in label.text()
    ]
    assert len(labels) == 2, window.visible_texts()  # the light's tile and the fight's line
    for label in labels:
        assert label.textFormat() == Qt.TextFormat.PlainText
        assert missing_glyphs(label.text(), label.font()) == "", label.text()


def test_the_crow_list_shows_a_name_with_emoji_and_cjk(
    qtbot, qapp, service: CharacterService
) -> None:
    from refkit.gui.characters.list_model import NAME as NAME_COLUMN
    from refkit.gui.characters.list_panel import CharacterListPanel
    from refkit.gui.characters.session import CharacterSession

    _started(qapp)
    service.rename("Wren Ashdown", NAME)
    session = CharacterSession(service, RefkitUndoStack(), rng=random.Random(7))
    panel = CharacterListPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    try:
        model = panel.table.model()
        shown = [model.index(row, NAME_COLUMN).data() for row in range(model.rowCount())]
        assert NAME in shown
        index = model.index(shown.index(NAME), NAME_COLUMN)
        font = index.data(Qt.ItemDataRole.FontRole) or panel.table.font()
        assert missing_glyphs(NAME, font) == ""
    finally:
        session.shutdown()
