"""The window's own actions (quit, undo and redo, workspaces, layout, colours, help) and its
menus' sections; each feature registers its own actions in its ``install.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from refkit.gui.common.plain_text import action_text, rich_tooltip
from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.palette import Appearance
from refkit.gui.shell.panel_registry import MenuId
from refkit.gui.shell.workspaces import Workspace
from refkit.present.history_text import history_tip

if TYPE_CHECKING:
    from refkit.gui.main import RefkitApp


def declare_menu_sections(app: RefkitApp) -> None:
    """The order of each menu's sections, whichever feature adds to them first."""
    app.panels.declare_sections(MenuId.FILE, ["export", "quit"])
    app.panels.declare_sections(MenuId.EDIT, ["history", "log"])
    app.panels.declare_sections(MenuId.DICE, ["roll", "modifiers", "settings"])
    app.panels.declare_sections(
        MenuId.VIEW, ["panels_menu", "panels", "lookup", "layout", "appearance"]
    )


def window_action_specs(app: RefkitApp) -> list[ActionSpec]:
    """The window's own actions; each feature registers its own in its ``install.py``."""
    appearance = app.palette.appearance if app.palette else Appearance.SYSTEM
    return [
        ActionSpec("quit", "&Quit", app.window.close, ("Ctrl+Q",), "application-exit",
                   "SP_DialogCloseButton", MenuId.FILE, "quit"),
        ActionSpec("undo", "&Undo", app.undo_stack.undo, ("std:Undo",), "edit-undo",
                   "SP_ArrowBack", MenuId.EDIT, "history", toolbar=True),
        ActionSpec("redo", "&Redo", app.undo_stack.redo, ("std:Redo",), "edit-redo",
                   "SP_ArrowForward", MenuId.EDIT, "history", toolbar=True),
        ActionSpec("workspace_referee", "&Referee workspace",
                   lambda: app.show_workspace(Workspace.REFEREE), ("Ctrl+1",),
                   menu=MenuId.VIEW, section="layout",
                   tip="The clock, the lights and the party at a glance; the dice a tab away"),
        ActionSpec("workspace_characters", "C&haracters workspace",
                   lambda: app.show_workspace(Workspace.CHARACTERS), ("Ctrl+2",),
                   menu=MenuId.VIEW, section="layout",
                   tip="The crow list, the sheet and the item catalogue side by side"),
        ActionSpec("reset_layout", "Reset panel &layout", app.window.reset_layout,
                   menu=MenuId.VIEW, section="layout"),
        ActionSpec("full_screen", "&Full screen", app.toggle_full_screen, ("F11",),
                   "view-fullscreen", "SP_TitleBarMaxButton", MenuId.VIEW, "layout"),
        ActionSpec("appearance_system", "Colours: follow &system",
                   lambda on: on and app.set_appearance(Appearance.SYSTEM),
                   menu=MenuId.VIEW, section="appearance", checkable=True,
                   group="appearance", checked=appearance is Appearance.SYSTEM),
        ActionSpec("appearance_light", "Colours: &light",
                   lambda on: on and app.set_appearance(Appearance.LIGHT),
                   menu=MenuId.VIEW, section="appearance", checkable=True,
                   group="appearance", checked=appearance is Appearance.LIGHT),
        ActionSpec("appearance_dark", "Colours: &dark",
                   lambda on: on and app.set_appearance(Appearance.DARK),
                   menu=MenuId.VIEW, section="appearance", checkable=True,
                   group="appearance", checked=appearance is Appearance.DARK),
        ActionSpec("help_guide", "Refkit &guide", app.show_guide, ("F1",), "help-contents",
                   "SP_DialogHelpButton", MenuId.HELP, "guide"),
        ActionSpec("help_shortcuts", "&Keyboard shortcuts", app.show_shortcuts,
                   ("Ctrl+F1",), menu=MenuId.HELP, section="guide"),
        ActionSpec("about", "&About Refkit", app.window.show_about, (), "help-about",
                   "SP_MessageBoxInformation", MenuId.HELP, "about"),
    ]  # fmt: skip


def wire_undo(app: RefkitApp) -> None:
    undo = app.actions.action("undo")
    redo = app.actions.action("redo")
    undo.setEnabled(False)
    redo.setEnabled(False)
    app.undo_stack.canUndoChanged.connect(undo.setEnabled)
    app.undo_stack.canRedoChanged.connect(redo.setEnabled)
    # The Edit menu and the tooltip name the command (crows, items); the toolbar button
    # keeps a short fixed text, so End DT beside it never jumps as commands come and go.
    for action, word in ((undo, "Undo"), (redo, "Redo")):
        action.setIconText(word)
    app.undo_stack.undoTextChanged.connect(lambda text: name_history_action(undo, "&Undo", text))
    app.undo_stack.redoTextChanged.connect(lambda text: name_history_action(redo, "&Redo", text))


def name_history_action(action: QAction, word: str, command: str) -> None:
    """Name the step ``action`` would undo or redo in its text and tooltip (with its keys)."""
    action.setText(action_text(word, command))
    keys = ", ".join(
        key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()
    )
    action.setToolTip(rich_tooltip(history_tip(word, command, keys)))  # names as typed
