"""The Event row: five Events with their countdown dice, and the Action pairs beneath them.

Stworze's dice are never rolled: each sits on an Event card showing how many more choices of the
Action pair below it the Event waits for. A die counted down to 0 comes off the card, the Event
takes effect in phase 4 of that round, and the die goes back at the starting value. Action pairs
are numbered by position from the right (1 = the rightmost), as the Vitality bar locks them.
"""

from __future__ import annotations

from dataclasses import dataclass

EVENT_SLOTS = 5
KNOWN_EVENTS = ("Koliada", "Midsummer Night", "Harvest Festival", "Forefathers' Eve")
"""The Events the rulebook names (7 exist; Koliada is always in play)."""


def countdown_start(players: int) -> int:
    """The value each countdown die starts at (and is reset to): 3 solo, 4 for 2–3 players,
    5 for 4–5."""
    return _by_players(players, solo=3, few=4, many=5)


def village_limit(players: int) -> int:
    """How many Influence tokens in a Village make it count in phase 5: 3 solo, 4 for 2–3
    players, 5 for 4–5."""
    return _by_players(players, solo=3, few=4, many=5)


def _by_players(players: int, *, solo: int, few: int, many: int) -> int:
    if players == 1:
        return solo
    if players in (2, 3):
        return few
    if players in (4, 5):
        return many
    raise ValueError(f"Stworze is for 1 to 5 players, not {players}")


@dataclass(frozen=True)
class ActionPair:
    """Two Action cards sleeved back to back: only the top one can be chosen."""

    top: str
    bottom: str

    def turned(self) -> ActionPair:
        return ActionPair(self.bottom, self.top)


class EventRow:
    """The five Events left to right, each die's value (0 = taken off: the Event fires), and
    the Action pair under each slot."""

    def __init__(
        self, events: list[str], start: int, pairs: list[ActionPair] | None = None
    ) -> None:
        if len(events) != EVENT_SLOTS:
            raise ValueError(f"the Event row holds {EVENT_SLOTS} Events, got {len(events)}")
        if start < 1:
            raise ValueError(f"a countdown die starts at 1 or more, got {start}")
        if pairs is not None and len(pairs) != EVENT_SLOTS:
            raise ValueError(f"the row holds {EVENT_SLOTS} Action pairs, got {len(pairs)}")
        self.events = list(events)
        self.start = start
        self.dice = [start] * EVENT_SLOTS
        self.pairs = list(pairs) if pairs is not None else None

    def count_down(self, slot: int) -> bool:
        """Lower the die on Event ``slot`` (0 = leftmost); True when it has just come off."""
        self._check_slot(slot)
        if self.dice[slot] == 0:
            raise ValueError(f"{self.events[slot]}'s die is already off; it fires this round")
        self.dice[slot] -= 1
        return self.dice[slot] == 0

    def set_die(self, slot: int, value: int) -> None:
        """Put Event ``slot``'s die at ``value`` (a card effect, or the table's own count)."""
        self._check_slot(slot)
        if not 0 <= value <= 6:
            raise ValueError(f"a countdown die shows 0 to 6, not {value}")
        self.dice[slot] = value

    def pair_at(self, position: int) -> ActionPair:
        return self._pairs()[self._slot_of(position)]

    def choose(self, position: int, locked: int = 0) -> str:
        """Take the top Action of the pair at ``position`` (1 = rightmost). ``locked`` positions
        from the right are shut by the Vitality bar. Counts down the Event above the pair, moves
        the pair to position 1 (the pairs to its right shift one left) and turns it over so the
        other Action shows next time. Returns the Action taken."""
        pairs = self._pairs()
        slot = self._slot_of(position)
        if position <= locked:
            shut = "position 1" if locked == 1 else f"positions 1 to {locked}"
            raise ValueError(
                f"position {position} is locked: with this Vitality {shut} cannot be chosen"
            )
        chosen = pairs[slot]
        self.count_down(slot)
        del pairs[slot]
        pairs.append(chosen.turned())
        return chosen.top

    def firing(self) -> tuple[int, ...]:
        """Slots whose die is off, left to right: their Events take effect in phase 4."""
        return tuple(slot for slot, value in enumerate(self.dice) if value == 0)

    def resolve(self) -> tuple[str, ...]:
        """Phase 4: the Events whose die is off, left to right; their dice go back to the start."""
        fired = self.firing()
        for slot in fired:
            self.dice[slot] = self.start
        return tuple(self.events[slot] for slot in fired)

    def _pairs(self) -> list[ActionPair]:
        if self.pairs is None:
            raise ValueError("this Event row was set up without Action pairs")
        return self.pairs

    def _slot_of(self, position: int) -> int:
        if not 1 <= position <= EVENT_SLOTS:
            raise ValueError(f"Action positions run from 1 (rightmost) to {EVENT_SLOTS}")
        return EVENT_SLOTS - position

    def _check_slot(self, slot: int) -> None:
        if not 0 <= slot < EVENT_SLOTS:
            raise ValueError(f"Event slots run from 0 to {EVENT_SLOTS - 1}, not {slot}")
