"""The Warriors of Krynn turn as a checklist the referee steps through, and the event-card draw
that repeats until a Battle Phase card; both keep their state while the app runs."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from enum import StrEnum

from refkit.locate import read_resource_text

RESOURCE = ("games", "warriors_of_krynn", "phases.toml")


@dataclass(frozen=True)
class Step:
    phase: str
    text: str


def parse_phases(text: str, source: str) -> tuple[Step, ...]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{source}: not a valid TOML file ({error})") from None
    phases = data.get("phase")
    if not isinstance(phases, list) or not phases:
        raise ValueError(f"{source}: no [[phase]] tables")
    steps: list[Step] = []
    for number, phase in enumerate(phases, start=1):
        name, texts = phase.get("name"), phase.get("steps")
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"{source}: phase {number} has no name")
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
            raise ValueError(f"{source}: phase {name!r} needs a list of steps")
        steps += [Step(name.strip(), step.strip()) for step in texts]
    return tuple(steps)


def shipped_steps() -> tuple[Step, ...]:
    return parse_phases(read_resource_text(*RESOURCE), "resources/" + "/".join(RESOURCE))


@dataclass
class PhaseChecklist:
    """Where the referee is in a hero's turn: the current step, the steps ticked, the turn."""

    steps: tuple[Step, ...]
    current: int = 0
    done: set[int] = field(default_factory=set)
    turn: int = 1

    def phases(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(step.phase for step in self.steps))

    @property
    def finished(self) -> bool:
        return len(self.done) == len(self.steps)

    def current_step(self) -> Step:
        return self.steps[self.current]

    def tick(self, index: int, done: bool = True) -> None:
        if not 0 <= index < len(self.steps):
            raise IndexError(f"no step {index + 1}: the turn has {len(self.steps)} steps")
        if done:
            self.done.add(index)
        else:
            self.done.discard(index)

    def advance(self) -> None:
        """Tick the current step and move to the next one not yet ticked (or stay at the end)."""
        self.tick(self.current)
        following = [i for i in range(self.current + 1, len(self.steps)) if i not in self.done]
        if following:
            self.current = following[0]

    def back(self) -> None:
        """Step back one, unticking it, to redo it."""
        self.current = max(0, self.current - 1)
        self.done.discard(self.current)

    def go_to(self, index: int) -> None:
        if not 0 <= index < len(self.steps):
            raise IndexError(f"no step {index + 1}: the turn has {len(self.steps)} steps")
        self.current = index

    def next_turn(self) -> None:
        """The next hero's turn: every step unticked, back to the first, turn count up."""
        self.done.clear()
        self.current = 0
        self.turn += 1


class EventCard(StrEnum):
    """What kind of event card was drawn, as far as the draw loop cares."""

    RIGHT_NOW = "right now"  # only its Right Now text
    KEY_MOMENT = "key moment"  # advances the tracker
    BATTLE_PHASE = "battle phase"  # ends the event phase


@dataclass
class EventDraws:
    """The event phase's draws this turn, and the key moment tracker across the scenario."""

    drawn: list[EventCard] = field(default_factory=list)
    key_moments: int = 0

    @property
    def finished(self) -> bool:
        return bool(self.drawn) and self.drawn[-1] is EventCard.BATTLE_PHASE

    def draw(self, card: EventCard) -> None:
        if self.finished:
            raise ValueError("a Battle Phase card is already drawn: the event phase is over")
        self.drawn.append(card)
        if card is EventCard.KEY_MOMENT:
            self.key_moments += 1

    def next_turn(self) -> None:
        self.drawn.clear()
