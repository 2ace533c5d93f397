"""Small hex maps built in code for the travel rules tests."""

from __future__ import annotations

from refkit.rules.travel.hex_map import HexCell, HexMap
from refkit.rules.travel.hexes import Hex, HexDirection


def rectangle_map(width: int = 6, height: int = 5, habitat: str = "plains") -> HexMap:
    """A ``width`` × ``height`` block of hexes from 0,0 (axial q across, r down)."""
    cells = {Hex(q, r): HexCell(habitat) for q in range(width) for r in range(height)}
    return HexMap("Test block", cells)


def river_map() -> HexMap:
    """Three hexes with a river flowing south-east from 0,0."""
    cells = {
        Hex(0, 0): HexCell("plains", river=HexDirection.SE),
        Hex(1, 0): HexCell("forest", road=True),
        Hex(0, 1): HexCell("swamp"),
    }
    return HexMap("River bend", cells, encounter_tables={"forest": "Forest road encounters"})
