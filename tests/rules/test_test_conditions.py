"""A crow's conditions on its own tests: blessed an edge, weakened a bane, unconscious a doom."""

from __future__ import annotations

import pytest

from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.crows_test import resolve_test


def test_a_crow_with_no_conditions_rolls_a_plain_test() -> None:
    effect = conditions_on_test((), "agility")
    assert (effect.edges, effect.banes, effect.forced) == (0, 0, None)
    assert effect.reasons == ()


def test_blessed_gives_an_edge_on_every_characteristic() -> None:  # L365
    for characteristic in ("agility", "strength", "mind"):
        effect = conditions_on_test(("blessed",), characteristic)
        assert (effect.edges, effect.banes, effect.forced) == (1, 0, None)
        assert effect.reasons == ("blessed: an edge",)


def test_weakened_gives_a_bane_on_every_characteristic() -> None:  # L387
    for characteristic in ("agility", "strength", "mind"):
        effect = conditions_on_test(("weakened",), characteristic)
        assert (effect.edges, effect.banes, effect.forced) == (0, 1, None)


def test_blessed_and_weakened_together_cancel_in_the_test() -> None:
    effect = conditions_on_test(("blessed", "weakened"), "mind")
    assert (effect.edges, effect.banes) == (1, 1)
    result = resolve_test(5, 5, 0, edges=effect.edges, banes=effect.banes)
    assert result.net == "none"


@pytest.mark.parametrize("characteristic", ["agility", "strength"])
def test_unconscious_makes_an_agility_or_strength_test_a_doom(characteristic: str) -> None:  # L383
    effect = conditions_on_test(("unconscious", "blessed"), characteristic)
    assert effect.forced == "doom"
    assert "unconscious: automatic doom" in effect.reasons
    result = resolve_test(10, 10, 5, edges=effect.edges, forced=effect.forced)
    assert result.doom and result.tier == 1


def test_unconscious_does_not_doom_a_mind_test() -> None:
    # the double bane on Mind applies only to noticing things: the referee adds it by hand
    effect = conditions_on_test(("unconscious",), "mind")
    assert effect.forced is None
    assert (effect.edges, effect.banes) == (0, 0)


def test_conditions_that_do_not_touch_tests_change_nothing() -> None:
    effect = conditions_on_test(("prone", "grabbed", "vulnerable"), "strength")
    assert (effect.edges, effect.banes, effect.forced) == (0, 0, None)


def test_an_unknown_characteristic_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="speed"):
        conditions_on_test((), "speed")
