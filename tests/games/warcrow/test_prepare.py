"""The States that act before a Warcrow roll, and the Switches paid after it (rulebook L186-200,
L622-632, L958-966; rules/warcrow.md §2.4, §2.8, §4.2 and vectors 1, 15 and 18)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.games.warcrow import (
    Colour,
    Direction,
    Modification,
    States,
    Switch,
    Symbols,
    build_pool,
    shipped_faces,
)
from refkit.games.warcrow.odds import count_distribution, face_to_face_odds
from refkit.games.warcrow.prepare import affordable, pay_switches, prepare_roll
from refkit.games.warcrow.states import RollType, State

R, OR, Y = Colour.RED, Colour.ORANGE, Colour.YELLOW
G, U, K = Colour.GREEN, Colour.BLUE, Colour.BLACK
UP = Modification(Direction.UPGRADE)
DOWN = Modification(Direction.DOWNGRADE)
MASTER = Switch("Master of Magic", Symbols(special=1), Symbols(block=1))
STAFF = Switch("Staff", Symbols(hollow_success=1), Symbols(success=1))


def test_frightened_takes_the_best_offensive_die_from_an_attack_only() -> None:
    pool = build_pool([OR, R, K])
    attack = prepare_roll(pool, (), {State.FRIGHTENED}, RollType.ATTACK)
    assert attack.pool.dice == (OR, K)
    assert attack.removed is R
    response = prepare_roll(pool, (), {State.FRIGHTENED}, RollType.RESPONSE)
    assert response.pool.dice == (OR, R)
    test = prepare_roll(pool, (), {State.FRIGHTENED}, RollType.TEST)
    assert test.pool.dice == (OR, R, K) and test.removed is None


def test_focus_is_an_upgrade_that_counts_toward_the_two() -> None:
    pool = build_pool([OR, OR])
    assert prepare_roll(pool, (), {State.FOCUS}, RollType.ATTACK).pool.dice == (R, OR)
    # Focus comes with the upgrades, before any downgrade: [R] up (Focus) then down.
    red = build_pool([R])
    done = prepare_roll(red, (DOWN,), {State.FOCUS}, RollType.ATTACK)
    assert sorted(done.pool.dice) == sorted((OR, Y))
    full = prepare_roll(pool, (UP, UP), {State.FOCUS}, RollType.ATTACK)
    assert full.pool.dice == prepare_roll(pool, (UP, UP), (), RollType.ATTACK).pool.dice
    assert "has its 2 already" in full.focus


def test_focus_upgrades_the_kind_the_roll_uses() -> None:
    mixed = build_pool([Y, K])
    assert prepare_roll(mixed, (), {State.FOCUS}, RollType.ATTACK).pool.dice == (OR, K)
    assert prepare_roll(mixed, (), {State.FOCUS}, RollType.RESPONSE).pool.dice == (Y, U)
    assert prepare_roll(mixed, (), {State.FOCUS}, RollType.MAGICAL_RESISTANCE).pool.dice == (Y, U)


def test_frightened_then_focus_as_the_command_line_does() -> None:
    pool = build_pool([OR, OR])
    both = prepare_roll(pool, (), {State.FRIGHTENED, State.FOCUS}, RollType.ATTACK)
    assert both.pool.dice == (R,)
    assert both.notes()[0] == "Frightened: one orange die removed"


def test_stunned_acts_only_on_attack_magical_attack_and_response() -> None:
    rolled = Symbols(success=2, block=1)
    for roll, success in (
        (RollType.ATTACK, 1),
        (RollType.MAGICAL_ATTACK, 1),
        (RollType.RESPONSE, 1),
        (RollType.MAGICAL_RESISTANCE, 2),
        (RollType.TEST, 2),
    ):
        after = pay_switches(rolled, (), {State.STUNNED, State.VULNERABLE}, roll).symbols
        assert (after.success, after.block) == (success, 0), roll


def test_a_switch_fires_once_even_with_symbols_to_spare() -> None:
    """Vector 15: Master of Magic on a roll showing 2 Specials fires once; one Special stays."""
    paid = pay_switches(Symbols(special=2), [MASTER], (), RollType.MAGICAL_RESISTANCE)
    assert paid.symbols == Symbols(block=1, special=1)
    assert paid.paid == ("Master of Magic",)
    with pytest.raises(ValueError, match="only once"):
        pay_switches(Symbols(special=2), [MASTER, MASTER], (), RollType.TEST)


def test_a_switch_the_roll_cannot_afford_is_skipped_and_said() -> None:
    paid = pay_switches(Symbols(special=1), [MASTER, STAFF], (), RollType.TEST)
    assert paid.paid == ("Master of Magic",) and paid.unpaid == ("Staff",)
    # Spent symbols cannot pay another Switch.
    other = Switch("Heal", Symbols(special=1))
    assert affordable(Symbols(special=1), [MASTER, other]) == (True, False)


def _brute(pool, switches, states: States) -> dict[int, Fraction]:
    faces = shipped_faces()
    counts: dict[int, int] = {}
    for combo in itertools.product(*(faces.of(colour) for colour in pool.dice)):
        symbols = pool.automatic
        for face in combo:
            symbols = symbols + Symbols.of(face)
        for switch in switches:
            if symbols.covers(switch.cost):
                symbols = symbols.minus(switch.cost) + switch.gain
        success = states.apply(symbols).success
        counts[success] = counts.get(success, 0) + 1
    total = sum(counts.values())
    return {n: Fraction(c, total) for n, c in sorted(counts.items())}


COLOURS = st.lists(st.sampled_from(list(Colour)), min_size=1, max_size=4)
SWITCHES = st.lists(
    st.sampled_from([MASTER, STAFF, Switch("Heal", Symbols(special=2))]),
    max_size=3,
    unique_by=lambda s: s.name,
)


@settings(max_examples=25, deadline=None)
@given(COLOURS, SWITCHES, st.booleans(), st.integers(0, 2))
def test_odds_with_switches_agree_with_a_brute_force_count(
    colours, switches, stunned, auto_special
) -> None:
    from collections import Counter

    if max(Counter(colours).values()) > 3:
        colours = colours[:1]
    pool = build_pool(colours, Symbols(special=auto_special))
    states = States(stunned=stunned)
    exact = count_distribution(pool, shipped_faces(), states=states, switches=switches)
    assert exact == _brute(pool, switches, states)


def test_face_to_face_odds_count_each_sides_switches() -> None:
    plain = face_to_face_odds(build_pool([Y]), build_pool([K]), shipped_faces())
    switched = face_to_face_odds(
        build_pool([Y]),
        build_pool([K]),
        shipped_faces(),
        character_switches=[Switch("Edge", Symbols(special=1), Symbols(success=1))],
    )
    assert switched.success > plain.success
