"""The Warriors of Krynn table tracker: each hero's stress against its maximum, ability cards in
hand and discarded, equipment; the active hero's four-action budget for the turn and the respites
taken; the key moment tracker. Pure and immutable: every change returns a new tracker, and a
change the rules refuse raises :class:`KrynnTrackerError` (nothing changed).

Readings the reference leaves open (PROPOSALS, said in the panel): stress stops at 0; a respite
after the first in a turn spends one saved action; a hero whose stress is over the maximum with
no ability card in hand has died (the reference's end condition), and the scenario ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from refkit.errors import DomainError
from refkit.games.warriors_of_krynn.conflict import ACTIONS_PER_TURN, ConflictResult

NAME_LIMIT = 40
MAX_COUNT = 99
RESPITE_STRESS = 2
RESPITE_CARDS = 2
RespiteChoice = Literal["stress", "cards"]


class KrynnTrackerError(DomainError, ValueError):
    """A change the tracker refuses; its message says what and why."""


def _count(value: object, what: str, high: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise KrynnTrackerError(f"{what} must be a whole number, got {value!r}")
    if not 0 <= value <= high:
        raise KrynnTrackerError(f"{what} must be 0 to {high}, got {value}")
    return value


@dataclass(frozen=True)
class Hero:
    name: str
    stress_max: int
    stress: int = 0
    hand: int = 0
    discarded: int = 0
    equipment: int = 0

    def __post_init__(self) -> None:
        name = " ".join(str(self.name).split())
        if not name or len(name) > NAME_LIMIT:
            raise KrynnTrackerError(f"a hero's name is 1 to {NAME_LIMIT} characters")
        object.__setattr__(self, "name", name)
        _count(self.stress_max, f"{name}'s stress maximum")
        if self.stress_max < 1:
            raise KrynnTrackerError(f"{name}'s stress maximum must be 1 or more")
        for what in ("stress", "hand", "discarded", "equipment"):
            _count(getattr(self, what), f"{name}'s {what}")

    @property
    def over_max(self) -> bool:
        return self.stress > self.stress_max

    @property
    def dead(self) -> bool:
        """Stress over the maximum with no ability card left in hand."""
        return self.over_max and self.hand == 0

    def with_stress(self, change: int) -> Hero:
        return replace(self, stress=min(MAX_COUNT, max(0, self.stress + change)))

    def discarding(self, cards: int) -> Hero:
        if cards > self.hand:
            raise KrynnTrackerError(
                f"{self.name} holds {self.hand} ability card{'' if self.hand == 1 else 's'}, "
                f"so cannot discard {cards}"
            )
        return replace(self, hand=self.hand - cards, discarded=self.discarded + cards)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "stress": self.stress,
            "stress_max": self.stress_max,
            "hand": self.hand,
            "discarded": self.discarded,
            "equipment": self.equipment,
            "over_max": self.over_max,
            "dead": self.dead,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hero:
        return cls(
            data["name"],
            data["stress_max"],
            data.get("stress", 0),
            data.get("hand", 0),
            data.get("discarded", 0),
            data.get("equipment", 0),
        )


@dataclass(frozen=True)
class KrynnTracker:
    heroes: tuple[Hero, ...] = ()
    active: str | None = None
    actions_left: int = 0
    respites: int = 0
    turn: int = 0
    key_moments: int = 0
    final_key_moment: int | None = None

    # --- reading ---------------------------------------------------------------------------

    def hero(self, name: str) -> Hero:
        wanted = " ".join(name.split()).casefold()
        for hero in self.heroes:
            if hero.name.casefold() == wanted:
                return hero
        names = ", ".join(hero.name for hero in self.heroes) or "none yet"
        raise KrynnTrackerError(f"no hero called {name!r} at the table (heroes: {names})")

    @property
    def ended(self) -> str | None:
        """Why the scenario has ended, as far as the tracker knows, or None."""
        dead = [hero.name for hero in self.heroes if hero.dead]
        if dead:
            return f"{dead[0]} has died (stress over the maximum, no ability card left)"
        if self.final_key_moment is not None and self.key_moments >= self.final_key_moment:
            return "the final key moment is read"
        return None

    # --- the table -------------------------------------------------------------------------

    def added(self, hero: Hero) -> KrynnTracker:
        if any(other.name.casefold() == hero.name.casefold() for other in self.heroes):
            raise KrynnTrackerError(f"{hero.name} is already at the table")
        return replace(self, heroes=(*self.heroes, hero))

    def removed(self, name: str) -> KrynnTracker:
        gone = self.hero(name)
        heroes = tuple(hero for hero in self.heroes if hero is not gone)
        if self.active == gone.name:
            return replace(self, heroes=heroes, active=None, actions_left=0, respites=0)
        return replace(self, heroes=heroes)

    def with_hero(self, hero: Hero) -> KrynnTracker:
        old = self.hero(hero.name)
        return replace(self, heroes=tuple(hero if h is old else h for h in self.heroes))

    def changed(self, name: str, **values: int) -> KrynnTracker:
        """Set a hero's counters (stress, stress_max, hand, discarded, equipment) as typed."""
        allowed = {"stress", "stress_max", "hand", "discarded", "equipment"}
        unknown = sorted(set(values) - allowed)
        if unknown:
            raise KrynnTrackerError(f"a hero has no counter {unknown[0]!r}")
        hero = self.hero(name)
        counts = {key: getattr(hero, key) for key in allowed} | values
        return self.with_hero(Hero(hero.name, **counts))

    def stressed(self, name: str, change: int) -> KrynnTracker:
        """Stress up (absorbed battle hits, a card) or down; it stops at 0."""
        return self.with_hero(self.hero(name).with_stress(change))

    def key_moment(self) -> KrynnTracker:
        if self.final_key_moment is not None and self.key_moments >= self.final_key_moment:
            raise KrynnTrackerError("the final key moment is already read: the scenario is over")
        return replace(self, key_moments=self.key_moments + 1)

    def with_final_key_moment(self, final: int | None) -> KrynnTracker:
        if final is not None and _count(final, "the final key moment") < 1:
            raise KrynnTrackerError("the final key moment is 1 or more")
        return replace(self, final_key_moment=final)

    # --- the active hero's turn -------------------------------------------------------------

    def start_turn(self, name: str) -> KrynnTracker:
        """``name``'s turn begins: four actions to spend, no respite taken yet."""
        hero = self.hero(name)
        if hero.dead:
            raise KrynnTrackerError(f"{hero.name} has died and takes no turn")
        return replace(
            self, active=hero.name, actions_left=ACTIONS_PER_TURN, respites=0, turn=self.turn + 1
        )

    def _active(self) -> Hero:
        if self.active is None:
            raise KrynnTrackerError("no hero's turn has begun: start one first")
        return self.hero(self.active)

    def spend(self, actions: int, what: str) -> KrynnTracker:
        """The active hero spends ``actions`` of the turn's four on ``what``."""
        self._active()
        _count(actions, "actions", ACTIONS_PER_TURN)
        if actions > self.actions_left:
            raise KrynnTrackerError(
                f"{what} takes {_plural(actions, 'action')}, but {self.active} has "
                f"{_plural(self.actions_left, 'action')} left this turn"
            )
        return replace(self, actions_left=self.actions_left - actions)

    def conflict(self, actions: int, discards: int, result: ConflictResult) -> KrynnTracker:
        """A conflict of the active hero: the actions invested (at least 1) are spent, the
        ability cards discarded leave the hand, the woes' stress is taken, and an overkilled
        vile champion gives an equipment card."""
        spent = self.spend(max(1, actions), "the conflict")
        hero = spent._active().discarding(_count(discards, "discards")).with_stress(result.stress)
        if result.equipment:
            hero = replace(hero, equipment=min(MAX_COUNT, hero.equipment + 1))
        return spent.with_hero(hero)

    def encounter(self, cost: int, discards: int) -> KrynnTracker:
        """An encounter costing ``cost`` actions (after its discounts), ``discards`` ability
        cards discarded for them."""
        spent = self.spend(cost, "the encounter")
        return spent.with_hero(spent._active().discarding(_count(discards, "discards")))

    def move(self, leaving_vile_champion: bool) -> KrynnTracker:
        """Move: 1 action, and 1 stress when leaving a tile with a vile champion."""
        spent = self.spend(1, "moving")
        return spent.with_hero(spent._active().with_stress(1 if leaving_vile_champion else 0))

    def respite(self, choice: RespiteChoice, *, tile_clear: bool) -> KrynnTracker:
        """A respite: stress down by 2, or 2 discarded ability cards back to hand. Only on a tile
        with no Dragon Army units and no vile champions; one after the first spends a saved
        action."""
        hero = self._active()
        if not tile_clear:
            raise KrynnTrackerError(
                "no respite on a tile with Dragon Army units or a vile champion"
            )
        tracker = self.spend(1, "another respite") if self.respites else self
        if choice == "stress":
            hero = hero.with_stress(-RESPITE_STRESS)
        elif choice == "cards":
            back = min(RESPITE_CARDS, hero.discarded)
            hero = replace(hero, hand=hero.hand + back, discarded=hero.discarded - back)
        else:
            raise KrynnTrackerError(f"a respite lowers stress or returns cards, not {choice!r}")
        return replace(tracker.with_hero(hero), respites=self.respites + 1)

    # --- stored form ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "heroes": [hero.to_dict() for hero in self.heroes],
            "active": self.active,
            "actions_left": self.actions_left,
            "respites": self.respites,
            "turn": self.turn,
            "key_moments": self.key_moments,
            "final_key_moment": self.final_key_moment,
            "ended": self.ended,
        }

    @classmethod
    def from_dict(cls, data: object) -> KrynnTracker:
        if not isinstance(data, dict):
            raise KrynnTrackerError("the stored Krynn tracker is not a JSON object")
        try:
            tracker = cls(
                tuple(Hero.from_dict(hero) for hero in data.get("heroes", [])),
                data.get("active"),
                _count(data.get("actions_left", 0), "actions left", ACTIONS_PER_TURN),
                _count(data.get("respites", 0), "respites"),
                _count(data.get("turn", 0), "turn", 10_000),
                _count(data.get("key_moments", 0), "key moments"),
                data.get("final_key_moment"),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise KrynnTrackerError(f"the stored Krynn tracker is damaged ({error})") from None
        if tracker.active is not None:
            tracker.hero(tracker.active)
        return tracker


def _plural(number: int, one: str) -> str:
    return f"{number} {one}{'' if number == 1 else 's'}"
