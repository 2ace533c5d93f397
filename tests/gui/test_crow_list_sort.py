"""Sorting the character list by a column (issue 30: every press answered within 100 ms).

The list's filter sorted by asking the model for each compared row's sort key, a call into Python
per side of every comparison: clicking the Stamina header of a 10,000-crow campaign made some
118,000 of them and froze the window for a second, and every later refresh of the list sorted
again. The model now sorts its own rows with one key per crow and the filter keeps its order.
The model's ``data`` calls are counted, so the test does not depend on the machine's speed.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QTableView

from refkit.gui.characters.install import CharacterPanels
from refkit.gui.characters.list_model import (
    NAME,
    NAME_ROLE,
    PLAYER,
    SPEED,
    STAMINA,
    STATE,
    WOUNDS,
    CharacterFilter,
    CharacterListModel,
)
from refkit.store.character_store import CharacterSummary

MOMENT = datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)
ASCENDING, DESCENDING = Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder
CROWS = 400


def crows(count: int = CROWS, seed: int = 5) -> list[CharacterSummary]:
    """``count`` crows in the store's order (by name, ignoring case), varied in every column."""
    rng = random.Random(seed)
    made = []
    for number in range(count):
        wounds = rng.randint(0, 10)
        made.append(
            CharacterSummary(
                name=f"Crow {number:04d}",
                player=rng.choice(["Sam", "ruth", "Ann", ""]),
                speed=0 if wounds == 10 else rng.randint(1, 9),
                dead=wounds == 10,
                stamina=rng.randint(0, 12),
                stamina_max=12,
                wounds=wounds,
                revision=1,
                created_at=MOMENT,
                updated_at=MOMENT,
            )
        )
    return made


def shown(proxy: CharacterFilter) -> list[str]:
    return [proxy.index(row, NAME).data(NAME_ROLE) for row in range(proxy.rowCount())]


class _DataCalls:
    """How often Qt asks the list's model for a cell while :attr:`counting` (patched before the
    model is made: PySide looks a Python override up once per object)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        self.counting = False
        real = CharacterListModel.data

        def counted(model, index, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
            self.count += self.counting
            return real(model, index, role)

        monkeypatch.setattr(CharacterListModel, "data", counted)


def sorting_table(qtbot) -> tuple[CharacterListModel, CharacterFilter, QTableView]:
    """The list's model on :func:`crows`, its filter and a table set up as the character list's
    (sorting on, by name)."""
    model = CharacterListModel(crows())
    proxy = CharacterFilter()
    proxy.setSourceModel(model)
    table = QTableView()
    qtbot.addWidget(table)
    table.setModel(proxy)
    table.setSortingEnabled(True)
    table.sortByColumn(NAME, ASCENDING)
    return model, proxy, table


@pytest.fixture
def listed(qtbot) -> tuple[CharacterListModel, CharacterFilter, QTableView]:
    return sorting_table(qtbot)


def test_sorting_by_a_column_asks_the_model_once_per_crow_at_most(qtbot, monkeypatch) -> None:
    calls = _DataCalls(monkeypatch)
    model, proxy, table = sorting_table(qtbot)
    for column in (STAMINA, PLAYER, WOUNDS, SPEED, STATE, NAME):
        for order in (DESCENDING, ASCENDING):
            calls.count, calls.counting = 0, True
            table.sortByColumn(column, order)
            proxy.index(0, NAME).data(NAME_ROLE)  # the first row shown: the filter has sorted
            calls.counting = False
            assert calls.count < CROWS, f"column {column}: {calls.count} cells read to sort"
    calls.count, calls.counting = 0, True
    model.set_summaries(crows(seed=6))  # a refresh, sorted by name: nothing to sort again
    proxy.index(0, NAME).data(NAME_ROLE)
    assert calls.count < CROWS


@pytest.mark.parametrize("column", [STAMINA, PLAYER, WOUNDS, SPEED, STATE, NAME])
@pytest.mark.parametrize("order", [ASCENDING, DESCENDING])
def test_each_column_sorts_as_it_reads_ties_by_name(listed, column: int, order) -> None:
    model, proxy, table = listed
    table.sortByColumn(column, order)
    rows = {summary.name: summary for summary in crows()}

    def key(name: str) -> object:
        crow = rows[name]
        numbers = {STAMINA: crow.stamina, WOUNDS: crow.wounds, SPEED: crow.speed}
        if column in numbers:
            return numbers[column]
        return str(model.index(model.row_of(name), column).data()).casefold()

    names = shown(proxy)
    assert sorted(names) == sorted(rows)  # every crow, once
    keys = [key(name) for name in names]
    assert keys == sorted(keys, reverse=order == DESCENDING)
    for first, second in itertools.pairwise(names):
        if key(first) == key(second):  # ties keep the store's order, by name
            assert first < second


def test_name_ascending_is_the_stores_order_again(listed) -> None:
    _model, proxy, table = listed
    table.sortByColumn(STAMINA, DESCENDING)
    table.sortByColumn(NAME, DESCENDING)
    assert shown(proxy) == [summary.name for summary in reversed(crows())]
    table.sortByColumn(NAME, ASCENDING)
    assert shown(proxy) == [summary.name for summary in crows()]


def test_a_refresh_and_an_edit_keep_the_chosen_sort(listed) -> None:
    model, proxy, table = listed
    table.sortByColumn(STAMINA, ASCENDING)
    before = shown(proxy)
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))

    model.set_summaries(crows())  # the store's order, as a refresh reads it

    assert shown(proxy) == before and not resets
    weakest = model.summary(model.row_of(before[0]))
    model.set_summary(replace(weakest, stamina=12, revision=2))  # healed to full
    after = shown(proxy)
    assert after[0] != weakest.name
    staminas = [model.summary(model.row_of(name)).stamina for name in after]
    assert staminas == sorted(staminas)
    assert model.summary(model.row_of(weakest.name)).stamina == 12


def test_the_chosen_crow_stays_chosen_as_the_list_sorts_and_filters(listed) -> None:
    model, proxy, table = listed
    table.setCurrentIndex(proxy.mapFromSource(model.index(model.row_of("Crow 0123"), NAME)))
    for column, order in ((STAMINA, DESCENDING), (PLAYER, ASCENDING), (NAME, ASCENDING)):
        table.sortByColumn(column, order)
        assert table.currentIndex().data(NAME_ROLE) == "Crow 0123"
    table.sortByColumn(SPEED, ASCENDING)
    player = model.summary(model.row_of("Crow 0123")).player
    proxy.set_search(player or "Crow 0123")
    assert table.currentIndex().data(NAME_ROLE) == "Crow 0123"
    speeds = [model.summary(model.row_of(name)).speed for name in shown(proxy)]
    assert speeds == sorted(speeds)
    assert all(proxy.index(row, NAME).isValid() for row in range(proxy.rowCount()))
    assert not table.currentIndex().parent().isValid()
    assert table.currentIndex() != QModelIndex()


def test_the_model_passes_the_model_tester_while_sorted(qtmodeltester) -> None:
    model = CharacterListModel(crows(30))
    model.sort(STAMINA, DESCENDING)
    qtmodeltester.check(model)
    model.set_summaries(crows(31))
    qtmodeltester.check(model)
    for number in (0, 30, 12):  # edits that move a row down, up, and keep it
        crow = model.summary(number)
        model.set_summary(replace(crow, stamina=(crow.stamina + 5) % 13, revision=2))
    qtmodeltester.check(model)
    staminas = [model.summary(row).stamina for row in range(model.rowCount())]
    assert staminas == sorted(staminas, reverse=True)
    for above, below in itertools.pairwise(range(31)):  # ties in the store's order, by name
        if staminas[above] == staminas[below]:
            assert model.summary(above).name < model.summary(below).name
    assert [model.row_of(model.summary(row).name) for row in range(31)] == list(range(31))
    proxy = CharacterFilter()
    proxy.setSourceModel(model)
    proxy.sort(WOUNDS, ASCENDING)
    qtmodeltester.check(proxy)


# -- the real list, on a database -------------------------------------------------------------


@pytest.fixture
def panels(forty_crows: CharacterPanels) -> CharacterPanels:
    return forty_crows


def test_the_character_list_keeps_its_sort_through_an_edit_and_a_new_crow(panels) -> None:
    listing = panels.list_panel
    table, proxy, model = listing.table, listing.proxy, listing.model
    table.sortByColumn(STAMINA, ASCENDING)
    panels.session.open("Crow 017")
    listing.choose("Crow 017")
    panels.session.damage(1, piercing=True)  # an edit: one row, maybe moved

    staminas = [model.summary(model.row_of(name)).stamina for name in shown(proxy)]
    assert staminas == sorted(staminas)
    assert listing.chosen_name() == "Crow 017"

    panels.list_panel.duplicate()  # a crow added: the whole list read again, still sorted
    names = shown(proxy)
    assert len(names) == model.rowCount()
    staminas = [model.summary(model.row_of(name)).stamina for name in names]
    assert staminas == sorted(staminas)
    assert table.horizontalHeader().sortIndicatorSection() == STAMINA
