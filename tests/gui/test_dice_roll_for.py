"""The dice panel rolling for a crow: its characteristics, its conditions, its expertise uses."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel, QUndoStack

from refkit.app.character_service import CharacterService
from refkit.app.characters.roll_for import CrowChoices, CrowsForTests
from refkit.app.dice_service import DiceService
from refkit.app.party.bridge import PartyBridge
from refkit.gui.dice import panel as dice_panel
from refkit.gui.dice.panel import NOBODY, DicePanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.checks.odds import test_odds as exact_odds
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.roll_log import RollLogRepository
from refkit.store.row_forms import name_key
from tests.gui.helpers import SeededRngs, seed_giving

WREN = "Wren"
ODA = "Oda"
ASH = "Ash"


@pytest.fixture
def database() -> Iterator[Database]:
    db = Database.open("sqlite://")
    yield db
    db.close()


@pytest.fixture
def characters(database: Database) -> CharacterService:
    service = CharacterService(CharacterRepository(database), seed_samples=False)
    service.create(
        Character(
            WREN,
            Characteristics(2, 1, -1),
            Stamina(5, 5),
            expertises=(Expertise("Stealth", "general", 2), Expertise("Climb", "general", 1, 1)),
        )
    )
    service.create(Character(ODA, Characteristics(0, 2, 1), Stamina(7, 7)))
    service.create(Character(ASH, Characteristics(1, 0, 2), Stamina(9, 9)))
    service.create_party("Table", [WREN, ODA])
    return service


@pytest.fixture
def bridge(characters: CharacterService) -> Iterator[PartyBridge]:
    party = PartyBridge(characters)
    party.set_party("Table")
    yield party
    party.close()


@pytest.fixture
def stack(qtbot) -> QUndoStack:
    return RefkitUndoStack()


@pytest.fixture
def rngs() -> SeededRngs:
    return SeededRngs()


@pytest.fixture
def panel(qtbot, database, characters, bridge, stack, rngs, fake_clock) -> DicePanel:
    panel = DicePanel()
    qtbot.addWidget(panel)
    panel.set_service(DiceService(RollLogRepository(database), rngs, fake_clock))
    panel.set_crows(CrowsForTests(characters, bridge), lambda command: push_command(stack, command))
    return panel


def set_conditions(characters: CharacterService, name: str, *conditions: str) -> None:
    characters.save(replace(characters.get(name), conditions=conditions))


def test_the_party_at_the_table_comes_first_then_every_crow_then_nobody_is_the_default(
    panel,
) -> None:
    names = [panel.roll_for.itemText(i) for i in range(panel.roll_for.count())]
    assert names == [NOBODY, WREN, ODA, "", ASH]  # "" is the separator
    assert panel.roll_for.currentText() == NOBODY
    assert not panel.characteristic_buttons["agility"].isEnabled()


def test_a_crows_characteristic_is_one_click_away(qtbot, panel) -> None:
    panel.choose_crow(WREN)
    buttons = panel.characteristic_buttons
    assert [b.text() for b in buttons.values()] == ["Agility +2", "Strength −1", "Mind +1"]
    qtbot.mouseClick(buttons["strength"], Qt.MouseButton.LeftButton)
    assert panel.characteristic.value() == -1
    qtbot.mouseClick(buttons["agility"], Qt.MouseButton.LeftButton)
    assert panel.characteristic.value() == 2
    assert buttons["agility"].isChecked() and not buttons["strength"].isChecked()


def test_blessed_shows_an_edge_in_the_counter_and_the_odds_and_the_log_names_the_crow(
    qtbot, panel, characters, rngs, database
) -> None:
    set_conditions(characters, WREN, "blessed")
    panel.choose_crow(WREN)
    panel.choose_tested("mind")
    assert panel.edges.value() == 0 and panel.edges.total() == 1
    assert panel.findChild(object, "edges_from_conditions").text() == "+1 blessed"
    assert "blessed: an edge" in panel.conditions_label.text()
    assert panel.net_label.text() == "Edge: +2"
    panel.step_edges(1)  # the referee can still add more: a double edge
    assert panel.edges.total() == 2
    assert panel.odds.odds() == exact_odds(1, edges=2)
    rngs.queue(seed_giving(5, 5))
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    (logged,) = RollLogRepository(database).recent()
    assert logged.record.detail["crow"] == WREN
    assert logged.record.detail["edges"] == 2
    assert panel.result.note().startswith(f"For {WREN}")


def test_weakened_shows_a_bane(panel, characters) -> None:
    set_conditions(characters, ODA, "weakened")
    panel.choose_crow(ODA)
    assert panel.banes.total() == 1 and panel.banes.value() == 0
    assert panel.net_label.text() == "Bane: −2"


def test_unconscious_makes_an_agility_test_a_doom_in_the_odds_and_the_result(
    qtbot, panel, characters, rngs
) -> None:
    set_conditions(characters, WREN, "unconscious")
    panel.choose_crow(WREN)
    panel.choose_tested("agility")
    assert panel.odds.odds() == exact_odds(2, forced="doom")
    assert "Doom 100%" in panel.odds.text()
    assert "unconscious: automatic doom" in panel.conditions_label.text()
    rngs.queue(seed_giving(10, 9))
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert panel.result.headline() == "DOOM · Tier 1"
    assert "Unconscious: an automatic doom" in panel.result.note()
    panel.choose_tested("mind")
    assert panel.odds.odds() == exact_odds(1)  # Mind: no doom forced


def test_conditions_are_read_again_when_the_test_is_rolled(qtbot, panel, characters, rngs) -> None:
    panel.choose_crow(WREN)
    panel.choose_tested("strength")
    set_conditions(characters, WREN, "unconscious")  # knocked out meanwhile (the sheet)
    rngs.queue(seed_giving(10, 10))
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert panel.result.headline() == "DOOM · Tier 1"


def test_the_expertise_toggle_spends_a_use_of_the_crows_expertise_and_undo_refunds_it(
    qtbot, panel, characters, rngs, stack
) -> None:
    panel.choose_crow(WREN)
    # only expertises with uses left are offered (Climb has none)
    offered = [panel.expertise_choice.itemData(i) for i in range(panel.expertise_choice.count())]
    assert offered == ["Stealth"]
    panel.choose_tested("agility")
    panel.expertise.setChecked(True)
    rngs.queue(seed_giving(4, 5))  # total 11: tier 1, the expertise lifts it
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert panel.result.headline() == "Tier 2"
    assert characters.get(WREN).expertises[0].left == 1
    assert stack.count() == 1
    stack.undo()
    assert characters.get(WREN).expertises[0].left == 2


def test_no_use_is_spent_when_the_expertise_is_not_needed(qtbot, panel, characters, rngs) -> None:
    panel.choose_crow(WREN)
    panel.choose_tested("agility")
    panel.expertise.setChecked(True)
    rngs.queue(seed_giving(10, 9))  # a crit: tier 3 anyway
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert characters.get(WREN).expertises[0].left == 2


def test_a_crow_with_no_uses_left_cannot_toggle_expertise(panel, characters) -> None:
    panel.choose_crow(ODA)
    assert not panel.expertise.isEnabled()
    panel.choose_crow(None)
    assert panel.expertise.isEnabled()


def test_rolling_for_a_crow_asks_for_a_characteristic_first(qtbot, panel, database) -> None:
    panel.choose_crow(ASH)
    with qtbot.waitSignal(panel.status_message) as said:
        qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert said.args == [f"Choose Agility, Strength or Mind for {ASH} first"]
    assert RollLogRepository(database).recent() == []


def test_a_crow_edit_leaves_the_chooser_as_it_is_and_shows_the_crow_afresh(
    panel, characters
) -> None:
    """Issue 30 item 3: after every crow edit the chooser was emptied and filled again with
    every crow (1,000 items each time on the filled database); the same crows stay now."""
    panel.choose_crow(ODA)
    removed: list[int] = []
    panel.roll_for.model().rowsRemoved.connect(lambda *_args: removed.append(1))
    listed: list[int] = []
    real = characters.names
    characters.names = lambda: listed.append(1) or real()  # type: ignore[method-assign]
    set_conditions(characters, ODA, "weakened")
    assert listed == [], "an edit of a crow offered already does not list every crow again"
    assert removed == [], "the same crows: the chooser is not filled again"
    assert panel.roll_for.currentText() == ODA and panel.crow().name == ODA
    assert panel.banes.total() == 1, "the edited crow is read again"


def test_a_new_crow_is_offered_at_once(panel, characters) -> None:
    characters.create(Character("Bly", Characteristics(0, 0, 2), Stamina(5, 5)))
    names = [panel.roll_for.itemText(i) for i in range(panel.roll_for.count())]
    assert "Bly" in names


def test_the_app_offers_the_sample_party_in_roll_for(qtbot, start_app, tmp_path) -> None:
    from refkit.app.sample_content import sample_characters

    app = start_app(tmp_path / "refkit.db")
    qtbot.waitUntil(lambda: app.dice.panel.roll_for.count() > 1, timeout=10_000)
    combo = app.dice.panel.roll_for
    offered = {combo.itemText(i) for i in range(combo.count())}
    assert {crow.name for crow in sample_characters()} <= offered


def test_the_result_names_the_expertise_whose_use_was_spent(qtbot, panel, rngs) -> None:
    panel.choose_crow(WREN)
    panel.choose_tested("agility")
    panel.expertise.setChecked(True)
    rngs.queue(seed_giving(4, 5))
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert panel.result.note() == (f"For {WREN}. Expertise used: +1 tier (a use of Stealth spent)")


def test_a_crows_name_is_shown_as_typed_never_as_markup(qtbot, panel, characters) -> None:
    hostile = "<b>Bold</b> & Co"
    characters.create(Character(hostile, Characteristics(0, 0, 2), Stamina(5, 5)))
    panel.choose_crow(hostile)
    assert panel.conditions_label.textFormat() == Qt.TextFormat.PlainText
    assert hostile in panel.conditions_label.text()
    assert "&lt;b&gt;" in panel.expertise.toolTip()  # escaped in the rich tooltip


def test_a_prepared_task_is_offered_as_plus_two_and_counts_when_ticked(
    qtbot, database, characters, bridge, stack, rngs, fake_clock
) -> None:
    panel = DicePanel()
    qtbot.addWidget(panel)
    panel.set_service(DiceService(RollLogRepository(database), rngs, fake_clock))
    tasks = {WREN: "picking the vault's lock"}
    crows = CrowsForTests(characters, bridge, prepared=lambda name: tasks.get(name, ""))
    panel.set_crows(crows, lambda command: push_command(stack, command))
    panel.choose_crow(ODA)
    assert not panel.prepared_check.isVisibleTo(panel)  # Oda prepared for nothing
    panel.choose_crow(WREN)
    panel.choose_tested("agility")
    assert panel.prepared_check.isVisibleTo(panel)
    assert panel.prepared_check.text() == "Prepared for: picking the vault's lock (+2)"
    assert not panel.prepared_check.isChecked()  # only the table knows it is that task
    assert panel.odds.odds() == exact_odds(2)
    panel.prepared_check.setChecked(True)
    assert panel.odds.odds() == exact_odds(2, bonuses=(2,))
    rngs.queue(seed_giving(5, 5))
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    (logged,) = RollLogRepository(database).recent()
    assert logged.record.total == 5 + 5 + 2 + 2  # Agility +2, the prepared +2
    panel.choose_crow(ODA)
    assert not panel.prepared_check.isChecked()  # never carried over to another crow


def test_a_party_switch_moves_only_the_crows_that_change_place(panel, characters, bridge) -> None:
    """Issue 30 item 3: switching the party at the table emptied the chooser and filled it
    again with every crow (10,000 items on a big campaign); only the crows that move between
    the table and the others are taken out and put in now, the rest stay as they are."""
    bystanders = [f"Crow {number:02}" for number in range(20)]
    for name in bystanders:
        characters.create(Character(name, Characteristics(0, 0, 0), Stamina(5, 5)))
    characters.create_party("Night", [ASH])
    panel.choose_crow("Crow 07")
    combo = panel.roll_for
    moved: list[tuple[str, int]] = []
    model = combo.model()
    model.rowsRemoved.connect(lambda _parent, first, last: moved.append(("out", last - first + 1)))
    model.rowsInserted.connect(lambda _parent, first, last: moved.append(("in", last - first + 1)))

    bridge.set_party("Night")
    names = [combo.itemText(i) for i in range(combo.count())]
    assert names == [NOBODY, ASH, "", *sorted([ODA, WREN, *bystanders])]
    assert sum(n for way, n in moved if way == "out") == 3, moved  # Wren, Oda, Ash
    assert sum(n for way, n in moved if way == "in") == 3, moved
    assert combo.currentText() == "Crow 07", "the crow rolled for stays chosen"

    moved.clear()
    bridge.set_party(None)
    names = [combo.itemText(i) for i in range(combo.count())]
    assert names == [NOBODY, *sorted([ASH, ODA, WREN, *bystanders])]
    assert sum(n for way, n in moved if way == "out") == 2, moved  # Ash and the separator
    assert sum(n for way, n in moved if way == "in") == 1, moved


class ManyCrows(CrowsForTests):
    """Two crows at the table and ten thousand others, without storing ten thousand sheets."""

    def __init__(self, characters: CharacterService, others: tuple[str, ...]) -> None:
        super().__init__(characters)
        self._others = others

    def choices(self) -> CrowChoices:
        return CrowChoices((ASH, ODA), self._others)


def test_ten_thousand_crows_fill_the_chooser_without_a_call_per_crow(
    qtbot, characters, stack, monkeypatch
) -> None:
    """Issue 30: the chooser was filled one crow at a time at start-up (10,003 calls from Python
    and as many insertions, ~14 ms of a 1.6 ms job on the GUI thread); now each list goes in
    with one call, with the same items as before."""
    others = tuple(f"Crow {number:05}" for number in range(10_000))
    panel = DicePanel()
    qtbot.addWidget(panel)
    combo = panel.roll_for
    inserted: list[int] = []
    combo.model().rowsInserted.connect(lambda _p, first, last: inserted.append(last - first + 1))
    keyed: list[str] = []

    def counted_key(name: str) -> str:
        keyed.append(name)
        return name_key(name)

    monkeypatch.setattr(dice_panel, "name_key", counted_key)
    panel.set_crows(ManyCrows(characters, others), lambda command: push_command(stack, command))

    assert len(keyed) < 10, "each crow's name key made at once (made when a save asks)"
    assert inserted == [1, 2, 1, 10_000], inserted[:5]  # nobody, the table, a line, the rest
    assert combo.count() == 10_004
    assert [combo.itemText(i) for i in range(5)] == [NOBODY, ASH, ODA, "", "Crow 00000"]
    assert combo.itemText(10_003) == "Crow 09999"
    assert combo.currentIndex() == 0 and panel.crow() is None, "nobody stays the default"
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    separator = model.item(3)
    assert not separator.flags() & Qt.ItemFlag.ItemIsEnabled, "the line cannot be chosen"
    assert separator.data(Qt.ItemDataRole.AccessibleDescriptionRole) == "separator"
    panel.choose_crow("Crow 04321")
    assert combo.currentText() == "Crow 04321"
    with pytest.raises(ValueError, match="no crow called 'Crow 99999'"):
        panel.choose_crow("Crow 99999")


def test_a_crow_called_like_nobody_is_a_crow(panel, characters) -> None:
    """A crow's item is its name: a crow named like the first item is found among the crows."""
    characters.create(Character(NOBODY, Characteristics(0, 0, 0), Stamina(5, 5)))
    panel.choose_crow(NOBODY)
    assert panel.roll_for.currentIndex() > 0
    assert panel.crow() is not None and panel.crow().name == NOBODY
    panel.choose_crow(None)
    assert panel.roll_for.currentIndex() == 0 and panel.crow() is None
