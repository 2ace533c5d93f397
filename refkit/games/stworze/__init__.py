"""Stworze, pure: the Day and Night test decks, the test resolver and its exact odds, the Event
countdown row and the village tally. Stworze rolls no dice; its randomness is a card draw."""

from refkit.games.stworze.countdown import (
    KNOWN_EVENTS,
    ActionPair,
    EventRow,
    countdown_start,
    village_limit,
)
from refkit.games.stworze.deck import (
    Deck,
    Decks,
    Icon,
    TimeOfDay,
    load_decks,
    read_decks,
    shipped_decks_text,
    user_decks_path,
)
from refkit.games.stworze.odds import best_icon_chances, pass_chance, pass_chance_counts
from refkit.games.stworze.resolver import (
    Attempt,
    Draw,
    Influence,
    Modifier,
    Stat,
    draw_count,
    duel_difficulty,
    entry_token,
    failure_cost,
    resolve_test,
)
from refkit.games.stworze.tally import AREAS, VILLAGES, Bet, Tally, Village, tally_village

__all__ = [
    "AREAS",
    "KNOWN_EVENTS",
    "VILLAGES",
    "ActionPair",
    "Attempt",
    "Bet",
    "Deck",
    "Decks",
    "Draw",
    "EventRow",
    "Icon",
    "Influence",
    "Modifier",
    "Stat",
    "Tally",
    "TimeOfDay",
    "Village",
    "best_icon_chances",
    "countdown_start",
    "draw_count",
    "duel_difficulty",
    "entry_token",
    "failure_cost",
    "load_decks",
    "pass_chance",
    "pass_chance_counts",
    "read_decks",
    "resolve_test",
    "shipped_decks_text",
    "tally_village",
    "user_decks_path",
    "village_limit",
]
