"""The dungeon-turn panel's chooser of the party at the table: the parties listed (the stored
ones before the characters are connected, the chooser off until then), the choice an undoable
step, and the rest in the Miasma kept with the party (part of
:class:`~refkit.gui.dungeon.turn_panel.DungeonTurnPanel`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from refkit.gui.common.plain_text import rich_tooltip
from refkit.gui.shell.gui_thread import on_gui_thread
from refkit.present.table_party_text import party_tip

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QComboBox, QWidget

    from refkit.app.dungeon.stored_view import StoredParty
    from refkit.app.party_bridge import PartyBridge
    from refkit.gui.dungeon.rest_box import RestBox
    from refkit.gui.dungeon.session import DungeonTurnSession

log = logging.getLogger("refkit.gui.dungeon.turn_panel")  # the panel's log, as before


class TablePartyChooser:
    """The party at the table on the DT panel (see the module docstring)."""

    # What the panel provides (declared only, for the type checker).
    session: DungeonTurnSession
    party: PartyBridge | None
    party_combo: QComboBox
    party_row: QWidget
    rest: RestBox
    status_message: SignalInstance
    show_message: Callable[[str], None]

    def set_party(self, party: PartyBridge | None) -> None:
        """Show and choose the party at the table (None: the characters are not connected)."""
        if self.party is not None:
            self.party.remove_listener(self._show_party)
        self.party = party
        if party is not None:
            party.add_listener(on_gui_thread(self._show_party))
        self.party_row.setVisible(party is not None)
        self._show_party()

    def _show_party(self) -> None:
        party = self.party
        if party is None:
            self.rest.show_party(False, False)
            return

        def read() -> tuple[list[str], str | None, Sequence[str], bool]:
            return party.party_names(), party.party_name(), party.members(), party.rest_in_miasma

        try:  # one read, where the window reads (its worker)
            names, chosen, members, in_miasma = self.session.write(read)
        except Exception as error:  # the panel must keep working: say it and go on
            log.exception("cannot read the party at the table")
            self.show_message(f"Cannot read the parties: {error}")
            return
        self.party_combo.setEnabled(True)
        self._fill_party_combo(names, chosen, members)
        self.rest.show_party(chosen is not None, in_miasma)

    def show_stored_party(self, stored: StoredParty) -> None:
        """Show the parties and the party at the table as stored, before the characters are
        connected (:meth:`set_party` follows): the chooser in its place, off until then, so
        nothing moves when it goes live."""
        if self.party is not None:
            return
        self.party_row.setVisible(True)
        self.party_combo.setEnabled(False)
        self._fill_party_combo(list(stored.names), stored.at_table, None)
        self.rest.show_party(stored.at_table is not None, stored.rest_in_miasma)

    def _fill_party_combo(
        self, names: list[str], chosen: str | None, members: Sequence[str] | None
    ) -> None:
        combo = self.party_combo
        combo.blockSignals(True)
        offered = [combo.itemData(index) for index in range(1, combo.count())]
        if offered != names or combo.itemText(0) != "No party":  # else only the choice moves
            combo.clear()
            combo.addItem("No party", None)
            for name in names:
                combo.addItem(name, name)
        combo.setCurrentIndex(0 if chosen is None else names.index(chosen) + 1)
        combo.blockSignals(False)
        tip = party_tip(chosen, members)
        combo.setToolTip(rich_tooltip(tip) if chosen else tip)  # a party's name as typed

    def _party_chosen(self, index: int) -> None:
        party = self.party
        if party is None:
            return
        name = self.party_combo.itemData(index)
        from refkit.app.party.commands import SetTableParty

        # An undoable step; call() says why when the party is gone (None), as for any refusal.
        def make() -> tuple[SetTableParty, bool]:
            command = SetTableParty(party, name)
            return command, command.changes_anything  # both read in the worker

        self.session.live()
        try:  # a read, not a write: no refresh of the panel for it (the step refreshes it)
            made: tuple[SetTableParty, bool] | None = self.session.write(make)
        except Exception as error:  # why the party cannot be chosen, as for any refusal
            self.session.refuse(error)
            made = None
        chosen = made is not None and (not made[1] or self.session.run(made[0]))
        self._show_party()
        if chosen:
            shown = name if name is not None else "no party"
            self.status_message.emit(f"At the table: {shown}")

    def _miasma_toggled(self, on: bool) -> None:
        party = self.party
        if party is not None:
            self.session.call(lambda: party.set_rest_in_miasma(on))
