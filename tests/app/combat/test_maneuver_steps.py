"""Grab, Escape Grab and Knockback as fight steps (issue 25 item 9): a crow grabbed carries the
condition on its sheet in the same step, the escape frees it, every step undoes whole, and the
counter a tier 1 offers is worked out with the other side's melee weapon."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.combat.maneuver_step import maneuver_roles
from refkit.compose import Services
from refkit.errors import DomainError
from tests.runner import run


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        fight = built.fight
        run(built.database, fight.add_creatures("Tunnel ghoul", 2)).do()
        run(built.database, fight.add_crows(["Brannoc Tull", "Wren Ashdown"])).do()
        yield built


def test_a_grabbed_crow_has_the_condition_on_its_sheet_until_it_escapes(services) -> None:
    fight, db = services.fight, services.database
    before = fight.state
    grab = run(db, fight.maneuver("grab", "Tunnel ghoul 1", "Wren Ashdown", dice=(9, 9)))
    grab.do()
    assert grab.report.outcome.grabbed
    assert fight.state.combatant("Wren Ashdown").grabbed_by == "Tunnel ghoul 1"
    assert "grabbed" in services.characters.get("Wren Ashdown").conditions
    assert "is grabbed by Tunnel ghoul 1" in grab.text
    grab.undo()  # the fight and the sheet together
    assert fight.state == before
    assert "grabbed" not in services.characters.get("Wren Ashdown").conditions
    grab.do()

    stay = run(db, fight.maneuver("escape", "Wren Ashdown", dice=(5, 5)))
    stay.do()
    assert stay.report.target == "Tunnel ghoul 1" and not stay.report.outcome.freed
    escape = run(db, fight.maneuver("escape", "Wren Ashdown", dice=(5, 5), break_free=True))
    escape.do()
    assert escape.report.outcome.freed and escape.report.counter_damage is not None
    assert fight.state.combatant("Wren Ashdown").grabbed_by is None
    assert "grabbed" not in services.characters.get("Wren Ashdown").conditions
    assert "may counter for" in escape.text
    escape.undo()
    assert "grabbed" in services.characters.get("Wren Ashdown").conditions


def test_a_missed_knockback_offers_the_targets_counter_and_refusals_change_nothing(
    services,
) -> None:
    fight, db = services.fight, services.database
    knock = run(db, fight.maneuver("knockback", "Brannoc Tull", "Tunnel ghoul 2", dice=(1, 1)))
    knock.do()
    report = knock.report
    assert report.outcome.counter_tier == 3 and report.counter_damage is not None
    assert report.tested == "strength" and report.seed is None
    pushed = fight.maneuver("knockback", "Brannoc Tull", "Tunnel ghoul 2", dice=(9, 9))
    assert pushed.report.outcome.push == 2 and "pushes Tunnel ghoul 2 2 squares" in pushed.text
    state = fight.state
    with pytest.raises(DomainError, match="not grabbed"):
        fight.maneuver("escape", "Brannoc Tull")
    with pytest.raises(DomainError, match="needs a target"):
        fight.maneuver("grab", "Brannoc Tull")
    run(db, fight.maneuver("grab", "Brannoc Tull", "Tunnel ghoul 1", dice=(9, 9))).do()
    with pytest.raises(DomainError, match="one grab at a time"):
        fight.maneuver("grab", "Brannoc Tull", "Tunnel ghoul 2", dice=(9, 9))
    assert fight.state.combatant("Tunnel ghoul 2") == state.combatant("Tunnel ghoul 2")


def test_the_tracker_presenter_picks_actor_and_target(services) -> None:
    fight = services.fight.state
    assert maneuver_roles(fight, "grab", None, None).problem is not None
    assert maneuver_roles(fight, "grab", "Brannoc Tull", None).problem == (
        "Grab: click the one Brannoc Tull tries it on"
    )
    roles = maneuver_roles(fight, "knockback", "Brannoc Tull", "Tunnel ghoul 1")
    assert (roles.actor, roles.target, roles.problem) == ("Brannoc Tull", "Tunnel ghoul 1", None)
    assert "not grabbed" in str(maneuver_roles(fight, "escape", None, "Wren Ashdown").problem)
    held = fight.with_grab("Tunnel ghoul 1", "Wren Ashdown")
    roles = maneuver_roles(held, "escape", "Wren Ashdown", "Brannoc Tull")
    assert (roles.actor, roles.target) == ("Wren Ashdown", "Tunnel ghoul 1")


def _grabbed(services, name: str) -> bool:
    return "grabbed" in services.characters.get(name).conditions


def test_a_grab_ended_by_its_grabber_going_down_clears_the_crows_sheet_in_that_step(
    services,
) -> None:
    """A grab ends when the grabber dies, is knocked out, goes prone or leaves (L371): the crow's
    "grabbed" goes from its sheet in the same step, and comes back with that step's undo."""
    fight, db = services.fight, services.database
    run(db, fight.maneuver("grab", "Tunnel ghoul 1", "Wren Ashdown", dice=(9, 9))).do()
    prone = run(db, fight.toggle_condition("Tunnel ghoul 1", "prone"))
    prone.do()
    assert fight.state.combatant("Wren Ashdown").grabbed_by is None
    assert not _grabbed(services, "Wren Ashdown")
    prone.undo()
    assert fight.state.combatant("Wren Ashdown").grabbed_by == "Tunnel ghoul 1"
    assert _grabbed(services, "Wren Ashdown")

    command, _ = fight.damage("Tunnel ghoul 1", 99)  # killed
    killed = run(db, command)
    killed.do()
    assert fight.state.combatant("Tunnel ghoul 1").standing == "dead"
    assert not _grabbed(services, "Wren Ashdown")
    killed.undo()
    assert _grabbed(services, "Wren Ashdown")

    command, _ = fight.damage("Tunnel ghoul 1", 99, knock_out=True)
    run(db, command).do()
    assert not _grabbed(services, "Wren Ashdown")


def test_a_grab_ends_with_a_crow_grabber_going_prone_or_the_grabbed_crow_leaving(
    services,
) -> None:
    fight, db = services.fight, services.database
    run(db, fight.maneuver("grab", "Brannoc Tull", "Wren Ashdown", dice=(9, 9))).do()
    run(db, fight.toggle_condition("Brannoc Tull", "prone")).do()  # on the crow's sheet
    assert fight.state.combatant("Wren Ashdown").grabbed_by is None
    assert not _grabbed(services, "Wren Ashdown")

    run(db, fight.maneuver("grab", "Tunnel ghoul 2", "Wren Ashdown", dice=(9, 9))).do()
    run(db, fight.remove("Wren Ashdown")).do()
    assert not _grabbed(services, "Wren Ashdown")
    run(db, fight.add_crows(["Wren Ashdown"])).do()
    run(db, fight.maneuver("grab", "Tunnel ghoul 2", "Wren Ashdown", dice=(9, 9))).do()
    run(db, fight.toggle_condition("Wren Ashdown", "grabbed")).do()  # the referee ends it
    assert fight.state.combatant("Wren Ashdown").grabbed_by is None
