"""What the Warcrow dice roller says, worked out without Qt: the exact odds of the roll as chosen
(States, Switches, fixed dice, roll type), the Switches in words, and which State acts on the
chosen roll (the panel only shows these)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from refkit.games.warcrow.dice import DiceFaces
from refkit.games.warcrow.odds import at_least, count_distribution, face_to_face_odds
from refkit.games.warcrow.pool import Pool
from refkit.games.warcrow.resolve import States, Switch
from refkit.games.warcrow.states import RollType, State, frightened_kind, result_states
from refkit.games.warcrow.symbols import Symbol

FACE_TO_FACE_ANSWER: Mapping[RollType, RollType] = {
    RollType.ATTACK: RollType.RESPONSE,
    RollType.MAGICAL_ATTACK: RollType.MAGICAL_RESISTANCE,
    RollType.RESPONSE: RollType.ATTACK,
}
"""The roll an Enemy answers the Character's face-to-face roll with."""


NO_EFFECT = "no effect on this roll"


def percent(probability: Fraction) -> str:
    value = float(probability) * 100
    if value == round(value):
        return f"{round(value)}%"
    return f"{value:.1f}%"


def table_text(distribution: Mapping[int, Fraction]) -> str:
    return " · ".join(f"{n}: {percent(p)}" for n, p in distribution.items())


@dataclass(frozen=True)
class Side:
    """One side of a roll as chosen: the pool to roll, its fixed dice, its States, its Switches."""

    pool: Pool
    roll: RollType
    states: frozenset[State] = frozenset()
    fixed: Mapping[int, int] | None = None
    switches: Sequence[Switch] = ()

    @property
    def ready(self) -> bool:
        return bool(self.pool.dice or self.pool.automatic)

    def result_states(self) -> States:
        return result_states(self.states, self.roll)


def versus_odds_text(character: Side, enemy: Side, faces: DiceFaces) -> str:
    if not character.ready or not enemy.ready:
        return "Build both pools to see the odds."
    odds = face_to_face_odds(
        character.pool,
        enemy.pool,
        faces,
        character_fixed=character.fixed,
        enemy_fixed=enemy.fixed,
        character_states=character.result_states(),
        enemy_states=enemy.result_states(),
        character_switches=character.switches,
        enemy_switches=enemy.switches,
    )
    return "\n".join(
        (
            f"Character succeeds (1+ wound to the enemy): {percent(odds.success)}",
            "Wounds to the enemy: " + table_text(odds.wounds_to_enemy),
            "Wounds to the character: " + table_text(odds.wounds_to_character),
        )
    )


def roll_odds_text(
    side: Side, faces: DiceFaces, *, counted: Symbol, needed: int, expertise: bool
) -> str:
    if not side.ready:
        return "Add dice to see the odds."
    distribution = count_distribution(
        side.pool,
        faces,
        symbol=counted,
        expertise=expertise,
        fixed=side.fixed,
        states=side.result_states(),
        switches=side.switches,
    )
    top = max(distribution)
    shown = " · ".join(
        f"{n}+ {percent(at_least(distribution, n))}" for n in range(1, min(top, 5) + 1)
    )
    word, none = (
        ("Blocks", "No Block is possible.")
        if counted is Symbol.BLOCK
        else ("Successes", "No Success is possible.")
    )
    lines = [f"{word}: {shown}" if shown else none]
    if needed:
        lines.insert(0, f"Passes (needs {needed}): {percent(at_least(distribution, needed))}")
    return "\n".join(lines)


def switch_words(switch: Switch) -> str:
    gain = switch.gain.words() if switch.gain else "an effect off the roll"
    return f"{switch.name}: pay {switch.cost.words()} → {gain}"


def switches_note(switches: Sequence[Switch]) -> str:
    if not switches:
        return ""
    return "Odds count each ticked Switch as paid whenever the roll can afford it, in this order."


def state_note(state: State, roll: RollType) -> str:
    """What ``state`` does to a roll of ``roll``, or that it does nothing to it."""
    if state is State.STUNNED:
        acts = result_states({state}, roll).stunned
        return "−1 Success" if acts else NO_EFFECT
    if state is State.VULNERABLE:
        return "−1 Block"
    if state is State.FRIGHTENED:
        kind = frightened_kind(roll)
        return f"−1 {kind.value} die" if kind is not None else NO_EFFECT
    if state is State.FOCUS:
        return "+1 upgrade"
    return ""


def paid_text(paid: Sequence[str], unpaid: Sequence[str]) -> str:
    parts = []
    if paid:
        parts.append("Switches paid: " + ", ".join(paid))
    if unpaid:
        parts.append("not affordable: " + ", ".join(unpaid))
    return "; ".join(parts)


ROLL_TYPE_NAMES: Mapping[RollType, str] = {
    RollType.ATTACK: "Attack",
    RollType.MAGICAL_ATTACK: "Magical attack",
    RollType.RESPONSE: "Response",
    RollType.MAGICAL_RESISTANCE: "Magical resistance",
    RollType.TEST: "Attribute test",
}


def roll_types(versus: bool) -> tuple[RollType, ...]:
    """The roll types on offer: a face-to-face roll is the Character's attack or response."""
    return tuple(FACE_TO_FACE_ANSWER) if versus else tuple(ROLL_TYPE_NAMES)


def active_states(states: Collection[State], roll: RollType) -> frozenset[State]:
    """The States among ``states`` that act on a roll of ``roll``."""
    return frozenset(s for s in states if state_note(s, roll) != NO_EFFECT)
