"""The sheet's problems line wraps inside the sheet whatever a crow is called: a warning that
quotes a 200-character background with no space in it once ran past the sheet's right edge
(the line wrapped only at spaces, and Qt gives an unbreakable word its whole width)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.character_commands import edit
from refkit.app.character_service import CharacterService
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from tests.gui.test_roster_undo import BRANNOC

LONG = "W" * 200


@pytest.fixture
def session(brannoc_session: CharacterSession) -> CharacterSession:
    return brannoc_session


def test_a_warning_quoting_a_long_name_wraps_within_the_sheet(
    qtbot, session: CharacterSession, service: CharacterService
) -> None:
    sheet = CharacterSheetPanel(session)
    qtbot.addWidget(sheet)
    plain_width = sheet.minimumSizeHint().width()
    session.push_made(
        lambda: edit(service, BRANNOC, lambda c: replace(c, background=LONG), "long background")
    )
    problems = sheet.problems
    assert problems.isVisibleTo(sheet)
    assert "backgrounds" in problems.text()  # the unknown-background warning is shown
    assert sheet.minimumSizeHint().width() <= plain_width
    sheet.resize(sheet.minimumSizeHint())
    sheet.show()
    qtbot.waitExposed(sheet)
    # A wrapped label breaks only between words; a word wider than the label is cut off.
    metrics = problems.fontMetrics()
    widest = max(problems.text().split(), key=metrics.horizontalAdvance)
    assert metrics.horizontalAdvance(widest) <= problems.contentsRect().width(), widest
    assert LONG in problems.toolTip()  # nothing is lost: the whole warning is in the tooltip
