"""The generic row-table model: passes qtmodeltester; each change is the smallest signal."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor

from refkit.gui.common.row_table_model import Column, RowTableModel

ID_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class Crow:
    id: int
    name: str
    stamina: int


def rename(crow: Crow, text: str) -> Crow:
    if not text.strip():
        raise ValueError("a crow needs a name")
    return replace(crow, name=text.strip())


COLUMNS = (
    Column[Crow](
        "Name",
        lambda crow: crow.name,
        tooltip=lambda crow: f"crow #{crow.id}",
        edit=rename,
        roles={ID_ROLE: lambda crow: crow.id},
    ),
    Column[Crow](
        "Stamina",
        lambda crow: str(crow.stamina),
        alignment=Qt.AlignmentFlag.AlignRight,
        foreground=lambda crow: QColor("red") if crow.stamina == 0 else None,
    ),
)


def crows(count: int, start: int = 1) -> list[Crow]:
    return [Crow(number, f"Crow {number}", number % 5) for number in range(start, start + count)]


class Signals:
    """Counts what the model announces."""

    def __init__(self, model: RowTableModel) -> None:
        self.resets = 0
        self.inserted: list[tuple[int, int]] = []
        self.removed: list[tuple[int, int]] = []
        self.changed: list[tuple[int, int]] = []
        model.modelReset.connect(self._reset)
        model.rowsInserted.connect(lambda _p, first, last: self.inserted.append((first, last)))
        model.rowsRemoved.connect(lambda _p, first, last: self.removed.append((first, last)))
        model.dataChanged.connect(
            lambda top, bottom, _roles=(): self.changed.append((top.row(), bottom.row()))
        )

    def _reset(self) -> None:
        self.resets += 1


def test_passes_qtmodeltester_through_every_kind_of_change(qtmodeltester) -> None:
    model = RowTableModel(COLUMNS, crows(3))
    qtmodeltester.check(model, force_py=True)
    model.append(crows(2, start=4))
    model.insert(0, crows(1, start=10))
    model.remove(1, 2)
    model.update(0, Crow(10, "Mara", 0))
    model.replace_all(crows(4, start=20))
    model.replace_all([])
    qtmodeltester.check(model, force_py=True)


def test_columns_answer_their_roles(qapp) -> None:
    model = RowTableModel(COLUMNS, [Crow(7, "Mara", 0)])
    name, stamina = model.index(0, 0), model.index(0, 1)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Name", "Stamina"]
    assert model.headerData(0, Qt.Orientation.Vertical) is None
    assert (name.data(), stamina.data()) == ("Mara", "0")
    assert name.data(Qt.ItemDataRole.ToolTipRole) == "crow #7"
    assert name.data(ID_ROLE) == 7
    assert stamina.data(Qt.ItemDataRole.TextAlignmentRole) == int(Qt.AlignmentFlag.AlignRight)
    assert stamina.data(Qt.ItemDataRole.ForegroundRole) == QColor("red")
    assert name.data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.index(1, 0).data() is None  # past the end
    assert model.rowCount(name) == 0  # flat: no children


def test_only_columns_with_an_edit_are_editable_and_a_refused_edit_keeps_the_row(qapp) -> None:
    model = RowTableModel(COLUMNS, [Crow(7, "Mara", 3)])
    signals = Signals(model)
    name, stamina = model.index(0, 0), model.index(0, 1)
    assert name.flags() & Qt.ItemFlag.ItemIsEditable
    assert not stamina.flags() & Qt.ItemFlag.ItemIsEditable
    assert model.flags(QModelIndex()) == Qt.ItemFlag.NoItemFlags
    assert model.setData(name, "  Oskar ")
    assert model.row_at(0) == Crow(7, "Oskar", 3)
    assert signals.changed == [(0, 0)]
    assert not model.setData(name, "   ")  # refused by the column's edit
    assert not model.setData(stamina, "9")  # not editable
    assert model.row_at(0) == Crow(7, "Oskar", 3)
    assert signals.changed == [(0, 0)]


def test_appending_inserting_removing_and_updating_never_reset(qapp) -> None:
    model = RowTableModel(COLUMNS, crows(1000))
    signals = Signals(model)
    model.append(crows(3, start=1001))
    model.insert(0, crows(2, start=2001))
    model.remove(5, 4)
    model.update(7, Crow(1, "Mara", 1))
    model.append([])
    model.remove(0, 0)
    assert signals.resets == 0
    assert signals.inserted == [(1000, 1002), (0, 1)]
    assert signals.removed == [(5, 8)]
    assert signals.changed == [(7, 7)]
    assert len(model) == 1001
    assert [crow.id for crow in model.rows()[:6]] == [2001, 2002, 1, 2, 3, 8]
    model.replace_all(crows(2))
    assert signals.resets == 1 and len(model) == 2


def test_bad_positions_are_refused_without_changing_anything(qapp) -> None:
    model = RowTableModel(COLUMNS, crows(2))
    with pytest.raises(IndexError, match="cannot insert at row 3 of 2"):
        model.insert(3, crows(1))
    with pytest.raises(IndexError, match="cannot remove rows 1–2 of 2"):
        model.remove(1, 2)
    assert len(model) == 2
    with pytest.raises(ValueError, match="at least one column"):
        RowTableModel([])


def test_search_texts_follow_every_change(qapp) -> None:
    model = RowTableModel(COLUMNS, crows(3), search=lambda crow: crow.name.casefold())
    model.insert(1, [Crow(9, "Mara", 2)])
    model.remove(0)
    model.update(2, Crow(3, "Oskar", 1))
    model.setData(model.index(1, 0), "Ilse")
    assert model.search_texts() == ["mara", "ilse", "oskar"]
    model.replace_all([Crow(1, "Edda", 1)])
    assert model.search_text(0) == "edda"
    assert RowTableModel(COLUMNS, crows(1)).search_text(0) == ""
    assert RowTableModel(COLUMNS, crows(2)).search_texts() == ["", ""]
