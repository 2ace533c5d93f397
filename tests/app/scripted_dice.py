"""A ``random.Random`` for the app tests that rolls exactly the faces a test scripts."""

from __future__ import annotations

import random


class ScriptedDice(random.Random):
    """A Random whose randint answers from a script, and fails loudly when it runs dry."""

    def __init__(self) -> None:
        super().__init__(0)
        self.script: list[int] = []

    def randint(self, a: int, b: int) -> int:
        assert self.script, "a die was rolled that the test did not script"
        value = self.script.pop(0)
        assert a <= value <= b, f"scripted {value} is not a face of 1..{b}"
        return value

    def factory(self, seed: int | None) -> tuple[random.Random, int]:
        return self, 4242 if seed is None else seed
