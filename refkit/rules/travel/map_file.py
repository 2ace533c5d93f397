"""Reading and writing a hex map as a JSON file (``*.map.json``), checked entry by entry.

A bad file is refused whole with one message that names the file, the line and the field
(``ashen.map.json, line 14, hexes[3].habitat: unknown habitat 'lava'``): bad coordinates, an
unknown habitat or direction, a hex given twice, a field of the wrong kind. The format::

    {"format": "refkit-map", "version": 1, "name": "…", "start": [q, r],
     "habitats": [{"name": "forest", "colour": "#3f6b35", "pattern": "trees"}, …],
     "encounter_tables": {"forest": "Encounters: forest road"},
     "hexes": [{"q": 0, "r": 0, "habitat": "plains", "road": true, "river": "SE",
                "notes": "…", "places": [{"name": "…", "dungeon": true, "notes": "…",
                                          "encounter_table": "…"}]}, …]}

``habitats`` may be left out (Refkit's default list), as may every hex field but q, r, habitat.
"""

from __future__ import annotations

import bisect
import json
import json.decoder
import json.scanner
import os
import re
from typing import Any

from refkit.errors import DomainError
from refkit.rules.common.file_reading import MEGABYTE, read_user_file
from refkit.rules.common.nesting import TooDeepError, UnreadableValueError, read_nested
from refkit.rules.travel.hex_map import DEFAULT_HABITATS, Habitat, HexCell, HexMap, PointOfInterest
from refkit.rules.travel.hexes import Hex, HexDirection

MAP_FORMAT = "refkit-map"
MAP_VERSION = 1
MAP_FILE_BYTES = 32 * MEGABYTE
"""Far beyond a 200 × 200 map with a note on every hex."""
MAX_MAP_HEXES = 40_000
"""A 200 × 200 map: far beyond any region a party crosses, and still quick to read."""
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class MapFileError(DomainError, ValueError):
    """A map file that cannot be read; the message names the file, line and field."""


class _Located(dict[str, Any]):
    """A JSON object that remembers the line it starts on."""

    line = 0


class _LineDecoder(json.JSONDecoder):
    """A JSON decoder whose objects know their line (the pure-Python scanner, so it can)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        starts = [index for index, char in enumerate(text) if char == "\n"]

        def parse_object(s_and_end: tuple[str, int], *rest: Any) -> tuple[_Located, int]:
            found, end = json.decoder.JSONObject(s_and_end, *rest)  # type: ignore[attr-defined]
            located = _Located(found)
            located.line = bisect.bisect_left(starts, s_and_end[1]) + 1
            return located, end

        # CPython's json has JSONObject and py_make_scanner, though typeshed leaves them out; the
        # C scanner would never call our parse_object.
        self.parse_object = parse_object
        self.scan_once = json.scanner.py_make_scanner(self)  # type: ignore[attr-defined]


class _Reader:
    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, where: Any, field: str, problem: str) -> MapFileError:
        line = getattr(where, "line", 0)
        at = f", line {line}" if line else ""
        return MapFileError(f"{self.origin}{at}, {field}: {problem}")

    def get(
        self, data: Any, key: str, kind: type | tuple[type, ...], field: str, default: Any = ...
    ) -> Any:
        if key not in data:
            if default is ...:
                raise self.fail(data, field, "missing")
            return default
        value = data[key]
        wanted = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in wanted:
            raise self.fail(data, field, f"expected {_kind_name(kind)}, got {value!r}")
        if not isinstance(value, wanted):
            raise self.fail(data, field, f"expected {_kind_name(kind)}, got {_shown(value)}")
        return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {
        int: "a whole number",
        str: "text",
        bool: "true or false",
        list: "a list",
        dict: "an object",
    }
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:39] + "…"


def parse_map(text: str, origin: str = "map file") -> HexMap:
    """The map in ``text`` (a ``*.map.json`` file's contents); MapFileError naming the problem.

    A good file is read with the fast (C) JSON reader; only a bad one is read again with the
    slower reader that knows each object's line, so the message can name it (a 100 × 100 map
    reads in a small fraction of the time: ``tests/bench/bench_travel_map.py``).
    """
    try:
        data = read_nested(json.loads, text)
    except json.JSONDecodeError as problem:
        raise MapFileError(
            f"{origin}, line {problem.lineno}, column {problem.colno}: not JSON ({problem.msg})"
        ) from None
    except TooDeepError:
        raise MapFileError(f"{origin}: its lists or objects are nested too deeply") from None
    except UnreadableValueError as error:  # e.g. a number of over 4300 digits
        raise MapFileError(f"{origin}: {error.reason}") from None
    try:
        return _build(data, origin)
    except MapFileError:
        return parse_map_with_lines(text, origin)


def parse_map_with_lines(text: str, origin: str = "map file") -> HexMap:
    """As :func:`parse_map`, every object read with its line (slow: for naming a problem)."""
    try:
        data = _LineDecoder(text).decode(text)
    except RecursionError:
        raise MapFileError(f"{origin}: its lists or objects are nested too deeply") from None
    return _build(data, origin)


def read_map_file(path: str | os.PathLike[str]) -> HexMap:
    """The map in the file at ``path``: a regular file of at most MAP_FILE_BYTES, in UTF-8."""
    data = read_user_file(path, limit=MAP_FILE_BYTES, what="map file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise MapFileError(
            f"{path}: not UTF-8 text (byte {problem.start + 1} cannot be read)"
        ) from None
    return parse_map(text, str(path))


def _build(data: Any, origin: str) -> HexMap:
    read = _Reader(origin)
    if not isinstance(data, dict):
        raise read.fail(data, "the file", "expected a JSON object holding a map")
    if data.get("format") != MAP_FORMAT:
        raise read.fail(
            data, "format", f"expected {MAP_FORMAT!r}, got {_shown(data.get('format'))}"
        )
    version = read.get(data, "version", int, "version")
    if version != MAP_VERSION:
        raise read.fail(data, "version", f"Refkit reads version {MAP_VERSION}, got {version}")
    name = read.get(data, "name", str, "name").strip()
    if not name:
        raise read.fail(data, "name", "a map needs a name")
    habitats = _habitats(read, data)
    known = {habitat.name for habitat in habitats}
    tables = read.get(data, "encounter_tables", dict, "encounter_tables", {})
    for habitat, table in tables.items():
        if habitat not in known:
            raise read.fail(tables, f"encounter_tables.{habitat}", f"unknown habitat {habitat!r}")
        if not isinstance(table, str) or not table.strip():
            raise read.fail(tables, f"encounter_tables.{habitat}", "expected a table's name")
    entries = read.get(data, "hexes", list, "hexes")
    if not entries:
        raise read.fail(data, "hexes", "a map needs at least one hex")
    if len(entries) > MAX_MAP_HEXES:
        raise read.fail(data, "hexes", f"at most {MAX_MAP_HEXES} hexes, got {len(entries)}")
    cells: dict[Hex, HexCell] = {}
    lines: dict[Hex, int] = {}
    plain: dict[tuple[str, bool], HexCell] = {}
    """Hexes with only a habitat (and a road) share one cell: cells are immutable values."""
    for index, entry in enumerate(entries):
        where = f"hexes[{index}]"
        if not isinstance(entry, dict):
            raise read.fail(entries, where, f"expected an object, got {_shown(entry)}")
        q, r = entry.get("q"), entry.get("r")
        if type(q) is not int or type(r) is not int:  # bool is an int; a coordinate is not
            q = read.get(entry, "q", int, f"{where}.q")
            r = read.get(entry, "r", int, f"{where}.r")
        hex_ = Hex(q, r)
        if hex_ in cells:
            raise read.fail(
                entry, where, f"hex {hex_.label} is given twice (first on line {lines[hex_]})"
            )
        habitat, road = entry.get("habitat"), entry.get("road", False)
        fast = type(habitat) is str and type(road) is bool and len(entry) <= 4
        if fast and habitat in known and _only_plain(entry):
            cell = plain.get((habitat, road))
            if cell is None:
                cell = plain.setdefault((habitat, road), HexCell(habitat, road=road))
        else:
            cell = _cell(read, entry, where, known)
        cells[hex_] = cell
        lines[hex_] = getattr(entry, "line", 0)
    start: Hex | None = None
    if "start" in data:
        pair = read.get(data, "start", list, "start")
        if len(pair) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair):
            raise read.fail(data, "start", f"expected [q, r], got {_shown(pair)}")
        start = Hex(pair[0], pair[1])
        if start not in cells:
            raise read.fail(data, "start", f"hex {start.label} is not one of the map's hexes")
    return HexMap(name, cells, habitats, {k: v.strip() for k, v in tables.items()}, start)


def _habitats(read: _Reader, data: Any) -> tuple[Habitat, ...]:
    if "habitats" not in data:
        return DEFAULT_HABITATS
    listed = read.get(data, "habitats", list, "habitats")
    habitats: list[Habitat] = []
    for index, entry in enumerate(listed):
        where = f"habitats[{index}]"
        if not isinstance(entry, dict):
            raise read.fail(listed, where, f"expected an object, got {_shown(entry)}")
        name = read.get(entry, "name", str, f"{where}.name").strip()
        if not name:
            raise read.fail(entry, f"{where}.name", "a habitat needs a name")
        if any(habitat.name == name for habitat in habitats):
            raise read.fail(entry, f"{where}.name", f"habitat {name!r} is listed twice")
        colour = read.get(entry, "colour", str, f"{where}.colour")
        if not _COLOUR.match(colour):
            raise read.fail(
                entry, f"{where}.colour", f"expected a colour like #3f6b35, got {colour!r}"
            )
        pattern = read.get(entry, "pattern", str, f"{where}.pattern", "")
        habitats.append(Habitat(name, colour, pattern))
    if not habitats:
        raise read.fail(data, "habitats", "a map needs at least one habitat")
    return tuple(habitats)


_PLAIN_KEYS = frozenset({"q", "r", "habitat", "road"})


def _only_plain(entry: dict[str, Any]) -> bool:
    return _PLAIN_KEYS.issuperset(entry)


def _cell(read: _Reader, entry: Any, where: str, known: set[str]) -> HexCell:
    habitat = read.get(entry, "habitat", str, f"{where}.habitat")
    if habitat not in known:
        raise read.fail(
            entry,
            f"{where}.habitat",
            f"unknown habitat {habitat!r} (habitats: {', '.join(sorted(known))})",
        )
    river: HexDirection | None = None
    if "river" in entry:
        flow = read.get(entry, "river", str, f"{where}.river")
        try:
            river = HexDirection.parse(flow)
        except ValueError as problem:
            raise read.fail(entry, f"{where}.river", str(problem)) from None
    places = []
    for number, place in enumerate(read.get(entry, "places", list, f"{where}.places", [])):
        at = f"{where}.places[{number}]"
        if not isinstance(place, dict):
            raise read.fail(entry, at, f"expected an object, got {_shown(place)}")
        place_name = read.get(place, "name", str, f"{at}.name").strip()
        if not place_name:
            raise read.fail(place, f"{at}.name", "a place needs a name")
        places.append(
            PointOfInterest(
                place_name,
                dungeon=read.get(place, "dungeon", bool, f"{at}.dungeon", False),
                notes=read.get(place, "notes", str, f"{at}.notes", ""),
                encounter_table=read.get(
                    place, "encounter_table", str, f"{at}.encounter_table", ""
                ).strip(),
            )
        )
    return HexCell(
        habitat=habitat,
        road=read.get(entry, "road", bool, f"{where}.road", False),
        river=river,
        places=tuple(places),
        notes=read.get(entry, "notes", str, f"{where}.notes", ""),
    )


def _place_json(place: PointOfInterest) -> dict[str, Any]:
    row: dict[str, Any] = {"name": place.name, "dungeon": place.dungeon, "notes": place.notes}
    if place.encounter_table:
        row["encounter_table"] = place.encounter_table
    return row


def map_to_json(hex_map: HexMap) -> str:
    """The map as a ``*.map.json`` text, one hex a line, that :func:`parse_map` reads back."""
    head: dict[str, Any] = {"format": MAP_FORMAT, "version": MAP_VERSION, "name": hex_map.name}
    if hex_map.start is not None:
        head["start"] = hex_map.start.to_list()
    head["habitats"] = [
        {"name": h.name, "colour": h.colour, "pattern": h.pattern} for h in hex_map.habitats
    ]
    head["encounter_tables"] = dict(hex_map.encounter_tables)
    rows = []
    for hex_ in sorted(hex_map.cells, key=lambda h: (h.r, h.q)):
        cell = hex_map.cells[hex_]
        row: dict[str, Any] = {"q": hex_.q, "r": hex_.r, "habitat": cell.habitat}
        if cell.road:
            row["road"] = True
        if cell.river is not None:
            row["river"] = cell.river.name
        if cell.notes:
            row["notes"] = cell.notes
        if cell.places:
            row["places"] = [_place_json(p) for p in cell.places]
        rows.append(json.dumps(row, ensure_ascii=False))
    text = json.dumps(head, ensure_ascii=False, indent=2)
    return text[:-2] + ',\n  "hexes": [\n    ' + ",\n    ".join(rows) + "\n  ]\n}\n"
