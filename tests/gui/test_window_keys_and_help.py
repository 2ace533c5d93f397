"""The window's keys and Help: the go-to-board key works, the toolbar keeps still, Help helps."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox, QToolButton

from refkit.gui.main import RefkitApp


def _active(qtbot, app: RefkitApp) -> None:
    app.window.activateWindow()
    qtbot.waitUntil(lambda: app.window.isActiveWindow(), timeout=5000)


def test_the_go_to_board_key_focuses_the_inventory_board(qtbot, start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "keys.sqlite3"))
    _active(qtbot, app)
    panels = app.character_panels
    assert panels is not None
    panels.sheet.tabs.setCurrentIndex(1)  # away from the board, on the sheet's other tab
    app.dice_panel.characteristic.setFocus()
    keys = app.actions.action("show_inventory").shortcut()
    assert not keys.isEmpty()
    qtbot.keyClick(app.window, keys[0].key(), keys[0].keyboardModifiers())
    qtbot.waitUntil(lambda: panels.sheet.board.hasFocus(), timeout=2000)
    assert panels.sheet.tabs.currentIndex() == 0


def test_toolbar_undo_says_just_undo_and_the_menu_and_tip_name_the_command(
    qtbot, start_app, tmp_path
) -> None:
    app = start_app(str(tmp_path / "undo.sqlite3"))
    app.dice_panel.roll_test()
    app.log_panel.ask_clear().button(QMessageBox.StandardButton.Yes).click()
    undo = app.actions.action("undo")
    qtbot.waitUntil(undo.isEnabled, timeout=2000)
    assert undo.text() == "&Undo Clear roll log (1 roll)"  # the Edit menu names it
    button = app.toolbar.widgetForAction(undo)
    assert isinstance(button, QToolButton)
    assert button.text() == "Undo"
    assert "Clear roll log (1 roll)" in button.toolTip()
    redo = app.actions.action("redo")
    app.undo_stack.undo()
    assert redo.text().startswith("&Redo Clear roll log")
    redo_button = app.toolbar.widgetForAction(redo)
    assert isinstance(redo_button, QToolButton) and redo_button.text() == "Redo"
    assert "Clear roll log" in redo_button.toolTip()


def _mnemonic(text: str) -> str:
    """The letter after a single "&" ("&&" is a literal ampersand), lower-case, or ""."""
    index = 0
    while (index := text.find("&", index)) != -1:
        if text[index + 1 : index + 2] == "&":
            index += 2
            continue
        return text[index + 1 : index + 2].lower()
    return ""


def test_no_alt_key_of_the_window_is_also_a_mnemonic_in_it(start_app, tmp_path) -> None:
    from PySide6.QtWidgets import QAbstractButton, QTabBar

    app = start_app(str(tmp_path / "mnemonics.sqlite3"))
    window = app.window
    taken: dict[str, str] = {}
    for action in window.menuBar().actions():
        if letter := _mnemonic(action.text()):
            taken[letter] = f"menu {action.text()}"
    for bar in window.findChildren(QTabBar):
        for index in range(bar.count()):
            if letter := _mnemonic(bar.tabText(index)):
                taken[letter] = f"tab {bar.tabText(index)}"
    for button in window.findChildren(QAbstractButton):
        if button.window() is window and (letter := _mnemonic(button.text())):
            taken[letter] = f"button {button.text()}"
    clashes = []
    for action in window.actions():
        for sequence in action.shortcuts():
            text = sequence.toString()
            if text.startswith("Alt+") and len(text) == 5 and text[-1].lower() in taken:
                clashes.append(f"{text} ({action.objectName()}) vs {taken[text[-1].lower()]}")
    assert clashes == []


def test_help_lists_every_key_of_the_window_from_the_registry(qtbot, start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "help.sqlite3"))
    dialog = app.show_shortcuts()
    assert dialog.isVisible() and not dialog.isModal()  # the table stays usable beside it
    table = dialog.table
    listed = {
        (table.item(row, 1).text(), table.item(row, 2).text()) for row in range(table.rowCount())
    }
    expected = set()
    for action in app.window.actions():
        if action.shortcuts():
            keys = ", ".join(
                key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()
            )
            expected.add((app.actions.spec(action.objectName().removeprefix("action_")).text, keys))
    assert {(command.replace("&", ""), keys) for command, keys in expected} <= {
        (command.replace("&", ""), keys) for command, keys in listed
    }
    assert ("Go to the inventory board", "Alt+B") in listed
    assert ("End DT", "F5") in listed  # a feature docked after the first paint is there too
    assert any(
        menu == "Crows" for menu in (table.item(r, 0).text() for r in range(table.rowCount()))
    )


def test_help_has_a_guide_and_a_current_about(qtbot, start_app, tmp_path) -> None:
    import refkit

    app = start_app(str(tmp_path / "guide.sqlite3"))
    app.actions.action("help_guide").trigger()
    guide = app.show_guide()
    assert guide.isVisible()
    text = guide.text.toPlainText()
    for topic in ("Rolling a test", "dungeon turn", "Crows", "Undo"):
        assert topic in text
    app.actions.action("about").trigger()
    box = app.window.findChild(QMessageBox, "about_box")
    assert box is not None and box.isVisible()
    about = box.text()
    assert refkit.__version__ in about
    for feature in ("dungeon turn", "inventory", "players' window", "command line"):
        assert feature in about.replace("&#x27;", "'")
    box.close()
