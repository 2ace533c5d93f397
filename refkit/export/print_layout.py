"""The printed pages' proportions, read once from ``sheets/print.toml`` (sizes in mm and pt)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from refkit.locate import sheet_path
from refkit.present.sheet_toml import number, parse_sheet, table

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclass(frozen=True)
class FaceProportions:
    frame: float
    header: float
    padding: float
    name_size: float
    fact_size: float
    note_size: float
    ud_box: float
    smallest_scale: float


@dataclass(frozen=True)
class SheetProportions:
    header: float
    stats: float
    conditions: float
    expertise_line: float
    gap: float
    board_line: float
    board_gap_floor: float
    board_margin_floor: float
    notes_min_size: float
    notes_size: float


@dataclass(frozen=True)
class QuickSheetProportions:
    title_size: float
    heading_size: float
    body_size: float
    column_gap: float


@dataclass(frozen=True)
class PrintLayout:
    face: FaceProportions
    sheet: SheetProportions
    quick: QuickSheetProportions


def read_print_layout(text: str, source: str = "sheets/print.toml") -> PrintLayout:
    """Parse the file; a missing or bad number raises SheetLayoutError naming file, table, key."""
    data = parse_sheet(text, source)

    def numbers(name: str, keys: tuple[str, ...]) -> dict[str, float]:
        values = table(data, name, source)
        return {key: number(values, key, f"{source} [{name}]") for key in keys}

    return PrintLayout(
        face=FaceProportions(**numbers("card_face", _fields(FaceProportions))),
        sheet=SheetProportions(**numbers("character_sheet", _fields(SheetProportions))),
        quick=QuickSheetProportions(**numbers("quick_sheet", _fields(QuickSheetProportions))),
    )


def _fields(kind: type[DataclassInstance]) -> tuple[str, ...]:
    return tuple(kind.__dataclass_fields__)


@cache
def print_layout() -> PrintLayout:
    """The proportions Refkit ships."""
    return read_print_layout(sheet_path("print.toml").read_text(encoding="utf-8"))
