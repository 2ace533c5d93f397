"""Issue 28, the screenshots: each game's panel (Crows dice, Warcrow, Widower's Wood, Krynn,
Stworze) and the lookup (Ctrl+K) in the Referee workspace of a 1366×768 screen, with a table
under way in each game's tracker — and nothing in them clipped: no tab title cut short, no
button whose text does not fit, no label cut off at the bottom, no sideways scroll bar in a
game's column.

These run only on a real X display (``xvfb-run -a -s "-screen 0 1366x768x24"`` with a window
manager such as openbox started on it), like ``test_laptop_screens.py``. With
``REFKIT_SCREENSHOTS=folder`` each view is saved there as a PNG (``docs/screenshots/games/``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QScrollArea, QWidget

from refkit.cli.runner import run_cli
from refkit.gui.shell.panel_registry import PanelId
from tests.gui.screens.real_input import scroll_area_around
from tests.gui.screens.test_laptop_screens import all_built, elided_tabs, settle

pytestmark = pytest.mark.skipif(
    os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"),
    reason="needs a real X display with a window manager (xvfb-run and openbox)",
)

TABLES = (
    # Widower's Wood: a chapter two rounds in, heroes hurt, villains on the board.
    "widowers tracker deck 8",
    "widowers tracker hero Agata --init 5 --vit 5",
    "widowers tracker hero Olo --init 7 --vit 4",
    "widowers tracker round --colour blue",
    "widowers tracker damage Olo 2",
    "widowers tracker villain Bog_Trog --index 2 --red 1 --blue 2",
    "widowers tracker villain Swamp_Gobber --tokens 1,3 --reserve-red 1 --reserve-blue 1",
    # Warcrow: two figures on the dial.
    "warcrow tracker add Nayra --initiative 4 --vitality 5 --energy 4",
    "warcrow tracker add Marked --initiative 6 --vitality 2 --enemy",
    "warcrow tracker combat",
    # Krynn: a hero at the table.
    "krynn tracker add Tanis --stress-max 6",
    # Stworze: three players seated, a round begun, tokens in a Village.
    "stworze tracker add Rusalka --vitality 7 --fear 3 --favor 2",
    "stworze tracker add Leshy --vitality 7 --fear 2 --favor 3",
    "stworze tracker add Mara --vitality 6 --fear 2 --favor 2",
    "stworze tracker next",
    "stworze tracker choose 1",
    "stworze tracker spend Rusalka fear --at The_Wharf",
)


def _seed(db: Path) -> None:
    for line in TABLES:
        argv = [word.replace("_", " ") for word in line.split()]
        assert run_cli(["--db", str(db), *argv]) == 0, line


def clipped_buttons(root: QWidget) -> list[str]:
    """Visible buttons narrower than their text (and its margins) needs."""
    cut = []
    for button in root.findChildren(QAbstractButton):
        text = button.text().replace("&", "")
        if not button.isVisible() or not text or "\n" in text:
            continue
        if button.width() < button.minimumSizeHint().width():
            cut.append(text)
    return cut


def clipped_labels(root: QWidget) -> list[str]:
    """Visible word-wrapped labels shorter than their text needs at their width (the last
    line cut off, as a two-line label in a form row was)."""
    return [
        label.text()
        for label in root.findChildren(QLabel)
        if label.isVisible()
        and label.wordWrap()
        and label.text()
        and label.heightForWidth(label.width()) > label.height() + 1
    ]


def sideways_scrolling(root: QWidget) -> list[str]:
    """Scroll areas in ``root`` whose content is wider than they show."""
    return [
        area.objectName() or type(area.widget()).__name__
        for area in root.findChildren(QScrollArea)
        if area.isVisible() and area.horizontalScrollBar().isVisible()
    ]


def shoot(widget: QWidget, name: str) -> None:
    folder = os.environ.get("REFKIT_SCREENSHOTS")
    if folder:
        scale = "2x" if QGuiApplication.primaryScreen().devicePixelRatio() > 1 else "1x"
        Path(folder).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(folder) / f"{name}-{scale}.png"))


def _scroll_to(widget: QWidget) -> None:
    """Bring ``widget`` into view in the nearest scroll area holding it."""
    area = scroll_area_around(widget)
    if area is not None:
        area.ensureWidgetVisible(widget, 0, 0)


def _in_use(game_id: str, panel: QWidget) -> tuple[QWidget, ...]:
    """Put the panel to use as at the table; the parts to show, one screenshot each."""
    if game_id == "warcrow":
        from refkit.games.warcrow import Colour

        panel.character.set_dice((Colour.RED, Colour.ORANGE, Colour.BLACK))  # type: ignore[attr-defined]
        panel.roll_button.click()  # type: ignore[attr-defined]
        return (panel.roll_button, panel.tracker)  # type: ignore[attr-defined]
    if game_id == "widowers-wood":
        from refkit.games.widowers_wood import RollKind

        panel.set_kind(RollKind.SPAWN)  # type: ignore[attr-defined]
        panel.dice_edit.setText("2,4")  # type: ignore[attr-defined]
        panel.roll_button.click()  # type: ignore[attr-defined]
        return (panel.take_button, panel.tracker)  # type: ignore[attr-defined]
    if game_id == "warriors-of-krynn":
        return (panel.tabs.widget(0), panel.tabs.widget(2))  # type: ignore[attr-defined]
    return (panel.tabs.widget(0), panel.tabs.widget(1))  # type: ignore[attr-defined]


def test_each_games_panel_and_the_lookup_fit_the_laptop(qtbot, start_app, tmp_path) -> None:
    db = tmp_path / "games.sqlite3"
    _seed(db)
    app = start_app(str(db), ready=all_built)
    window = app.window
    app.actions.action("workspace_referee").trigger()
    settle(qtbot, 600)

    app.panels.show(PanelId.DICE)
    settle(qtbot)
    dice = app.panels.widget(PanelId.DICE)
    assert clipped_buttons(dice) == [] and sideways_scrolling(dice) == []
    assert clipped_labels(dice) == []
    shoot(window, "crows-dice")

    games = app.panels.show(PanelId.GAMES)
    settle(qtbot)
    for game_id, name in (
        ("warcrow", "warcrow"),
        ("widowers-wood", "widowers-wood"),
        ("warriors-of-krynn", "krynn"),
        ("stworze", "stworze"),
    ):
        panel = games.show_game(game_id)  # type: ignore[attr-defined]
        settle(qtbot, 500)
        for number, part in enumerate(_in_use(game_id, panel)):
            tabs = getattr(panel, "tabs", None)
            if tabs is not None and tabs.indexOf(part) >= 0:
                tabs.setCurrentWidget(part)
            else:
                _scroll_to(part)
            settle(qtbot, 400)
            assert clipped_buttons(panel) == [], name
            assert clipped_labels(panel) == [], name
            assert sideways_scrolling(panel) == [], name
            assert elided_tabs(window) == [], name
            shoot(window, name + ("-tracker" if number else ""))

    from refkit.gui.lookup.dialog import LookupDialog

    app.panels.action("lookup").trigger()
    qtbot.waitUntil(lambda: window.findChild(LookupDialog) is not None, timeout=10_000)
    dialog = window.findChild(LookupDialog)
    qtbot.waitUntil(dialog.isVisible, timeout=5000)
    dialog.search_box.setText("how far can we travel in a day")
    dialog.search_now()
    settle(qtbot, 400)
    assert window.screen().availableGeometry().contains(dialog.frameGeometry())
    assert clipped_buttons(dialog) == [] and sideways_scrolling(dialog) == []
    QApplication.processEvents()
    shoot(dialog, "lookup")
