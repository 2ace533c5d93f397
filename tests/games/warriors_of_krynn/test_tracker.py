"""The Warriors of Krynn tracker (reference L13-62, L96-103, vectors K6, K8, K9): the four-action
budget, stress against the maximum, ability cards, respite, key moments and the end."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.games.warriors_of_krynn import resolve_conflict
from refkit.games.warriors_of_krynn.tracker import Hero, KrynnTracker, KrynnTrackerError


def _table(**hero: int) -> KrynnTracker:
    values = {"stress_max": 5, "hand": 4, **hero}
    return KrynnTracker().added(Hero("Kitiara", **values)).start_turn("kitiara")


def test_a_turn_has_four_actions_and_spending_past_them_is_refused() -> None:
    table = _table().spend(1, "examining").move(False).spend(2, "a fire")
    assert table.actions_left == 0
    with pytest.raises(KrynnTrackerError, match="moving takes 1 action, but Kitiara has 0"):
        table.move(False)


def test_no_action_is_spent_before_a_turn_begins() -> None:
    with pytest.raises(KrynnTrackerError, match="no hero's turn has begun"):
        KrynnTracker().added(Hero("Kitiara", 5)).spend(1, "moving")


def test_a_conflict_spends_its_actions_discards_its_cards_and_takes_the_woes_stress() -> None:  # K6
    result = resolve_conflict(actions=2, discards=1, difficulty=3, mastered=True, hits=1, woes=1)
    table = _table().conflict(2, 1, result)
    hero = table.hero("Kitiara")
    assert (table.actions_left, hero.hand, hero.discarded, hero.stress) == (2, 3, 1, 1)
    overkill = resolve_conflict(actions=0, difficulty=1, hits=3, woes=0)
    table = table.conflict(0, 0, overkill)  # min 1 action
    assert table.actions_left == 1 and table.hero("Kitiara").equipment == 1
    with pytest.raises(KrynnTrackerError, match="holds 3 ability cards, so cannot discard 4"):
        table.conflict(1, 4, overkill)


def test_leaving_a_vile_champion_costs_a_stress_and_an_action() -> None:  # K8
    table = _table().move(True)
    assert (table.actions_left, table.hero("Kitiara").stress) == (3, 1)


def test_respite_lowers_stress_by_two_or_returns_two_cards_only_on_a_clear_tile() -> None:  # K9
    table = _table(stress=5, hand=0, discarded=3)
    with pytest.raises(KrynnTrackerError, match="Dragon Army units or a vile champion"):
        table.respite("stress", tile_clear=False)
    once = table.respite("stress", tile_clear=True)
    assert once.hero("Kitiara").stress == 3 and once.actions_left == 4  # the first is free
    twice = once.respite("cards", tile_clear=True)
    assert (twice.hero("Kitiara").hand, twice.hero("Kitiara").discarded) == (2, 1)
    assert twice.actions_left == 3  # another respite spends a saved action


def test_stress_over_the_maximum_with_no_card_in_hand_is_death_and_the_end() -> None:  # L102
    table = _table(hand=1).stressed("Kitiara", 6)
    assert table.hero("Kitiara").over_max and not table.hero("Kitiara").dead
    assert table.ended is None
    table = table.changed("Kitiara", hand=0)
    assert table.hero("Kitiara").dead
    assert table.ended == "Kitiara has died (stress over the maximum, no ability card left)"
    with pytest.raises(KrynnTrackerError, match="has died and takes no turn"):
        table.start_turn("Kitiara")


def test_the_final_key_moment_ends_the_scenario() -> None:  # L101
    table = _table().with_final_key_moment(2).key_moment()
    assert table.ended is None
    table = table.key_moment()
    assert table.ended == "the final key moment is read"
    with pytest.raises(KrynnTrackerError, match="already read"):
        table.key_moment()


def test_a_hero_is_named_once_and_a_missing_one_is_named_with_the_table() -> None:
    table = _table()
    with pytest.raises(KrynnTrackerError, match="already at the table"):
        table.added(Hero(" kitiara ", 4))
    with pytest.raises(KrynnTrackerError, match=r"no hero called 'Raist' .*heroes: Kitiara"):
        table.hero("Raist")


@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("spend"), st.integers(0, 4)),
            st.tuples(st.just("move"), st.booleans()),
            st.tuples(st.just("respite"), st.sampled_from(["stress", "cards"])),
            st.tuples(st.just("stress"), st.integers(-6, 6)),
        ),
        max_size=25,
    )
)
def test_any_sequence_keeps_the_budget_and_counters_in_bounds_and_round_trips(steps) -> None:
    table = _table(discarded=2)
    for kind, value in steps:
        try:
            if kind == "spend":
                table = table.spend(value, "an action")
            elif kind == "move":
                table = table.move(value)
            elif kind == "respite":
                table = table.respite(value, tile_clear=True)
            else:
                table = table.stressed("Kitiara", value)
        except KrynnTrackerError:
            pass
        hero = table.hero("Kitiara")
        assert 0 <= table.actions_left <= 4
        assert hero.stress >= 0 and hero.hand + hero.discarded == 6
        assert KrynnTracker.from_dict(table.to_dict()) == table
