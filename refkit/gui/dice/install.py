"""Registers the dice screens: the Dice panel, the roll log, their menu entries and keys.

The first frame shows both docks in their places; the panels themselves are built right after
it, once the worker has imported their modules (:meth:`DiceFeature.build_panels`, called by the
start-up), or at once when anything asks for one earlier (:attr:`DiceFeature.panel`). Importing
and building them before the first paint was a fifth of the time to it. The dice service
arrives when the database is open (:meth:`DiceFeature.attach`). Every roll the app makes, a
game's included, then lands in the roll log, which the log panel follows.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.gui_thread import GuiThreadListener
from refkit.gui.shell.panel_registry import (
    FeatureContext,
    MenuId,
    PanelId,
    PanelRegistry,
    PanelSpec,
)
from refkit.gui.shell.undo_adapter import push_command, read_later

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QWidget

    from refkit.app.dice_service import DiceService
    from refkit.dice.records import LoggedRoll
    from refkit.gui.dice.panel import DicePanel
    from refkit.gui.dice.roll_log_model import RollLogModel
    from refkit.gui.dice.roll_log_panel import RollLogPanel

log = logging.getLogger(__name__)
LOG_LOAD_LIMIT = 2000
"""How many of the newest rolls the log panel loads at start-up: as many as its model keeps
(``roll_log_model.ROLLS_KEPT``, not imported here: that module loads after the first frame)."""
ORDER_KEY = "dice/order"


class _LogFeed:
    """Keeps the log model in step with the dice service (a RollLogListener)."""

    def __init__(self, model: RollLogModel, service: DiceService) -> None:
        self._model = model
        self._service = service

    def roll_logged(self, roll: LoggedRoll) -> None:
        self._model.add_newest(roll)

    def roll_log_replaced(self) -> None:
        self._model.replace_all(self._service.recent(limit=LOG_LOAD_LIMIT))


class DiceFeature:
    """The dice panel, the roll log and, once the database is open, the service behind them."""

    def __init__(self, registry: PanelRegistry, context: FeatureContext) -> None:
        self._registry = registry
        self._context = context
        self.service: DiceService | None = None
        self._log_model: RollLogModel | None = None
        self._catch_up_lock = threading.Lock()
        self._catching_up = False
        """A catch-up is on its way (set here, cleared by the worker once it has read)."""

    # the panels, built after the first paint or when first asked for ----------------------

    def build_panels(self) -> None:
        """Build both panels now (once): the start-up's step right after the first paint."""
        self._registry.widget(PanelId.DICE)
        self._registry.widget(PanelId.ROLL_LOG)

    @property
    def panel(self) -> DicePanel:
        """The Dice panel (built now if it was not yet; the same object every time)."""
        return self._registry.widget(PanelId.DICE)  # type: ignore[return-value]

    @property
    def log_panel(self) -> RollLogPanel:
        """The roll log panel (built now if it was not yet; the same object every time)."""
        return self._registry.widget(PanelId.ROLL_LOG)  # type: ignore[return-value]

    @property
    def log_model(self) -> RollLogModel:
        """The rolls the log panel shows (made with the panel, or now if asked for first)."""
        if self._log_model is None:
            from refkit.gui.dice.roll_log_model import RollLogModel

            self._log_model = RollLogModel(parent=self._context.window)
        return self._log_model

    def build_dice_panel(self) -> QWidget:
        from refkit.gui.dice.panel import DicePanel

        panel = DicePanel()
        panel.set_order(self._stored_order())
        panel.status_message.connect(self._context.window.show_status)
        return panel

    def build_log_panel(self) -> QWidget:
        from refkit.gui.dice.roll_log_panel import RollLogPanel

        log_panel = RollLogPanel(self.log_model)
        log_panel.status_message.connect(self._context.window.show_status)
        log_panel.clear_confirmed.connect(self.clear_log)
        return log_panel

    def _stored_order(self) -> str:
        order = self._context.settings.value(ORDER_KEY, "sequential")
        return "net" if order == "net" else "sequential"

    def detach(self) -> None:
        """Stop reading the roll log (its database is closing): a catch-up asked after this,
        such as the undo stack's last moves while the window closes, reads nothing."""
        self.service = None

    def attach(self, service: DiceService, rolls: list[LoggedRoll] | None) -> None:
        """Start rolling through ``service`` and show ``rolls`` (the newest first); None keeps
        the newest rolls shown (:meth:`show_stored`) until :meth:`show_all` has the rest."""
        service.add_listener(GuiThreadListener(_LogFeed(self.log_model, service)))
        self.service = service
        if rolls is not None:  # the rolls of this database, whatever was shown before
            self.log_model.replace_all(rolls)
            self.log_panel.set_loading(False)
        from refkit.rules.checks.odds import test_odds  # imported by the worker already

        self.panel.set_odds_source(test_odds)
        self.panel.set_service(service)

    def show_all(self, rolls: list[LoggedRoll]) -> None:
        """Show the log's newest ``rolls`` (the newest first, read once the service was here,
        after :meth:`attach` without rolls) around the rolls shown already, which stay in
        place; exporting and clearing work from now on."""
        self.log_model.fill_from(rolls)
        self.log_panel.set_loading(False)

    def show_stored(self, rolls: list[LoggedRoll], until_live: Callable[[], object]) -> None:
        """Show ``rolls``, the newest few read before the service could be built, and take
        rolls meanwhile: each first calls ``until_live``, which returns once :meth:`attach` has
        been called (exporting or clearing the log says to try again until then)."""
        if self.service is not None:
            return
        self.log_model.replace_all(rolls)  # the panel says they are the newest, still opening
        self.panel.roll_before_live(until_live)

    def catch_up(self, *_args: object) -> None:
        """Show the rolls a step stored with its own lines (End DT's checks, a loud noise's,
        a table roll) or another process did, once the step is over.

        Read in the worker without waiting for it (the press that made the step is not held
        back), once per step: the undo stack's move and the dungeon session's "log changed"
        both ask, and a catch-up still reading or waiting to read takes the second request.
        That is safe because the worker runs one job at a time in order: a catch-up not done
        yet reads after every step done before the request."""
        service = self.service
        if service is None:
            return
        with self._catch_up_lock:
            if self._catching_up:
                return
            self._catching_up = True
        after = self.log_model.roll_at(0).id if self.log_model.rowCount() else 0

        def read() -> list[LoggedRoll]:
            try:
                return service.rolls_after(after)
            finally:  # done reading: a step after this one needs a catch-up of its own
                with self._catch_up_lock:
                    self._catching_up = False

        def failed(error: BaseException) -> None:
            with self._catch_up_lock:
                self._catching_up = False
            log.error("cannot read the rolls stored by the last step", exc_info=error)

        read_later(self._context.undo_stack, read, self._show_caught_up, failed)

    def _show_caught_up(self, rolls: list[LoggedRoll]) -> None:
        if self.service is not None:  # else the database closed meanwhile
            self.log_model.add_stored(rolls)

    def clear_log(self) -> None:
        """Empty the roll log as one undoable step."""
        if self.service is None:
            return
        command = self.service.clear_log_command()
        push_command(self._context.undo_stack, command)
        self._context.window.show_status(f"{command.text} — Edit → Undo brings the rolls back")

    def focus_log_filter(self) -> None:
        self._registry.show(PanelId.ROLL_LOG)
        self.log_panel.focus_filter()

    def set_net_order(self, net: bool) -> None:
        order = "net" if net else "sequential"
        self.panel.set_order(order)
        self._context.settings.setValue(ORDER_KEY, order)

    def action_specs(self) -> list[ActionSpec]:
        # The panels are looked up when an action runs: they are built after the first paint.
        return [
            ActionSpec("export_csv", "Export roll log as &CSV…",
                       lambda: self.log_panel.ask_export("csv"), ("Ctrl+E",), "document-save-as",
                       "SP_DialogSaveButton", MenuId.FILE, "export"),
            ActionSpec("export_markdown", "Export roll log as &Markdown…",
                       lambda: self.log_panel.ask_export("md"), ("Ctrl+Shift+E",),
                       "document-save-as", "", MenuId.FILE, "export"),
            ActionSpec("clear_log", "C&lear roll log…", lambda: self.log_panel.ask_clear(),
                       ("Ctrl+Shift+Del",), "edit-clear", "SP_TrashIcon", MenuId.EDIT, "log"),
            ActionSpec("find_in_log", "&Filter roll log", self.focus_log_filter, ("Ctrl+F",),
                       "edit-find", "", MenuId.EDIT, "log"),
            ActionSpec("roll_test", "&Roll test", lambda: self.panel.roll_test(),
                       ("Space", "Return", "Enter"), "", "", MenuId.DICE, "roll", toolbar=True,
                       tip="Roll 2d10 + characteristic"),
            ActionSpec("roll_d100", "Roll d&100", lambda: self.panel.roll_d100(), ("D",), "", "",
                       MenuId.DICE, "roll", toolbar=True),
            ActionSpec("roll_usage_dice", "Roll &usage dice",
                       lambda: self.panel.roll_usage_dice(), ("U",), "", "", MenuId.DICE, "roll",
                       toolbar=True),
            ActionSpec("focus_notation", "Type &dice notation",
                       lambda: self.panel.focus_notation(), ("N",), "", "", MenuId.DICE, "roll"),
            ActionSpec("edge_more", "Add an &edge", lambda: self.panel.step_edges(1), ("E",),
                       menu=MenuId.DICE, section="modifiers"),
            ActionSpec("edge_fewer", "Remove an edge", lambda: self.panel.step_edges(-1),
                       ("Shift+E",), menu=MenuId.DICE, section="modifiers"),
            ActionSpec("bane_more", "Add a &bane", lambda: self.panel.step_banes(1), ("B",),
                       menu=MenuId.DICE, section="modifiers"),
            ActionSpec("bane_fewer", "Remove a bane", lambda: self.panel.step_banes(-1),
                       ("Shift+B",), menu=MenuId.DICE, section="modifiers"),
            ActionSpec("characteristic_up", "Raise &characteristic",
                       lambda: self.panel.step_characteristic(1), ("C",), menu=MenuId.DICE,
                       section="modifiers"),
            ActionSpec("characteristic_down", "Lower characteristic",
                       lambda: self.panel.step_characteristic(-1), ("Shift+C",),
                       menu=MenuId.DICE, section="modifiers"),
            ActionSpec("toggle_expertise", "Toggle e&xpertise",
                       lambda: self.panel.toggle_expertise(), ("X",), menu=MenuId.DICE,
                       section="modifiers"),
            ActionSpec("reset_modifiers", "Reset &modifiers", lambda: self.panel.reset_modifiers(),
                       ("Escape",), menu=MenuId.DICE, section="modifiers",
                       tip="No edges, banes, bonus or expertise"),
            ActionSpec("net_order", "&Net tier shifts (alternative reading)", self.set_net_order,
                       menu=MenuId.DICE, section="settings", checkable=True,
                       checked=self._stored_order() == "net",
                       tip="Add double edge/bane and expertise shifts before clamping"),
            ActionSpec("show_roll_log", "Go to &Roll log", self.focus_log_filter, ("Alt+2",),
                       menu=MenuId.VIEW, section="panels"),
        ]  # fmt: skip


def register(registry: PanelRegistry, context: FeatureContext) -> DiceFeature:
    """Dock the Dice panel (left) and the roll log (right) and add their actions."""
    feature = DiceFeature(registry, context)
    registry.add_panel(
        PanelSpec(
            PanelId.DICE,
            "Dice",
            feature.build_dice_panel,
            Qt.DockWidgetArea.LeftDockWidgetArea,
            scrollable=True,
            build_when_shown=False,
            go_to="Go to &Dice panel",
            shortcut="Alt+1",
        )
    )
    registry.add_panel(
        PanelSpec(
            PanelId.ROLL_LOG,
            "Roll log",
            feature.build_log_panel,
            Qt.DockWidgetArea.RightDockWidgetArea,
            build_when_shown=False,
        )
    )
    registry.add_actions(feature.action_specs())
    docks = [registry.panel(PanelId.DICE), registry.panel(PanelId.ROLL_LOG)]
    registry.arrange(
        lambda: context.window.resizeDocks(docks, [560, 640], Qt.Orientation.Horizontal)
    )
    context.follow_changes(frozenset({"rolls"}), feature.catch_up)  # another client's rolls
    return feature
