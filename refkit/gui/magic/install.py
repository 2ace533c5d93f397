"""Registers casting at the table: the Spells panel and "Cast a spell…" (Ctrl+Shift+M) in the
Crows menu.

The composition root calls :func:`register` once the database is open, with a
:class:`~refkit.app.magic.cast_desk.CastDesk` (:func:`desk_for` builds one from the services and
the party at the table) and the spell library. A cast is pushed on the window's undo stack as one
step; its rolls land in the roll log through the window's ``log_roll``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget

from refkit.app.magic.cast import CastPlan
from refkit.app.magic.cast_desk import CastDesk
from refkit.app.magic.spell_library import SpellLibrary
from refkit.app.undo import Command
from refkit.gui.magic.cast_dialog import CastDialog
from refkit.gui.magic.spell_panel import SpellPanel
from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.panel_registry import (
    FeatureContext,
    MenuId,
    PanelId,
    PanelRegistry,
    PanelSpec,
)
from refkit.gui.shell.undo_adapter import push_command, write_through
from refkit.rules.common.name_text import match_key
from refkit.rules.magic.backlash import BACKLASH_DICE

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterChange
    from refkit.app.characters.roll_for import PartyAtTable
    from refkit.compose import Services

SPELLS_DOCK = PanelId.SPELLS
CAST_SHORTCUT = "Ctrl+Shift+M"
SECTION = "magic"


def desk_for(
    services: Services, context: FeatureContext, party: PartyAtTable | None = None
) -> CastDesk:
    """The casting desk on the app's services: its crows (the party at the table first), its
    spells, its tables; rolls go to the window's roll log."""
    return CastDesk(
        services.characters,
        services.dungeon,
        services.spells.spells,
        context.log_roll,
        services.utc_now,
        party=party,
        tables=services.tables.get,
        make_rng=lambda: services.rng_factory(None),
        active_table=lambda: services.tables.active("backlash").name,
    )


def backlash_table_names(services: Any) -> list[str]:
    """The stored tables a backlash can be read on (d100 tables), by name."""
    return [
        summary.name
        for summary in services.tables.summaries()
        if match_key(summary.dice) in BACKLASH_DICE
    ]


class MagicPanels(QObject):
    """The Spells panel and the casting window, for one main window."""

    def __init__(
        self,
        registry: PanelRegistry,
        context: FeatureContext,
        desk: CastDesk,
        library: SpellLibrary,
        table_names: Any = None,
    ) -> None:
        super().__init__(registry.window)
        self.setObjectName("magic_panels")
        self.registry = registry
        self.context = context
        self.desk = desk
        self.library = library
        self.table_names = table_names
        self.dialog: CastDialog | None = None
        desk.follow_crows(self._crow_changed)

    def _crow_changed(self, change: CharacterChange | None) -> None:
        """A crow's edit saved under its own name leaves the names offered as they are; anything
        else may change them (called in the thread that wrote)."""
        dialog = self.dialog
        known = None if dialog is None else dialog.crow_choices
        if (
            change is not None
            and change.kind == "saved"
            and known is not None
            and change.name in (*known.at_table, *known.others)
        ):
            return
        self.crows_changed()

    def crows_changed(self) -> None:
        """The crows offered may have changed (a crow added, renamed, deleted or imported; the
        party at the table; another client's change)."""
        if self.dialog is not None:
            self.dialog.names_may_have_changed()

    @property
    def spell_panel(self) -> SpellPanel:
        return self.registry.widget(SPELLS_DOCK, SpellPanel)

    def _build_panel(self) -> QWidget:
        panel = SpellPanel(
            self.library, write=partial(write_through, self.context.undo_stack), read_now=False
        )
        panel.status_message.connect(self.context.window.show_status)
        panel.cast_requested.connect(self.open_cast_dialog)
        # The players' own spells are read in the worker once the panel is built.
        QTimer.singleShot(0, panel, panel.reload)
        return panel

    def push(self, command: Command) -> object:
        return push_command(self.context.undo_stack, command)

    def open_cast_dialog(self, crow: str | None = None) -> CastDialog:
        """Open "Cast a spell" (window-modal, with ``open()``): built on the first opening and
        kept; each opening after fills it again (one wait on the worker)."""
        dialog = self.dialog
        if dialog is None:
            dialog = CastDialog(
                self.desk,
                self.push,
                self.context.window,
                crow=crow,
                table_names=self.table_names,
                read=partial(write_through, self.context.undo_stack),
                names_followed=True,
            )
            dialog.cast_done.connect(self._say_cast)
            self.dialog = dialog
        else:
            dialog.refill(crow, reuse_names=True, tables=False)
        dialog.open()
        return dialog

    def _say_cast(self, plan: CastPlan) -> None:
        self.context.window.show_status(f"{plan.before.name} cast {plan.spell.name}")

    def focus_spells(self) -> None:
        self.registry.show(SPELLS_DOCK)
        self.spell_panel.search.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def specs(self) -> list[ActionSpec]:
        menu = MenuId.CROWS
        return [
            ActionSpec("magic_cast", "Cast a &spell…", lambda: self.open_cast_dialog(None),
                       (CAST_SHORTCUT,), menu=menu, section=SECTION,
                       tip="A crow casts from a book in hand: the odds first, one undo step"),
            ActionSpec("show_spells", "Go to the spell &list", self.focus_spells,
                       menu=menu, section=SECTION),
        ]  # fmt: skip


def register(
    registry: PanelRegistry,
    context: FeatureContext,
    desk: CastDesk,
    library: SpellLibrary,
    table_names: Any = None,
) -> MagicPanels:
    """Add the Spells panel (tabbed with the item catalogue) and the casting actions."""
    panels = MagicPanels(registry, context, desk, library, table_names)
    registry.add_panel(
        PanelSpec(SPELLS_DOCK, "Spells", panels._build_panel, Qt.DockWidgetArea.LeftDockWidgetArea,
                  tabify_with=PanelId.ITEM_CATALOGUE, menu=MenuId.CROWS)
    )  # fmt: skip
    registry.add_actions(panels.specs())

    def changed_elsewhere() -> None:  # another client added, edited or deleted a spell
        if registry.is_built(SPELLS_DOCK):
            panels.spell_panel.reload()

    context.follow_changes(frozenset({"spells"}), changed_elsewhere)
    # another client's crows, parties or party at the table: the crows offered read again
    context.follow_changes(
        frozenset({"characters", "parties", "dungeon", "state"}), panels.crows_changed
    )
    return panels


__all__ = ["CAST_SHORTCUT", "MagicPanels", "backlash_table_names", "desk_for", "register"]
