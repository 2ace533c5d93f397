"""An attack rolled when its step is first done (issue 30: a roll's path made short).

The attack window used to make the attack (roll its dice, work out the step) in one wait on the
window's worker and then do the step in a second one. :class:`AttackRolledWhenDone` makes it
inside the step's own ``do()`` — where the window runs every step, in the worker — so a roll
waits once for both, and the attack is worked out on the fight as it stands when it is saved.
Undone and redone, it is the same attack (the dice are not rolled again).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refkit.app.combat.attack_report import AttackReport
from refkit.app.combat.fight_session import AttackCommand

ATTACK_TEXT = "Attack"
"""The step's name until it is made (the undo stack names it again once it is done)."""


class AttackRolledWhenDone:
    """``make()`` (the attack, dice rolled) on the first ``do()``, then that attack's step.

    What ``make()`` refuses (a rule, the fight moved on elsewhere) is raised by that ``do()``,
    with nothing changed, as a step's refusal is."""

    def __init__(
        self,
        make: Callable[[], AttackCommand],
        then: Callable[[AttackCommand], Any] | None = None,
    ) -> None:
        self._make = make
        self._made: AttackCommand | None = None
        self._then = then
        self.after: Any = None
        """What ``then(attack)`` returned, once the step runner has called
        :meth:`ride_after_step` after the first ``do()`` (None until then)."""
        self.after_error: Exception | None = None
        """What ``then`` raised instead (the attack is saved all the same)."""

    @property
    def made(self) -> AttackCommand | None:
        return self._made

    @property
    def text(self) -> str:
        return ATTACK_TEXT if self._made is None else self._made.text

    @property
    def report(self) -> AttackReport:
        """The attack's report (only once it has been done)."""
        if self._made is None:
            raise RuntimeError("the attack has not been rolled: do the step first")
        return self._made.report

    def do(self) -> None:
        if self._made is None:
            self._made = self._make()
        self._made.do()

    def ride_after_step(self) -> None:
        """``then(attack)`` once, after the first ``do()`` is saved: the runner calls this in the
        same worker job as the step (the roll logged and the window's next choices read there,
        without a wait of their own). Undone and redone, nothing more is called."""
        then = self._then
        if then is None or self._made is None:
            return
        self._then = None
        try:
            self.after = then(self._made)
        except Exception as error:  # kept for the window, which says it: the step is saved
            self.after_error = error

    def undo(self) -> None:
        if self._made is None:
            raise RuntimeError("the attack was never done: there is nothing to undo")
        self._made.undo()


__all__ = ["ATTACK_TEXT", "AttackRolledWhenDone"]
