"""Test helpers: RNG factories that hand out chosen seeds."""

from __future__ import annotations

import random


class SeededRngs:
    """An RNG factory like ``make_rng``: hands out the queued seeds in order, then 1, 2, 3…"""

    def __init__(self, *seeds: int) -> None:
        self._queued = list(seeds)
        self._next = 0
        self.used: list[int] = []

    def queue(self, *seeds: int) -> None:
        self._queued.extend(seeds)

    def __call__(self, seed: int | None = None) -> tuple[random.Random, int]:
        if seed is None:
            if self._queued:
                seed = self._queued.pop(0)
            else:
                self._next += 1
                seed = self._next
        self.used.append(seed)
        return random.Random(seed), seed


def seed_giving(first: int, second: int) -> int:
    """A seed under which ``random.Random(seed)`` rolls ``first`` then ``second`` on d10s."""
    for seed in range(100_000):
        rng = random.Random(seed)
        if rng.randint(1, 10) == first and rng.randint(1, 10) == second:
            return seed
    raise AssertionError(f"no seed rolls {first}, {second}")
