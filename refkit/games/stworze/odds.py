"""Exact odds of a Stworze test: drawing without replacement (hypergeometric), as Fractions."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from refkit.games.stworze.deck import Deck, Icon


def pass_chance_counts(deck_size: int, reaching: int, cards: int) -> Fraction:
    """Chance that ``cards`` drawn from ``deck_size`` cards include one of the ``reaching`` ones:
    one minus the chance that every card drawn misses. Drawing more cards than the deck holds
    draws the whole deck."""
    if deck_size < 1:
        raise ValueError(f"a deck needs at least one card, got {deck_size}")
    if not 0 <= reaching <= deck_size:
        raise ValueError(f"{reaching} cards cannot reach the difficulty in a {deck_size}-card deck")
    if cards < 1:
        raise ValueError(f"a test draws at least one card, got {cards}")
    drawn = min(cards, deck_size)
    # comb(a, b) is 0 when b > a: drawing more misses than there are means a hit is certain.
    return 1 - Fraction(comb(deck_size - reaching, drawn), comb(deck_size, drawn))


def pass_chance(deck: Deck, difficulty: Icon, cards: int) -> Fraction:
    """Chance that ``cards`` drawn from ``deck`` show ``difficulty`` or a harder icon."""
    if difficulty not in deck.icons:
        raise ValueError(f"{difficulty.name!r} is not an icon of the {deck.time.value} deck")
    return pass_chance_counts(deck.size, deck.cards_reaching(difficulty), cards)


def best_icon_chances(deck: Deck, cards: int) -> dict[Icon, Fraction]:
    """For each icon, the chance it is the best one among ``cards`` drawn (what a Duel's
    defender sets as the difficulty); icons no draw can make best get 0."""
    chances: dict[Icon, Fraction] = {}
    for icon in deck.icons:
        reaching = pass_chance(deck, icon, cards)
        harder = [other for other in deck.icons if other.rank > icon.rank]
        beyond = pass_chance(deck, harder[0], cards) if harder else Fraction(0)
        chances[icon] = reaching - beyond
    return chances
