"""Opening a crow (and every edit of the open one) refreshes the sheet, whose wounds to place
are read from the store: in the window each read is a wait on the worker. The refresh read the
same prompt twice (for the board, then for its words), one more wait on every crow opened,
damaged, healed or edited (issue 30: presses on the 10x database)."""

from __future__ import annotations

from typing import Any

import pytest

from refkit.app.party.wound_prompts import WoundPrompts
from tests.gui.test_crow_edit_cost import panels_with  # noqa: F401 (the fixture)


def test_a_crow_opened_or_edited_reads_its_wound_prompt_once(
    panels_with: Any,  # noqa: F811 (the fixture imported above)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    panels = panels_with(3)
    reads: list[str] = []
    real = WoundPrompts.get

    def counted(self: WoundPrompts, name: str) -> Any:
        reads.append(name)
        return real(self, name)

    monkeypatch.setattr(WoundPrompts, "get", counted)
    panels.session.open("Crow 001")
    assert reads == ["Crow 001"]
    reads.clear()
    panels.session.open("Crow 002")
    assert reads == ["Crow 002"]
    reads.clear()
    panels.session.heal_stamina(1)
    assert reads == ["Crow 002"]
