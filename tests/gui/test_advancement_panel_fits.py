"""The Traits & XP tab's crow facts and advancement box fits the sheet dock (issue 26 item 3):
on a 1366×768 laptop the box first made the window wider than the screen. Its page asks the
sheet for no more room than the trait trees beside it, the sheet for no more width than it asks
without the tab, and a 200-character name without a space is cut with "…", not given room."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QStyle

from refkit.app.character_commands import edit
from refkit.app.character_service import CharacterService
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from refkit.gui.characters.trait_browser import TraitBrowser
from refkit.rules.character.progress import Connection
from tests.gui.test_roster_undo import BRANNOC

LONG = "W" * 200
"""A hostile name: 200 of the widest letter and no space to wrap at."""


@pytest.fixture
def session(brannoc_session: CharacterSession) -> CharacterSession:
    return brannoc_session


def long_names(session: CharacterSession, service: CharacterService) -> None:
    def hostile(crow):  # type: ignore[no-untyped-def]
        return replace(
            crow,
            background=LONG,
            coins=10_000_000,  # the most a purse may hold
            pets=(LONG, LONG),
            connection=Connection(LONG, LONG, "Caretaker"),
        )

    session.push_made(lambda: edit(service, BRANNOC, hostile, "long names"))


def fits_within(hint: QSize, room: QSize) -> bool:
    return hint.width() <= room.width() and hint.height() <= room.height()


@pytest.mark.parametrize("names", ["ordinary", "200 characters"])
def test_the_box_asks_the_sheet_for_no_more_room(
    qtbot, session: CharacterSession, service: CharacterService, names: str
) -> None:
    sheet = CharacterSheetPanel(session)
    qtbot.addWidget(sheet)
    without_tab = sheet.minimumSizeHint()
    browser = TraitBrowser(session)
    sheet.tabs.addTab(browser, "Trait&s && XP")
    crow = BRANNOC
    if names != "ordinary":
        long_names(session, service)
        crow = LONG  # a refusal names the crow
    panel = browser.advancement
    panel.message.show_problems([f"{crow} has no characteristic bonus to claim"])
    sheet.resize(sheet.minimumSizeHint())
    sheet.show()
    qtbot.waitExposed(sheet)
    with_box = sheet.minimumSizeHint()
    # The trait trees already set the sheet's least height; its width is the board's, as before.
    assert with_box.width() <= without_tab.width(), (with_box, without_tab)
    trees, page = browser.pages.widget(0), browser.pages.widget(1)
    assert fits_within(page.minimumSizeHint(), trees.minimumSizeHint())
    browser.pages.removeTab(1)
    assert sheet.minimumSizeHint() == with_box  # the box's page added nothing
    # At the dock's narrowest the box is whole beside a vertical scroll bar: nothing cut off.
    scroll_bar = panel.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
    assert panel.minimumSizeHint().width() + scroll_bar <= trees.minimumSizeHint().width()


def test_a_long_name_is_cut_with_an_ellipsis_and_whole_in_the_tooltip(
    qtbot, session: CharacterSession, service: CharacterService
) -> None:
    browser = TraitBrowser(session)
    qtbot.addWidget(browser)
    long_names(session, service)
    browser.pages.setCurrentIndex(1)
    browser.resize(browser.minimumSizeHint())
    browser.show()
    qtbot.waitExposed(browser)
    facts = browser.advancement.facts
    assert facts["Background"].text() == LONG
    for caption in ("Background", "Pets", "Connection"):
        label = facts[caption]
        assert label.is_elided() and label.shown_text().endswith("…"), caption
        assert label.width() <= browser.width()
        assert LONG in label.toolTip()
    assert facts["Purse"].text() == "10,000,000 coins"
    assert not facts["Purse"].is_elided()
