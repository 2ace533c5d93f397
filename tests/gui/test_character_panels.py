"""The character panels in the main window: the list, parties, files, the catalogue and undo."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths, Qt

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.install import (
    CATALOGUE_DOCK,
    CHARACTERS_DOCK,
    SHEET_DOCK,
    CharacterPanels,
    install_character_panels,
)
from refkit.gui.characters.list_model import (
    COLUMNS,
    NAME_ROLE,
    STATE,
    CharacterFilter,
    CharacterListModel,
)
from refkit.gui.inventory.board_layout import Place
from refkit.gui.shell.actions import ActionRegistry
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.character.file_format import dump_character_json
from refkit.rules.inventory.model import BACKPACK, GROUND
from refkit.store import CharacterRepository, Database
from refkit.store.character_store import CharacterSummary

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"
WREN = "Wren Ashdown"
MOMENT = datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)


def summary(
    name: str, player: str = "", *, wounds: int = 0, dead: bool = False
) -> CharacterSummary:
    return CharacterSummary(
        name=name,
        player=player,
        speed=0 if dead else 5,
        dead=dead,
        stamina=3,
        stamina_max=7,
        wounds=10 if dead else wounds,
        revision=1,
        created_at=MOMENT,
        updated_at=MOMENT,
    )


def test_the_list_model_passes_the_model_tester(qtmodeltester) -> None:
    model = CharacterListModel([summary("Mara Vell", "Sam"), summary("Old Tam", dead=True)])
    qtmodeltester.check(model)
    model.set_summaries([summary("Wren"), summary("Hesper", wounds=2)])
    qtmodeltester.check(model)
    proxy = CharacterFilter()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)


def test_a_dead_crow_says_dead_in_words() -> None:
    model = CharacterListModel([summary("Old Tam", dead=True), summary("Wren", wounds=1)])
    assert model.index(0, STATE).data() == "☠ DEAD"
    assert model.index(1, STATE).data() == "Wounded"
    assert "dead: all ten backpack slots are wounded" in model.index(0, 0).data(
        Qt.ItemDataRole.ToolTipRole
    )
    assert model.headerData(0, Qt.Orientation.Horizontal) == COLUMNS[0]


def test_the_filter_searches_names_and_players_and_parties() -> None:
    model = CharacterListModel(
        [summary("Mara Vell", "Sam"), summary("Old Tam", "Ruth"), summary("Wren")]
    )
    proxy = CharacterFilter()
    proxy.setSourceModel(model)
    proxy.set_search("ruth")
    assert [proxy.index(r, 0).data(NAME_ROLE) for r in range(proxy.rowCount())] == ["Old Tam"]
    proxy.set_search("")
    proxy.set_party(["wren", "MARA VELL"])
    names = sorted(proxy.index(r, 0).data(NAME_ROLE) for r in range(proxy.rowCount()))
    assert names == ["Mara Vell", "Wren"]
    proxy.set_party(None)
    assert proxy.rowCount() == 3


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(db_path)) as opened:
        yield opened


@pytest.fixture
def installed(qtbot, settings: QSettings, service: CharacterService) -> Iterator[CharacterPanels]:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    stack = RefkitUndoStack(window)
    registry = ActionRegistry(window)
    panels = install_character_panels(window, registry, stack, service)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    yield panels
    panels.session.shutdown()


def stored(db_path: Path, name: str) -> str:
    with Database.open(str(db_path)) as db:
        return dump_character_json(CharacterRepository(db).get(name))


def test_installing_adds_the_panels_the_menu_and_opens_the_first_crow(
    installed: CharacterPanels,
) -> None:
    window = installed.window
    names = {dock.objectName() for dock in window.docks()}
    assert {CHARACTERS_DOCK, SHEET_DOCK, CATALOGUE_DOCK} <= names
    menu_titles = [a.text() for a in window.menuBar().actions()]
    assert "C&rows" in menu_titles
    assert installed.session.name() == BRANNOC
    assert installed.sheet.name_label.text() == BRANNOC
    assert installed.list_panel.model.rowCount() == 3
    shortcuts = {a.objectName(): a.shortcut().toString() for a in window.actions()}
    assert shortcuts["action_crow_damage"] == "Ctrl+Shift+D"
    assert shortcuts["action_show_inventory"] == "Alt+B"


def test_the_list_opens_crows_and_searches(installed: CharacterPanels) -> None:
    panel = installed.list_panel
    panel.search.setText("hes")
    assert panel.proxy.rowCount() == 1
    assert panel.count_label.text() == "1 of 3 crows"
    panel.table.setCurrentIndex(panel.proxy.index(0, 0))
    panel.table.activated_row.emit(panel.table.currentIndex())
    assert installed.session.name() == HESPER
    assert installed.sheet.name_label.text() == HESPER


def test_a_board_move_is_saved_at_once(installed: CharacterPanels, db_path: Path) -> None:
    session = installed.session
    session.open(HESPER)
    installed.sheet.board.drop_item("rope-1", Place(BACKPACK, 9))
    assert '"at": 9' in stored(db_path, HESPER).split('"rope-1"')[1].split("}")[0]


def test_undo_of_another_crows_edit_opens_that_crow(installed: CharacterPanels) -> None:
    session = installed.session
    session.open(HESPER)
    session.move_item("rope-1", GROUND, None)
    session.open(WREN)
    session.undo_stack.undo()
    assert session.name() == HESPER
    assert not session.character().items.on_ground("rope-1")
    session.undo_stack.redo()
    assert session.character().items.on_ground("rope-1")


def test_delete_and_undo_bring_the_crow_back_with_its_party(
    installed: CharacterPanels, service: CharacterService
) -> None:
    service.create_party("Tuesday", [HESPER, WREN])
    panel = installed.list_panel
    panel.refresh()
    assert panel.choose(HESPER)
    panel.delete()
    assert not service.exists(HESPER)
    assert panel.model.rowCount() == 2
    installed.session.undo_stack.undo()
    assert service.exists(HESPER)
    assert service.get_party("Tuesday").members == (HESPER, WREN)
    assert panel.model.rowCount() == 3


def test_new_and_duplicate_are_undoable(
    installed: CharacterPanels, service: CharacterService
) -> None:
    panel = installed.list_panel
    panel.choose(WREN)
    panel.duplicate()
    assert service.exists("Wren Ashdown (copy)")
    assert installed.session.name() == "Wren Ashdown (copy)"
    installed.session.undo_stack.undo()
    assert not service.exists("Wren Ashdown (copy)")
    assert installed.session.name() is None
    assert installed.sheet.stack.currentIndex() == 0  # "No crow is open"


def test_the_builder_creates_a_crow(
    qtbot, installed: CharacterPanels, service: CharacterService
) -> None:
    builder = installed.open_builder()
    builder.identity.name.setText("Mara Vell")
    builder.background_page.roll()
    builder.characteristics.initializePage()
    two = builder.characteristics.two
    two.setCurrentIndex(two.count() - 1)
    builder.characteristics.set_choice("", "10", builder.characteristics.high.itemData(1))
    builder.accept()
    assert service.exists("Mara Vell")
    assert service.get("Mara Vell").background == builder.background_page.chosen()
    assert installed.session.name() == "Mara Vell"
    assert installed.list_panel.model.row_of("Mara Vell") >= 0


def test_parties_filter_the_list(installed: CharacterPanels, service: CharacterService) -> None:
    panel = installed.list_panel
    panel.choose(WREN)
    assert panel.create_party("Night watch")
    assert service.get_party("Night watch").members == (WREN,)
    assert panel.shown_party() == "Night watch"
    assert panel.proxy.rowCount() == 1
    panel.party.setCurrentIndex(0)
    assert panel.proxy.rowCount() == 3


def test_export_then_import_round_trips(
    installed: CharacterPanels, service: CharacterService, tmp_path: Path
) -> None:
    panel = installed.list_panel
    target = tmp_path / "wren.crow.json"
    assert panel.export_file(WREN, str(target))
    exported = target.read_text(encoding="utf-8")
    service.delete(WREN)
    assert panel.import_file(str(target))
    assert dump_character_json(service.get(WREN)) == exported
    assert installed.session.name() == WREN


def test_an_invalid_file_is_refused_row_by_row_and_nothing_is_written(
    installed: CharacterPanels, service: CharacterService, tmp_path: Path
) -> None:
    data = json.loads(dump_character_json(service.get(WREN)))
    data["name"] = "Broken Wren"
    data["wounds"] = [2, 2, 11]
    data["characteristics"]["mind"] = 7
    path = tmp_path / "broken.crow.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    panel = installed.list_panel
    assert not panel.import_file(str(path))
    assert not service.exists("Broken Wren")
    box = panel.last_dialog()
    details = box.informativeText()
    assert "wound_slot: Backpack slot 2 is listed with two wounds" in details
    assert "wound_slot: A wound is listed in backpack slot 11" in details
    assert "characteristic_range: Mind is 7" in details
    box.close()


def test_the_catalogue_adds_items_and_keeps_own_copies(
    installed: CharacterPanels, service: CharacterService
) -> None:
    installed.session.open(HESPER)
    catalogue = installed.catalogue
    assert catalogue.choose("Crowbar")
    catalogue.add_current()
    assert [i.name for i in installed.session.character().items.occupants(BACKPACK, 9)] == [
        "Crowbar"
    ]
    dialog = catalogue.ask_copy()
    dialog.name.setText("Crowbar")
    dialog.buttons.accepted.emit()
    assert "exists already" in dialog.message.text()
    dialog.name.setText("Heavy crowbar")
    dialog.slots.setValue(2)
    dialog.damage.setText("2 / four")
    dialog.buttons.accepted.emit()
    assert 'damage must read "tier 2 / tier 3"' in dialog.message.text()
    dialog.damage.setText("2 / 4")
    dialog.buttons.accepted.emit()
    assert [i.name for i in service.list_custom_items()] == ["Heavy crowbar"]
    assert catalogue.choose("Heavy crowbar")
    assert catalogue.delete_button.isEnabled()


def test_choosing_a_crow_in_the_list_opens_it_and_the_menu_acts_on_it(
    installed: CharacterPanels,
) -> None:
    """One current crow: the list's choice is the sheet's crow, and the Crows menu names it."""
    panel = installed.list_panel
    window = installed.window
    assert installed.session.name() == BRANNOC
    panel.table.setCurrentIndex(panel.proxy.index(panel.model.row_of(WREN), 0))
    assert installed.session.name() == WREN
    assert installed.sheet.name_label.text() == WREN
    actions = {a.objectName(): a for a in window.actions()}
    assert actions["action_crow_export"].text() == "E&xport Wren Ashdown…"
    assert actions["action_crow_edit"].text() == "&Edit Wren Ashdown…"
    assert actions["action_crow_damage"].text() == "&Damage Wren Ashdown…"
    assert panel.export_action.text() == "Export Wren Ashdown…"
    actions["action_crow_export"].trigger()
    menu_dialog = panel.last_dialog()
    assert menu_dialog is not None and menu_dialog.windowTitle() == "Export Wren Ashdown"
    menu_dialog.close()
    panel.export_action.trigger()
    files_dialog = panel.last_dialog()
    assert files_dialog is not None and files_dialog.windowTitle() == "Export Wren Ashdown"
    files_dialog.close()
    installed.session.open(HESPER)  # opened elsewhere (an undo, an import): the list follows
    assert panel.chosen_name() == HESPER
    assert actions["action_crow_export"].text() == "E&xport Hesper Quill…"


def test_filtering_the_list_does_not_open_another_crow(installed: CharacterPanels) -> None:
    panel = installed.list_panel
    panel.table.setCurrentIndex(panel.proxy.index(panel.model.row_of(WREN), 0))
    panel.search.setText("hes")
    assert installed.session.name() == WREN
    panel.search.setText("")
    assert installed.session.name() == WREN


def test_with_no_crow_open_the_crow_actions_wait(installed: CharacterPanels) -> None:
    installed.session.open(None)
    actions = {a.objectName(): a for a in installed.window.actions()}
    assert not actions["action_crow_export"].isEnabled()
    assert actions["action_crow_export"].text() == "E&xport the open crow…"
    assert not installed.list_panel.export_action.isEnabled()
    installed.session.open(WREN)
    assert actions["action_crow_export"].isEnabled()


def test_the_export_dialog_starts_in_documents_then_in_the_last_folder(
    installed: CharacterPanels, tmp_path: Path
) -> None:
    documents = Path(
        QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    )
    panel = installed.list_panel
    dialog = panel.ask_export()
    assert dialog is not None
    start = Path(dialog.directory().absolutePath())
    assert start == (documents if documents.is_dir() else Path.home())
    assert start != Path.cwd()
    dialog.close()
    folder = tmp_path / "table night"
    folder.mkdir()
    assert panel.export_file(BRANNOC, str(folder / "brannoc.crow.json"))
    again = panel.ask_export()
    assert again is not None and Path(again.directory().absolutePath()) == folder
    again.close()
    restore = panel.ask_import()
    assert Path(restore.directory().absolutePath()) == folder
    restore.close()
