"""Reading a Warcrow roll: face-to-face wounds, attribute tests, switches and the States."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from refkit.games.warcrow.symbols import Symbol, Symbols


@dataclass(frozen=True)
class FaceToFace:
    """Each side's Blocks cancel the other side's Successes one for one; what is left wounds."""

    character: Symbols
    enemy: Symbols
    wounds_to_enemy: int
    wounds_to_character: int

    @property
    def success(self) -> bool:
        """The roll succeeds when at least one of the Character's Successes is left."""
        return self.wounds_to_enemy > 0


def face_to_face(character: Symbols, enemy: Symbols) -> FaceToFace:
    """Cancel Blocks against Successes both ways; hollow symbols take no part."""
    return FaceToFace(
        character,
        enemy,
        wounds_to_enemy=max(0, character.success - enemy.block),
        wounds_to_character=max(0, enemy.success - character.block),
    )


@dataclass(frozen=True)
class AttributeTest:
    """An attribute test: ``counted`` of ``symbol`` against the ``needed`` number."""

    symbol: Symbol
    counted: int
    needed: int

    @property
    def passed(self) -> bool:
        return self.counted >= self.needed


def attribute_test(
    symbols: Symbols, needed: int, *, symbol: Symbol = Symbol.SUCCESS
) -> AttributeTest:
    """Pass when the roll shows at least ``needed`` of ``symbol`` (Success unless the test asks
    for Blocks); apply Expertise to ``symbols`` before, if the attribute has it."""
    if needed < 0:
        raise ValueError(f"a test needs 0 or more symbols, not {needed}")
    if symbol.hollow:
        raise ValueError("a test counts full symbols, not hollow ones")
    return AttributeTest(symbol, symbols.count(symbol), needed)


def apply_states(symbols: Symbols, *, stunned: bool = False, vulnerable: bool = False) -> Symbols:
    """Stunned takes away one Success, Vulnerable one Block (never below 0)."""
    return symbols.minus(Symbols(success=int(stunned), block=int(vulnerable)))


@dataclass(frozen=True)
class States:
    """The States that change a roll's result: applied after Switches, before cancelling."""

    stunned: bool = False
    vulnerable: bool = False

    def apply(self, symbols: Symbols) -> Symbols:
        return apply_states(symbols, stunned=self.stunned, vulnerable=self.vulnerable)

    def apply_counts(self, success: int, block: int) -> tuple[int, int]:
        return max(0, success - int(self.stunned)), max(0, block - int(self.vulnerable))

    def words(self) -> str:
        names = [
            name for name, on in (("Stunned", self.stunned), ("Vulnerable", self.vulnerable)) if on
        ]
        return ", ".join(names)


@dataclass(frozen=True)
class Switch:
    """A card's switch: pay ``cost`` from the roll to get ``gain``; at most once per roll."""

    name: str
    cost: Symbols
    gain: Symbols = field(default_factory=Symbols)


def use_switches(symbols: Symbols, switches: Sequence[Switch]) -> Symbols:
    """Pay for each switch in turn (spent symbols are gone) and add what it gives.

    ValueError when a switch is used twice or the symbols left cannot pay for it.
    """
    names = [switch.name for switch in switches]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"switch {name!r} can be used only once per roll")
    for switch in switches:
        if not symbols.covers(switch.cost):
            raise ValueError(
                f"switch {switch.name!r} costs {switch.cost.words()}, "
                f"but only {symbols.words()} are left"
            )
        symbols = symbols.minus(switch.cost) + switch.gain
    return symbols
