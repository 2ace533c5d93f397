"""Stworze's Day and Night test decks: the icons, their order, and how many cards show each.

The decks are data (``resources/games/stworze/decks.toml``, or the user's own copy in the data
folder): the rulebook does not list what the 16 cards show, so the shipped counts are a proposal
and the file says so (``unverified = true``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from refkit.locate import read_resource_text

DECKS_RESOURCE = ("games", "stworze", "decks.toml")
"""Where the shipped decks are under ``resources/``; a user's copy sits at the same path in the
data folder."""

MAX_CARDS_PER_ICON = 16
"""The game has 16 Day and Night cards in all, so no icon shows on more."""


class TimeOfDay(StrEnum):
    """Which deck a test draws from, and which of a stat's two values it uses."""

    DAY = "day"
    NIGHT = "night"

    @property
    def label(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True)
class Icon:
    """One icon of a deck: its name, its place on the board (1 = easiest) and its card count."""

    name: str
    rank: int
    cards: int


@dataclass(frozen=True)
class Deck:
    """One time of day's deck; ``icons`` run from the easiest to the hardest."""

    time: TimeOfDay
    icons: tuple[Icon, ...]

    @property
    def size(self) -> int:
        return sum(icon.cards for icon in self.icons)

    def icon(self, name: str) -> Icon:
        """The icon called ``name`` (case and spacing aside); ValueError names the choices."""
        wanted = " ".join(name.split()).casefold()
        for icon in self.icons:
            if icon.name.casefold() == wanted:
                return icon
        known = ", ".join(icon.name for icon in self.icons)
        raise ValueError(f"the {self.time.value} deck has no icon {name!r} (icons: {known})")

    def cards(self) -> tuple[Icon, ...]:
        """Every card of the deck, one entry per card, easiest icons first."""
        return tuple(icon for icon in self.icons for _ in range(icon.cards))

    def cards_reaching(self, difficulty: Icon) -> int:
        """How many cards show ``difficulty`` or an icon to its right."""
        return sum(icon.cards for icon in self.icons if icon.rank >= difficulty.rank)

    def without_a_best_card(self) -> Deck:
        """The optional harder game: one card with the deck's best icon taken out."""
        best = max(
            (icon for icon in self.icons if icon.cards), key=lambda icon: icon.rank, default=None
        )
        if best is None:
            return self
        icons = tuple(
            Icon(icon.name, icon.rank, icon.cards - 1) if icon is best else icon
            for icon in self.icons
        )
        return Deck(self.time, icons)


@dataclass(frozen=True)
class Decks:
    """The Day and the Night deck, whether their contents are unverified, and where they say
    they came from."""

    day: Deck
    night: Deck
    unverified: bool
    source: str

    def for_time(self, time: TimeOfDay | str) -> Deck:
        return self.day if TimeOfDay(time) is TimeOfDay.DAY else self.night


def shipped_decks_text() -> str:
    return read_resource_text(*DECKS_RESOURCE)


def user_decks_path(data_folder: Path) -> Path:
    """Where a user's own decks file goes in ``data_folder`` (it replaces the shipped one)."""
    return data_folder.joinpath(*DECKS_RESOURCE)


def read_decks(data_folder: Path | None) -> tuple[Decks, Path | None]:
    """The user's decks file in ``data_folder`` when there is one, else the shipped decks; with
    the user's file's path (None for the shipped decks). A bad user file raises ValueError
    naming it, never falls back silently."""
    if data_folder is not None:
        path = user_decks_path(data_folder)
        if path.is_file():
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise ValueError(f"cannot read {path}: {error}") from None
            return load_decks(text, where=str(path)), path
    return load_decks(shipped_decks_text(), where="the shipped decks.toml"), None


def load_decks(text: str, where: str = "decks.toml") -> Decks:
    """Read decks from TOML text; ValueError says what is wrong and where (``where`` names the
    file in the message)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{where} is not valid TOML: {error}") from None
    unverified = data.get("unverified", True)
    if not isinstance(unverified, bool):
        raise ValueError(f"{where}: 'unverified' must be true or false, got {unverified!r}")
    source = data.get("source", "")
    if not isinstance(source, str):
        raise ValueError(f"{where}: 'source' must be text, got {source!r}")
    return Decks(
        day=_read_deck(data, TimeOfDay.DAY, where),
        night=_read_deck(data, TimeOfDay.NIGHT, where),
        unverified=unverified,
        source=source.strip(),
    )


def _read_deck(data: Mapping[str, Any], time: TimeOfDay, where: str) -> Deck:
    rows = data.get(time.value)
    if not isinstance(rows, list) or not rows:
        raise ValueError(
            f"{where}: the {time.value} deck is missing; give it as [[{time.value}]] tables, "
            "each with an icon and a number of cards"
        )
    icons = tuple(_read_icon(row, rank, time, where) for rank, row in enumerate(rows, start=1))
    _check_names(icons, time, where)
    if not any(icon.cards for icon in icons):
        raise ValueError(f"{where}: the {time.value} deck has no cards")
    return Deck(time, icons)


def _read_icon(row: object, rank: int, time: TimeOfDay, where: str) -> Icon:
    place = f"{where}: {time.value} icon {rank}"
    if not isinstance(row, Mapping):
        raise ValueError(f"{place} must be a table with an icon and a number of cards")
    unknown = sorted(set(row) - {"icon", "cards"})
    if unknown:
        raise ValueError(f"{place} has unknown keys {', '.join(unknown)} (keys: icon, cards)")
    name = row.get("icon")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{place} needs an icon name (text)")
    cards = row.get("cards")
    if isinstance(cards, bool) or not isinstance(cards, int):
        raise ValueError(f"{place} ({name.strip()}) needs a whole number of cards, got {cards!r}")
    if not 0 <= cards <= MAX_CARDS_PER_ICON:
        raise ValueError(
            f"{place} ({name.strip()}) has {cards} cards; give 0 to {MAX_CARDS_PER_ICON}"
        )
    return Icon(" ".join(name.split()), rank, cards)


def _check_names(icons: Sequence[Icon], time: TimeOfDay, where: str) -> None:
    seen: set[str] = set()
    for icon in icons:
        key = icon.name.casefold()
        if key in seen:
            raise ValueError(f"{where}: the {time.value} deck names {icon.name!r} twice")
        seen.add(key)
