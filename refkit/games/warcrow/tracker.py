"""The Warcrow table's tracker: the ten-position Initiative dial and each figure's counters.

The dial (rulebook L371-420): ten positions; a token placed where others are goes on top, and the
top token of the stack under the dial activates first. A token that advances goes clockwise,
round past 10 to 1, but never onto or past the dial's position: it stops on the position before
it. When the dial leaves position 10 a new round begins at 1.

A figure (Character or Enemy) has its printed Initiative and Vitality, its Energy cubes, Wounds
(never above Vitality, L902), Stain and Tinge cards (L984-1014) and its States (the same State
does not stack, save Deranged and Bleeding, which deal 1 Wound when received again, L954).
Every change returns a new tracker; a refused one raises :class:`TrackerError` naming the figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from refkit.errors import DomainError
from refkit.games.warcrow.states import State

POSITIONS: Final = 10
MAX_INITIATIVE: Final = 10
TINGE_CARDS_TO_LEAVE: Final = 3
"""The third Tinge card makes the Character leave the campaign (L1014)."""
STAIN_PER_TINGE: Final = 10
"""At Hawthorn Point, 10 Stain or more become a Tinge card and 10 Stain are removed (L1010)."""
MAX_ENERGY: Final = 20


class TrackerError(DomainError, ValueError):
    """A tracker change the rules refuse; nothing changed."""


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TrackerError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


@dataclass(frozen=True)
class Figure:
    """A Character or an Enemy (unit) on the tracker."""

    name: str
    initiative: int = 1
    vitality: int = 1
    enemy: bool = False
    energy: int = 0
    wounds: int = 0
    stain: int = 0
    tinge: int = 0
    states: frozenset[State] = frozenset()

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TrackerError("a figure needs a name")
        _whole(self.initiative, f"{self.name}: Initiative", 1, MAX_INITIATIVE)
        _whole(self.vitality, f"{self.name}: Vitality", 1, 99)
        _whole(self.energy, f"{self.name}: Energy", 0, MAX_ENERGY)
        _whole(self.wounds, f"{self.name}: Wounds", 0, self.vitality)
        _whole(self.stain, f"{self.name}: Stain", 0, 999)
        _whole(self.tinge, f"{self.name}: Tinge cards", 0, TINGE_CARDS_TO_LEAVE)

    @property
    def unconscious(self) -> bool:
        """As many Wounds as Vitality: a Character is Unconscious, an Enemy dies (L902, L934)."""
        return self.wounds >= self.vitality

    @property
    def left_campaign(self) -> bool:
        return not self.enemy and self.tinge >= TINGE_CARDS_TO_LEAVE

    def wounded(self, amount: int) -> Figure:
        """``amount`` more Wounds; those above Vitality are ignored."""
        _whole(amount, f"{self.name}: Wounds suffered", 0, 99)
        return replace(self, wounds=min(self.vitality, self.wounds + amount))

    def healed(self, amount: int) -> Figure:
        _whole(amount, f"{self.name}: Wounds healed", 0, 99)
        return replace(self, wounds=max(0, self.wounds - amount))

    def with_state(self, state: State) -> Figure:
        """Receive ``state``: once only; Deranged or Bleeding received again is 1 Wound instead."""
        if state in self.states:
            return self.wounded(1) if state.wounds_again else self
        return replace(self, states=self.states | {state})

    def without_state(self, state: State) -> Figure:
        return replace(self, states=self.states - {state})

    def stain_to_tinge(self) -> Figure:
        """Hawthorn Point: with 10 Stain or more, draw a Tinge card and remove 10 Stain."""
        if self.enemy:
            raise TrackerError(f"{self.name} is an Enemy: only Characters gain Tinge")
        if self.stain < STAIN_PER_TINGE:
            raise TrackerError(
                f"{self.name} has {self.stain} Stain: a Tinge card comes at "
                f"{STAIN_PER_TINGE} Stain or more"
            )
        if self.tinge >= TINGE_CARDS_TO_LEAVE:
            raise TrackerError(f"{self.name} has left the campaign (three Tinge cards)")
        return replace(self, stain=self.stain - STAIN_PER_TINGE, tinge=self.tinge + 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "enemy": self.enemy,
            "initiative": self.initiative,
            "vitality": self.vitality,
            "energy": self.energy,
            "wounds": self.wounds,
            "stain": self.stain,
            "tinge": self.tinge,
            "states": [state.value for state in State if state in self.states],
            "unconscious": self.unconscious,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str) -> Figure:
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise TrackerError(f"{where}: a figure needs a name")
        states = data.get("states", [])
        if not isinstance(states, list):
            raise TrackerError(f"{where}: states must be a list")
        try:
            parsed = frozenset(State(str(name)) for name in states)
        except ValueError:
            raise TrackerError(f"{where}: unknown State in {states!r}") from None
        enemy = data.get("enemy", False)
        if not isinstance(enemy, bool):
            raise TrackerError(f"{where}: enemy must be true or false")
        return cls(
            name=data["name"],
            enemy=enemy,
            initiative=data.get("initiative", 1),
            vitality=data.get("vitality", 1),
            energy=data.get("energy", 0),
            wounds=data.get("wounds", 0),
            stain=data.get("stain", 0),
            tinge=data.get("tinge", 0),
            states=parsed,
        )


def _empty_stacks() -> tuple[tuple[str, ...], ...]:
    return ((),) * POSITIONS


@dataclass(frozen=True)
class Dial:
    """The Initiative tracker: the dial's position (1-10), the round, and each position's stack
    of tokens from the bottom to the top."""

    position: int = 1
    round: int = 1
    stacks: tuple[tuple[str, ...], ...] = field(default_factory=_empty_stacks)

    def __post_init__(self) -> None:
        _whole(self.position, "the dial's position", 1, POSITIONS)
        _whole(self.round, "the round", 1, 9999)
        if len(self.stacks) != POSITIONS:
            raise TrackerError(f"the tracker has {POSITIONS} positions, not {len(self.stacks)}")
        tokens = [token for stack in self.stacks for token in stack]
        if len(tokens) != len(set(tokens)):
            raise TrackerError("a token can be on the tracker only once")

    def where(self, token: str) -> int | None:
        """The position (1-10) of ``token``, None when it is not on the tracker."""
        for number, stack in enumerate(self.stacks, start=1):
            if token in stack:
                return number
        return None

    def stack(self, position: int) -> tuple[str, ...]:
        _whole(position, "a position", 1, POSITIONS)
        return self.stacks[position - 1]

    def tokens(self) -> tuple[str, ...]:
        return tuple(token for stack in self.stacks for token in stack)

    @property
    def active(self) -> str | None:
        """The token that activates now: the top of the stack under the dial (None: empty)."""
        stack = self.stack(self.position)
        return stack[-1] if stack else None

    def _with(self, position: int, stack: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
        stacks = list(self.stacks)
        stacks[position - 1] = stack
        return tuple(stacks)

    def without(self, token: str) -> Dial:
        at = self.where(token)
        if at is None:
            raise TrackerError(f"{token} is not on the Initiative tracker")
        stack = tuple(name for name in self.stack(at) if name != token)
        return replace(self, stacks=self._with(at, stack))

    def place(self, token: str, position: int) -> Dial:
        """``token`` on top of the stack at ``position`` (taken from where it was)."""
        _whole(position, f"{token}: a position", 1, POSITIONS)
        dial = self.without(token) if self.where(token) is not None else self
        return replace(dial, stacks=dial._with(position, (*dial.stack(position), token)))

    def reach(self, start: int, steps: int) -> int:
        """Where a token at ``start`` ends after advancing ``steps``: clockwise, never onto or
        past the dial's position (it stops on the position before)."""
        _whole(steps, "the positions to advance", 0, 99)
        room = (self.position - start - 1) % POSITIONS
        return (start - 1 + min(steps, room)) % POSITIONS + 1

    def advance(self, token: str, steps: int) -> Dial:
        """Advance ``token`` ``steps`` positions; it lands on top of the stack there."""
        at = self.where(token)
        if at is None:
            raise TrackerError(f"{token} is not on the Initiative tracker")
        return self.place(token, self.reach(at, steps))

    def arrive(self, token: str, ahead: int) -> Dial:
        """A token joining a combat under way: ``ahead`` positions beyond the dial, on top."""
        if self.where(token) is not None:
            raise TrackerError(f"{token} is on the Initiative tracker already")
        return self.place(token, self.reach(self.position, ahead))

    def turned(self) -> Dial:
        """The dial one position on; past 10 it is back at 1 and a new round begins."""
        if self.position == POSITIONS:
            return replace(self, position=1, round=self.round + 1)
        return replace(self, position=self.position + 1)

    def to_next_token(self) -> Dial:
        """The dial turned on to the next position with a token (or to position 1 of the next
        round when none is left before the round ends)."""
        dial = self.turned()
        while dial.active is None and dial.position != 1:
            dial = dial.turned()
        return dial

    def to_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "round": self.round,
            "stacks": {str(n): list(stack) for n, stack in enumerate(self.stacks, 1) if stack},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Dial:
        if not isinstance(data, Mapping):
            raise TrackerError("the dial must be an object")
        raw = data.get("stacks", {})
        if not isinstance(raw, Mapping):
            raise TrackerError("the dial's stacks must be an object")
        stacks = list(_empty_stacks())
        for key, tokens in raw.items():
            if not str(key).isdigit() or not 1 <= int(key) <= POSITIONS:
                raise TrackerError(f"the tracker has no position {key!r}")
            if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
                raise TrackerError(f"position {key}: a stack is a list of names")
            stacks[int(key) - 1] = tuple(tokens)
        return cls(data.get("position", 1), data.get("round", 1), tuple(stacks))


@dataclass(frozen=True)
class Tracker:
    """The figures at the table (in the order they were added) and the Initiative dial."""

    figures: tuple[Figure, ...] = ()
    dial: Dial = field(default_factory=Dial)

    def __post_init__(self) -> None:
        keys = [_key(figure.name) for figure in self.figures]
        if len(keys) != len(set(keys)):
            raise TrackerError("two figures have the same name")
        known = set(keys)
        for token in self.dial.tokens():
            if _key(token) not in known:
                raise TrackerError(f"the tracker holds {token!r}, who is not at the table")

    def figure(self, name: str) -> Figure:
        wanted = _key(name)
        for figure in self.figures:
            if _key(figure.name) == wanted:
                return figure
        known = ", ".join(figure.name for figure in self.figures) or "nobody yet"
        raise TrackerError(f"no figure named {name!r} at the table (there are: {known})")

    def with_figure(self, figure: Figure) -> Tracker:
        """Add ``figure``, or put it in place of the one of the same name."""
        wanted = _key(figure.name)
        if any(_key(old.name) == wanted for old in self.figures):
            figures = tuple(figure if _key(old.name) == wanted else old for old in self.figures)
            return replace(self, figures=figures)
        return replace(self, figures=(*self.figures, figure))

    def added(self, figure: Figure) -> Tracker:
        for old in self.figures:
            if _key(old.name) == _key(figure.name):
                raise TrackerError(f"{old.name} is at the table already")
        return replace(self, figures=(*self.figures, figure))

    def removed(self, name: str) -> Tracker:
        figure = self.figure(name)
        dial = self.dial.without(figure.name) if self.dial.where(figure.name) else self.dial
        figures = tuple(old for old in self.figures if old is not figure)
        return Tracker(figures, dial)

    def changed(self, name: str, **values: Any) -> Tracker:
        """The figure ``name`` with ``values`` set (energy, wounds, stain, tinge…)."""
        figure = self.figure(name)
        return self.with_figure(replace(figure, **values))

    def start_combat(self, order: Iterable[str] | None = None) -> Tracker:
        """Round on, dial at 1, every figure's token at its Initiative: the Enemies first, then
        the Characters, each in ``order`` (default: as added), the later ones on top."""
        names = [self.figure(name).name for name in order] if order is not None else None
        figures = [self.figure(n) for n in names] if names else list(self.figures)
        dial = Dial(1, self.dial.round + 1)
        for figure in [f for f in figures if f.enemy] + [f for f in figures if not f.enemy]:
            dial = dial.place(figure.name, figure.initiative)
        return replace(self, dial=dial)

    def end_activation(self, name: str, extra: int = 0) -> Tracker:
        """The figure's Activation is over: its token advances by its Initiative (one more when
        Slowed, which then goes), plus ``extra``."""
        figure = self.figure(name)
        steps = figure.initiative + extra
        if State.SLOWED in figure.states:
            steps += 1
            figure = figure.without_state(State.SLOWED)
        tracker = self.with_figure(figure)
        return replace(tracker, dial=tracker.dial.advance(figure.name, steps))

    def to_dict(self) -> dict[str, Any]:
        return {
            "figures": [figure.to_dict() for figure in self.figures],
            "dial": self.dial.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tracker:
        if not isinstance(data, Mapping):
            raise TrackerError("the stored Warcrow tracker is not an object")
        figures = data.get("figures", [])
        if not isinstance(figures, list):
            raise TrackerError("the tracker's figures must be a list")
        return cls(
            tuple(Figure.from_dict(item, f"figure {n}") for n, item in enumerate(figures, start=1)),
            Dial.from_dict(data.get("dial", {})),
        )


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()
