"""The sheet's trait tree browser (issue 26 item 3): the 23 trees drawn with their lines, each
trait bought / buyable / short of XP / locked with the reason, the crow's XP; buying a trait and
awarding XP are undo steps through the runner, and a refusal is said in place."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QUndoStack

from refkit.app.character_service import CharacterService
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.trait_browser import TraitBrowser
from refkit.present import trait_tree
from refkit.rules.character.build_data import load_build_data
from tests.gui.test_roster_undo import BRANNOC

DATA = load_build_data()


@pytest.fixture
def session(brannoc_session: CharacterSession) -> CharacterSession:
    return brannoc_session


@pytest.fixture
def browser(qtbot, session: CharacterSession) -> TraitBrowser:
    widget = TraitBrowser(session)
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    return widget


def spendable(service: CharacterService) -> int:
    return service.get(BRANNOC).xp.spendable


def test_the_23_trees_are_listed_and_each_is_drawn_with_its_lines(browser: TraitBrowser) -> None:
    assert browser.trees.count() == 23
    browser.trees.setCurrentRow([t.name for t in DATA.trees].index("Archery"))
    view = browser.canvas.view
    assert view is not None and view.tree.name == "Archery"
    assert len(view.cells) == 12
    assert len(view.lines) == 21  # the fact file: Archery has 21 connecting lines
    necromancy = trait_tree.tree_view(
        browser._session.character(),
        DATA.tree("Necromancy"),  # type: ignore[arg-type]
    )
    assert all(a[1] == b[1] for a, b in necromancy.lines)  # a straight-column tree


def test_awarding_xp_is_one_undo_step(
    browser: TraitBrowser, service: CharacterService, stack: QUndoStack
) -> None:
    before = service.get(BRANNOC).xp
    browser.award.setValue(1500)
    assert browser.award_xp()
    assert spendable(service) == before.spendable + 1500
    assert f"{before.total + 1500:,} XP earned" in browser.xp.text()
    stack.undo()
    assert service.get(BRANNOC).xp == before


def test_buying_a_trait_spends_its_xp_and_is_undone_in_one_step(
    browser: TraitBrowser, service: CharacterService, stack: QUndoStack
) -> None:
    browser.award.setValue(1500 - spendable(service))  # Point Blank, then Aim (1,000)
    browser.award_xp()
    browser.choose("Archery: Point Blank")
    cell = browser.canvas.view.cells[browser.canvas.current]  # type: ignore[union-attr]
    assert cell.state == trait_tree.BUYABLE
    assert browser.buy_button.isEnabled()
    steps = stack.count()
    money = spendable(service)
    assert browser.buy()
    assert "Archery: Point Blank" in service.get(BRANNOC).traits
    assert spendable(service) == money - 500
    assert stack.count() == steps + 1
    # the browser shows the crow as stored: bought, and the next row now joined
    browser.choose("Archery: Point Blank")
    assert browser.canvas.view.cells[browser.canvas.current].state == trait_tree.BOUGHT  # type: ignore[union-attr]
    browser.choose("Archery: Aim")
    assert browser.canvas.view.cells[browser.canvas.current].state == trait_tree.BUYABLE  # type: ignore[union-attr]
    stack.undo()
    assert "Archery: Point Blank" not in service.get(BRANNOC).traits
    assert spendable(service) == money


def test_a_locked_or_too_dear_trait_is_refused_in_place_and_nothing_changes(
    browser: TraitBrowser, service: CharacterService, stack: QUndoStack
) -> None:
    browser.choose("Archery: Greater Range")  # tier 2: needs a trait of the row above
    assert not browser.buy_button.isEnabled()
    assert "Needs a trait joined to it first: Archery: Greater Range needs" in (
        browser.detail.text()
    )
    steps, before = stack.count(), service.get(BRANNOC)
    assert not browser.buy()  # asked anyway (a stale button): refused with the reason
    assert "needs Point Blank or Range Finder or Prone Position first" in browser.message.text()
    assert service.get(BRANNOC) == before and stack.count() == steps
    browser.choose("Archery: Range Finder")  # a starting trait, but no XP to spend
    assert spendable(service) < 500  # the sample crow has earned none
    state = browser.canvas.view.cells[browser.canvas.current].state  # type: ignore[union-attr]
    assert state == trait_tree.SHORT
    assert not browser.buy()
    assert "costs 500 XP" in browser.message.text()
    assert service.get(BRANNOC) == before


def test_a_click_or_the_arrows_choose_a_trait(qtbot, browser: TraitBrowser) -> None:
    browser.show()
    qtbot.waitExposed(browser)
    browser.choose("Archery: Point Blank")
    canvas = browser.canvas
    centre = canvas.cell_rect(2, 1).center()  # row 3, column 2
    qtbot.mouseClick(
        canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y()))
    )
    assert browser.chosen_key() == "Archery: Shot in the Dark"
    qtbot.keyClick(canvas, Qt.Key.Key_Down)
    assert browser.chosen_key() == "Archery: Careful Shot"  # row 4, column 2
    assert browser.detail.text().startswith("Archery: Careful Shot — tier 4, 2,000 XP")
