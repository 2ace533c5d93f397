"""Registers the character screens: the character list, the sheet, the item catalogue, a Crows menu.

The composition root calls :func:`register` (or steps through :func:`character_install_steps`)
once the character service exists. It adds three docks (the list, the sheet with the inventory
board, the catalogue), each built on a turn of the event loop of its own, one action per command
in the "Crows" menu, and returns the :class:`CharacterPanels` (no ``findChild`` needed). Every
edit goes through one :class:`CharacterSession` onto the shared undo stack.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QToolBar, QWidget

from refkit.app.character_service import CharacterService
from refkit.app.characters.merge import EditCollisionError
from refkit.gui.characters.builder import CharacterBuilder
from refkit.gui.characters.catalogue_panel import CataloguePanel
from refkit.gui.characters.crow_actions import name_open_crow_actions
from refkit.gui.characters.crow_editor import CrowEditor
from refkit.gui.characters.list_panel import CharacterListPanel
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from refkit.gui.characters.trait_browser import TraitBrowser
from refkit.gui.shell.actions import ActionRegistry, ActionRegistryError, ActionSpec
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.panel_registry import MenuId, PanelId, PanelRegistry, PanelSpec
from refkit.rules.character.model import Character, load_expertise_names
from refkit.rules.inventory.catalogue import CatalogueItem

CHARACTERS_DOCK = PanelId.CHARACTERS
SHEET_DOCK = PanelId.CHARACTER_SHEET
CATALOGUE_DOCK = PanelId.ITEM_CATALOGUE
MENU_TITLE = MenuId.CROWS
SECTIONS = ("crow", "damage", "files", "go_to")


class CharacterPanels(QObject):
    """The character panels and the session behind them (a child of the window); each panel's
    widget is built the first time it is needed."""

    def __init__(
        self,
        registry: PanelRegistry,
        undo_stack: QUndoStack,
        service: CharacterService,
        rng: random.Random | None = None,
    ) -> None:
        window = registry.window
        super().__init__(window)
        self.setObjectName("character_panels")
        self.window = window
        self.registry = registry
        self.session = CharacterSession(service, undo_stack, rng=rng, parent=self)
        self.builder: CharacterBuilder | None = None
        self.editor: CrowEditor | None = None
        self.traits: TraitBrowser | None = None
        self._editor_base: list[Character] = []
        self.session.status_message.connect(window.show_status)
        self.session.character_changed.connect(self._raise_sheet_on_open)
        self.session.character_changed.connect(self.name_crow_actions)
        self._shown: str | None = None

    @property
    def list_panel(self) -> CharacterListPanel:
        return self.registry.widget(PanelId.CHARACTERS, CharacterListPanel)

    @property
    def sheet(self) -> CharacterSheetPanel:
        return self.registry.widget(PanelId.CHARACTER_SHEET, CharacterSheetPanel)

    @property
    def catalogue(self) -> CataloguePanel:
        return self.registry.widget(PanelId.ITEM_CATALOGUE, CataloguePanel)

    def shown_catalogue(self) -> list[CatalogueItem]:
        """What the catalogue shows (its search and filter), or all of it before it is built."""
        if not self.registry.is_built(PanelId.ITEM_CATALOGUE):
            return list(self.session.catalogue())
        return self.catalogue.shown_entries()

    def on_print_catalogue(self, print_cards: Callable[[], object]) -> None:
        """Give the catalogue's "Print these cards…" button its action (printing is another
        feature's), once the catalogue is built."""

        def wire(widget: QWidget) -> None:
            assert isinstance(widget, CataloguePanel)
            widget.print_button.clicked.connect(print_cards)
            widget.print_button.setEnabled(True)

        self.registry.when_built(PanelId.ITEM_CATALOGUE, wire)

    def _build_list(self) -> QWidget:
        panel = CharacterListPanel(self.session)
        panel.status_message.connect(self.window.show_status)
        panel.new_requested.connect(self.open_builder)
        self.window.add_close_warning(panel.backup.closing_loses)  # a backup being written
        return panel

    def _build_sheet(self) -> QWidget:
        panel = CharacterSheetPanel(self.session)
        panel.status_message.connect(self.window.show_status)
        panel.edit_requested.connect(self.open_editor)
        self.traits = TraitBrowser(self.session)
        panel.tabs.addTab(self.traits, "Trait&s && XP")
        return panel

    def _build_catalogue(self) -> QWidget:
        panel = CataloguePanel(self.session, read_now=False)
        panel.status_message.connect(self.window.show_status)
        # Its items are read in the worker once it is built, not inside the registry's build.
        QTimer.singleShot(0, panel, panel.refresh)
        return panel

    def _raise_sheet_on_open(self) -> None:
        name = self.session.name()
        if name is not None and name != self._shown and self.registry.has(SHEET_DOCK):
            self.sheet  # noqa: B018 - built now, so the sheet shows the crow just opened
            dock = self.registry.panel(SHEET_DOCK)
            dock.show()
            dock.raise_()
        self._shown = name

    def name_crow_actions(self) -> None:
        """The Crows menu names the open crow its actions act on (once they are added)."""
        with contextlib.suppress(ActionRegistryError):
            name_open_crow_actions(self.registry.action, self.session.name())

    # -- the builder --------------------------------------------------------------------------

    def _builder(self) -> CharacterBuilder:
        if self.builder is not None:
            self.builder.close()
        service = self.session.service
        builder = CharacterBuilder(
            name_taken=service.exists,
            parties=[party.name for party in self.session.read(service.list_parties)],
            shown_party=self._shown_party(),
            rng=self.session.rng,
            parent=self.window,
        )
        builder.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        builder.destroyed.connect(lambda: setattr(self, "builder", None))
        self.builder = builder
        return builder

    def _shown_party(self) -> str | None:
        """The party the list shows (None while the list is not built or shows all crows)."""
        if not self.registry.is_built(PanelId.CHARACTERS):
            return None
        return self.list_panel.shown_party()

    def open_builder(self) -> CharacterBuilder:
        """Start the guided builder for a new crow (window-modal, opened with ``open()``)."""
        builder = self._builder()
        builder.character_built.connect(
            lambda crow: self.session.create(crow, party=builder.chosen_party())
        )
        builder.open()
        return builder

    def open_editor(self, name: str | None = None) -> CrowEditor | None:
        """The direct editor on the open crow (every field at once); its inventory and wounds
        are kept, and Save is one undo step."""
        name = name or self.session.name()
        if name is None:
            self.window.show_status("Open a crow first")
            return None
        if self.editor is not None:
            self.editor.close()
        service = self.session.service
        shown = service.get(name)
        editor = CrowEditor(
            shown,
            name_taken=service.exists,
            expertise_names=load_expertise_names(),
            parent=self.window,
        )
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.destroyed.connect(lambda: setattr(self, "editor", None))
        editor.saved.connect(lambda edited: self._save_edit(editor, name, edited))
        self.editor = editor
        # The crow the editor shows: a save merges the user's changes onto the crow as stored.
        self._editor_base = editor_base = [shown]
        editor.destroyed.connect(lambda: editor_base.clear())
        editor.open()
        return editor

    def _save_edit(self, editor: CrowEditor, name: str, edited: Character) -> None:
        if self.session.name() != name:
            self.session.open(name)  # the edit is for the crow the editor was opened on
        base = self._editor_base[0] if self._editor_base else None
        try:
            self.session.replace_character(edited, f"Edit {name}", based_on=base)
        except EditCollisionError as collision:
            # The sheet shows the stored crow; the editor keeps the user's version, now based on
            # the stored one, so a second Save puts it over what was saved elsewhere.
            self.session.reload()
            stored = self.session.character()
            if stored is not None and self._editor_base:
                self._editor_base[0] = stored
            editor.refuse(str(collision))
            return
        except ValueError as error:
            editor.refuse(str(error))
            return
        editor.accept()

    # -- actions ------------------------------------------------------------------------------

    def focus_board(self) -> None:
        self.registry.show(SHEET_DOCK)
        self.sheet.tabs.setCurrentIndex(0)
        self.sheet.board.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_list(self) -> None:
        self.registry.show(CHARACTERS_DOCK)
        self.list_panel.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_catalogue(self) -> None:
        self.registry.show(CATALOGUE_DOCK)
        self.catalogue.search.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def specs(self) -> list[ActionSpec]:
        def sheet() -> CharacterSheetPanel:
            return self.sheet

        def files() -> CharacterListPanel:
            return self.list_panel

        crow, damage, file, go_to = SECTIONS
        menu = MenuId.CROWS
        return [
            ActionSpec("crow_new", "&New crow…", self.open_builder, ("Ctrl+Shift+N",),
                       "document-new", "", menu, crow, tip="Build a new crow step by step"),
            ActionSpec("crow_edit", "&Edit the open crow…", lambda: self.open_editor(None),
                       menu=menu, section=crow),
            ActionSpec("crow_damage", "&Damage…", lambda: sheet().open_damage_dialog(False),
                       ("Ctrl+Shift+D",), menu=menu, section=damage,
                       tip="Damage through armour, Stamina and wounds"),
            ActionSpec("crow_heal", "&Heal…", lambda: sheet().open_damage_dialog(True),
                       ("Ctrl+Shift+H",), menu=menu, section=damage, tip="Regain Stamina"),
            ActionSpec("crow_rest", "Finish a &rest…", lambda: sheet().open_rest_dialog(),
                       ("Ctrl+Shift+R",), menu=menu, section=damage),
            ActionSpec("crow_draw", "Dra&w from pack…", lambda: sheet().open_draw_dialog(None),
                       ("Ctrl+Shift+W",), menu=menu, section=damage,
                       tip="Pick a backpack item, see the chance, roll a d10"),
            ActionSpec("crow_import", "&Import a crow file…", lambda: files().ask_import(),
                       ("Ctrl+Shift+I",), menu=menu, section=file),
            ActionSpec("crow_export", "E&xport the crow…", lambda: files().ask_export(),
                       menu=menu, section=file),
            ActionSpec("crow_backup", "&Back up all crows…", lambda: files().ask_export_all(),
                       menu=menu, section=file),
            ActionSpec("crow_restore", "Restore a bac&kup…", lambda: files().ask_import_all(),
                       menu=menu, section=file),
            ActionSpec("show_characters", "Go to the &Characters list", self.focus_list,
                       ("Alt+C",), menu=menu, section=go_to),
            # Not Alt+I: that is the sheet's "&Inventory" tab, and a key two things claim
            # does neither.
            ActionSpec("show_inventory", "Go to the inventory &board", self.focus_board,
                       ("Alt+B",), menu=menu, section=go_to,
                       tip="Arrows move, Space picks up and puts down, W wounds"),
            ActionSpec("show_catalogue", "Go to the item catalo&gue", self.focus_catalogue,
                       ("Alt+G",), menu=menu, section=go_to),
        ]  # fmt: skip


def _registry_for(window: MainWindow, registry: PanelRegistry | ActionRegistry) -> PanelRegistry:
    """The window's panel registry; a bare window with only an action registry gets one."""
    if isinstance(registry, PanelRegistry):
        return registry
    toolbar = QToolBar(window)
    toolbar.setObjectName("character_toolbar")
    panels = PanelRegistry(window, registry, toolbar)
    panels.build_menu_bar(window.menuBar())
    return panels


def install_character_panels(
    window: MainWindow,
    registry: PanelRegistry | ActionRegistry,
    undo_stack: QUndoStack,
    character_service: CharacterService,
) -> CharacterPanels:
    """Add the Characters, Character sheet and Item catalogue panels, and the Crows menu, all at
    once (see :func:`character_install_steps`); returns the panels and their session. The first
    stored crow is opened so the sheet is never empty on a first start with the sample party.
    Raises ActionRegistryError if one of the shortcuts is already taken."""
    steps = character_install_steps(window, registry, undo_stack, character_service)
    panels = next(steps)
    for _step in steps:
        pass
    return panels


def register(
    registry: PanelRegistry, undo_stack: QUndoStack, character_service: CharacterService
) -> CharacterPanels:
    """:func:`install_character_panels` on the window's registry."""
    return install_character_panels(registry.window, registry, undo_stack, character_service)


def character_install_steps(
    window: MainWindow,
    registry: PanelRegistry | ActionRegistry,
    undo_stack: QUndoStack,
    character_service: CharacterService,
) -> Iterator[CharacterPanels]:
    """The character panels in steps: it pauses (yields the panels) after each part, so the app
    can build the next one in a later turn of the event loop and the window keeps answering."""
    panels_registry = _registry_for(window, registry)
    panels = CharacterPanels(panels_registry, undo_stack, character_service)
    left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
    panels_registry.add_panel(
        PanelSpec(CHARACTERS_DOCK, "Characters", panels._build_list, left,
                  tabify_with=PanelId.DICE)
    )  # fmt: skip
    panels_registry.add_panel(
        PanelSpec(SHEET_DOCK, "Character sheet", panels._build_sheet, right,
                  tabify_with=PanelId.ROLL_LOG)
    )  # fmt: skip
    panels_registry.add_panel(
        PanelSpec(CATALOGUE_DOCK, "Item catalogue", panels._build_catalogue, left,
                  tabify_with=CHARACTERS_DOCK)
    )  # fmt: skip
    yield panels
    panels_registry.declare_sections(MenuId.CROWS, SECTIONS)
    panels_registry.add_actions(panels.specs())
    panels.name_crow_actions()
    yield panels
    for panel in (CHARACTERS_DOCK, SHEET_DOCK, CATALOGUE_DOCK):
        panels_registry.widget(panel)
        yield panels
    names = character_service.names()  # the crow opened on a turn of its own: its sheet is big
    if names:
        panels.session.open(names[0])


__all__ = [
    "ActionRegistryError",
    "CharacterPanels",
    "character_install_steps",
    "install_character_panels",
    "register",
]
