"""The Traits & XP tab's crow facts and advancement purchases (issue 26 item 3): background,
coins, pets and connection shown as plain text; +1 characteristic, expertise uses, a use and
+1 Stamina, +2 Stamina each one undo step through the runner; a refusal said in place."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from refkit.app.character_commands import edit
from refkit.app.character_service import CharacterService
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.trait_browser import TraitBrowser
from refkit.rules.character.progress import Connection
from tests.gui.test_roster_undo import BRANNOC

HOSTILE = "<b>Old</b> &amp; Mag"


@pytest.fixture
def session(brannoc_session: CharacterSession) -> CharacterSession:
    return brannoc_session


@pytest.fixture
def browser(qtbot, session: CharacterSession) -> TraitBrowser:
    widget = TraitBrowser(session)
    qtbot.addWidget(widget)
    widget.resize(1000, 700)
    return widget


def award(browser: TraitBrowser, txp: int, service: CharacterService) -> None:
    """Bring the crow's TXP up to ``txp`` through the window's Award button."""
    browser.award.setValue(txp - service.get(BRANNOC).xp.total)
    assert browser.award_xp()


def shown_facts(browser: TraitBrowser) -> dict[str, str]:
    return {caption: label.text() for caption, label in browser.advancement.facts.items()}


def test_the_crow_s_background_coins_pets_and_connection_are_shown_plain(
    browser: TraitBrowser, session: CharacterSession, service: CharacterService
) -> None:
    def facts(crow):  # type: ignore[no-untyped-def]
        return replace(
            crow,
            background="Apothecary",
            coins=1234,
            pets=(HOSTILE, "Pip"),
            connection=Connection(HOSTILE, "<i>aunt</i>", ""),
        )

    session.push_made(lambda: edit(service, BRANNOC, facts, "facts"))
    panel = browser.advancement
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in panel.facts.values())
    assert shown_facts(browser) == {
        "Background": "Apothecary",
        "Purse": "1,234 coins",
        "Pets": f"{HOSTILE}, Pip",
        "Connection": f"{HOSTILE} (<i>aunt</i>)",
    }
    session.push_made(
        lambda: edit(service, BRANNOC, lambda c: replace(c, pets=(), connection=None), "none")
    )
    assert shown_facts(browser)["Pets"] == "none"
    assert shown_facts(browser)["Connection"] == "none"


def test_raising_a_characteristic_is_one_undo_step(
    browser: TraitBrowser, service: CharacterService, stack: QUndoStack
) -> None:
    panel = browser.advancement
    assert not panel.raise_button.isEnabled()  # no TXP yet: no bonus
    award(browser, 5000, service)
    assert "1 characteristic bonus" in panel.bonuses.text()
    assert "1 characteristic bonus" in browser.pages.tabToolTip(1)  # seen from the trees too
    assert panel.raise_button.isEnabled()
    before = service.get(BRANNOC)
    panel.characteristic.setCurrentText("Mind")
    steps = stack.count()
    assert panel.raise_characteristic()
    after = service.get(BRANNOC)
    assert after.characteristics.mind == before.characteristics.mind + 1
    assert stack.count() == steps + 1
    assert "characteristic bonus" not in panel.bonuses.text()
    assert not panel.raise_button.isEnabled()
    stack.undo()
    assert service.get(BRANNOC) == before
    assert panel.raise_button.isEnabled()


def test_expertise_uses_come_from_one_bonus_and_each_is_undone_alone(
    browser: TraitBrowser, service: CharacterService, stack: QUndoStack
) -> None:
    panel = browser.advancement
    award(browser, 100, service)  # the first Expertise & Stamina bonus
    assert panel.bonuses.text() == "Bonuses to claim: 1 Expertise & Stamina bonus"
    before = service.get(BRANNOC)
    new = next(
        panel.expertise.itemText(i)
        for i in range(panel.expertise.count())
        if all(e.name != panel.expertise.itemText(i) for e in before.expertises)
    )
    panel.expertise.setCurrentText(new)
    assert panel.add_use()
    added = {e.name: e.uses for e in service.get(BRANNOC).expertises}
    assert added[new] == 1
    assert panel.bonuses.text() == "Bonuses to claim: 2 expertise uses left over"
    assert panel.use_button.isEnabled() and not panel.stamina_button.isEnabled()
    first = service.get(BRANNOC)
    assert panel.add_use()  # a left-over use, no new bonus
    assert {e.name: e.uses for e in service.get(BRANNOC).expertises}[new] == 2
    stack.undo()
    assert service.get(BRANNOC) == first
    stack.undo()
    assert service.get(BRANNOC) == before


def test_stamina_and_the_mixed_bonus_are_undo_steps(
    browser: TraitBrowser, service: CharacterService, stack: QUndoStack
) -> None:
    panel = browser.advancement
    award(browser, 500, service)  # two Expertise & Stamina bonuses
    before = service.get(BRANNOC)
    assert panel.add_stamina()
    assert service.get(BRANNOC).stamina.max == before.stamina.max + 2
    new = next(
        panel.expertise.itemText(i)
        for i in range(panel.expertise.count())
        if all(e.name != panel.expertise.itemText(i) for e in before.expertises)
    )
    panel.expertise.setCurrentText(new)
    assert panel.add_use_and_stamina()
    after = service.get(BRANNOC)
    assert after.stamina.max == before.stamina.max + 3
    assert {e.name: e.uses for e in after.expertises}[new] == 1
    assert not panel.stamina_button.isEnabled()  # both bonuses claimed
    stack.undo()
    stack.undo()
    assert service.get(BRANNOC) == before


def test_a_refusal_is_said_in_place_and_nothing_changes(
    browser: TraitBrowser, service: CharacterService, stack: QUndoStack
) -> None:
    panel = browser.advancement
    before, steps = service.get(BRANNOC), stack.count()
    assert not panel.add_stamina()  # asked anyway (a stale button): no bonus earned
    assert (
        "has no Expertise &amp; Stamina bonus to claim" in panel.message.text()
    )  # escaped rich text
    assert "the next comes at 100 TXP" in panel.message.text()
    assert not panel.raise_characteristic()
    assert "has no characteristic bonus to claim" in panel.message.text()
    assert service.get(BRANNOC) == before and stack.count() == steps
    assert panel.bonuses.text() == (
        f"No bonus to claim at {before.xp.total:,} TXP; the next Expertise & Stamina bonus "
        "comes at 100 TXP"
    )
