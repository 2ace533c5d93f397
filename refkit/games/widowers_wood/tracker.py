"""The Widower's Wood table: each hero's health, the event deck as the chapter's timer, and the
order villains activate in. Pure; every change returns a new table or raises TrackerError.

Health (rulebook L436-446): a hero has one Life/Wound token per point of Vitality; health is the
tokens red side up and never goes below 0. At 0 the hero is Incapacitated — Knocked Down the first
time — and in each of its Spawning Phases two black tokens go back to the box; when the last is
gone the hero has Passed Out. A Battle-Ready hero holding a Full Alchemical Restoration may revive
an Incapacitated one in its space: every token left turns red again, the reviver's vial is empty,
and the revived hero stays Knocked Down (L509-511).

The timer (L289-297, L609-611): each round begins by drawing an event card, whose colour is the
round's priority colour; an ENVIRONMENT card stays until the next ENVIRONMENT card. A round that
begins with the event deck empty ends the chapter in defeat.

Reserves (L114, L319-323, L448): each villain type's miniatures not on the board wait in its
reserve, red and blue; a spawn takes one from it (the colour with more left, the priority colour
on a tie) and an Incapacitated villain goes back to it. A type named as the box names it starts
with the box's miniatures (``box.py``) less those on the board. A type's index tokens are the
spawn die's results that pick it (a chapter may give one type several); the lowest is its
priority number.

Activation order (L597-607): villains of the priority colour first, then the other colour; within
a colour the type with the lowest index token (none counts as 0) first; what is still level is the
active player's choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from refkit.errors import DomainError

Colour = Literal["red", "blue"]
COLOURS: Final[tuple[Colour, Colour]] = ("red", "blue")
DISCARD_WHEN_DOWN: Final = 2
"""Black tokens an Incapacitated hero discards in each of its Spawning Phases (L444)."""
MAX_VITALITY: Final = 20
MAX_DECK: Final = 60
MAX_ON_BOARD: Final = 20
NAME_LIMIT: Final = 40


class TrackerError(DomainError, ValueError):
    """A change the rules (or the table as it stands) refuse; nothing changed."""


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TrackerError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _name(text: object, what: str) -> str:
    if not isinstance(text, str) or not " ".join(text.split()):
        raise TrackerError(f"{what} needs a name")
    name = " ".join(text.split())
    if len(name) > NAME_LIMIT:
        raise TrackerError(f"{what}: {name[:20]!r}… is longer than {NAME_LIMIT} characters")
    return name


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def parse_colour(text: object, where: str) -> Colour:
    if text not in COLOURS:
        raise TrackerError(f"{where}: the colour is red or blue, not {text!r}")
    return text


@dataclass(frozen=True)
class Hero:
    """A hero's Life/Wound tokens: ``tokens`` still by its sheet, ``health`` of them red."""

    name: str
    initiative: int
    vitality: int
    health: int
    tokens: int
    knocked_down: bool = False
    restoration: bool = True
    """The Alchemical Restoration token is on its Full side."""

    def __post_init__(self) -> None:
        _name(self.name, "a hero")
        _whole(self.initiative, f"{self.name}: Initiative", 0, 20)
        _whole(self.vitality, f"{self.name}: Vitality", 1, MAX_VITALITY)
        _whole(self.tokens, f"{self.name}: Life/Wound tokens", 0, self.vitality)
        _whole(self.health, f"{self.name}: Health", 0, self.tokens)

    @classmethod
    def new(cls, name: str, initiative: int, vitality: int) -> Hero:
        """A hero at the start of a campaign: every token red, the vial Full."""
        _whole(vitality, f"{name}: Vitality", 1, MAX_VITALITY)
        return cls(_name(name, "a hero"), initiative, vitality, vitality, vitality)

    @property
    def battle_ready(self) -> bool:
        return self.health >= 1

    @property
    def passed_out(self) -> bool:
        return self.tokens == 0

    @property
    def incapacitated(self) -> bool:
        return self.health == 0 and not self.passed_out

    def status(self) -> str:
        if self.passed_out:
            return "Passed Out"
        if self.incapacitated:
            return "Incapacitated, Knocked Down" if self.knocked_down else "Incapacitated"
        return "Battle-Ready, Knocked Down" if self.knocked_down else "Battle-Ready"

    def damaged(self, amount: int) -> Hero:
        """``amount`` tokens turn black (health stops at 0); reaching 0 knocks the hero down."""
        _whole(amount, f"{self.name}: damage", 0, MAX_VITALITY)
        if self.passed_out:
            raise TrackerError(f"{self.name} has Passed Out: no token is left to turn")
        health = max(0, self.health - amount)
        down = self.knocked_down or (health == 0 and self.health > 0)
        return replace(self, health=health, knocked_down=down)

    def healed(self, amount: int) -> Hero:
        """``amount`` black tokens turn red again (no more than the hero still has)."""
        _whole(amount, f"{self.name}: healing", 0, MAX_VITALITY)
        if self.passed_out:
            raise TrackerError(f"{self.name} has Passed Out: no token is left to heal")
        return replace(self, health=min(self.tokens, self.health + amount))

    def spawning_phase(self) -> Hero:
        """An Incapacitated hero's Spawning Phase: two black tokens go back to the box."""
        if not self.incapacitated:
            raise TrackerError(
                f"{self.name} is {self.status()}: only an Incapacitated hero discards tokens"
            )
        return replace(self, tokens=max(0, self.tokens - DISCARD_WHEN_DOWN))

    def stood_up(self) -> Hero:
        return replace(self, knocked_down=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "initiative": self.initiative,
            "vitality": self.vitality,
            "health": self.health,
            "tokens": self.tokens,
            "knocked_down": self.knocked_down,
            "restoration": "full" if self.restoration else "empty",
            "status": self.status(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str) -> Hero:
        if not isinstance(data, Mapping):
            raise TrackerError(f"{where}: a hero must be an object")
        restoration = data.get("restoration", "full")
        if restoration not in ("full", "empty"):
            raise TrackerError(f"{where}: restoration is 'full' or 'empty'")
        down = data.get("knocked_down", False)
        if not isinstance(down, bool):
            raise TrackerError(f"{where}: knocked_down must be true or false")
        vitality = data.get("vitality")
        return cls(
            name=_name(data.get("name"), where),
            initiative=data.get("initiative", 0),
            vitality=vitality,  # type: ignore[arg-type]  # checked in __post_init__
            health=data.get("health", vitality),
            tokens=data.get("tokens", vitality),
            knocked_down=down,
            restoration=restoration == "full",
        )


@dataclass(frozen=True)
class EventDeck:
    """The chapter's timer: the cards left, the round under way and its priority colour, the
    ENVIRONMENT card in play, and whether time ran out."""

    cards_left: int = 0
    round: int = 0
    priority: Colour | None = None
    environment: str | None = None
    out_of_time: bool = False

    def __post_init__(self) -> None:
        _whole(self.cards_left, "the event cards left", 0, MAX_DECK)
        _whole(self.round, "the round", 0, 9999)

    def with_cards(self, cards: int) -> EventDeck:
        """The deck as the chapter sets it up (or as counted at the table)."""
        return replace(self, cards_left=_whole(cards, "the event cards left", 0, MAX_DECK))

    def new_round(self, colour: Colour, environment: str | None = None) -> EventDeck:
        """Draw the round's event card (``environment`` names it when it is an ENVIRONMENT
        card, which then replaces the one in play). With no card left the chapter is lost."""
        if self.out_of_time:
            raise TrackerError("time has run out: the chapter is lost (the event deck was empty)")
        if self.cards_left == 0:
            return replace(self, out_of_time=True)
        parse_colour(colour, "the event card")
        kept = _name(environment, "an ENVIRONMENT card") if environment else self.environment
        return EventDeck(self.cards_left - 1, self.round + 1, colour, kept)

    def timer_text(self) -> str:
        if self.out_of_time:
            return "The event deck ran out: the chapter is lost."
        if self.round == 0:
            return f"{self.cards_left} event cards: that many rounds to reach the objective."
        left = self.cards_left
        last = " This is the last round." if left == 0 else ""
        return (
            f"Round {self.round}: {left} event card{'s' * (left != 1)} left, so {left} more "
            f"round{'s' * (left != 1)} after this one.{last}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards_left": self.cards_left,
            "round": self.round,
            "priority": self.priority,
            "environment": self.environment,
            "out_of_time": self.out_of_time,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EventDeck:
        if not isinstance(data, Mapping):
            raise TrackerError("the event deck must be an object")
        priority = data.get("priority")
        environment = data.get("environment")
        out = data.get("out_of_time", False)
        if not isinstance(out, bool):
            raise TrackerError("the event deck's out_of_time must be true or false")
        return cls(
            data.get("cards_left", 0),
            data.get("round", 0),
            None if priority is None else parse_colour(priority, "the priority colour"),
            None if environment is None else _name(environment, "an ENVIRONMENT card"),
            out,
        )


@dataclass(frozen=True)
class VillainType:
    """A villain type of the chapter: its priority number (the lowest index token on its stat
    card, 0 without one), every index token on the card (``tokens``; empty: just ``index``), its
    miniatures of each colour on the board and those left in its reserve."""

    name: str
    index: int = 0
    red: int = 0
    blue: int = 0
    reserve_red: int = 0
    reserve_blue: int = 0
    tokens: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _name(self.name, "a villain type")
        _whole(self.index, f"{self.name}: index token", 0, 6)
        _whole(self.red, f"{self.name}: red on the board", 0, MAX_ON_BOARD)
        _whole(self.blue, f"{self.name}: blue on the board", 0, MAX_ON_BOARD)
        _whole(self.reserve_red, f"{self.name}: red in the reserve", 0, MAX_ON_BOARD)
        _whole(self.reserve_blue, f"{self.name}: blue in the reserve", 0, MAX_ON_BOARD)
        for token in self.tokens:
            _whole(token, f"{self.name}: index token", 1, 6)
        if self.tokens and (
            len(set(self.tokens)) != len(self.tokens) or min(self.tokens) != self.index
        ):
            raise TrackerError(
                f"{self.name}: index tokens {list(self.tokens)} must differ from one another, "
                f"the lowest being its index ({self.index})"
            )

    @classmethod
    def new(cls, name: str, index: int = 0, *, red: int = 0, blue: int = 0) -> VillainType:
        """A type joining the chapter: its reserve holds the box's miniatures of it (none when
        the box does not list it) less the ``red``/``blue`` put on the board."""
        from refkit.games.widowers_wood.box import box_counts

        found = box_counts(name)
        box_red, box_blue = found[1] if found else (0, 0)
        return cls(
            name,
            index,
            red,
            blue,
            reserve_red=max(0, box_red - red),
            reserve_blue=max(0, box_blue - blue),
        )

    @property
    def spawn_tokens(self) -> tuple[int, ...]:
        """The spawn die's results that pick this type."""
        if self.tokens:
            return self.tokens
        return (self.index,) if self.index else ()

    def on_board(self, colour: Colour) -> int:
        return self.red if colour == "red" else self.blue

    def in_reserve(self, colour: Colour) -> int:
        return self.reserve_red if colour == "red" else self.reserve_blue

    def spawned(self, colour: Colour) -> VillainType:
        """A miniature of ``colour`` leaves the reserve for the board."""
        parse_colour(colour, f"{self.name}: spawn")
        if not self.in_reserve(colour):
            raise TrackerError(f"{self.name}: no {colour} miniature is left in the reserve")
        if self.on_board(colour) >= MAX_ON_BOARD:
            raise TrackerError(f"{self.name}: {MAX_ON_BOARD} {colour} on the board already")
        if colour == "red":
            return replace(self, red=self.red + 1, reserve_red=self.reserve_red - 1)
        return replace(self, blue=self.blue + 1, reserve_blue=self.reserve_blue - 1)

    def returned(self, colour: Colour) -> VillainType:
        """An Incapacitated miniature of ``colour`` leaves the board for the reserve (L448)."""
        parse_colour(colour, f"{self.name}: defeat")
        if not self.on_board(colour):
            raise TrackerError(f"{self.name}: no {colour} miniature is on the board")
        if self.in_reserve(colour) >= MAX_ON_BOARD:
            raise TrackerError(f"{self.name}: {MAX_ON_BOARD} {colour} in the reserve already")
        if colour == "red":
            return replace(self, red=self.red - 1, reserve_red=self.reserve_red + 1)
        return replace(self, blue=self.blue - 1, reserve_blue=self.reserve_blue + 1)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "name": self.name,
            "index": self.index,
            "red": self.red,
            "blue": self.blue,
            "reserve": {"red": self.reserve_red, "blue": self.reserve_blue},
        }
        return data | ({"tokens": list(self.tokens)} if self.tokens else {})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str) -> VillainType:
        if not isinstance(data, Mapping):
            raise TrackerError(f"{where}: a villain type must be an object")
        reserve = data.get("reserve", {})
        tokens = data.get("tokens", [])
        if not isinstance(reserve, Mapping) or not isinstance(tokens, list):
            raise TrackerError(f"{where}: the reserve is an object and the tokens a list")
        return cls(
            _name(data.get("name"), where),
            data.get("index", 0),
            data.get("red", 0),
            data.get("blue", 0),
            reserve.get("red", 0),
            reserve.get("blue", 0),
            tuple(tokens),
        )


@dataclass(frozen=True)
class Activation:
    """One place in the activation order: a type and colour, how many of those miniatures, and
    whether the active player must choose between it and the next (a level tie)."""

    villain: str
    colour: Colour
    index: int
    count: int
    tied_with_next: bool = False

    def words(self) -> str:
        many = f"{self.count} × " if self.count > 1 else ""
        text = f"{many}{self.colour} {self.villain} (priority {self.index})"
        return text + (" — tied: the active player chooses" if self.tied_with_next else "")


def activation_order(
    villains: tuple[VillainType, ...],
    priority: Colour,
    *,
    colour: Colour | None = None,
    villain: str | None = None,
) -> tuple[Activation, ...]:
    """The order in which the villains on the board (of ``colour`` and type ``villain`` when a
    card names them) activate: the priority colour first, then the lower index."""
    parse_colour(priority, "the priority colour")
    other: Colour = "blue" if priority == "red" else "red"
    rows: list[Activation] = []
    for shade in (priority, other):
        if colour is not None and shade != colour:
            continue
        level = sorted(
            (
                v
                for v in villains
                if v.on_board(shade) and (villain is None or _key(v.name) == _key(villain))
            ),
            key=lambda v: v.index,
        )
        for number, entry in enumerate(level):
            tied = number + 1 < len(level) and level[number + 1].index == entry.index
            rows.append(Activation(entry.name, shade, entry.index, entry.on_board(shade), tied))
    return tuple(rows)


@dataclass(frozen=True)
class WoodTable:
    """The heroes (in the order they joined), the event deck and the chapter's villain types."""

    heroes: tuple[Hero, ...] = ()
    deck: EventDeck = field(default_factory=EventDeck)
    villains: tuple[VillainType, ...] = ()

    def __post_init__(self) -> None:
        for names, what in (
            ([h.name for h in self.heroes], "heroes"),
            ([v.name for v in self.villains], "villain types"),
        ):
            keys = [_key(n) for n in names]
            if len(keys) != len(set(keys)):
                raise TrackerError(f"two {what} have the same name")
        tokens = [token for v in self.villains for token in v.spawn_tokens]
        for token in set(tokens):
            if tokens.count(token) > 1:
                holders = ", ".join(v.name for v in self.villains if token in v.spawn_tokens)
                raise TrackerError(f"index token {token} is on two villain types ({holders})")

    def hero(self, name: str) -> Hero:
        for hero in self.heroes:
            if _key(hero.name) == _key(name):
                return hero
        known = ", ".join(h.name for h in self.heroes) or "none yet"
        raise TrackerError(f"no hero named {name!r} at the table (heroes: {known})")

    def turn_order(self) -> tuple[Hero, ...]:
        """Highest Initiative first; level heroes keep the order they joined (the players may
        swap them). Passed Out heroes take no turns."""
        playing = [h for h in self.heroes if not h.passed_out]
        return tuple(sorted(playing, key=lambda h: -h.initiative))

    def with_hero(self, hero: Hero) -> WoodTable:
        heroes = tuple(hero if _key(h.name) == _key(hero.name) else h for h in self.heroes)
        if heroes == self.heroes and hero not in self.heroes:
            heroes = (*self.heroes, hero)
        return replace(self, heroes=heroes)

    def added(self, hero: Hero) -> WoodTable:
        if any(_key(h.name) == _key(hero.name) for h in self.heroes):
            raise TrackerError(f"{hero.name} is at the table already")
        return replace(self, heroes=(*self.heroes, hero))

    def removed(self, name: str) -> WoodTable:
        gone = self.hero(name)
        return replace(self, heroes=tuple(h for h in self.heroes if h is not gone))

    def changed(self, name: str, change: Any) -> WoodTable:
        return self.with_hero(change(self.hero(name)))

    def revived(self, reviver: str, target: str) -> WoodTable:
        """``reviver`` spends its Action and its Full vial: every token ``target`` has left
        turns red; it stays Knocked Down."""
        helper, down = self.hero(reviver), self.hero(target)
        if helper.name == down.name:
            raise TrackerError(f"{helper.name} cannot revive itself")
        if not helper.battle_ready:
            raise TrackerError(f"{helper.name} is not Battle-Ready: it cannot revive anyone")
        if not helper.restoration:
            raise TrackerError(f"{helper.name}'s Alchemical Restoration is empty")
        if not down.incapacitated:
            raise TrackerError(
                f"{down.name} is {down.status()}: only an Incapacitated hero is revived"
            )
        table = self.with_hero(replace(helper, restoration=False))
        return table.with_hero(replace(down, health=down.tokens, knocked_down=True))

    def villain_set(self, entry: VillainType) -> WoodTable:
        """Add the villain type, or put ``entry`` in place of the one of its name."""
        rows = tuple(entry if _key(v.name) == _key(entry.name) else v for v in self.villains)
        if not any(_key(v.name) == _key(entry.name) for v in self.villains):
            rows = (*rows, entry)
        return replace(self, villains=rows)

    def villain(self, name: str) -> VillainType:
        for entry in self.villains:
            if _key(entry.name) == _key(name):
                return entry
        known = ", ".join(v.name for v in self.villains) or "none yet"
        raise TrackerError(f"no villain type named {name!r} at the table (types: {known})")

    def villain_for_token(self, token: int) -> VillainType | None:
        """The type the spawn die's ``token`` picks, if one at the table holds it."""
        return next((v for v in self.villains if token in v.spawn_tokens), None)

    def spawned(self, name: str, colour: Colour) -> WoodTable:
        """A spawn takes a ``colour`` miniature of ``name`` from its reserve to the board."""
        return self.villain_set(self.villain(name).spawned(colour))

    def villain_defeated(self, name: str, colour: Colour) -> WoodTable:
        """A ``colour`` miniature of ``name`` is Incapacitated: back to its reserve."""
        return self.villain_set(self.villain(name).returned(colour))

    def villain_removed(self, name: str) -> WoodTable:
        if not any(_key(v.name) == _key(name) for v in self.villains):
            raise TrackerError(f"no villain type named {name!r} at the table")
        return replace(self, villains=tuple(v for v in self.villains if _key(v.name) != _key(name)))

    def order(self, **which: Any) -> tuple[Activation, ...]:
        if self.deck.priority is None:
            raise TrackerError("no round has begun: draw an event card for the priority colour")
        return activation_order(self.villains, self.deck.priority, **which)

    def defeated(self) -> str | None:
        """Why the chapter is lost, when it is (time run out, or every hero down at once)."""
        if self.deck.out_of_time:
            return "the event deck ran out"
        if self.heroes and not any(h.battle_ready for h in self.heroes):
            return "every hero is Incapacitated or Passed Out"
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "heroes": [hero.to_dict() for hero in self.heroes],
            "deck": self.deck.to_dict(),
            "villains": [villain.to_dict() for villain in self.villains],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WoodTable:
        if not isinstance(data, Mapping):
            raise TrackerError("the stored Widower's Wood tracker is not an object")
        heroes, villains = data.get("heroes", []), data.get("villains", [])
        if not isinstance(heroes, list) or not isinstance(villains, list):
            raise TrackerError("the tracker's heroes and villains must be lists")
        return cls(
            tuple(Hero.from_dict(h, f"hero {n}") for n, h in enumerate(heroes, 1)),
            EventDeck.from_dict(data.get("deck", {})),
            tuple(VillainType.from_dict(v, f"villain type {n}") for n, v in enumerate(villains, 1)),
        )
