"""A ``random.Random`` that rolls exactly the faces a test scripts, for the rules tests."""

from __future__ import annotations

import random
from collections.abc import Iterable


class ScriptedRandom(random.Random):
    """Hands out the given faces in order; any roll beyond them fails the test."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, f"unexpected roll of {a}..{b}"
        face = self.faces.pop(0)
        assert a <= face <= b, f"scripted {face} is not a face of {a}..{b}"
        return face
