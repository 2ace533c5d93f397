"""The party at the table in the running app: chosen on the DT panel; End DT and rests change the
crows' sheets at once, leave the players' choices as prompts on the sheet, and undo as one step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.gui.characters.install import CharacterPanels
from refkit.gui.main import RefkitApp
from refkit.rules.character.model import Character
from refkit.rules.dungeon.clock import ClockState
from refkit.rules.inventory.model import MAGIC, Item

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"
SAMPLE_PARTY = "The Sample Party"


@pytest.fixture
def open_app(start_app) -> Callable[[Path], RefkitApp]:
    """A Refkit window on a database file, with the characters and the dungeon turn wired."""
    return start_app


@pytest.fixture
def app(open_app, tmp_path: Path) -> RefkitApp:
    return open_app(tmp_path / "table.sqlite3")


def panels(app: RefkitApp) -> CharacterPanels:
    assert app.character_panels is not None
    return app.character_panels


def save(app: RefkitApp, crow: Character) -> None:
    """Save ``crow`` as another program would, in a unit of work of its own (the window takes
    writes only in units)."""
    elsewhere(app, lambda: panels(app).session.service.save(crow))


def elsewhere(app: RefkitApp, write: Callable[[], object]) -> None:
    assert app.services is not None
    app.services.in_unit(write)


def crow(app: RefkitApp, name: str) -> Character:
    return panels(app).session.service.get(name)


def enter_dungeon(app: RefkitApp) -> None:
    turn = app.dungeon.turn_panel
    turn.dungeon_edit.setText("The Drowned Crypt")
    turn.enter_dungeon()
    view = app.dungeon.session.view()
    assert view is not None and view.clock.state is ClockState.RUNNING


def choose(app: RefkitApp, text: str) -> None:
    combo = app.dungeon.turn_panel.party_combo
    index = combo.findText(text)
    assert index >= 0, f"{text!r} is not offered"
    combo.setCurrentIndex(index)
    combo.activated.emit(index)  # what a click on the entry does


def test_the_party_combo_shows_and_changes_the_party_at_the_table(app: RefkitApp) -> None:
    turn = app.dungeon.turn_panel
    party = app.dungeon.party
    assert party is not None
    assert turn.party_row.isVisibleTo(turn)
    combo = turn.party_combo
    assert [combo.itemText(i) for i in range(combo.count())] == ["No party", SAMPLE_PARTY]
    assert combo.currentText() == SAMPLE_PARTY  # the only party, by default
    assert BRANNOC in combo.toolTip()

    choose(app, "No party")
    assert party.party_name() is None
    assert party.choice().chosen

    elsewhere(app, lambda: panels(app).session.service.create_party("Night watch", [HESPER]))
    assert combo.findText("Night watch") > 0  # a new party is offered at once
    choose(app, "Night watch")
    assert party.to_dict() == {"party": "Night watch", "members": [HESPER]}


def test_switching_the_party_keeps_the_choosers_rows(qtbot, app: RefkitApp) -> None:
    """Issue 30 item 3: each switch emptied the party chooser and filled it again (twice: once
    after the step, once when the party told its listeners); the parties stay listed now and
    only the choice moves."""
    elsewhere(app, lambda: panels(app).session.service.create_party("Night watch", [HESPER]))
    combo = app.dungeon.turn_panel.party_combo
    removed: list[int] = []
    combo.model().rowsRemoved.connect(lambda *_args: removed.append(1))
    party = app.dungeon.party
    assert party is not None
    for name in ("Night watch", SAMPLE_PARTY, "No party", "Night watch"):
        choose(app, name)
        qtbot.waitUntil(lambda name=name: combo.currentText() == name, timeout=5_000)
        qtbot.wait(50)  # the party's listeners have shown it again
        assert combo.currentText() == name
    assert party.party_name() == "Night watch"
    assert HESPER in combo.toolTip()
    assert removed == [], "the same parties: the chooser is not filled again"


def test_end_dt_reads_no_tables_rows(qtbot, app: RefkitApp, monkeypatch) -> None:
    """Issue 30 item 2: End DT read every table's summary (3,000 tables' rows on a big
    campaign) on the GUI thread to fill the encounter-table chooser; it reads their names only,
    in the worker, now, and no table's rows unless one is rolled on."""
    from refkit.app.table_service import TableService
    from refkit.store.table_store import TableStore

    enter_dungeon(app)
    qtbot.wait(200)  # the first look at the tables, as the panel was shown, is over
    read: list[str] = []
    for owner, method in (
        (TableStore, "summaries"),
        (TableStore, "tables"),
        (TableStore, "get"),
        (TableStore, "read"),
        (TableService, "summaries"),
    ):
        real = getattr(owner, method)

        def counting(*args, _real=real, _what=f"{owner.__name__}.{method}", **kwargs):
            read.append(_what)
            return _real(*args, **kwargs)

        monkeypatch.setattr(owner, method, counting)
    for _ in range(3):
        assert app.dungeon.turn_panel.end_turn() is not None
    qtbot.wait(200)  # the chooser's names, read in the worker, have arrived
    assert read == []


def test_end_dt_clears_weakened_on_the_sheet_and_undo_brings_it_back(app: RefkitApp) -> None:
    sheet = panels(app).sheet
    panels(app).session.open(BRANNOC)
    panels(app).session.toggle_condition("weakened", True)
    assert sheet.condition_buttons["weakened"].isChecked()
    enter_dungeon(app)

    result = app.dungeon.turn_panel.end_turn()
    assert result is not None
    assert [(e.character, e.condition) for e in result.conditions_ended] == [(BRANNOC, "weakened")]
    assert not sheet.condition_buttons["weakened"].isChecked()
    assert crow(app, BRANNOC).conditions == ()
    texts = " ".join(app.dungeon.turn_panel.summary.texts())
    assert f"{BRANNOC}: weakened ended" in texts

    app.undo_stack.undo()  # one step: the DT and the condition
    assert sheet.condition_buttons["weakened"].isChecked()
    view = app.dungeon.session.view()
    assert view is not None and view.clock.dt == 1


def test_overload_wounds_wait_on_the_sheet_and_clicks_answer_them(app: RefkitApp) -> None:
    brannoc = crow(app, BRANNOC)
    items = brannoc.items
    for letter in "ab":
        items = items.with_item(
            Item(f"Ring {letter}", area=MAGIC, magic_slot="feet", id=f"r-{letter}")
        )
    save(app, brannoc.with_items(items))
    session = panels(app).session
    sheet = panels(app).sheet
    session.open(BRANNOC)
    enter_dungeon(app)

    result = app.dungeon.turn_panel.end_turn()
    assert result is not None
    wounds = session.wound_prompt().to_place
    assert 1 <= wounds <= 6
    assert sheet.board.wounds_to_place() == wounds
    assert sheet.prompt_label.isVisibleTo(sheet)
    assert f"place {wounds} wound" in sheet.prompt_label.text()
    overload = app.dungeon.turn_panel.summary.overload_label
    assert overload.isVisibleTo(app.dungeon.turn_panel.summary)
    assert BRANNOC in overload.text() and "doubled feet magic slot" in overload.text()

    assert sheet.board.toggle_wound(10)  # the player picks the slot
    assert crow(app, BRANNOC).wounds == (10,)
    assert session.wound_prompt().to_place == wounds - 1
    assert sheet.board.wounds_to_place() == wounds - 1
    app.undo_stack.undo()  # the placement
    assert crow(app, BRANNOC).wounds == ()
    assert session.wound_prompt().to_place == wounds
    assert sheet.board.wounds_to_place() == wounds
    app.undo_stack.undo()  # End DT: nothing left to place
    assert session.wound_prompt().to_place == 0
    assert sheet.board.wounds_to_place() == 0
    assert not sheet.prompt_label.isVisibleTo(sheet)


def test_finishing_a_rest_restores_the_crows_and_asks_which_wound_heals(app: RefkitApp) -> None:
    brannoc = crow(app, BRANNOC)
    tired = replace(brannoc, stamina=replace(brannoc.stamina, current=3), wounds=(2, 8))
    save(app, tired)
    session = panels(app).session
    sheet = panels(app).sheet
    session.open(BRANNOC)
    enter_dungeon(app)
    turn = app.dungeon.turn_panel
    turn.start_rest()
    assert turn.rest.miasma_check.isVisibleTo(turn.rest)
    turn.finish_rest()

    assert crow(app, BRANNOC).stamina.current == 9
    assert crow(app, BRANNOC).wounds == (2, 8)
    assert turn.rest.party_label.isVisibleTo(turn.rest)
    assert f"{BRANNOC}: +6 Stamina" in turn.rest.party_label.text()
    assert "heal 1 wound" in sheet.prompt_label.text()
    assert sheet.tiles["stamina"].value.text() == "9/9"

    assert sheet.board.toggle_wound(8)  # the wound the player chose heals
    assert crow(app, BRANNOC).wounds == (2,)
    assert session.wound_prompt().to_heal == 0
    assert not sheet.prompt_label.isVisibleTo(sheet)

    app.undo_stack.undo()  # the heal
    app.undo_stack.undo()  # the rest: the crow as it was, resting again
    assert crow(app, BRANNOC) == tired
    assert session.wound_prompt().to_heal == 0
    assert sheet.tiles["stamina"].value.text() == "3/9"
    view = app.dungeon.session.view()
    assert view is not None and view.clock.state is ClockState.RESTING
    assert not turn.rest.party_label.isVisibleTo(turn.rest)


def test_the_miasma_box_is_kept_for_the_party(app: RefkitApp) -> None:
    enter_dungeon(app)
    turn = app.dungeon.turn_panel
    turn.start_rest()
    turn.rest.miasma_check.setChecked(True)
    party = app.dungeon.party
    assert party is not None and party.rest_in_miasma
    choose(app, "No party")
    assert not turn.rest.miasma_check.isVisibleTo(turn.rest)  # no crows: nothing to say
