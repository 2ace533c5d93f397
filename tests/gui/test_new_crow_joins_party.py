"""Issue 24, item 1: a new crow reaches a party — the builder offers the party, and the list adds
any chosen crow to any party, by the Parties menu and by a drag onto the party chooser, whichever
party the list shows. Every join is one undo step."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMenu

from refkit.app.character_service import CharacterService
from refkit.gui.characters.install import CharacterPanels, install_character_panels
from refkit.gui.characters.list_widgets import crow_mime
from refkit.gui.shell.actions import ActionRegistry
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from tests.gui.test_roster_undo import BRANNOC, SAMPLE, WREN, parties


@pytest.fixture
def installed(
    qtbot, settings: QSettings, service: CharacterService
) -> Iterator[tuple[MainWindow, CharacterPanels]]:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    stack = RefkitUndoStack(window)
    panels = install_character_panels(window, ActionRegistry(window), stack, service)
    window.show()
    qtbot.waitExposed(window)
    yield window, panels
    panels.session.shutdown()


@pytest.fixture
def panels(installed: tuple[MainWindow, CharacterPanels]) -> CharacterPanels:
    return installed[1]


MARA = "Mara Vell"
OFFSCREEN_POPUP = "This plugin does not support (raise|grabbing)"


def build_mara(panels: CharacterPanels, party_index: int | None = None) -> None:
    builder = panels.open_builder()
    builder.identity.name.setText(MARA)
    builder.background_page.choose("Archer")
    builder.characteristics.initializePage()
    builder.characteristics.set_choice("", "m12", "mind")
    if party_index is not None:
        builder.ready.party.setCurrentIndex(party_index)
    builder.accept()


def add_menu_entries(panels: CharacterPanels) -> dict[str, bool]:
    panel = panels.list_panel
    panel.parties_menu.aboutToShow.emit()
    panel.add_menu.aboutToShow.emit()
    return {action.text(): action.isEnabled() for action in panel.add_menu.actions()}


def trigger(menu: QMenu, text: str) -> None:
    next(action for action in menu.actions() if action.text() == text).trigger()


def test_the_builder_offers_the_only_party_and_the_crow_joins_it_in_one_step(
    panels: CharacterPanels, service: CharacterService
) -> None:
    build_mara(panels)
    assert parties(service)[SAMPLE][-1] == MARA
    assert panels.session.undo_stack.count() == 1
    panels.session.undo_stack.undo()  # one Ctrl+Z takes back the crow and its place
    assert not service.exists(MARA)
    assert MARA not in parties(service)[SAMPLE]


def test_the_builder_may_leave_the_crow_out_of_every_party(
    panels: CharacterPanels, service: CharacterService
) -> None:
    build_mara(panels, party_index=0)
    assert service.exists(MARA)
    assert MARA not in parties(service)[SAMPLE]


def test_with_all_crows_shown_the_menu_adds_the_chosen_crow_to_a_party(
    panels: CharacterPanels, service: CharacterService
) -> None:
    service.create_party("Night watch", [WREN])
    build_mara(panels, party_index=0)
    panel = panels.list_panel
    panel.refresh()
    assert panel.shown_party() is None
    entries = add_menu_entries(panels)
    assert entries == {SAMPLE: True, "Night watch": True}
    assert panel.add_menu.title() == f"Add {MARA} to a party"
    trigger(panel.add_menu, "Night watch")
    assert parties(service)["Night watch"] == (WREN, MARA)
    assert add_menu_entries(panels)["Night watch (already in it)"] is False


def test_with_another_party_shown_the_open_new_crow_still_joins(
    panels: CharacterPanels, service: CharacterService
) -> None:
    service.create_party("Night watch", [WREN])
    panel = panels.list_panel
    panel.refresh()
    panel.party.setCurrentIndex(panel.party.findData("Night watch"))
    build_mara(panels, party_index=0)
    assert panel.chosen_name() is None  # not in the shown party, so not in the list
    assert panel.add_to_party()  # the open crow is the one the action acts on
    assert parties(service)["Night watch"] == (WREN, MARA)
    assert panel.proxy.rowCount() == 2


def drop(panels: CharacterPanels, name: str) -> None:
    chooser = panels.list_panel.party
    data = crow_mime(name)  # kept alive while the event points at it
    event = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    chooser.dropEvent(event)
    assert event.isAccepted()


def test_a_crow_dropped_on_the_shown_party_joins_it(
    panels: CharacterPanels, service: CharacterService
) -> None:
    service.create_party("Night watch", [WREN])
    panel = panels.list_panel
    panel.refresh()
    panel.party.setCurrentIndex(panel.party.findData("Night watch"))
    drop(panels, BRANNOC)
    assert parties(service)["Night watch"] == (WREN, BRANNOC)
    panels.session.undo_stack.undo()
    assert parties(service)["Night watch"] == (WREN,)


@pytest.mark.qt_log_ignore(OFFSCREEN_POPUP)  # the offscreen platform on any popup menu
def test_a_crow_dropped_with_all_crows_shown_asks_which_party(
    panels: CharacterPanels, service: CharacterService
) -> None:
    service.create_party("Night watch", [WREN])
    panels.list_panel.refresh()
    shown: list[QMenu] = []
    original = panels.list_panel.crow_dropped

    def keep(name: str, where: QPoint) -> QMenu | None:
        menu = original(name, where)
        if menu is not None:
            shown.append(menu)
        return menu

    panels.list_panel.party.crow_dropped.disconnect()
    panels.list_panel.party.crow_dropped.connect(keep)
    drop(panels, BRANNOC)
    (menu,) = shown
    assert {a.text(): a.isEnabled() for a in menu.actions()} == {
        SAMPLE + " (already in it)": False,
        "Night watch": True,
    }
    trigger(menu, "Night watch")
    assert parties(service)["Night watch"] == (WREN, BRANNOC)
    menu.close()


def test_the_table_drags_a_row_as_its_crow() -> None:
    assert bytes(crow_mime(WREN).data("application/x-refkit-crow").data()).decode() == WREN
