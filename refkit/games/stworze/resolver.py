"""A Stworze test: the token it costs, the cards it draws, what passes it and what a failure costs.

Stworze rolls no dice for a test: the player draws cards without replacement from the Day or the
Night deck, as many as the stat for that time plus modifiers, never fewer than 1 or more than 6,
and passes when any card's icon is the difficulty icon or one to its right on the board.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from refkit.games.stworze.deck import Deck, Icon, TimeOfDay

FEWEST_CARDS = 1
MOST_CARDS = 6


class Stat(StrEnum):
    BRUTALITY = "brutality"
    CUNNING = "cunning"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Influence(StrEnum):
    """The two sides of an Influence token (and of an Impact token)."""

    FEAR = "fear"
    FAVOR = "favor"

    @property
    def label(self) -> str:
        return self.value.capitalize()


def entry_token(stat: Stat) -> Influence:
    """The token a test (other than a Duel's) costs: Fear for Brutality, Favor for Cunning. The
    same kind is what the tester may discard for +1."""
    return Influence.FEAR if stat is Stat.BRUTALITY else Influence.FAVOR


def rival_token(stat: Stat) -> Influence:
    """The token one other player may discard for -1: the opposite kind."""
    return Influence.FAVOR if stat is Stat.BRUTALITY else Influence.FEAR


def failure_cost(stat: Stat) -> str:
    """What a failed test takes: a Vitality token for Brutality, a chosen Influence token for
    Cunning (a player short of one kind pays in the other)."""
    return "1 Vitality token" if stat is Stat.BRUTALITY else "1 Influence token of your choice"


@dataclass(frozen=True)
class Modifier:
    """One change to the stat, with where it came from in the game's words."""

    source: str
    value: int


@dataclass(frozen=True)
class Attempt:
    """One attempt at a test and all it adds up: the stat and its value for the time of day,
    and the modifiers a referee ticks off (the card's own, the Area's Impact token, the Warrior
    or Mage in the same Location, other card effects, and the two discarded tokens)."""

    stat: Stat
    time: TimeOfDay
    value: int
    card_modifier: int = 0
    impact: Influence | None = None
    warrior_here: bool = False
    mage_here: bool = False
    card_effects: int = 0
    own_token: bool = False
    rival_token: bool = False
    duel: bool = False

    def __post_init__(self) -> None:
        # A plain "brutality" (as a Qt combo box hands its data back) must not pass for neither
        # stat: every check below compares members by identity.
        object.__setattr__(self, "stat", Stat(self.stat))
        object.__setattr__(self, "time", TimeOfDay(self.time))
        if self.impact is not None:
            object.__setattr__(self, "impact", Influence(self.impact))

    def modifiers(self) -> tuple[Modifier, ...]:
        found: list[Modifier] = []
        if self.card_modifier:
            found.append(Modifier("card", self.card_modifier))
        if self.impact is not None:
            helps = (self.impact is Influence.FEAR) == (self.stat is Stat.BRUTALITY)
            found.append(Modifier(f"{self.impact.label} Impact", 1 if helps else -1))
        if self.warrior_here:
            found.append(Modifier("Warrior here", -2))
        if self.mage_here:
            found.append(Modifier("Mage here", 2))
        if self.card_effects:
            found.append(Modifier("card effects", self.card_effects))
        if self.own_token:
            found.append(Modifier(f"own {entry_token(self.stat).label} token", 1))
        if self.rival_token:
            found.append(Modifier(f"rival's {rival_token(self.stat).label} token", -1))
        return tuple(found)

    @property
    def total(self) -> int:
        return self.value + sum(modifier.value for modifier in self.modifiers())

    @property
    def cards(self) -> int:
        return draw_count(self.value, (modifier.value for modifier in self.modifiers()))

    @property
    def entry_cost(self) -> Influence | None:
        """The token placed face down in the nearest Village first; a Duel costs none."""
        return None if self.duel else entry_token(self.stat)


def draw_count(stat: int, modifiers: Iterable[int] = ()) -> int:
    """Cards to draw: the stat plus every modifier, at least 1 and at most 6."""
    return min(MOST_CARDS, max(FEWEST_CARDS, stat + sum(modifiers)))


@dataclass(frozen=True)
class Draw:
    """A test's draw: the cards drawn, in draw order, against the difficulty icon."""

    drawn: tuple[Icon, ...]
    difficulty: Icon

    @property
    def passed(self) -> bool:
        return any(card.rank >= self.difficulty.rank for card in self.drawn)

    @property
    def best(self) -> Icon:
        return max(self.drawn, key=lambda card: card.rank)


def draw_cards(deck: Deck, cards: int, rng: random.Random) -> tuple[Icon, ...]:
    """Shuffle ``deck`` and draw ``cards`` of it (all of it if it holds fewer)."""
    if cards < 0:
        raise ValueError(f"cannot draw {cards} cards")
    pile = list(deck.cards())
    rng.shuffle(pile)
    return tuple(pile[:cards])


def resolve_test(deck: Deck, cards: int, difficulty: Icon, rng: random.Random) -> Draw:
    """Draw ``cards`` from ``deck`` and judge them against ``difficulty``."""
    if difficulty not in deck.icons:
        raise ValueError(f"{difficulty.name!r} is not an icon of the {deck.time.value} deck")
    drawn = draw_cards(deck, cards, rng)
    if not drawn:
        raise ValueError(f"the {deck.time.value} deck has no cards to draw")
    return Draw(drawn, difficulty)


def duel_difficulty(deck: Deck, defender_value: int, rng: random.Random) -> Draw:
    """The defender's draw in a Duel: their raw stat for that time (held to 1–6), the best icon
    becomes the attacker's difficulty. The result's ``best`` is that icon; the cards go back
    into the deck before the attacker draws."""
    drawn = draw_cards(deck, draw_count(defender_value), rng)
    if not drawn:
        raise ValueError(f"the {deck.time.value} deck has no cards to draw")
    best = max(drawn, key=lambda card: card.rank)
    return Draw(drawn, best)
