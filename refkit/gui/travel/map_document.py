"""The map being shown or edited: one :class:`HexMap` value, and a signal naming the hexes changed.

Edits replace hexes whole (cells are frozen values), so undoing one puts the old cells back. The
document says when it differs from what was last saved, for the editor's Save button.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QObject, Signal

from refkit.rules.travel.hex_map import Habitat, HexCell, HexMap
from refkit.rules.travel.hexes import Hex


class MapDocument(QObject):
    changed = Signal(object)
    """The hexes whose cells changed (a frozenset of Hex); all of them when the map is new."""
    saved_changed = Signal(bool)
    """True when the map matches what was last saved."""

    def __init__(self, hex_map: HexMap | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._map = hex_map
        self._saved = hex_map

    @property
    def hex_map(self) -> HexMap | None:
        return self._map

    def is_saved(self) -> bool:
        return self._map == self._saved

    def set_map(self, hex_map: HexMap | None, *, saved: bool = True) -> None:
        self._map = hex_map
        if saved:
            self._saved = hex_map
        self.changed.emit(frozenset(hex_map.cells) if hex_map else frozenset())
        self.saved_changed.emit(self.is_saved())

    def mark_saved(self) -> None:
        self._saved = self._map
        self.saved_changed.emit(True)

    def put(self, cells: Mapping[Hex, HexCell | None]) -> None:
        """Set these hexes (None: take the hex off the map)."""
        if self._map is None:
            raise ValueError("there is no map to edit: make a new one or open one first")
        merged = dict(self._map.cells)
        for hex_, cell in cells.items():
            if cell is None:
                merged.pop(hex_, None)
            else:
                merged[hex_] = cell
        current = self._map
        start = current.start if current.start in merged else None
        self._map = HexMap(current.name, merged, current.habitats, current.encounter_tables, start)
        self.changed.emit(frozenset(cells))
        self.saved_changed.emit(self.is_saved())

    def set_habitats(self, habitats: tuple[Habitat, ...]) -> None:
        """Use this list of habitats (their colours and patterns); ValueError, nothing changed,
        when a hex's habitat would be missing from it."""
        if self._map is None:
            raise ValueError("there is no map to edit: make a new one or open one first")
        current = self._map
        self._map = HexMap(current.name, current.cells, tuple(habitats),
                           current.encounter_tables, current.start)  # fmt: skip
        self.changed.emit(frozenset(current.cells))
        self.saved_changed.emit(self.is_saved())

    def cells(self, hexes: Iterable[Hex]) -> dict[Hex, HexCell | None]:
        """The hexes' cells as they are now (None for a hex off the map)."""
        if self._map is None:
            return {hex_: None for hex_ in hexes}
        return {hex_: self._map.cells.get(hex_) for hex_ in hexes}
