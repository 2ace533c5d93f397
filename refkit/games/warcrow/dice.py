"""The six Warcrow dice: colours, their kind and value order, and their faces (editable data).

The rulebook never lists the faces. The shipped table (``resources/games/warcrow/dice.toml``) is a
community transcription of the physical d8s, so it is data the user may replace with a file of the
same shape; the loader checks it and names the line of anything wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from refkit.games.warcrow.symbols import Symbol, parse_symbol


class Kind(StrEnum):
    OFFENSIVE = "offensive"
    DEFENSIVE = "defensive"


class Colour(StrEnum):
    """A die colour; within a kind the order runs from the lowest value to the highest."""

    YELLOW = "yellow"
    ORANGE = "orange"
    RED = "red"
    BLACK = "black"
    BLUE = "blue"
    GREEN = "green"

    @property
    def kind(self) -> Kind:
        return Kind.OFFENSIVE if self in _OFFENSIVE else Kind.DEFENSIVE

    @property
    def rank(self) -> int:
        """0 for the lowest die of its kind (yellow, black) up to 2 (red, green)."""
        return _LADDERS[self.kind].index(self)

    @property
    def label(self) -> str:
        return self.value.capitalize()


_OFFENSIVE = frozenset({Colour.YELLOW, Colour.ORANGE, Colour.RED})
_LADDERS: dict[Kind, tuple[Colour, ...]] = {
    Kind.OFFENSIVE: (Colour.YELLOW, Colour.ORANGE, Colour.RED),
    Kind.DEFENSIVE: (Colour.BLACK, Colour.BLUE, Colour.GREEN),
}
CONTRACT_ORDER: tuple[Colour, ...] = (
    Colour.RED,
    Colour.ORANGE,
    Colour.YELLOW,
    Colour.GREEN,
    Colour.BLUE,
    Colour.BLACK,
)
"""The order the contract and the panel list colours in: offensive then defensive, high first."""


def ladder(kind: Kind) -> tuple[Colour, ...]:
    """The colours of ``kind`` from the lowest value to the highest."""
    return _LADDERS[kind]


def parse_colour(text: str, *, where: str) -> Colour:
    name = text.strip().casefold()
    try:
        return Colour(name)
    except ValueError:
        known = ", ".join(colour.value for colour in CONTRACT_ORDER)
        raise ValueError(f"{where}: unknown colour {_clip(text)!r}; colours are {known}") from None


def _clip(text: str, limit: int = 40) -> str:
    """What was typed, cut short so an error line stays one readable line."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_colours(text: str, *, where: str = "colours") -> tuple[Colour, ...]:
    """``red,orange,orange`` as colours; an empty text is no dice."""
    if not text.strip():
        return ()
    words = text.split(",")
    return tuple(
        parse_colour(word, where=f"{where} (die {index})")
        for index, word in enumerate(words, start=1)
    )


Face = tuple[Symbol, ...]
"""The symbols on one face of a die; a blank face is ``()``."""


@dataclass(frozen=True)
class DiceFaces:
    """Every colour's faces, each equally likely, and where the table came from."""

    faces: Mapping[Colour, tuple[Face, ...]]
    status: str
    note: str
    origin: str

    def of(self, colour: Colour) -> tuple[Face, ...]:
        return self.faces[colour]

    def face(self, colour: Colour, number: int) -> Face:
        """Face ``number`` (1-based, as a user counts them) of ``colour``."""
        faces = self.faces[colour]
        if not 1 <= number <= len(faces):
            raise ValueError(f"{colour.value} has faces 1 to {len(faces)}, not {number}")
        return faces[number - 1]

    @property
    def community(self) -> bool:
        """True unless the table says it was checked against real dice."""
        return self.status != "verified"


MAX_FACES = 20


def load_dice_faces(text: str, *, origin: str) -> DiceFaces:
    """Read a dice table (the shape of ``dice.toml``); ValueError says what is wrong and where."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{origin}: not a readable TOML file ({error})") from None
    about = data.get("about", {})
    if not isinstance(about, dict):
        raise ValueError(f"{origin}: [about] must be a table")
    status = about.get("status", "community")
    if status not in ("community", "verified"):
        raise ValueError(f"{origin}: about.status must be 'community' or 'verified'")
    note = about.get("note", "")
    if not isinstance(note, str):
        raise ValueError(f"{origin}: about.note must be text")
    dice = data.get("dice")
    if not isinstance(dice, dict):
        raise ValueError(f"{origin}: no [dice.<colour>] tables")
    unknown = sorted(set(dice) - {colour.value for colour in Colour})
    if unknown:
        raise ValueError(f"{origin}: unknown colour {unknown[0]!r} under [dice]")
    faces: dict[Colour, tuple[Face, ...]] = {}
    for colour in CONTRACT_ORDER:
        entry = dice.get(colour.value)
        if not isinstance(entry, dict):
            raise ValueError(f"{origin}: [dice.{colour.value}] is missing")
        faces[colour] = _read_faces(entry.get("faces"), where=f"{origin}: dice.{colour.value}")
    return DiceFaces(faces=faces, status=status, note=note.strip(), origin=origin)


def _read_faces(raw: object, *, where: str) -> tuple[Face, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_FACES:
        raise ValueError(f"{where}.faces must list 1 to {MAX_FACES} faces")
    faces: list[Face] = []
    for number, face in enumerate(raw, start=1):
        if not isinstance(face, list) or not all(isinstance(item, str) for item in face):
            raise ValueError(f"{where}.faces: face {number} must be a list of symbol names")
        faces.append(tuple(parse_symbol(item, where=f"{where} face {number}") for item in face))
    return tuple(faces)
