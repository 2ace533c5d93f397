"""Desktop-app tests that close gaps found by mutation testing (issue 8): the auto-end grace when
the app is reopened after a DT ran out, and where the entries of a shared stack slot are drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QPointF

from refkit.compose import open_character_service
from refkit.gui.characters.session import CharacterSession
from refkit.gui.dungeon.session import AUTO_END_GRACE_S, DungeonTurnSession
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.board_layout import Place
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.inventory.model import BELT
from tests.gui.dungeon_helpers import DungeonRig

HESPER = "Hesper Quill"  # belt 2 holds a stiletto and a knife


# -- the auto-end grace on reopening ------------------------------------------------------------


def _closed_with_a_running_dt(rig: DungeonRig) -> float:
    """Start a 1-minute DT with auto-end on in one session, then close the app; the deadline."""
    session = DungeonTurnSession(rig.undo_stack, poll_ms=10**6)  # the test plays the poll
    rig.service.update_settings(auto_end=True)
    session.set_services(rig.service, rig.tables)
    assert session.start_turn(1.0, "Grace crypt") is not None
    deadline = rig.service.view().clock.ends_at()
    assert deadline is not None
    session.close()
    return deadline


def _reopened(rig: DungeonRig) -> DungeonTurnSession:
    reopened = DungeonTurnSession(rig.undo_stack, poll_ms=10**6)
    reopened.set_services(rig.service, rig.tables)
    reopened.check_for_outside_changes()
    QCoreApplication.processEvents()
    return reopened


def test_a_dt_found_run_out_within_the_grace_on_reopening_ends_at_its_deadline(qtbot, rig) -> None:
    deadline = _closed_with_a_running_dt(rig)
    rig.clock.now = deadline + AUTO_END_GRACE_S - 1  # closed for a moment, reopened in time
    reopened = _reopened(rig)
    assert reopened.auto_ends == 1
    clock = rig.service.view().clock
    assert clock.dt == 2
    assert clock.anchor == deadline  # the next DT started when the first ran out, not now
    reopened.close()


def test_a_dt_found_run_out_past_the_grace_on_reopening_is_left_to_the_referee(qtbot, rig) -> None:
    deadline = _closed_with_a_running_dt(rig)
    rig.clock.now = deadline + AUTO_END_GRACE_S + 1
    reopened = _reopened(rig)
    assert reopened.auto_ends == 0
    assert rig.service.view().clock.dt == 1
    rig.clock.advance(60)  # later polls do not end it either: the referee decides
    reopened.check_for_outside_changes()
    QCoreApplication.processEvents()
    assert reopened.auto_ends == 0
    assert rig.service.view().clock.dt == 1
    reopened.close()


# -- where a shared stack slot draws its entries ----------------------------------------------


@pytest.fixture
def board(qtbot, tmp_path: Path) -> Iterator[InventoryBoard]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as service:
        session = CharacterSession(service, RefkitUndoStack())
        widget = InventoryBoard(session)
        session.character_changed.connect(lambda: widget.set_character(session.character()))
        qtbot.addWidget(widget)
        widget.resize(1100, 760)
        widget.show()
        qtbot.waitExposed(widget)
        session.open(HESPER)
        yield widget
        session.shutdown()


def test_the_entries_of_a_shared_slot_split_its_card_area_in_equal_bands_in_order(
    board: InventoryBoard,
) -> None:
    place = Place(BELT, 2)
    entries = board.character().items.occupants(BELT, 2)
    assert len(entries) == 2
    area = board.board_layout().card_area(place)
    hits = [hit for hit in board._card_hits() if hit.place == place]
    assert [hit.item_id for hit in hits] == [entry.id for entry in entries]
    band = area.height() / 2
    for index, hit in enumerate(hits):
        assert hit.rect.left() == area.left() and hit.rect.width() == area.width()
        assert hit.rect.top() == pytest.approx(area.top() + index * band)
        assert hit.rect.height() == pytest.approx(band)
    # a click in each band finds that band's entry
    x = area.center().x()
    for index, entry in enumerate(entries):
        found = board.card_at(QPointF(x, area.top() + (index + 0.5) * band))
        assert found is not None and found[0].id == entry.id


def test_the_keyboard_cursor_frames_the_chosen_entry_of_a_shared_slot(
    board: InventoryBoard,
) -> None:
    place = Place(BELT, 2)
    hits = [hit for hit in board._card_hits() if hit.place == place]
    for index, hit in enumerate(hits):
        board.set_cursor(place, index)
        assert board._cursor_rect() == hit.rect
