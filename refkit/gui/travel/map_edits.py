"""The map editor's edits as undoable commands: a stroke of the pointer (or one key press)
changes some hexes; undo puts their old cells back, redo the new ones.

A stroke is painted while the button is down (so the referee sees it at once) and pushed onto the
undo stack when it ends; its first ``do`` finds the cells already there. Both edit the document
on screen, not the database, so they run on the GUI thread (``in_window``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from refkit.gui.travel.map_document import MapDocument
from refkit.rules.travel.hex_map import Habitat, HexCell, PointOfInterest
from refkit.rules.travel.hexes import Hex, HexDirection


class MapStroke:
    """Some hexes changed by one stroke of a tool."""

    in_window = True

    def __init__(
        self,
        document: MapDocument,
        text: str,
        before: Mapping[Hex, HexCell | None],
        after: Mapping[Hex, HexCell | None],
        *,
        applied: bool = True,
    ) -> None:
        self._document = document
        self._text = text
        self.before = dict(before)
        self.after = dict(after)
        self._applied = applied

    @property
    def text(self) -> str:
        return self._text

    def do(self) -> None:
        if self._applied:  # painted already, as the stroke went
            self._applied = False
            return
        self._document.put(self.after)

    def undo(self) -> None:
        self._document.put(self.before)


class HabitatsEdit:
    """The map's list of habitats changed (one added, or its colour or pattern)."""

    in_window = True

    def __init__(
        self,
        document: MapDocument,
        text: str,
        before: tuple[Habitat, ...],
        after: tuple[Habitat, ...],
    ) -> None:
        self._document = document
        self._text = text
        self._before = before
        self._after = after

    @property
    def text(self) -> str:
        return self._text

    def do(self) -> None:
        self._document.set_habitats(self._after)

    def undo(self) -> None:
        self._document.set_habitats(self._before)


def with_habitat(habitats: tuple[Habitat, ...], habitat: Habitat) -> tuple[Habitat, ...]:
    """The list with ``habitat`` added, or replacing the one of its name."""
    if not habitat.name.strip():
        raise ValueError("a habitat needs a name")
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", habitat.colour):
        raise ValueError(f"a habitat's colour is written like #3f6b35, not {habitat.colour!r}")
    names = [h.name for h in habitats]
    if habitat.name in names:
        return tuple(habitat if h.name == habitat.name else h for h in habitats)
    return (*habitats, habitat)


# what each tool does to one hex --------------------------------------------------------------


def painted(cell: HexCell | None, habitat: str) -> HexCell:
    """The hex with this habitat (a hex off the map joins it)."""
    return HexCell(habitat) if cell is None else replace(cell, habitat=habitat)


def with_road(cell: HexCell | None, road: bool) -> HexCell | None:
    return None if cell is None else replace(cell, road=road)


def with_river(cell: HexCell | None, flow: HexDirection | None) -> HexCell | None:
    return None if cell is None else replace(cell, river=flow)


def with_place(cell: HexCell | None, place: PointOfInterest) -> HexCell | None:
    if cell is None:
        return None
    return replace(cell, places=(*cell.places, place))


def cleared(cell: HexCell | None) -> HexCell | None:
    """No road, no river, no places, no notes: the habitat alone."""
    return None if cell is None else HexCell(cell.habitat)
