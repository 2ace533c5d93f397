"""The Stworze panel as a referee uses it: set up a test, read the odds, draw, log (the Event
row, the players and the Villages are the stored table: ``test_table_panel.py``)."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from refkit.games.stworze import Stat, TimeOfDay, pass_chance, user_decks_path
from refkit.gui.games.spec import GameContext, GamePanel, discover_game_panels
from refkit.gui.games.stworze import GAME_PANEL
from refkit.gui.games.stworze.panel import StworzePanel
from tests.games.game_context import fixed_context

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def panel(qtbot, logged, tmp_path) -> StworzePanel:
    context = fixed_context(logged.append, default_seed=99, now=NOW)
    widget = StworzePanel(context, tmp_path)
    qtbot.addWidget(widget)
    widget.resize(420, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _choose(box, value) -> None:
    box.setCurrentIndex(box.findData(value))


def test_the_panel_is_found_as_the_stworze_game() -> None:
    assert isinstance(GAME_PANEL, GamePanel)
    assert GAME_PANEL.game_id == "stworze"
    assert GAME_PANEL in discover_game_panels()


def test_a_brutality_test_costs_fear_and_a_failure_costs_vitality(panel) -> None:
    tests = panel.tests
    _choose(tests.stat, Stat.BRUTALITY)
    assert tests.attempt().stat is Stat.BRUTALITY
    assert "Fear token face down" in tests.cost.text()
    assert "Fear token to the Pool (+1)" in tests.own_token.text()
    assert "Favor token to the Pool" in tests.rival_token.text()
    _choose(tests.stat, Stat.CUNNING)
    assert "Favor token face down" in tests.cost.text()


def test_a_day_test_offers_and_draws_the_day_deck(panel) -> None:
    tests = panel.tests
    _choose(tests.time, TimeOfDay.DAY)
    names = [button.icon.name for button in tests.difficulty.buttons()]
    assert names[-1] == "Solar eclipse"
    result = tests.draw()
    assert all(card in tests.deck().icons for card in result.drawn)
    assert tests.deck().time is TimeOfDay.DAY


def test_the_odds_show_before_drawing_and_follow_the_modifiers(panel) -> None:
    tests = panel.tests
    _choose(tests.time, TimeOfDay.NIGHT)
    tests.value.setValue(3)
    tests.card_modifier.setValue(-1)
    tests.difficulty.pick("Half-moon")
    assert tests.sum.text() == "3 − 1 (card) = 2: draw 2 night cards of 8."
    assert "78.6% (11/14)" in tests.odds.text()
    assert tests.draw_button.text() == "Draw 2 cards"
    tests.mage.setChecked(True)
    tests.own_token.setChecked(True)
    deck = tests.deck()
    expected = pass_chance(deck, deck.icon("Half-moon"), 5)
    assert f"({expected.numerator}/{expected.denominator})" in tests.odds.text()
    assert tests.cards.cards() == ()  # nothing drawn yet


def test_the_harder_rule_takes_a_best_card_out_and_keeps_the_difficulty(panel) -> None:
    tests = panel.tests
    tests.difficulty.pick("Full moon")
    tests.value.setValue(6)
    tests.harder.setChecked(True)
    assert tests.difficulty.current().name == "Full moon"
    assert "(6/7)" in tests.odds.text()


def test_a_draw_shows_the_cards_the_verdict_and_lands_in_the_roll_log(panel, logged) -> None:
    tests = panel.tests
    _choose(tests.stat, Stat.BRUTALITY)
    tests.value.setValue(1)
    tests.difficulty.pick("Full moon")
    results = [tests.draw() for _ in range(12)]
    assert len(logged) == 12
    for result, record in zip(results, logged, strict=True):
        assert record.kind == "stworze"
        assert record.rolled_at == NOW
        assert record.detail["passed"] is result.passed
        assert record.expression == "Night Brutality test: 1 card vs Full moon"
        assert list(record.detail["cards"]) == [card.name for card in result.drawn]
    assert tests.cards.cards() == results[-1].drawn
    verdict = tests.verdict.text()
    if results[-1].passed:
        assert verdict.startswith("Passed")
    else:
        assert verdict == "Failed: nothing reaches Full moon. Lose 1 Vitality token."


def test_a_logged_seed_replays_the_same_cards(panel, logged) -> None:
    from refkit.games.stworze import resolve_test

    tests = panel.tests
    tests.value.setValue(4)
    result = tests.draw()
    again = resolve_test(tests.deck(), 4, tests.difficulty.current(), random.Random(logged[0].seed))
    assert again.drawn == result.drawn


def test_the_deck_status_says_the_counts_are_unverified(panel) -> None:
    assert "UNVERIFIED" in panel.deck_status.text()
    assert panel.deck_status.textFormat() == Qt.TextFormat.PlainText


def test_a_broken_user_deck_is_named_in_the_panel(qtbot, tmp_path, logged) -> None:
    path = user_decks_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("[[night]]\nicon = 3\n", encoding="utf-8")
    context = GameContext(lambda seed: random.Random(seed), lambda: NOW, logged.append)
    widget = StworzePanel(context, tmp_path)
    qtbot.addWidget(widget)
    assert "Your decks file was not used" in widget.deck_status.text()
    assert str(path) in widget.deck_status.text()
    assert widget.tests.deck().size == 8  # the shipped decks stand in


def test_a_users_deck_file_is_used_and_named(qtbot, tmp_path, logged) -> None:
    path = user_decks_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(
        'unverified = false\n[[day]]\nicon = "Sun"\ncards = 3\n'
        '[[night]]\nicon = "<b>Moon</b>"\ncards = 1\n[[night]]\nicon = "Full moon"\ncards = 1\n',
        encoding="utf-8",
    )
    context = GameContext(lambda seed: random.Random(seed), lambda: NOW, logged.append)
    widget = StworzePanel(context, tmp_path)
    qtbot.addWidget(widget)
    assert widget.deck_status.text() == f"Decks from {path}"
    widget.tests.difficulty.pick("Full moon")
    widget.tests.value.setValue(1)
    assert "(1/2)" in widget.tests.odds.text()
    assert pass_chance(widget.tests.deck(), widget.tests.deck().icons[1], 1) == Fraction(1, 2)
    for label in widget.findChildren(QLabel):
        if "Moon</b>" in label.text():
            assert label.textFormat() == Qt.TextFormat.PlainText


def test_switching_the_time_shows_only_the_new_decks_icons(panel) -> None:
    from refkit.gui.games.stworze.widgets import IconButton

    tests = panel.tests
    _choose(tests.time, TimeOfDay.DAY)
    shown = [
        button
        for button in tests.difficulty.findChildren(IconButton)
        if button.isVisibleTo(tests.difficulty)
    ]
    assert [button.time for button in shown] == [TimeOfDay.DAY] * 4
    assert sum(button.isChecked() for button in shown) == 1


def test_a_duel_defender_draws_and_sets_the_attackers_difficulty(panel, logged) -> None:
    tests = panel.tests
    assert not tests.defender_row.isVisibleTo(tests)
    tests.duel.setChecked(True)
    assert tests.defender_row.isVisibleTo(tests)
    assert tests.cost.text() == "No entry token in a Duel."
    _choose(tests.time, TimeOfDay.DAY)
    tests.defender.setValue(2)
    result = tests.defender_draws()
    assert len(result.drawn) == 2
    assert tests.difficulty.current() == max(result.drawn, key=lambda card: card.rank)
    assert tests.cards.cards() == result.drawn
    assert logged[-1].summary == f"difficulty {result.difficulty.name}"
    assert logged[-1].expression == "Day Duel: defender draws 2 cards"
