"""A hex map: each hex's habitat, road, river and points of interest, and the map's edge.

The map is the set of hexes it lists; a hex not listed is off the map. A river records the way
its water flows out of the hex, so a step with the flow is downstream and a step against it
upstream (L829–835). Points of interest and dungeons carry the referee's notes, which the players'
view never shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from refkit.rules.travel.hexes import Hex, HexDirection


@dataclass(frozen=True)
class Habitat:
    """A kind of land: its name, and how a map paints it."""

    name: str
    colour: str
    pattern: str = ""


DEFAULT_HABITATS: tuple[Habitat, ...] = (
    Habitat("forest", "#3f6b35", "trees"),
    Habitat("hills", "#9c8a55", "arcs"),
    Habitat("mountains", "#7b746d", "peaks"),
    Habitat("plains", "#b9c47a", ""),
    Habitat("swamp", "#5e7357", "reeds"),
    Habitat("water", "#4f7fa8", "waves"),
    Habitat("ruins", "#8a7f73", "stones"),
)


@dataclass(frozen=True)
class PointOfInterest:
    """A place to stop at: a dungeon (explored in dungeon turns) or another point of interest."""

    name: str
    dungeon: bool = False
    notes: str = ""
    encounter_table: str = ""
    """A dungeon's own encounter table, chosen on the DT panel when it is entered ("": none)."""


@dataclass(frozen=True)
class HexCell:
    """What one hex holds."""

    habitat: str
    road: bool = False
    river: HexDirection | None = None
    """The way the river leaves this hex (its flow), or None without a river."""
    places: tuple[PointOfInterest, ...] = ()
    notes: str = ""


@dataclass(frozen=True)
class HexMap:
    """A named map of hexes; ``encounter_tables`` names a rollable table per habitat."""

    name: str
    cells: Mapping[Hex, HexCell]
    habitats: tuple[Habitat, ...] = DEFAULT_HABITATS
    encounter_tables: Mapping[str, str] = field(default_factory=dict)
    start: Hex | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a map needs a name")
        if not self.cells:
            raise ValueError(f"map {self.name!r} has no hexes")
        known = {habitat.name for habitat in self.habitats}
        for hex_, cell in self.cells.items():
            if cell.habitat not in known:
                raise ValueError(
                    f"hex {hex_.label} of map {self.name!r} has the unknown habitat "
                    f"{cell.habitat!r} (habitats: {', '.join(sorted(known))})"
                )
        for habitat in self.encounter_tables:
            if habitat not in known:
                raise ValueError(f"an encounter table is given for the unknown habitat {habitat!r}")
        if self.start is not None and self.start not in self.cells:
            raise ValueError(f"the start hex {self.start.label} is not on map {self.name!r}")
        object.__setattr__(self, "cells", MappingProxyType(dict(self.cells)))
        object.__setattr__(self, "encounter_tables", MappingProxyType(dict(self.encounter_tables)))

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self.cells

    def cell(self, hex_: Hex) -> HexCell:
        """The hex's contents; ValueError if it is off the map."""
        try:
            return self.cells[hex_]
        except KeyError:
            raise ValueError(f"hex {hex_.label} is not on map {self.name!r}") from None

    def habitat(self, name: str) -> Habitat:
        for habitat in self.habitats:
            if habitat.name == name:
                return habitat
        raise ValueError(f"map {self.name!r} has no habitat {name!r}")

    def encounter_table_for(self, hex_: Hex) -> str | None:
        """The name of the encounter table for the hex's habitat, if the map gives one."""
        return self.encounter_tables.get(self.cell(hex_).habitat)

    def neighbours_on_map(self, hex_: Hex) -> tuple[Hex, ...]:
        return tuple(near for near in hex_.neighbours() if near in self.cells)

    def bounds(self) -> tuple[Hex, Hex]:
        """The smallest and largest q and r the map's hexes use, as two corner hexes."""
        qs = [hex_.q for hex_ in self.cells]
        rs = [hex_.r for hex_ in self.cells]
        return Hex(min(qs), min(rs)), Hex(max(qs), max(rs))

    def with_cells(self, cells: Iterable[tuple[Hex, HexCell]]) -> HexMap:
        """A copy with these hexes added or replaced."""
        merged = dict(self.cells)
        merged.update(cells)
        return HexMap(self.name, merged, self.habitats, self.encounter_tables, self.start)


def river_flow(cell: HexCell, direction: HexDirection) -> str:
    """``downstream``, ``upstream`` or ``across`` for a step from a river hex in ``direction``;
    ``none`` when the hex has no river."""
    if cell.river is None:
        return "none"
    if direction is cell.river:
        return "downstream"
    if direction is cell.river.opposite:
        return "upstream"
    return "across"
