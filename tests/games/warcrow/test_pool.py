"""Warcrow pools: the three-per-colour cap and upgrades/downgrades, from the fact file's vectors."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.games.warcrow import (
    MAX_PER_COLOUR,
    Colour,
    Direction,
    Kind,
    KindNeeded,
    Modification,
    Pool,
    PoolError,
    Symbols,
    build_pool,
    downgrade,
    modifications,
    modify,
    parse_colours,
    upgrade,
)

R, OR, Y = Colour.RED, Colour.ORANGE, Colour.YELLOW
G, U, K = Colour.GREEN, Colour.BLUE, Colour.BLACK
UP = Modification(Direction.UPGRADE)
DOWN = Modification(Direction.DOWNGRADE)


def same(pool: Pool, *colours: Colour) -> bool:
    return Counter(pool.dice) == Counter(colours)


def test_darach_bow_upgraded_and_downgraded() -> None:  # vectors 1 and 2
    assert same(modify(build_pool([OR, OR]), [UP]).pool, R, OR)
    assert same(modify(build_pool([OR, OR]), [DOWN]).pool, OR, Y)


def test_red_and_green_at_the_top_add_the_lowest_die() -> None:  # vectors 3 and 4
    assert same(modify(build_pool([R, R, R]), [UP]).pool, R, R, R, Y)
    assert same(modify(build_pool([G, G]), [UP]).pool, G, G, K)


def test_the_lowest_is_upgraded_and_the_highest_downgraded() -> None:  # vectors 5 and 6
    assert same(modify(build_pool([K, U]), [UP]).pool, U, U)
    assert same(modify(build_pool([G, U]), [DOWN]).pool, U, U)


def test_yellow_and_black_downgraded_are_removed_and_then_nothing_is_left() -> None:  # vector 7
    emptied = modify(build_pool([Y]), [DOWN]).pool
    assert emptied.dice == ()
    with pytest.raises(PoolError, match="cannot be downgraded"):
        modify(build_pool([Y]), [DOWN, DOWN])
    automatic = Symbols(block=1)
    only_symbol = modify(build_pool([K], automatic), [DOWN]).pool
    assert only_symbol.dice == () and only_symbol.automatic == automatic
    with pytest.raises(PoolError, match="cannot be downgraded"):
        downgrade(only_symbol)


def test_upgrades_come_before_downgrades_whatever_the_order_given() -> None:  # vector 8
    assert same(modify(build_pool([R]), [DOWN, UP]).pool, OR, Y)
    assert same(modify(build_pool([R]), [UP, DOWN]).pool, OR, Y)


def test_a_third_upgrade_or_downgrade_is_refused() -> None:  # vector 9
    pool = build_pool([Y, Y, K])
    with pytest.raises(PoolError, match="at most 2 upgrades"):
        modify(pool, modifications(3, 0, Kind.OFFENSIVE))
    with pytest.raises(PoolError, match="at most 2 downgrades"):
        modify(pool, modifications(0, 3, Kind.OFFENSIVE))


def test_a_fourth_die_of_a_colour_is_refused_when_building() -> None:  # vector 10
    pool = build_pool([OR, OR, OR])
    with pytest.raises(PoolError, match="fourth"):
        pool.with_die(OR)
    with pytest.raises(PoolError, match=r"die 4 \(orange\) would be a fourth"):
        build_pool([OR, OR, OR, OR])


def test_a_modification_that_would_make_a_fourth_loses_the_die() -> None:
    result = modify(build_pool([Y, OR, OR, OR]), [UP])
    assert same(result.pool, OR, OR, OR)
    assert result.lost == (OR,)
    down = modify(build_pool([R, OR, OR, OR]), [DOWN])
    assert same(down.pool, OR, OR, OR) and down.lost == (OR,)


def test_a_pool_with_both_kinds_asks_which_kind() -> None:
    mixed = build_pool([Y, Y, K])
    with pytest.raises(KindNeeded, match="offensive and defensive"):
        upgrade(mixed)
    with pytest.raises(KindNeeded):
        downgrade(mixed)
    assert same(upgrade(mixed, Kind.OFFENSIVE)[0], OR, Y, K)
    assert same(upgrade(mixed, Kind.DEFENSIVE)[0], Y, Y, U)
    assert same(downgrade(mixed, Kind.DEFENSIVE)[0], Y, Y)


def test_upgrading_a_kind_the_pool_lacks_adds_its_lowest_die() -> None:
    pool, step = upgrade(build_pool([R]), Kind.DEFENSIVE)
    assert same(pool, R, K) and step.added is K
    with pytest.raises(PoolError, match="no defensive die"):
        downgrade(build_pool([R]), Kind.DEFENSIVE)


def test_colours_are_read_with_a_message_naming_the_die() -> None:
    assert parse_colours("Red, orange,BLACK") == (R, OR, K)
    with pytest.raises(ValueError, match=r"die 2.*'purple'"):
        parse_colours("red,purple")


colours = st.sampled_from(list(Colour))
mods = st.lists(
    st.builds(Modification, st.sampled_from(list(Direction)), st.sampled_from(list(Kind))),
    max_size=4,
)


@st.composite
def legal_pools(draw: st.DrawFn) -> Pool:
    counts = draw(st.dictionaries(colours, st.integers(0, MAX_PER_COLOUR)))
    dice = [colour for colour, count in counts.items() for _ in range(count)]
    return build_pool(draw(st.permutations(dice)))


@given(st.lists(colours, max_size=24))
def test_building_never_holds_more_than_three_of_a_colour(picked: list[Colour]) -> None:
    pool = Pool()
    for colour in picked:
        try:
            pool = pool.with_die(colour)
        except PoolError:
            assert pool.count(colour) == MAX_PER_COLOUR
    assert max(Counter(pool.dice).values(), default=0) <= MAX_PER_COLOUR


@given(legal_pools(), mods)
def test_modification_sequences_stay_legal(pool: Pool, sequence: list[Modification]) -> None:
    ups = sum(m.direction is Direction.UPGRADE for m in sequence)
    downs = len(sequence) - ups
    try:
        result = modify(pool, sequence)
    except PoolError:
        return
    assert ups <= 2 and downs <= 2
    assert max(Counter(result.pool.dice).values(), default=0) <= MAX_PER_COLOUR
    assert len(result.steps) == len(sequence)
    # Each step changes at most one die, adds one, or removes one.
    assert abs(len(result.pool.dice) - len(pool.dice)) <= len(sequence)
    assert result.pool.automatic == pool.automatic


@given(legal_pools(), st.sampled_from(list(Kind)))
def test_an_upgrade_never_lowers_and_a_downgrade_never_raises_a_kind(
    pool: Pool, kind: Kind
) -> None:
    def value(p: Pool) -> tuple[int, int]:
        ranks = [c.rank + 1 for c in p.dice if c.kind is kind]
        return sum(ranks), len(ranks)

    lifted, step = upgrade(pool, kind)
    if not step.lost:
        assert value(lifted)[0] > value(pool)[0]
    try:
        lowered, _ = downgrade(pool, kind)
    except PoolError:
        assert not [c for c in pool.dice if c.kind is kind]
        return
    assert value(lowered)[0] < value(pool)[0]
