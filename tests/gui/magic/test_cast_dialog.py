"""The "Cast a spell" window: the odds shown before the roll and updated as the test changes,
one press casting as one undo step, every step of the result shown, and books that cannot be
cast listed greyed with the reason in the window."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from refkit.app.magic.cast_desk import CastDesk
from refkit.compose import Services
from refkit.gui.magic.cast_dialog import CastDialog
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command
from refkit.rules.magic.casting_time import CastingKind, CastingTime
from refkit.rules.magic.odds import cast_odds
from refkit.rules.magic.spell import SpellBook
from refkit.rules.magic.spellbooks import find_spell, load_default_spells
from refkit.slot_record import replace
from tests.casters import CROW, ILLUSION, book, caster, services_with

CASTER = caster(
    [
        book("Light book", "light", "hand", 1, 2),
        book("Deadspeech book", "deadspeech", "hand", 2, 0, 1),
        book("Corrupt book", "corrupt", "backpack", 1, 1, 1),
    ],
    [ILLUSION],
)


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with services_with(tmp_path, CASTER) as built:
        yield built


@pytest.fixture
def stack(qapp) -> QUndoStack:
    return RefkitUndoStack()


@pytest.fixture
def dialog(qtbot, services: Services, stack: QUndoStack) -> CastDialog:
    seeds = itertools.count(3)

    def make_rng() -> tuple[random.Random, int]:
        seed = next(seeds)
        return random.Random(seed), seed

    desk = CastDesk(
        services.characters,
        services.dungeon,
        services.spells.spells,
        services.dice.log_roll,
        services.utc_now,
        make_rng=make_rng,
    )
    made = CastDialog(desk, lambda command: push_command(stack, command), crow=CROW)
    qtbot.addWidget(made)
    made.open()
    yield made
    made.close()


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}%"


def test_the_exact_odds_are_shown_before_the_roll_and_follow_the_edges_and_expertise(
    dialog: CastDialog, services: Services
) -> None:
    dialog.select_book("light")
    before = cast_odds(2, book_usage_dice=2)
    text = dialog.odds.text()
    assert f"tier 1 {_percent(before.tier1)}" in text
    assert f"tier 3 {_percent(before.tier3)}" in text
    assert f"backlash {_percent(before.backlash)}" in text
    assert f"book loses a die {_percent(before.book_loses_die)}" in text
    assert f"book runs out {_percent(before.book_runs_out)}" in text
    assert services.dice.recent(limit=None) == []  # nothing rolled to show them
    dialog.edges.setValue(1)
    edged = cast_odds(2, book_usage_dice=2, edges=1)
    assert f"tier 3 {_percent(edged.tier3)}" in dialog.odds.text()
    assert edged.tier3 != before.tier3
    assert dialog.expertise.text() == "Use Illusion (1 use left)"
    dialog.expertise.setChecked(True)
    helped = cast_odds(2, book_usage_dice=2, edges=1, expertise=True)
    assert f"tier 1 {_percent(helped.tier1)}" in dialog.odds.text()


def test_one_press_casts_as_one_undo_step_and_shows_every_step(
    qtbot, dialog: CastDialog, services: Services, stack: QUndoStack
) -> None:
    dialog.select_book("light")
    qtbot.mouseClick(dialog.cast_button, Qt.MouseButton.LeftButton)
    assert stack.count() == 1
    plan = dialog.last_plan
    assert plan is not None
    shown = dialog.result.toPlainText().splitlines()
    assert shown[0].startswith("Light: Mind test, dice ")
    assert any(line.startswith("book: ") for line in shown)
    assert shown == [*plan.lines, *shown[len(plan.lines) :]]
    after = services.characters.get(CROW).items.find("light").usage_dice.current
    assert after == plan.result.book_after
    (roll,) = services.dice.recent(limit=None)
    assert roll.record.kind == "cast"
    stack.undo()
    assert services.characters.get(CROW).items.find("light").usage_dice.current == 2
    assert services.session_log.entries(kinds=["cast"]) == []


def test_books_that_cannot_be_cast_are_greyed_and_say_why_in_the_window(
    qtbot, dialog: CastDialog, services: Services, stack: QUndoStack
) -> None:
    rows = [dialog.book_list.item(row).text() for row in range(dialog.book_list.count())]
    assert rows[-1] == "Corrupt book — Corrupt, rank 1, 1 UD left (move it to a hand)"
    assert rows[0] == "Deadspeech book — Deadspeech, rank 1, 0 UD left (no usage dice left)"
    dialog.select_book("corrupt")
    assert "move it to a hand" in dialog.refusal.text()
    assert not dialog.cast_button.isEnabled()
    dialog.select_book("deadspeech")
    assert dialog.refusal.text() == (
        "Deadspeech book has no usage dice left: it cannot be cast until a rest restores them"
    )
    assert dialog.odds.text() == ""
    assert not dialog.cast_button.isEnabled()
    qtbot.mouseClick(dialog.cast_button, Qt.MouseButton.LeftButton)
    assert dialog.cast() is None  # pressed anyway: refused, the reason still shown
    assert "rest restores them" in dialog.refusal.text()
    assert stack.count() == 0
    assert services.dice.recent(limit=None) == []
    grey = dialog.book_list.item(1).foreground().color()
    assert grey != dialog.book_list.item(0).foreground().color()


def test_a_book_used_up_by_the_cast_is_refused_next_time(
    qtbot, dialog: CastDialog, services: Services, stack: QUndoStack
) -> None:
    # Cast Light until its two dice are gone; then the window says so and casts no more.
    for _ in range(40):
        if services.characters.get(CROW).items.find("light").usage_dice.current == 0:
            break
        dialog.select_book("light")
        dialog.cast()
    dialog.select_book("light")
    assert "no usage dice left" in dialog.refusal.text()
    count = stack.count()
    assert dialog.cast() is None and stack.count() == count


def test_the_window_says_an_out_of_combat_spell_takes_minutes_off_the_dt(
    dialog: CastDialog, services: Services
) -> None:
    dialog.select_book("light")
    assert dialog.casting.text() == "maneuver"
    witchfire = replace(
        find_spell(load_default_spells(), "Light"),
        name="Witchfire",
        casting_time=CastingTime(CastingKind.OUT_OF_COMBAT),
        book=SpellBook("Witchfire book", 1),
    )
    services.spells.add(witchfire)
    crow = services.characters.get(CROW)
    book = replace(crow.items.find("light"), name="Witchfire book")
    services.characters.save(crow.with_items(crow.items.replaced(book)))
    dialog.select_book("Witchfire book")
    assert dialog.casting.text() == "out of combat: 10 in-game minutes (no DT under way)"
    services.dungeon.start(30)
    dialog.select_book("deadspeech")  # the note is read again whenever a book is chosen
    dialog.select_book("Witchfire book")
    assert dialog.casting.text() == "out of combat: takes 10 minutes off the DT under way"
