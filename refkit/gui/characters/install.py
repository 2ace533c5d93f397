"""Wires the character panels into the main window: docks, a Crows menu and its keyboard shortcuts.

The composition root calls :func:`install_character_panels` once the character service exists. It
adds three panels (the character list, the character sheet with the inventory board, and the item
catalogue), one action per command through the shared :class:`ActionRegistry`, and a "Crows" menu
that lists them. Every edit goes through one :class:`CharacterSession` onto the shared undo stack.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMenu

from refkit.app.character_service import CharacterService
from refkit.gui.characters.builder import CharacterBuilder
from refkit.gui.characters.catalogue_panel import CataloguePanel
from refkit.gui.characters.list_panel import CharacterListPanel
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from refkit.gui.shell.actions import ActionRegistry, ActionRegistryError, ActionSpec
from refkit.gui.shell.main_window import MainWindow
from refkit.rules.character.model import Character, load_expertise_names

CHARACTERS_DOCK = "characters_dock"
SHEET_DOCK = "character_sheet_dock"
CATALOGUE_DOCK = "item_catalogue_dock"
MENU_TITLE = "C&rows"
LEFT_NEIGHBOUR = "dice_dock"
RIGHT_NEIGHBOUR = "roll_log_dock"


class CharacterPanels(QObject):
    """The installed character panels and the session behind them (a child of the window)."""

    def __init__(
        self,
        window: MainWindow,
        undo_stack: QUndoStack,
        service: CharacterService,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(window)
        self.setObjectName("character_panels")
        self.window = window
        self.session = CharacterSession(service, undo_stack, rng=rng, parent=self)
        self.list_panel = CharacterListPanel(self.session)
        self.sheet = CharacterSheetPanel(self.session)
        self.catalogue = CataloguePanel(self.session)
        self.builder: CharacterBuilder | None = None
        for panel in (self.list_panel, self.sheet, self.catalogue):
            panel.status_message.connect(window.show_status)
        self.session.status_message.connect(window.show_status)
        self.list_panel.new_requested.connect(self.open_builder)
        self.sheet.edit_requested.connect(self.open_editor)
        self.session.character_changed.connect(self._raise_sheet_on_open)
        self._shown: str | None = None

    def _raise_sheet_on_open(self) -> None:
        name = self.session.name()
        if name is not None and name != self._shown and SHEET_DOCK in self._dock_names():
            dock = self.window.dock(SHEET_DOCK)
            dock.show()
            dock.raise_()
        self._shown = name

    def _dock_names(self) -> set[str]:
        return {dock.objectName() for dock in self.window.docks()}

    # -- the builder --------------------------------------------------------------------------

    def _builder(self, existing: Character | None) -> CharacterBuilder:
        if self.builder is not None:
            self.builder.close()
        service = self.session.service
        builder = CharacterBuilder(
            name_taken=service.exists,
            expertise_names=load_expertise_names(),
            catalogue=self.session.catalogue(),
            existing=existing,
            parent=self.window,
        )
        builder.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        builder.destroyed.connect(lambda: setattr(self, "builder", None))
        self.builder = builder
        return builder

    def open_builder(self) -> CharacterBuilder:
        """Start the guided builder for a new crow (window-modal, opened with ``open()``)."""
        builder = self._builder(None)
        builder.character_built.connect(self.session.create)
        builder.open()
        return builder

    def open_editor(self, name: str | None = None) -> CharacterBuilder | None:
        """The builder on an existing crow; its inventory and wounds are kept."""
        name = name or self.session.name()
        if name is None:
            self.window.show_status("Open a crow first")
            return None
        builder = self._builder(self.session.service.get(name))
        builder.character_built.connect(
            lambda edited: self.session.replace_character(edited, f"Edit {name}")
        )
        builder.open()
        return builder

    # -- actions ------------------------------------------------------------------------------

    def focus_board(self) -> None:
        self.window.show_panel(SHEET_DOCK)
        self.sheet.tabs.setCurrentIndex(0)
        self.sheet.board.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_list(self) -> None:
        self.window.show_panel(CHARACTERS_DOCK)
        self.list_panel.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_catalogue(self) -> None:
        self.window.show_panel(CATALOGUE_DOCK)
        self.catalogue.search.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def specs(self) -> list[ActionSpec]:
        sheet = self.sheet
        files = self.list_panel
        return [
            ActionSpec("crow_new", "&New crow…", self.open_builder, ("Ctrl+Shift+N",),
                       "document-new", None, tip="Build a new crow step by step"),
            ActionSpec("crow_edit", "&Edit the open crow…", lambda: self.open_editor(None)),
            ActionSpec("crow_damage", "&Damage…", lambda: sheet.open_damage_dialog(False),
                       ("Ctrl+Shift+D",), tip="Damage through armour, Stamina and wounds"),
            ActionSpec("crow_heal", "&Heal…", lambda: sheet.open_damage_dialog(True),
                       ("Ctrl+Shift+H",), tip="Regain Stamina"),
            ActionSpec("crow_rest", "Finish a &rest…", sheet.open_rest_dialog, ("Ctrl+Shift+R",)),
            ActionSpec("crow_draw", "Dra&w from pack…", lambda: sheet.open_draw_dialog(None),
                       ("Ctrl+Shift+W",), tip="Pick a backpack item, see the chance, roll a d10"),
            ActionSpec("crow_import", "&Import a crow file…", files.ask_import, ("Ctrl+Shift+I",)),
            ActionSpec("crow_export", "E&xport the crow…", files.ask_export),
            ActionSpec("crow_backup", "&Back up all crows…", files.ask_export_all),
            ActionSpec("crow_restore", "Restore a bac&kup…", files.ask_import_all),
            ActionSpec("show_characters", "Go to the &Characters list", self.focus_list,
                       ("Alt+C",)),
            ActionSpec("show_inventory", "Go to the inventory &board", self.focus_board,
                       ("Alt+I",), tip="Arrows move, Space picks up and puts down, W wounds"),
            ActionSpec("show_catalogue", "Go to the item catalo&gue", self.focus_catalogue,
                       ("Alt+G",)),
        ]  # fmt: skip


def install_character_panels(
    window: MainWindow,
    registry: ActionRegistry,
    undo_stack: QUndoStack,
    character_service: CharacterService,
) -> None:
    """Add the Characters, Character sheet and Item catalogue panels, and the Crows menu.

    The panels and their session live on as a child of ``window`` (find them with
    ``window.findChild(CharacterPanels)``). The first stored crow is opened so the sheet is never
    empty on a first start with the sample party. Raises ActionRegistryError if one of the
    shortcuts is already taken.
    """
    for _step in character_install_steps(window, registry, undo_stack, character_service):
        pass


def character_install_steps(
    window: MainWindow,
    registry: ActionRegistry,
    undo_stack: QUndoStack,
    character_service: CharacterService,
) -> Iterator[None]:
    """:func:`install_character_panels` in steps: it pauses (yields) after each part, so the app
    can build the next one in a later turn of the event loop and the window keeps answering."""
    panels = CharacterPanels(window, undo_stack, character_service)
    yield
    window.add_panel(
        CHARACTERS_DOCK, "Characters", panels.list_panel, Qt.DockWidgetArea.LeftDockWidgetArea
    )
    window.add_panel(
        SHEET_DOCK, "Character sheet", panels.sheet, Qt.DockWidgetArea.RightDockWidgetArea
    )
    window.add_panel(
        CATALOGUE_DOCK, "Item catalogue", panels.catalogue, Qt.DockWidgetArea.LeftDockWidgetArea
    )
    _tabify(window, LEFT_NEIGHBOUR, CHARACTERS_DOCK)
    _tabify(window, CHARACTERS_DOCK, CATALOGUE_DOCK)
    _tabify(window, RIGHT_NEIGHBOUR, SHEET_DOCK)
    yield

    menu = QMenu(MENU_TITLE, window)
    menu.setObjectName("menu_crows")
    sections = (
        ("crow_new", "crow_edit"),
        ("crow_damage", "crow_heal", "crow_rest", "crow_draw"),
        ("crow_import", "crow_export", "crow_backup", "crow_restore"),
        ("show_characters", "show_inventory", "show_catalogue"),
    )
    specs = {spec.id: spec for spec in panels.specs()}
    for index, section in enumerate(sections):
        if index:
            menu.addSeparator()
        for action_id in section:
            menu.addAction(registry.add(specs[action_id]))
    _insert_menu(window, menu)
    yield
    names = character_service.names()
    if names:
        panels.session.open(names[0])


def _tabify(window: MainWindow, first: str, second: str) -> None:
    try:
        window.tabifyDockWidget(window.dock(first), window.dock(second))
    except KeyError:
        return


def _insert_menu(window: MainWindow, menu: QMenu) -> None:
    """Put the menu before View (or Help), else at the end of the menu bar."""
    bar = window.menuBar()
    for action in bar.actions():
        if action.text().replace("&", "") in ("View", "Help"):
            bar.insertMenu(action, menu)
            return
    bar.addMenu(menu)


__all__ = [
    "ActionRegistryError",
    "CharacterPanels",
    "character_install_steps",
    "install_character_panels",
]
