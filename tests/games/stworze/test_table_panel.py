"""The Stworze tab's Table: players, the Event row with its Action pairs and the Villages kept
in the database, every change a step on the undo stack."""

from __future__ import annotations

from refkit.app.games.stworze_table import stworze_table
from refkit.gui.games.stworze.panel import StworzePanel
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.games.game_context import shown, stacked_context


def _panel(qtbot, db: Database):
    context, stack = stacked_context(db)
    return shown(qtbot, StworzePanel(context, None), 760, 700), stack


def _menu_action(menu, *path: str):
    for text in path[:-1]:
        menu = next(a.menu() for a in menu.actions() if a.text() == text)
    return next(a for a in menu.actions() if a.text() == path[-1])


def test_a_round_at_the_table_is_stored_and_undone(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    box = panel.table.box
    for name in ("Rusalka", "Leshy"):
        box.name_edit.setText(name)
        box.add_button.click()
    box.next_button.click()
    assert "Rusalka active" in box.round_label.text()
    box.choose_buttons[-1].click()  # position 1: the Quest pair turns over
    stored = stworze_table(CharacterRepository(database)).read()[0]
    assert stored.pairs[-1] == ("Influence", "Quest") and stored.dice[-1] == 3
    assert "Rusalka chooses Quest" in box.said_label.text()
    box.row("Rusalka")["fear"].setValue(2)
    _menu_action(box.row("Rusalka")["menu"], "Play a Fear token", "to The Wharf").trigger()
    assert "The Wharf: 1 face down" in box.villages_label.text()
    assert box.row("Rusalka")["fear"].value() == 1
    stack.undo()
    assert "The Wharf: 0 face down" in box.villages_label.text()
    assert stworze_table(CharacterRepository(database)).read()[0].player("Rusalka").fear == 2


def test_a_locked_position_cannot_be_chosen(qtbot, database) -> None:
    panel, _ = _panel(qtbot, database)
    box = panel.table.box
    box.name_edit.setText("Rusalka")
    box.add_button.click()
    box.change("lock", lambda t: t.changed("Rusalka", lock1=3).vitality_lost("Rusalka", 4))
    box.next_button.click()
    assert not box.choose_buttons[-1].isEnabled()
    assert box.choose_buttons[-2].isEnabled()
    assert "1 locked" in box.row("Rusalka")["status"].text()


def _seat(box, *names: str) -> None:
    for name in names:
        box.name_edit.setText(name)
        box.add_button.click()


def test_the_seated_players_set_the_dice_start_and_the_village_limit(qtbot, database) -> None:
    """No player-count box: the stored table's seated players decide (vector 7, L118)."""
    panel, _ = _panel(qtbot, database)
    box = panel.table.box
    assert [die.value() for die in box.dice] == [5] * 5  # four, before anyone sits
    _seat(box, "Rusalka")
    assert [die.value() for die in box.dice] == [3] * 5  # solo
    assert "a Village counts at 3 tokens" in box.round_label.text()
    assert "0 of 3 tokens" in box.village_labels[0].text()
    _seat(box, "Leshy")
    assert [die.value() for die in box.dice] == [4] * 5
    assert "0 of 4 tokens" in box.village_labels[2].text()
    assert panel.tabs.count() == 2  # Tests and the Table: no hand-run copies beside it


def test_a_die_counted_down_by_hand_fires_and_phase_4_resets_it(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    box = panel.table.box
    _seat(box, "Rusalka", "Leshy")
    for _ in range(4):
        box.dice[2].click()
    assert box.dice[2].value() == 0 and "fires in phase 4" in box.pair_labels[2].text()
    depth = stack.count()
    box.dice[2].click()  # an off die cannot go lower: said, nothing written
    assert "already off" in box.message_label.text() and stack.count() == depth
    box.events_button.click()
    assert "resolve: Harvest Festival" in box.said_label.text()
    assert [die.value() for die in box.dice] == [4] * 5
    stack.undo()
    assert box.dice[2].value() == 0


def test_a_renamed_event_is_named_when_it_fires_and_keeps_its_die(qtbot, database) -> None:
    panel, _ = _panel(qtbot, database)
    box = panel.table.box
    _seat(box, "Rusalka", "Leshy")
    box.dice[4].click()
    box.event_edits[4].setText("  Dziady  ")
    box.event_edits[4].editingFinished.emit()
    table = stworze_table(CharacterRepository(database)).read()[0]
    assert table.events[4] == "Dziady" and table.dice[4] == 3
    for _ in range(3):
        box.dice[4].click()
    box.events_button.click()
    assert "resolve: Dziady" in box.said_label.text()
    box.event_edits[4].setText("   ")
    box.event_edits[4].editingFinished.emit()  # an empty name is not stored
    assert box.event_edits[4].text() == "Dziady"


def test_the_tally_counts_the_tokens_played_and_settles_the_bets(qtbot, database) -> None:
    """Vectors 9-10: the Village's majority turns its Impact token; a right bet completes a
    Mission, a wrong Fear bet costs 1 Vitality; the tokens go to the Pool."""
    from refkit.games.stworze.resolver import Influence

    panel, _ = _panel(qtbot, database)
    box = panel.table.box
    _seat(box, "Rusalka", "Leshy")
    for name in ("Rusalka", "Leshy"):
        box.row(name)["fear"].setValue(4)
        box.row(name)["favor"].setValue(4)
    box.next_button.click()
    for _ in range(3):
        _menu_action(box.row("Rusalka")["menu"], "Play a Fear token", "to The Wharf").trigger()
    _menu_action(box.row("Leshy")["menu"], "Play a Favor token", "to The Wharf").trigger()
    _menu_action(box.row("Leshy")["menu"], "Here I Am: bet Favor", "The Wharf").trigger()
    _menu_action(box.row("Rusalka")["menu"], "Here I Am: bet Fear", "The Wharf").trigger()
    assert "4 of 4 tokens face down: counts in phase 5" in box.village_labels[2].text()
    assert "Leshy bets Favor" in box.village_labels[2].text()
    vitality = box.row("Leshy")["vitality"].value()
    box.tally_button.click()
    assert box.impacts[2].side() is Influence.FEAR
    assert "0 of 4 tokens" in box.village_labels[2].text()
    assert "Fear Impact" in box.village_labels[2].text()
    assert "Leshy's Favor bet is wrong" in box.said_label.text()
    assert "Missions 1/" in box.row("Rusalka")["status"].text()
    assert box.row("Leshy")["vitality"].value() == vitality  # a wrong Favor bet costs Favor


def test_one_player_on_both_bets_is_refused_and_nothing_changes(qtbot, database) -> None:
    panel, stack = _panel(qtbot, database)
    box = panel.table.box
    _seat(box, "Mara", "Likho")
    _menu_action(box.row("Mara")["menu"], "Here I Am: bet Fear", "The Wharf").trigger()
    depth = stack.count()
    _menu_action(box.row("Mara")["menu"], "Here I Am: bet Favor", "The Wharf").trigger()
    assert "different players" in box.message_label.text() or "both" in box.message_label.text()
    assert stack.count() == depth
