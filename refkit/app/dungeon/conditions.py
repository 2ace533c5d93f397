"""Characters' conditions around a dungeon-turn step: what it changed, and how undo gives it back.

A step (End DT, a rest's half-way point) ends conditions. Only the characters whose conditions it
changed are recorded; an undo or redo then moves each of them from one side to the other while
keeping what changed since on that character (a "blessed" gained after End DT survives its undo).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol


class ConditionsKeeper(Protocol):
    """Where the characters' conditions live (the characters feature provides one)."""

    def conditions_by_character(self) -> Mapping[str, Sequence[str]]:
        """Every character's conditions, by character name."""
        ...

    def set_conditions(self, conditions: Mapping[str, Sequence[str]]) -> None:
        """Replace the conditions of each character named (the others keep theirs)."""
        ...


def read_conditions(keeper: ConditionsKeeper | None) -> dict[str, tuple[str, ...]]:
    """Every character's conditions now (none without a keeper)."""
    if keeper is None:
        return {}
    return {name: tuple(held) for name, held in keeper.conditions_by_character().items()}


def changed_conditions(
    before: Mapping[str, Sequence[str]], after: Mapping[str, Sequence[str]]
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """The conditions before and after of just the characters whose conditions changed."""
    changed = [name for name in after if tuple(after[name]) != tuple(before.get(name, ()))]
    return (
        {name: tuple(before.get(name, ())) for name in changed},
        {name: tuple(after[name]) for name in changed},
    )


def _folded(conditions: Iterable[str]) -> set[str]:
    return {condition.strip().casefold() for condition in conditions}


def move_conditions(
    current: Mapping[str, Sequence[str]],
    source: Mapping[str, tuple[str, ...]],
    target: Mapping[str, tuple[str, ...]],
) -> dict[str, tuple[str, ...]]:
    """Each character's conditions taken from ``source`` to ``target`` (an undo or a redo).

    A character still holding exactly ``source`` gets exactly ``target``; one whose conditions
    changed since only loses what the step removes and gains what it adds, keeping the rest.
    """
    result: dict[str, tuple[str, ...]] = {}
    for name, wanted in target.items():
        held = tuple(current.get(name, ()))
        expected = source.get(name, ())
        if held == tuple(expected):
            result[name] = tuple(wanted)
            continue
        dropped = _folded(expected) - _folded(wanted)
        kept = [condition for condition in held if condition.strip().casefold() not in dropped]
        present = _folded(kept) | _folded(expected)
        kept += [condition for condition in wanted if condition.strip().casefold() not in present]
        result[name] = tuple(kept)
    return result
