"""The map commands: ``travel map`` reads a map file and says what it holds; ``map import``,
``export``, ``show`` and ``list`` keep hex maps in the database (registered with the ``travel``
commands, whose journeys walk these maps)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from refkit.cli.parsing import Subcommands, add_json_flag
from refkit.cli.services import command_services

if TYPE_CHECKING:
    from refkit.app.travel.map_library import MapLibrary
    from refkit.compose import Services
    from refkit.rules.travel.hex_map import HexMap

Result = tuple[dict[str, Any], str]
SAMPLE_MAP = ("maps", "ashen-marches.map.json")


# --- maps ----------------------------------------------------------------------------------------


def register_map_file(kinds: Subcommands) -> None:
    parser = kinds.add_parser("map", help="read a map file and show what it holds")
    parser.add_argument("file", nargs="?", metavar="FILE", help="a *.map.json (default: sample)")
    parser.add_argument("--referee", action="store_true", help="show the places' notes too")
    add_json_flag(parser)
    parser.set_defaults(handler=_run_map)


def read_map(file: str | None) -> HexMap:
    """The map in ``file``, checked whole; the sample map shipped with Refkit without one."""
    from refkit.locate import resource_path
    from refkit.rules.travel.map_file import parse_map, read_map_file

    if file:
        return read_map_file(file)
    path = resource_path(*SAMPLE_MAP)
    return parse_map(path.read_text(encoding="utf-8"), path.name)


def _run_map(args: argparse.Namespace) -> Result:
    return _map_summary(read_map(args.file), referee=args.referee)


def _map_summary(hex_map: HexMap, *, referee: bool) -> Result:
    places = []
    for hex_, cell in sorted(hex_map.cells.items(), key=lambda item: (item[0].r, item[0].q)):
        for place in cell.places:
            entry: dict[str, Any] = {"hex": hex_.to_list(), "name": place.name}
            entry["dungeon"] = place.dungeon
            if referee:
                entry["notes"] = place.notes
            places.append(entry)
    counts: dict[str, int] = {}
    for cell in hex_map.cells.values():
        counts[cell.habitat] = counts.get(cell.habitat, 0) + 1
    payload = {
        "name": hex_map.name,
        "hexes": len(hex_map.cells),
        "start": None if hex_map.start is None else hex_map.start.to_list(),
        "habitats": counts,
        "roads": sum(1 for c in hex_map.cells.values() if c.road),
        "rivers": sum(1 for c in hex_map.cells.values() if c.river),
        "places": places,
        "encounter_tables": dict(hex_map.encounter_tables),
    }
    lines = [f"{hex_map.name}: {len(hex_map.cells)} hexes"]
    lines.append("habitats: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for entry in places:
        kind = "dungeon" if entry["dungeon"] else "place"
        note = f" — {entry['notes']}" if entry.get("notes") else ""
        lines.append(f"  {entry['hex'][0]},{entry['hex'][1]}: {entry['name']} ({kind}){note}")
    return payload, "\n".join(lines)


# --- maps kept in the database ------------------------------------------------------------------


def register_stored_maps(commands: Subcommands) -> None:
    parser = commands.add_parser("map", help="hex maps kept in the database: import, export, show")
    steps = parser.add_subparsers(dest="map_step", metavar="STEP", required=True)
    imported = steps.add_parser("import", help="check a *.map.json and keep its map")
    imported.add_argument("file", metavar="FILE")
    imported.add_argument("--replace", action="store_true", help="replace a map of that name")
    add_json_flag(imported)
    imported.set_defaults(handler=_run_map_import)
    exported = steps.add_parser("export", help="write a stored map to a *.map.json")
    exported.add_argument("name", metavar="NAME")
    exported.add_argument("--out", required=True, metavar="FILE")
    add_json_flag(exported)
    exported.set_defaults(handler=_run_map_export)
    shown = steps.add_parser("show", help="what a stored map holds")
    shown.add_argument("name", metavar="NAME")
    shown.add_argument("--referee", action="store_true", help="show the places' notes too")
    add_json_flag(shown)
    shown.set_defaults(handler=_run_map_show)
    listed = steps.add_parser("list", help="every stored map")
    add_json_flag(listed)
    listed.set_defaults(handler=_run_map_list)


def stored_maps(services: Services) -> MapLibrary:
    """The hex maps kept in the database the command opened."""
    from refkit.app.travel.wiring import map_library

    return map_library(services)


def _run_map_import(args: argparse.Namespace) -> Result:
    from refkit.rules.travel.map_file import read_map_file

    hex_map = read_map_file(args.file)  # checked whole before anything is written
    with command_services(args) as services:
        stored_maps(services).save(hex_map, replace=args.replace)
    payload = {"map": hex_map.name, "hexes": len(hex_map.cells), "file": str(args.file)}
    return payload, f"Map {hex_map.name!r} kept: {len(hex_map.cells)} hexes"


def _run_map_export(args: argparse.Namespace) -> Result:
    from refkit.app.atomic_files import write_text_atomic
    from refkit.rules.travel.map_file import map_to_json

    with command_services(args) as services:
        hex_map = stored_maps(services).load(args.name)
    write_text_atomic(args.out, map_to_json(hex_map))
    payload = {"map": hex_map.name, "hexes": len(hex_map.cells), "file": str(args.out)}
    return payload, f"Map {hex_map.name!r} written to {args.out}"


def _run_map_show(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        hex_map = stored_maps(services).load(args.name)
    return _map_summary(hex_map, referee=args.referee)


def _run_map_list(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        names = stored_maps(services).names()
    return {"maps": names}, "\n".join(names) or "no maps yet: import one with 'refkit map import'"
