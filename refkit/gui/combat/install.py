"""Registers the fight at the table: the Fight panel (the tracker) and the Fight menu — Attack…
(Ctrl+Shift+A), Next turn (Ctrl+Shift+T), New round, Bestiary….

The composition root calls :func:`register` once the database is open, with the services' fight
session (:attr:`refkit.compose.Services.fight`) and the party at the table. Every step goes on
the window's undo stack; an attack's roll lands in the roll log (kind ``attack``).
:attr:`FightPanels.players_fight_changed` tells the players' window what it may show of the fight,
whether or not the tracker was ever built.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QWidget

from refkit.app.character_service import CharacterService
from refkit.app.combat.fight_session import FightSession
from refkit.app.combat.fight_view import PlayersFight, players_fight
from refkit.app.undo import Command
from refkit.errors import DomainError
from refkit.gui.combat.attack_dialog import AttackDialog
from refkit.gui.combat.bestiary_editor import BestiaryDialog
from refkit.gui.combat.tracker import FightPanel, crows_of
from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.gui_thread import on_gui_thread
from refkit.gui.shell.panel_registry import (
    FeatureContext,
    MenuId,
    PanelId,
    PanelRegistry,
    PanelSpec,
)
from refkit.gui.shell.undo_adapter import push_command, write_through
from refkit.rules.character.model import Character
from refkit.rules.combat.fight import Fight

T = TypeVar("T")
FIGHT_DOCK = PanelId.FIGHT
ATTACK_SHORTCUT = "Ctrl+Shift+A"
NEXT_TURN_SHORTCUT = "Ctrl+Shift+T"
SECTION = "fight"


class FightPanels(QObject):
    """The tracker, the attack window and the players' line, for one main window."""

    players_fight_changed = Signal(object)
    """A :class:`PlayersFight` (None: no fight), after every change of the fight or a crow."""

    def __init__(
        self,
        registry: PanelRegistry,
        context: FeatureContext,
        session: FightSession,
        characters: CharacterService,
        party: Callable[[], Sequence[str]] = tuple,
    ) -> None:
        super().__init__(registry.window)
        self.setObjectName("fight_panels")
        self.registry = registry
        self.context = context
        self.session = session
        self.characters = characters
        self.party = party
        self.dialog: AttackDialog | None = None
        self.bestiary_dialog: BestiaryDialog | None = None
        self._listener = _ReadWhereTold(self)
        session.add_listener(self._listener)
        characters.add_listener(self._listener.crows_changed)
        listener = self._listener
        self.destroyed.connect(lambda: _forget(session, characters, listener))

    @property
    def tracker(self) -> FightPanel:
        return self.registry.widget(FIGHT_DOCK, FightPanel)

    def _build_tracker(self) -> QWidget:
        panel = FightPanel(
            self.session,
            self.characters,
            self.push,
            self.party,
            read=self._read,
            read_now=False,
            undo_stack=self.context.undo_stack,
            follow=False,  # shown by fight_changed with the players' line: one read of the crows
        )
        panel.status_message.connect(self.context.window.show_status)
        panel.attack_requested.connect(self.open_attack_dialog)
        # The crows in the fight are read in the worker once the tracker is built (a read
        # waited for inside the registry's build would turn the event loop there).
        QTimer.singleShot(0, panel, lambda: panel.show_fight(self.session.state))
        return panel

    def _read(self, function: Callable[..., T], *args: object, **kwargs: object) -> T:
        """``function(*args, **kwargs)`` where the window writes (its worker, off the GUI
        thread)."""
        return write_through(self.context.undo_stack, function, *args, **kwargs)

    def push(self, command: Command) -> object:
        return push_command(self.context.undo_stack, command)

    # -- the players' line ----------------------------------------------------------------------

    def _crow(self, name: str) -> Character | None:
        try:
            return self.characters.get(name)
        except DomainError:
            return None

    def players_view(self) -> PlayersFight | None:
        fight = self.session.state
        return players_fight(fight, crows_of(fight, self._crow, self._read))

    def tell_players(self, show: Callable[[PlayersFight | None], object]) -> None:
        """Call ``show`` with the players' view of the fight now and after every change."""
        self.players_fight_changed.connect(show)
        show(self.players_view())

    def fight_changed(self, fight: Fight) -> None:
        """The players' line and the tracker (once built) show ``fight``, its crows' sheets
        read once for both (each read waits on the worker; it was read twice a step)."""
        self.show_fight(fight, crows_of(fight, self._crow, self._read))

    def sheets_here(self, fight: Fight) -> Callable[[str], Character | None]:
        """The sheets of ``fight``'s crows, read on the calling thread (the worker)."""
        return crows_of(fight, self._crow, _call)

    def show_fight(self, fight: Fight, sheets: Callable[[str], Character | None]) -> None:
        """The players' line and the tracker (once built) show ``fight`` with ``sheets``."""
        self.players_fight_changed.emit(players_fight(fight, sheets))
        if self.registry.is_built(FIGHT_DOCK):
            self.tracker.show_fight(fight, sheets)

    def _crows_changed(self, _change: object) -> None:
        if any(f.is_crow for f in self.session.state.combatants):
            self.fight_changed(self.session.state)

    # -- commands -------------------------------------------------------------------------------

    def open_attack_dialog(self, attacker: str = "") -> AttackDialog | None:
        """Open the attack window (window-modal, with ``open()``): built on the first opening
        and kept; each opening after offers a fresh attack in it (``AttackDialog.refill``)."""
        if len(self.session.state.combatants) < 2:
            self.context.window.show_status("An attack needs two in the fight: add them first")
            return None
        chosen = attacker or self.session.state.current or ""
        dialog = self.dialog
        if dialog is None:
            dialog = AttackDialog(
                self.session,
                self.push,
                self.context.log_roll,
                self.context.now,
                self.context.window,
                attacker=chosen,
                read=self._read,
            )
            dialog.attacked.connect(
                lambda report: self.context.window.show_status(
                    f"{report.attacker} attacked {report.target}"
                )
            )
            self.dialog = dialog
        else:
            if dialog.isVisible():
                dialog.close()
            dialog.refill(chosen)
        dialog.open()
        return dialog

    def open_bestiary(self) -> BestiaryDialog:
        """The bestiary window (not modal: the tracker stays usable beside it)."""
        if self.bestiary_dialog is None:
            dialog = BestiaryDialog(
                self.session.bestiary,
                self.context.window,
                write=partial(write_through, self.context.undo_stack),
            )
            dialog.changed.connect(self._bestiary_changed)
            self.bestiary_dialog = dialog
        self.bestiary_dialog.show()
        self.bestiary_dialog.activateWindow()
        return self.bestiary_dialog

    def _bestiary_changed(self) -> None:
        if self.registry.is_built(FIGHT_DOCK):
            self.tracker.refresh_bestiary()

    def next_turn(self) -> None:
        self.registry.show(FIGHT_DOCK)
        self.tracker.next_turn()

    def new_round(self) -> None:
        self.registry.show(FIGHT_DOCK)
        self.tracker.new_round()

    def focus_tracker(self) -> None:
        self.registry.show(FIGHT_DOCK)
        self.tracker.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def specs(self) -> list[ActionSpec]:
        menu = MenuId.FIGHT
        return [
            ActionSpec("fight_attack", "&Attack…", lambda: self.open_attack_dialog(),
                       (ATTACK_SHORTCUT,), menu=menu, section=SECTION,
                       tip="Attacker, weapon, target: the odds first, one undo step"),
            ActionSpec("fight_next_turn", "&Next turn", self.next_turn, (NEXT_TURN_SHORTCUT,),
                       menu=menu, section=SECTION),
            ActionSpec("fight_new_round", "New &round", self.new_round, menu=menu,
                       section=SECTION, tip="Roll the initiative d10 for the next round"),
            ActionSpec("fight_bestiary", "&Bestiary…", self.open_bestiary, menu=menu,
                       section="bestiary",
                       tip="Refkit's example creatures and yours; write one, import or export"),
            ActionSpec("fight_show", "Go to the fight &tracker", self.focus_tracker,
                       menu=menu, section="panels",
                       tip="With the tracker focused, N is the next turn and A an attack"),
        ]  # fmt: skip


def _call(function: Callable[[], T]) -> T:
    return function()


class _ReadWhereTold:
    """The fight session's and the roster's listener for :class:`FightPanels`.

    Told in the worker (a step's ``do``, a fight read again), it reads the fight's crows'
    sheets there and then, inside the job that changed them, and hands fight and sheets to the
    GUI thread: the window shows the step without waiting on the worker again for the sheets
    (one wait less in every step, two in an attack that hits a crow). Told on the GUI thread (an
    in-memory database, no worker), the panels read them as they would."""

    def __init__(self, panels: FightPanels) -> None:
        self._panels = panels
        self._show = on_gui_thread(panels.show_fight)
        self._session = panels.session

    def fight_changed(self, fight: Fight) -> None:
        if threading.current_thread() is threading.main_thread():
            self._panels.fight_changed(fight)
            return
        self._show(fight, self._panels.sheets_here(fight))

    def crows_changed(self, _change: object) -> None:
        fight = self._session.state
        if not any(f.is_crow for f in fight.combatants):
            return
        self.fight_changed(fight)


def _forget(session: FightSession, characters: CharacterService, listener: _ReadWhereTold) -> None:
    session.remove_listener(listener)
    characters.remove_listener(listener.crows_changed)


def register(
    registry: PanelRegistry,
    context: FeatureContext,
    session: FightSession,
    characters: CharacterService,
    party: Callable[[], Sequence[str]] = tuple,
) -> FightPanels:
    """Add the Fight panel (tabbed with the dungeon turn) and the Fight menu."""
    panels = FightPanels(registry, context, session, characters, party)
    registry.add_panel(
        PanelSpec(FIGHT_DOCK, "Fight", panels._build_tracker, Qt.DockWidgetArea.LeftDockWidgetArea,
                  tabify_with=PanelId.DUNGEON_TURN, menu=MenuId.FIGHT)
    )  # fmt: skip
    registry.add_actions(panels.specs())
    # Another client's fight step: the fight read again (its listeners redraw the tracker and
    # the players' line); a crow's sheet changed elsewhere: its standing in the players' line.
    context.follow_changes(frozenset({"fight"}), lambda: panels._read(session.reload))
    context.follow_changes(frozenset({"characters"}), lambda: panels._crows_changed(None))
    return panels


__all__ = ["ATTACK_SHORTCUT", "NEXT_TURN_SHORTCUT", "FightPanels", "register"]
