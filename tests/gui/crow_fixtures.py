"""The sheet and board tests' inventory board, shown for the session's open crow (their
``service`` and ``stack`` fixtures are in ``tests/gui/conftest.py``)."""

from __future__ import annotations

from refkit.gui.characters.session import CharacterSession
from refkit.gui.inventory.board import InventoryBoard


def shown_board(qtbot, session: CharacterSession) -> InventoryBoard:
    """A board that follows the session's open crow, shown at a laptop's size."""
    widget = InventoryBoard(session)
    session.character_changed.connect(lambda: widget.set_character(session.character()))
    widget.set_character(session.character())
    qtbot.addWidget(widget)
    widget.resize(1100, 760)
    widget.show()
    qtbot.waitExposed(widget)
    return widget
