"""After one crow's edit the character list reads that crow's row alone (issue 30 item 3).

Before, every edit read every crow's bookkeeping and every party again and compared the whole
list on the GUI thread: 2 ms for 3 crows, 79–149 ms for 10,000. Now the list asks the store for
the edited crow's row and changes that row; a crow added, renamed or deleted, or a party changed,
still reads the whole list. The store's reads are counted, so the test does not depend on speed.
"""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from refkit.gui.characters.install import CharacterPanels
from refkit.gui.characters.list_model import CharacterFilter
from refkit.store.character_store import CharacterRepository


class _WholeListReads:
    """How often the store lists every crow or every party."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        for method in ("list_summaries", "list_parties"):
            real = getattr(CharacterRepository, method)

            def counted(repository, *args, _real=real, **kwargs):  # type: ignore[no-untyped-def]
                self.count += 1
                return _real(repository, *args, **kwargs)

            monkeypatch.setattr(CharacterRepository, method, counted)


@pytest.fixture
def panels(forty_crows: CharacterPanels) -> CharacterPanels:
    return forty_crows


def test_a_crow_edit_reads_and_changes_that_crows_row_only(panels, monkeypatch) -> None:
    model = panels.list_panel.model
    crows = model.rowCount()
    panels.session.open("Crow 017")
    row = model.row_of("Crow 017")
    stamina = model.summary(row).stamina
    reads = _WholeListReads(monkeypatch)
    resets: list[bool] = []
    changed: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.dataChanged.connect(lambda first, last, *_: changed.append((first.row(), last.row())))

    panels.session.damage(1, piercing=True)
    panels.session.edit_notes("Lost a boot in the bog")

    assert reads.count == 0, "the edits read every crow or party again"
    assert not resets and changed == [(row, row), (row, row)]
    assert model.summary(row).stamina == stamina - 1
    assert panels.list_panel.count_label.text() == f"{crows} crows"


def test_the_list_still_reads_it_all_when_the_roster_changes(panels, monkeypatch) -> None:
    model = panels.list_panel.model
    service = panels.session.service
    crows = model.rowCount()
    service.create(replace(service.get("Crow 003"), name="Aardvark Ann"))
    assert model.row_of("Aardvark Ann") == 0 and model.rowCount() == crows + 1
    service.rename("Crow 001", "Zzed Late")
    assert model.row_of("Zzed Late") == crows and model.row_of("Crow 001") == -1
    service.delete("Crow 002")
    assert model.row_of("Crow 002") == -1 and model.rowCount() == crows
    service.save(replace(service.get("Crow 005"), player="Someone Else"))
    assert model.summary(model.row_of("Crow 005")).player == "Someone Else"


@pytest.mark.parametrize("party", [None, "Party: The Sample Party"])
def test_reading_the_whole_list_filters_each_crow_once(panels, party) -> None:
    """Issue 30: reading the whole list filtered every crow twice, once as the list was reset
    and again as the party chooser was filled (the same party): 20,006 calls back into Python
    for 10,003 crows."""
    list_panel = panels.list_panel
    if party is not None:
        names = [list_panel.party.itemText(i) for i in range(list_panel.party.count())]
        list_panel.party.setCurrentIndex(names.index(party))
    shown = list_panel.proxy.rowCount() + (party is None)
    service = panels.session.service
    asked: list[int] = []
    code = CharacterFilter.filterAcceptsRow.__code__

    def counted(frame, event, _arg):  # type: ignore[no-untyped-def]
        if event == "call" and frame.f_code is code:
            asked.append(frame.f_locals["source_row"])

    sys.setprofile(counted)  # Qt calls the override from C++, past any monkeypatch
    try:  # a crow added: the whole list is read again
        service.create(replace(service.get("Crow 003"), name="Aardvark Ann"))
    finally:
        sys.setprofile(None)
    assert sorted(asked) == list(range(list_panel.model.rowCount()))
    assert list_panel.proxy.rowCount() == shown
