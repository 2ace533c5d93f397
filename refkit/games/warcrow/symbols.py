"""Warcrow symbols and a tally of them: Success, Block, Special and their hollow forms."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum


class Symbol(StrEnum):
    """A symbol on a die face; the value is the name the CLI and the data files use."""

    SUCCESS = "success"
    HOLLOW_SUCCESS = "hollow_success"
    BLOCK = "block"
    HOLLOW_BLOCK = "hollow_block"
    SPECIAL = "special"
    HOLLOW_SPECIAL = "hollow_special"

    @property
    def hollow(self) -> bool:
        return self.value.startswith("hollow_")

    @property
    def full(self) -> Symbol:
        """The full symbol a hollow one becomes under Expertise (a full symbol is itself)."""
        return Symbol(self.value.removeprefix("hollow_"))

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()


SYMBOL_ORDER: tuple[Symbol, ...] = tuple(Symbol)


def parse_symbol(text: str, *, where: str) -> Symbol:
    """The symbol named ``text`` (``success``, ``hollow block`` …); ValueError says where."""
    name = text.strip().casefold().replace(" ", "_").replace("-", "_")
    try:
        return Symbol(name)
    except ValueError:
        known = ", ".join(symbol.value for symbol in Symbol)
        shown = text if len(text) <= 40 else text[:39] + "…"
        raise ValueError(f"{where}: unknown symbol {shown!r}; symbols are {known}") from None


@dataclass(frozen=True)
class Symbols:
    """How many of each symbol a roll (or a die face, or a pool's automatic symbols) shows."""

    success: int = 0
    hollow_success: int = 0
    block: int = 0
    hollow_block: int = 0
    special: int = 0
    hollow_special: int = 0

    def __post_init__(self) -> None:
        for symbol in Symbol:
            count = getattr(self, symbol.value)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"a count of {symbol.label} must be 0 or more, got {count!r}")

    @classmethod
    def of(cls, symbols: Iterable[Symbol]) -> Symbols:
        counts = dict.fromkeys(Symbol, 0)
        for symbol in symbols:
            counts[symbol] += 1
        return cls.from_counts(counts)

    @classmethod
    def from_counts(cls, counts: Mapping[Symbol, int]) -> Symbols:
        return cls(**{symbol.value: counts.get(symbol, 0) for symbol in Symbol})

    def count(self, symbol: Symbol) -> int:
        return int(getattr(self, symbol.value))

    def counts(self) -> dict[Symbol, int]:
        return {symbol: self.count(symbol) for symbol in Symbol}

    def __add__(self, other: Symbols) -> Symbols:
        return Symbols.from_counts(
            {symbol: self.count(symbol) + other.count(symbol) for symbol in Symbol}
        )

    def minus(self, other: Symbols) -> Symbols:
        """These symbols with ``other`` taken away, none below 0."""
        return Symbols.from_counts(
            {symbol: max(0, self.count(symbol) - other.count(symbol)) for symbol in Symbol}
        )

    def covers(self, other: Symbols) -> bool:
        """True when every symbol of ``other`` is here at least as often (it can be paid)."""
        return all(self.count(symbol) >= other.count(symbol) for symbol in Symbol)

    def with_expertise(self) -> Symbols:
        """Expertise: every hollow symbol counts as its full one."""
        counts = dict.fromkeys(Symbol, 0)
        for symbol in Symbol:
            counts[symbol.full] += self.count(symbol)
        return Symbols.from_counts(counts)

    def as_dict(self) -> dict[str, int]:
        """The contract's ``symbols`` object: every symbol name with its count."""
        return {symbol.value: self.count(symbol) for symbol in Symbol}

    def sequence(self) -> tuple[Symbol, ...]:
        """Each symbol as often as it is counted, in the one order (for drawing)."""
        return tuple(symbol for symbol in Symbol for _ in range(self.count(symbol)))

    def words(self) -> str:
        """``2 Success, 1 Hollow special`` — or ``no symbols``."""
        parts = [f"{self.count(s)} {s.label}" for s in Symbol if self.count(s)]
        return ", ".join(parts) if parts else "no symbols"

    def __bool__(self) -> bool:
        return any(self.count(symbol) for symbol in Symbol)
