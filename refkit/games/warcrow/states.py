"""The Warcrow States and what they do to a roll, by the kind of roll (rulebook L950-968).

Stunned takes a Success only from Attack, Magical Attack and Response rolls; Vulnerable takes a
Block from every roll; Frightened removes a die before rolling (an offensive one from an Attack,
a defensive one from a Response); Focus lets the roller upgrade one die of every roll (it counts
toward the two upgrades a roll may have). The other States act at the end of an Activation and
are kept by the tracker (:mod:`refkit.games.warcrow.tracker`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from enum import StrEnum

from refkit.errors import DomainError
from refkit.games.warcrow.dice import Kind
from refkit.games.warcrow.pool import Pool
from refkit.games.warcrow.resolve import States


class State(StrEnum):
    """A State token; the value is the name the CLI and the stored tracker use."""

    FRIGHTENED = "frightened"
    STUNNED = "stunned"
    FOCUS = "focus"
    DERANGED = "deranged"
    SLOWED = "slowed"
    BLEEDING = "bleeding"
    VULNERABLE = "vulnerable"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def wounds_again(self) -> bool:
        """Deranged and Bleeding stack as a Wound: received again, they deal 1 Wound."""
        return self in (State.DERANGED, State.BLEEDING)


class RollType(StrEnum):
    """What a roll is for: the States read it."""

    ATTACK = "attack"
    MAGICAL_ATTACK = "magical-attack"
    RESPONSE = "response"
    MAGICAL_RESISTANCE = "magical-resistance"
    TEST = "test"

    @property
    def label(self) -> str:
        return self.value.replace("-", " ").capitalize()


class StateError(DomainError, ValueError):
    """A State or a roll type the rules do not know, or a State that cannot act on this roll."""


_STUNNED_ROLLS = frozenset({RollType.ATTACK, RollType.MAGICAL_ATTACK, RollType.RESPONSE})
_FRIGHTENED_KIND = {RollType.ATTACK: Kind.OFFENSIVE, RollType.RESPONSE: Kind.DEFENSIVE}


def parse_state(text: str, *, where: str) -> State:
    name = text.strip().casefold()
    try:
        return State(name)
    except ValueError:
        known = ", ".join(state.value for state in State)
        shown = text if len(text) <= 30 else text[:29] + "…"
        raise StateError(f"{where}: unknown State {shown!r}; States are {known}") from None


def parse_roll_type(text: str, *, where: str) -> RollType:
    name = text.strip().casefold().replace("_", "-").replace(" ", "-")
    try:
        return RollType(name)
    except ValueError:
        known = ", ".join(kind.value for kind in RollType)
        raise StateError(f"{where}: unknown roll {text!r}; rolls are {known}") from None


def result_states(states: Collection[State], roll: RollType) -> States:
    """The States that change this roll's result after Switches: Stunned on Attack, Magical
    Attack and Response rolls only, Vulnerable on every roll."""
    return States(
        stunned=State.STUNNED in states and roll in _STUNNED_ROLLS,
        vulnerable=State.VULNERABLE in states,
    )


def frightened_kind(roll: RollType) -> Kind | None:
    """The kind of die Frightened removes from ``roll`` (None: it removes none)."""
    return _FRIGHTENED_KIND.get(roll)


def frightened_pool(
    pool: Pool, roll: RollType, index: int | None = None
) -> tuple[Pool, int | None]:
    """The pool with the die Frightened removes before rolling, and the index it had (None when
    the roll loses none: not an Attack or a Response, or no die of the kind). ``index`` names
    the die the player picks; by default the highest-value die of the kind goes."""
    kind = frightened_kind(roll)
    if kind is None:
        return pool, None
    of_kind = [i for i, colour in enumerate(pool.dice) if colour.kind is kind]
    if not of_kind:
        return pool, None
    if index is None:
        index = max(of_kind, key=lambda i: pool.dice[i].rank)
    elif index not in of_kind:
        raise StateError(
            f"Frightened removes a {kind.value} die from a {roll.label} roll; "
            f"die {index + 1} is not one"
        )
    return pool.without_die(index), index


def states_words(states: Iterable[State]) -> str:
    return ", ".join(state.label for state in State if state in set(states)) or "no States"
