"""What an item card prints beside its slots: a weapon's tier damage, the price and the crafting
footer (moved out of :mod:`refkit.rules.inventory.model`, which names them still)."""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.common.whole_numbers import require_whole


@dataclass(frozen=True)
class TierDamage:
    """A weapon's attack: the characteristic tested and the damage at tier 2 and tier 3."""

    tier2: int
    tier3: int
    characteristic: str = "S"
    piercing: bool = False

    def __post_init__(self) -> None:
        require_whole("tier 2 damage", self.tier2, minimum=0)
        require_whole("tier 3 damage", self.tier3, minimum=0)

    @property
    def text(self) -> str:
        """The card's damage line, e.g. ``2 / 4`` or ``3 / 5 P``."""
        suffix = " P" if self.piercing else ""
        return f"{self.tier2} / {self.tier3}{suffix}"

    @property
    def card_text(self) -> str:
        """The damage with the characteristic added, as a card prints it: ``3+S / 6+S``."""
        suffix = " P" if self.piercing else ""
        mark = self.characteristic
        return f"{self.tier2}+{mark} / {self.tier3}+{mark}{suffix}"


@dataclass(frozen=True)
class Price:
    """What a card charges in gold crowns, and its Fine and Masterwork prices when it has them."""

    gc: int
    fine: int | None = None
    masterwork: int | None = None

    def __post_init__(self) -> None:
        require_whole("price", self.gc, minimum=0)
        for label, value in (("Fine price", self.fine), ("Masterwork price", self.masterwork)):
            if value is not None:
                require_whole(label, value, minimum=0)

    @property
    def text(self) -> str:
        """``25 gc``, or ``25 gc (Fine 1,000 · MW 2,000)``."""
        tiers = [
            f"{label} {value:,}"
            for label, value in (("Fine", self.fine), ("MW", self.masterwork))
            if value is not None
        ]
        extra = f" ({' · '.join(tiers)})" if tiers else ""
        return f"{self.gc:,} gc{extra}"


@dataclass(frozen=True)
class Crafting:
    """A card's crafting footer: the expertise and its uses, the materials, the goal points."""

    expertise: str
    uses: int
    materials: str
    goal: int

    def __post_init__(self) -> None:
        if not self.expertise.strip():
            raise ValueError("a crafting footer needs an expertise")
        require_whole("crafting uses", self.uses, minimum=1)
        require_whole("crafting goal", self.goal, minimum=0)

    @property
    def text(self) -> str:
        """``Blacksmithing 1 | 1 iron bar | 10``, in the order a card prints it."""
        return f"{self.expertise.capitalize()} {self.uses} | {self.materials} | {self.goal}"
