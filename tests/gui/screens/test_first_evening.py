"""Issue 24: a scripted first evening on the real app, on a laptop screen (1366×768, and
2732×1536 at 2×) under a window manager, by real clicks and keys only: build a crow with the
guided builder and have it join the party, enter a dungeon and End DT, rest, cast a spell, fight
(a creature, a round, an attack), travel a day and print the party pack. Every click must land
on an enabled control that reacts (see ``real_input``).

Run by ``tests/gui/test_real_screens.py`` on Xvfb with openbox; skipped on other platforms.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QPushButton,
    QTabBar,
    QWidget,
    QWizard,
)

from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.travel.day_panel import TravelDayPanel
from tests.gui.screens.real_input import RealInput
from tests.gui.screens.test_laptop_screens import all_built, settle

pytestmark = pytest.mark.skipif(
    os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"),
    reason="needs a real X display with a window manager (run by test_real_screens.py)",
)

NEW_CROW = "Mara Vell"


def find(name: str, kind: type[QWidget] = QWidget) -> QWidget:
    """The shown widget called ``name`` in any of the app's windows."""
    for top in QApplication.topLevelWidgets():
        if top.objectName() == name and isinstance(top, kind) and top.isVisible():
            return top
        for found in top.findChildren(kind, name):
            if found.isVisible():
                return found
    raise AssertionError(f"no {name} is shown")


def shown(name: str) -> bool:
    try:
        find(name)
    except AssertionError:
        return False
    return True


@pytest.fixture
def real(qtbot) -> Iterator[RealInput]:
    made = RealInput(qtbot)
    yield made
    made.close()


def build_a_crow(app, real: RealInput) -> None:
    real.keys("ctrl+shift+n", reacts=lambda: shown("character_builder"))
    builder = find("character_builder", QWizard)
    real.type_into(builder.findChild(QWidget, "name_edit"), NEW_CROW)
    next_button = builder.button(QWizard.WizardButton.NextButton)
    real.click(next_button, reacts=lambda: builder.currentPage() is builder.background_page)
    table = builder.background_page.table
    row = builder.background_page.names.index("Archer")
    real.click_item(table, row, 1, reacts=lambda: builder.background_page.chosen() == "Archer")
    real.click(next_button, reacts=lambda: builder.currentPage() is builder.characteristics)
    page = builder.characteristics
    real.choose(page.high, "Mind")
    while builder.currentPage() is not builder.ready:
        current = builder.currentPage()
        real.click(next_button, reacts=lambda current=current: builder.currentPage() is not current)
    assert builder.ready.party.currentText() == "The Sample Party"
    finish = builder.button(QWizard.WizardButton.FinishButton)
    real.click(finish, reacts=lambda: not builder.isVisible())
    service = app.character_panels.session.service
    real.qtbot.waitUntil(lambda: "The Sample Party" in service.parties_of(NEW_CROW))


def dt_text() -> str:
    return find("dt_label").text()


def enter_and_end_a_dt(app, real: RealInput) -> None:
    real.keys("ctrl+1", reacts=lambda: shown("dungeon_turn_panel"))
    real.click(find("add_torch"), reacts=lambda: not shown("effects_empty"))
    real.type_into(find("dungeon_name"), "Sunken chapel")
    real.click(find("enter_dungeon_button"), reacts=lambda: find("end_dt_button").isEnabled())
    before = dt_text()
    real.click(find("end_dt_button"), reacts=lambda: dt_text() != before)


def rest(app, real: RealInput) -> None:
    for name in ("rest_start", "rest_halfway", "rest_check"):
        button = find(name)
        real.reveal(button)
        real.click(button, reacts=lambda button=button: not button.isEnabled())
    real.reveal(find("rest_finish"))
    real.click(find("rest_finish"), reacts=lambda: shown("finish_rest_dialog"))
    dialog = find("finish_rest_dialog")
    real.click(dialog.ok_button, reacts=lambda: not dialog.isVisible())
    real.qtbot.waitUntil(lambda: find("rest_start").isEnabled())


def cast_a_spell(app, real: RealInput) -> None:
    real.keys("ctrl+shift+m", reacts=lambda: shown("cast_dialog"))
    dialog = find("cast_dialog")
    real.click(dialog.cast_button, reacts=lambda: dialog.result.toPlainText().strip())
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    real.click(close, reacts=lambda: closed(dialog))


def click_tab(app, real: RealInput, title: str) -> None:
    """Click the dock tab called ``title`` in the main window."""
    for bar in app.window.findChildren(QTabBar):
        titles = [bar.tabText(index).replace("&", "") for index in range(bar.count())]
        if bar.isVisible() and title in titles:
            index = titles.index(title)
            real.click(bar, bar.tabRect(index), reacts=lambda b=bar, i=index: b.currentIndex() == i)
            return
    raise AssertionError(f"no tab {title!r} is shown")


def fight_rows() -> int:
    return len([row for row in find("fight_panel").findChildren(QFrame, "fight_row")])


def fight(app, real: RealInput) -> None:
    click_tab(app, real, "Fight")
    real.click(find("fight_party"), reacts=lambda: fight_rows() >= 1)
    crows = fight_rows()
    real.click(find("fight_add"), reacts=lambda: fight_rows() > crows)
    round_label = find("fight_round")
    before = round_label.text()
    real.click(find("fight_new_round"), reacts=lambda: round_label.text() != before)
    real.click(find("fight_attack"), reacts=lambda: shown("attack_dialog"))
    dialog = find("attack_dialog")
    outcome = dialog.findChild(QLabel, "attack_outcome")
    real.click(find("attack_roll"), reacts=lambda: outcome.text().strip())
    real.click(find("attack_close"), reacts=lambda: closed(dialog))


def travel_a_day(app, real: RealInput) -> None:
    real.keys("ctrl+3", reacts=lambda: shown("travel_day_dock"))
    day = app.panels.widget(PanelId.TRAVEL_DAY, TravelDayPanel)
    real.type_into(day.new_journey, "To the chapel")
    real.click(day.start_button, reacts=lambda: day.journey is not None)
    assert not day.problem.isVisible(), day.problem.text()
    started = day.journey.state.day
    step = next(b for b in day.findChildren(QPushButton) if b.text() in ("NE", "N", "E"))
    real.reveal(step)
    real.click(step, reacts=lambda: day.route)
    real.reveal(day.travel_button)
    real.click(
        day.travel_button, reacts=lambda: day.journey.state.day > started or day.problem.isVisible()
    )
    assert not day.problem.isVisible(), day.problem.text()


def click_menu(app, real: RealInput, menu_title: str, action_id: str) -> None:
    """Open ``menu_title`` on the menu bar and click the action ``action_id`` in it."""
    bar = app.window.menuBar()
    (menu_action,) = [a for a in bar.actions() if a.text().replace("&", "") == menu_title]
    menu = menu_action.menu()
    real.click(bar, bar.actionGeometry(menu_action), reacts=menu.isVisible, what=menu_title)
    action = app.actions.action(action_id)
    triggered: list[bool] = []
    action.triggered.connect(lambda *_: triggered.append(True))
    real.click(menu, menu.actionGeometry(action), reacts=lambda: triggered, what=action.text())


def print_the_party(app, real: RealInput, folder: Path) -> None:
    click_menu(app, real, "File", "print_party")
    real.qtbot.waitUntil(lambda: shown("export_dialog"))
    dialog = find("export_dialog")
    target = folder / "party.pdf"
    real.type_into(dialog.path, str(target))
    real.click(dialog.export_button, reacts=lambda: dialog.written is not None)
    assert target.read_bytes().startswith(b"%PDF")
    real.click(dialog.close_button, reacts=lambda: closed(dialog))


def closed(window: QWidget) -> bool:
    """``window`` is closed (or already deleted, as a dialog that deletes itself on close)."""
    return not shiboken6.isValid(window) or not window.isVisible()


def test_a_first_evening_by_real_clicks(qtbot, start_app, tmp_path: Path, real: RealInput) -> None:
    app = start_app(str(tmp_path / "evening.sqlite3"), ready=all_built)
    settle(qtbot, 400)
    build_a_crow(app, real)
    enter_and_end_a_dt(app, real)
    rest(app, real)
    cast_a_spell(app, real)
    fight(app, real)
    travel_a_day(app, real)
    print_the_party(app, real, tmp_path)
    assert real.clicks >= 25  # the evening was clicked through, not called
