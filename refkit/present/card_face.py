"""What an item card shows (:class:`CardFace`), and the facts and colours a card carries.

The GUI paints a face (``refkit.gui.inventory.item_card_widget``) and PDF export will print it;
how wide a text is and which font fits stays with whoever draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.rules.inventory.model import Item

# Header colours by what an item is; white text reads on each in light and dark palettes.
KIND_COLOURS: dict[str, str] = {
    "weapon": "#8c3b2a",
    "armor": "#3d5a80",
    "shield": "#3d5a80",
    "light": "#a06a00",
    "potion": "#2e7d4f",
    "consumable": "#4f7a32",
    "magic": "#6a3d9a",
    "spellbook": "#28507a",
    "tool": "#55606e",
}
DEFAULT_KIND_COLOUR = "#5d5d5d"
KIND_ORDER = (
    "magic",
    "spellbook",
    "weapon",
    "shield",
    "armor",
    "light",
    "potion",
    "consumable",
    "tool",
)


@dataclass(frozen=True)
class CardFace:
    """Everything a card prints, already in words and numbers."""

    name: str
    slots: int = 1
    count: int = 1
    stack_limit: int | None = None
    stack_kind: str | None = None
    usage_current: int | None = None
    usage_max: int | None = None
    usage_modes: str = ""
    ad: int | None = None
    max_ad: int | None = None
    worn: bool = False
    shield: bool = False
    damage: str = ""
    notes: str = ""
    tags: tuple[str, ...] = ()
    useless: bool = False
    magic: bool = False
    keywords: tuple[str, ...] = ()
    attack_range: str = ""
    price: str = ""
    crafting: str = ""
    damaged: bool = False
    until_fixed: bool = False
    """Useless until fixed (Bury the Point), apart from usage dice run out (``useless``)."""

    @classmethod
    def from_item(cls, item: Item) -> CardFace:
        dice = item.usage_dice
        armor = item.armor
        damage = ""
        if item.damage is not None:
            damage = item.damage.card_text
        return cls(
            name=item.name,
            slots=item.slots,
            count=item.count,
            stack_limit=item.stack.limit if item.stack else None,
            stack_kind=item.stack.kind if item.stack else None,
            usage_current=dice.current if dice else None,
            usage_max=dice.max if dice else None,
            usage_modes="; ".join(mode.value for mode in dice.ordered_modes) if dice else "",
            ad=armor.ad if armor else None,
            max_ad=armor.max_ad if armor else None,
            worn=item.worn,
            shield=item.is_shield,
            damage=damage,
            notes=item.notes,
            tags=item.tags,
            useless=bool(dice and dice.useless),
            magic=item.area == "magic" or "magic" in item.tags,
            keywords=item.keywords,
            attack_range=item.attack_range,
            price=item.price.text if item.price is not None else "",
            crafting=item.crafting.text if item.crafting is not None else "",
            damaged=item.damaged,
            until_fixed=item.useless,
        )

    @classmethod
    def from_catalogue(cls, entry: CatalogueItem) -> CardFace:
        return cls.from_item(entry.to_item())

    @property
    def kind(self) -> str:
        """The first of magic, spellbook, weapon, shield, armor, light, potion, consumable, tool."""
        tags = set(self.tags)
        if self.magic:
            tags.add("magic")
        if self.shield:
            tags.add("shield")
        if self.ad is not None:
            tags.add("armor")
        for kind in KIND_ORDER:
            if kind in tags:
                return kind
        return ""

    @property
    def count_text(self) -> str:
        """``3/5`` for a stack (count of limit), ``×2`` for a count without a limit, else ""."""
        if self.stack_limit is not None:
            return f"{self.count}/{self.stack_limit}"
        if self.count > 1:
            return f"×{self.count}"
        return ""

    @property
    def ad_text(self) -> str:
        if self.ad is None:
            return ""
        text = f"AD {self.ad}/{self.max_ad}"
        if self.worn:
            text += " · WORN"
        return text

    @property
    def usage_text(self) -> str:
        """Usage dice as pips, filled for dice left: ``UD ●●○``; ``UD used up`` at 0 if useless."""
        if self.usage_max is None or self.usage_current is None:
            return ""
        if self.useless:
            return "UD used up"
        pips = "●" * self.usage_current + "○" * (self.usage_max - self.usage_current)
        return f"UD {pips}"

    def tooltip(self) -> str:
        """Everything on the card in full, for a tooltip or a screen reader."""
        lines = [f"<b>{_escape(self.name)}</b>"]
        facts = []
        if self.slots > 1:
            facts.append(f"{self.slots} slots side by side")
        if self.stack_limit is not None:
            facts.append(f"stack of {self.count} (up to {self.stack_limit} {self.stack_kind})")
        elif self.count > 1:
            facts.append(f"{self.count} of them")
        if self.ad is not None:
            worn = ", worn" if self.worn else ""
            facts.append(f"armour defence {self.ad} of {self.max_ad}{worn}")
        if self.damage:
            facts.append(f"damage tier 2 / tier 3: {self.damage}")
        if self.attack_range:
            facts.append(f"range {self.attack_range}")
        if self.usage_max is not None:
            modes = f" ({self.usage_modes})" if self.usage_modes else ""
            facts.append(f"usage dice {self.usage_current} of {self.usage_max}{modes}")
        if facts:
            lines.append(_escape(_first_upper("; ".join(facts))))
        if self.damaged:
            lines.append(f"<b>{_escape(DAMAGED_TEXT)}</b>")
        if self.until_fixed:
            lines.append(f"<b>{_escape(UNTIL_FIXED_TEXT)}</b>")
        if self.keywords:
            lines.append(_escape(_first_upper(", ".join(self.keywords))))
        if self.price:
            lines.append(_escape(f"Price {self.price}"))
        if self.crafting:
            lines.append(_escape(f"Crafting: {self.crafting}"))
        if self.tags:
            lines.append(f"<i>{_escape(', '.join(self.tags))}</i>")
        if self.notes:
            lines.append(_escape(self.notes))
        return "<br>".join(lines)

    def spoken(self) -> str:
        """A one-line description for accessibility (no markup)."""
        parts = [self.name]
        if self.count_text:
            parts.append(f"count {self.count_text}")
        if self.slots > 1:
            parts.append(f"{self.slots} slots")
        if self.ad_text:
            parts.append(self.ad_text)
        if self.damaged:
            parts.append("damaged")
        if self.until_fixed:
            parts.append("useless until fixed")
        if self.usage_text:
            parts.append(f"usage dice {self.usage_current} of {self.usage_max}")
        return ", ".join(parts)


DAMAGED_TEXT = "Damaged: a bane until repaired at a rest"
UNTIL_FIXED_TEXT = "Useless until fixed (Bury the Point): a rest activity fixes it"


def _first_upper(text: str) -> str:
    # Not str.capitalize(): that lowers the rest, and "3+S" would read "3+s".
    return text[:1].upper() + text[1:]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


USED_UP_COLOUR = "#757575"
"""The header of an item whose usage dice are used up: greyed whatever it is."""
USED_UP_INK = "#b00020"
"""The "UD used up" line is set in this red."""


def kind_colour(face: CardFace) -> str:
    """The header colour for what ``face`` is, as ``#rrggbb``."""
    return KIND_COLOURS.get(face.kind, DEFAULT_KIND_COLOUR)


def accent_colour(face: CardFace) -> str:
    """The colour a card's header and frame are drawn in: its kind's, grey once used up or
    useless until fixed."""
    return USED_UP_COLOUR if face.useless or face.until_fixed else kind_colour(face)


@dataclass(frozen=True)
class CardFact:
    """One line under a card's header: its text, set in bold, or in the used-up red."""

    text: str
    strong: bool = False
    used_up: bool = False
    footer: bool = False
    """A line of the card's foot (price, crafting): drawn at the bottom when there is room."""


def card_facts(face: CardFace) -> tuple[CardFact, ...]:
    """The lines under the header, in order: AD (bold when worn), damaged and useless until
    fixed (in red), damage with
    its characteristic, range, weapon properties and group, usage dice, slots, price, crafting
    footer.

    The most used come first: a small card shows as many as fit. Notes come after them in
    italics, in whatever room is left; price and crafting (``footer``) sit at the card's foot, as
    on a printed card, when it has room for them as well.
    """
    facts: list[CardFact] = []
    if face.ad_text:
        facts.append(CardFact(face.ad_text, strong=face.worn))
    if face.damaged:
        facts.append(CardFact("DAMAGED · bane", strong=True, used_up=True))
    if face.until_fixed:
        facts.append(CardFact("USELESS · until fixed", strong=True, used_up=True))
    if face.damage:
        facts.append(CardFact(f"Dmg {face.damage}"))
    if face.attack_range:
        facts.append(CardFact(_first_upper(face.attack_range)))
    # A weapon's first keyword is its group (bow, chopping, slashing, …); its properties (parry 4,
    # reload, brutal, …) matter more in a fight, so they come first where a narrow card cuts the
    # line short.
    if face.keywords:
        facts.append(CardFact(" · ".join((*face.keywords[1:], face.keywords[0]))))
    if face.usage_text:
        facts.append(CardFact(face.usage_text, used_up=face.useless))
    if face.slots > 1:
        facts.append(CardFact(f"{face.slots} slots"))
    if face.price:
        facts.append(CardFact(face.price, footer=True))
    if face.crafting:
        facts.append(CardFact(face.crafting, footer=True))
    return tuple(facts)
