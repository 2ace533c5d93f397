"""The action registry: one QAction per command, unique keys, menus and toolbar built from it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenuBar, QToolBar

from refkit.gui.shell.actions import ActionRegistry, ActionRegistryError, ActionSpec


@pytest.fixture
def window(qtbot) -> QMainWindow:
    window = QMainWindow()
    qtbot.addWidget(window)
    return window


def _noop() -> None:
    return None


def test_same_id_twice_is_refused(window) -> None:
    registry = ActionRegistry(window)
    registry.add(ActionSpec("roll", "Roll", _noop))
    with pytest.raises(ActionRegistryError, match="'roll' is registered twice"):
        registry.add(ActionSpec("roll", "Roll again", _noop))


def test_same_key_for_two_actions_is_refused_and_names_both(window) -> None:
    registry = ActionRegistry(window)
    registry.add(ActionSpec("roll", "Roll", _noop, ("Space",)))
    with pytest.raises(ActionRegistryError, match=r"'Space' of action 'other'.*'roll'"):
        registry.add(ActionSpec("other", "Other", _noop, ("Ctrl+R", "Space")))
    assert registry.shortcut_owners() == {"Space": "roll"}


def test_standard_keys_expand_and_unknown_ones_are_refused(window) -> None:
    registry = ActionRegistry(window)
    action = registry.add(ActionSpec("undo", "Undo", _noop, ("std:Undo",)))
    assert QKeySequence(QKeySequence.StandardKey.Undo) in action.shortcuts()
    with pytest.raises(ActionRegistryError, match="unknown standard key 'std:Nope'"):
        registry.add(ActionSpec("nope", "Nope", _noop, ("std:Nope",)))


def test_menus_and_toolbar_are_built_from_the_specs(window) -> None:
    registry = ActionRegistry(window)
    calls: list[str] = []
    registry.add_all(
        [
            ActionSpec("a", "&Alpha", lambda: calls.append("a"), menu="&File", section="one"),
            ActionSpec("b", "&Beta", _noop, menu="&File", section="two", toolbar=True),
            ActionSpec("c", "&Gamma", _noop, menu="&Help"),
        ]
    )
    menu_bar = QMenuBar()
    menus = registry.build_menus(menu_bar, ("&File", "&Help"))
    file_items = [a.text() if not a.isSeparator() else "-" for a in menus["&File"].actions()]
    assert file_items == ["&Alpha", "-", "&Beta"]
    assert [a.text() for a in menus["&Help"].actions()] == ["&Gamma"]
    toolbar = QToolBar()
    registry.build_toolbar(toolbar)
    assert toolbar.actions() == [registry.action("b")]
    registry.action("a").trigger()
    assert calls == ["a"]


def test_a_menu_that_is_not_built_is_an_error(window) -> None:
    registry = ActionRegistry(window)
    registry.add(ActionSpec("a", "A", _noop, menu="&Tools"))
    with pytest.raises(ActionRegistryError, match="Tools"):
        registry.build_menus(QMenuBar(), ("&File",))


def test_checkable_action_passes_its_state_and_groups_are_exclusive(window) -> None:
    registry = ActionRegistry(window)
    seen: list[tuple[str, bool]] = []
    registry.add(
        ActionSpec("x", "X", lambda on: seen.append(("x", on)), checkable=True, group="g",
                   checked=True)
    )  # fmt: skip
    registry.add(ActionSpec("y", "Y", lambda on: seen.append(("y", on)), checkable=True, group="g"))
    registry.action("y").trigger()
    assert registry.action("y").isChecked() and not registry.action("x").isChecked()
    assert seen == [("x", False), ("y", True)]


def test_tooltip_names_the_keys(window) -> None:
    registry = ActionRegistry(window)
    action = registry.add(ActionSpec("d100", "Roll d&100", _noop, ("D",)))
    assert action.toolTip() == "Roll d100 (D)"
    assert action.shortcutContext() == Qt.ShortcutContext.WindowShortcut
    assert action in window.actions()


def test_icons_load_after_start_up_with_a_style_fallback(window) -> None:
    registry = ActionRegistry(window)
    action = registry.add(
        ActionSpec("save", "Save", _noop, icon="no-such-theme-icon", fallback_icon="SP_TrashIcon")
    )
    assert action.icon().isNull()
    registry.load_icons()
    assert not action.icon().isNull()
    registry.add(ActionSpec("odd", "Odd", _noop, fallback_icon="SP_NoSuchPixmap"))
    with pytest.raises(ActionRegistryError, match="'odd': unknown fallback icon"):
        registry.load_icons()
