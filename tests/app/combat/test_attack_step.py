"""An attack rolled inside its own step (issue 30: one wait on the worker for a roll, not two):
made on the first do, the same attack undone and redone, a refusal raised by that do with
nothing changed."""

from __future__ import annotations

import pytest

from refkit.app.combat.attack_step import ATTACK_TEXT, AttackRolledWhenDone
from refkit.app.combat.fight_session import FightSession
from refkit.rules.combat.attack import AttackRefused, Situation

# The fight of test_fight_session: Mara Vell and Tobin Ash against two tunnel ghouls.
from tests.app.combat.test_fight_session import MARA, characters, log, session  # noqa: F401

GHOUL = "Tunnel ghoul 1"


def test_the_attack_is_rolled_on_the_first_do_and_kept_for_undo_and_redo(
    session: FightSession,  # noqa: F811
) -> None:
    made: list[object] = []

    def make():  # type: ignore[no-untyped-def]
        made.append(1)
        return session.make_attack(session.prepare_attack(MARA, "Sword", GHOUL), dice=(6, 6))

    step = AttackRolledWhenDone(make)
    assert step.text == ATTACK_TEXT and step.made is None and not made
    with pytest.raises(RuntimeError, match="not been rolled"):
        _ = step.report
    step.do()
    assert len(made) == 1 and step.text.startswith("Mara Vell attacks Tunnel ghoul 1")
    report = step.report
    assert report.outcome.hit and session.state.combatant(GHOUL).stamina == 6
    step.undo()
    assert session.state.combatant(GHOUL).stamina == 9
    step.do()  # redone: the same dice, not rolled again
    assert len(made) == 1 and step.report is report
    assert session.state.combatant(GHOUL).stamina == 6


def test_a_refused_attack_is_raised_by_the_do_and_changes_nothing(
    session: FightSession,  # noqa: F811
) -> None:
    before = session.state
    step = AttackRolledWhenDone(
        lambda: session.make_attack(
            session.prepare_attack(MARA, "Sword", GHOUL, situation=Situation(distance=4))
        )
    )
    with pytest.raises(AttackRefused):
        step.do()
    assert session.state == before and step.made is None
    with pytest.raises(RuntimeError, match="never done"):
        step.undo()


def test_what_rides_after_the_step_runs_once_after_the_first_do_and_keeps_its_error(
    session: FightSession,  # noqa: F811
) -> None:
    """The runner calls ``ride_after_step`` after every do and undo; ``then`` runs only once,
    after the attack is made, and what it raises is kept (the attack stays made)."""
    seen: list[str] = []

    def then(attack):  # type: ignore[no-untyped-def]
        seen.append(attack.text)
        return len(seen)

    step = AttackRolledWhenDone(
        lambda: session.make_attack(session.prepare_attack(MARA, "Sword", GHOUL), dice=(6, 6)),
        then,
    )
    step.ride_after_step()  # not made yet: nothing to ride after
    assert seen == [] and step.after is None
    step.do()
    step.ride_after_step()
    step.undo()
    step.ride_after_step()
    step.do()
    step.ride_after_step()
    assert seen == [step.text] and step.after == 1 and step.after_error is None

    def refused(_attack):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    failing = AttackRolledWhenDone(
        lambda: session.make_attack(session.prepare_attack(MARA, "Sword", GHOUL), dice=(6, 6)),
        refused,
    )
    failing.do()
    failing.ride_after_step()
    assert isinstance(failing.after_error, OSError) and failing.after is None
    assert failing.made is not None
