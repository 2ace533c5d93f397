"""A fight's combatants, rounds and side-based initiative (L593), and its conditions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.combat.creature import Attack, Creature, CreatureProblem
from refkit.rules.combat.fight import Fight, FightError
from refkit.rules.combat.initiative import first_side

CLAW = Attack("Claw", "melee", 1, 2, 4, characteristic="S")
GHOUL = Creature("Ghoul", "medium", stamina=6, ad=2, attacks=(CLAW,), strength=1)
TROLL = Creature("Bridge troll", "large", stamina=20, attacks=(CLAW,))


def test_initiative_6_or_more_is_the_crows_first_5_or_less_the_enemies() -> None:  # V58
    assert first_side(6) == "crows" and first_side(10) == "crows"
    assert first_side(5) == "enemies" and first_side(1) == "enemies"
    with pytest.raises(ValueError, match="initiative die shows 11"):
        first_side(11)


def test_creatures_of_a_kind_are_numbered_after_those_already_in() -> None:
    fight = Fight().with_creatures(GHOUL, 2).with_creatures(GHOUL)
    assert [f.name for f in fight.combatants] == ["Ghoul 1", "Ghoul 2", "Ghoul 3"]
    fight = fight.without("Ghoul 2").with_creatures(GHOUL)
    assert [f.name for f in fight.combatants] == ["Ghoul 1", "Ghoul 3", "Ghoul 2"]
    assert all(f.stamina == 6 and f.ad == 2 for f in fight.combatants)


def test_crows_join_by_name_once() -> None:
    fight = Fight().with_crows(["Mara", "Tobin"]).with_crows(["mara"])
    assert [(f.name, f.side) for f in fight.combatants] == [("Mara", "crows"), ("Tobin", "crows")]


def round_one(die: int) -> Fight:
    return Fight().with_crows(["Mara", "Tobin"]).with_creatures(GHOUL, 2).start_round(die)


def test_the_first_side_takes_its_turns_then_the_other_then_the_round_is_over() -> None:
    fight = round_one(7)
    assert (fight.round, fight.acting, fight.current) == (1, "crows", "Mara")
    fight = fight.next_turn()
    assert fight.current == "Tobin"
    fight = fight.next_turn()
    assert (fight.acting, fight.current) == ("enemies", "Ghoul 1")
    fight = fight.next_turn().next_turn()
    assert fight.phase == "round_over" and fight.current is None
    fight = fight.start_round(2)
    assert (fight.round, fight.acting, fight.current) == (2, "enemies", "Ghoul 1")
    assert not any(f.acted for f in fight.combatants)


def test_the_side_orders_its_own_turns_but_a_turn_is_never_taken_twice() -> None:
    fight = round_one(9).choose("Tobin")
    assert fight.current == "Tobin"
    fight = fight.next_turn()
    assert fight.current == "Mara"  # she was up first, but Tobin went before her
    with pytest.raises(FightError, match="Tobin has already acted"):
        fight.next_turn("Tobin")


def test_a_combatant_of_the_other_side_waits() -> None:
    with pytest.raises(FightError, match="the crows are acting; Ghoul 1 waits"):
        round_one(9).next_turn("Ghoul 1")


def test_a_round_cannot_start_while_one_is_going() -> None:
    with pytest.raises(FightError, match="still going"):
        round_one(9).start_round(3)
    assert round_one(9).end_round().start_round(3).round == 2


def test_a_dead_creature_takes_no_turn_and_players_see_it_as_down() -> None:
    fight = round_one(1)
    fight, hit = fight.damaged("Ghoul 1", 10)
    assert hit.standing == "dead"
    assert fight.current == "Ghoul 2"  # its turn passed on
    assert fight.combatant("Ghoul 1").players_see == "down"
    scratched, _ = fight.damaged("Ghoul 2", 3)
    assert scratched.combatant("Ghoul 2").players_see == "wounded"
    assert scratched.combatant("Mara").players_see == ""


def test_conditions_toggle_and_the_dt_end_ends_those_of_the_dt_and_wakes_knock_outs() -> None:
    fight = round_one(7).toggle_condition("Ghoul 1", "weakened").toggle_condition("Mara", "blessed")
    fight = fight.toggle_condition("Ghoul 2", "prone")
    fight, _ = fight.damaged("Ghoul 2", 9, knock_out=True)
    assert fight.combatant("Ghoul 2").standing == "knocked_out"
    after = fight.at_dt_end()
    assert after.combatant("Ghoul 1").conditions == ()
    assert after.combatant("Mara").conditions == ()
    woke = after.combatant("Ghoul 2")
    assert (woke.standing, woke.stamina, woke.conditions) == ("fighting", 1, ("prone",))
    assert fight.toggle_condition("Ghoul 1", "weakened").combatant("Ghoul 1").conditions == ()
    with pytest.raises(FightError, match="'stunned' is not a condition"):
        fight.toggle_condition("Mara", "stunned")


def test_damage_on_a_crow_belongs_on_its_sheet() -> None:
    with pytest.raises(FightError, match="crow's sheet"):
        round_one(7).damaged("Mara", 1)


def test_a_creature_says_what_is_wrong_and_where() -> None:
    with pytest.raises(CreatureProblem, match=r"^stamina: must be from 1 to 999, got 0$"):
        Creature("Wisp", "tiny", stamina=0, attacks=(CLAW,))
    with pytest.raises(CreatureProblem, match=r"^size: must be one of"):
        Creature("Wisp", "gigantic", stamina=2, attacks=(CLAW,))
    with pytest.raises(CreatureProblem, match=r"^attacks: a creature needs at least one attack$"):
        Creature("Wisp", "tiny", stamina=2)
    with pytest.raises(CreatureProblem, match=r"^damage: tier 3 \(1\) is less than tier 2 \(4\)"):
        Attack("Bite", "melee", 1, 4, 1)
    assert TROLL.reach == 2  # Large: reach 2 by default


def test_a_dead_creature_takes_no_more_damage() -> None:
    fight, _ = round_one(7).damaged("Ghoul 1", 20)
    with pytest.raises(FightError, match="Ghoul 1 is dead already"):
        fight.damaged("Ghoul 1", 1)


@given(
    crows=st.integers(0, 4),
    ghouls=st.integers(0, 4),
    dice=st.lists(st.integers(1, 10), min_size=1, max_size=4),
    picks=st.lists(st.integers(0, 7), max_size=40),
)
def test_in_every_round_each_combatant_acts_once_and_the_first_side_goes_first(
    crows: int, ghouls: int, dice: list[int], picks: list[int]
) -> None:
    fight = Fight().with_crows([f"Crow {n}" for n in range(crows)])
    if ghouls:
        fight = fight.with_creatures(GHOUL, ghouls)
    if not fight.combatants:
        return
    moves = iter(picks)
    for die in dice:
        fight = fight.start_round(die)
        turns: list[str] = []
        while fight.phase == "acting":
            assert fight.current is not None
            waiting = fight.waiting(fight.acting)  # type: ignore[arg-type]
            pick = next(moves, None)
            if pick is not None and pick < len(waiting):
                fight = fight.choose(waiting[pick].name)  # the side picks its own order
            assert fight.current not in turns
            turns.append(fight.current)
            fight = fight.next_turn()
        assert sorted(turns) == sorted(f.name for f in fight.combatants)
        sides = [fight.combatant(name).side for name in turns]
        first = first_side(die)
        assert sides == sorted(sides, key=lambda side: side != first)


def test_the_surprised_skip_round_1_and_act_from_round_2() -> None:  # L589
    fight = Fight().with_crows(["Mara"]).with_creatures(GHOUL, 2).toggle_surprised("Ghoul 2")
    fight = fight.start_round(2)  # the enemies first
    assert fight.current == "Ghoul 1"
    with pytest.raises(FightError, match="Ghoul 2 is surprised and skips round 1"):
        fight.choose("Ghoul 2")
    fight = fight.next_turn()
    assert (fight.acting, fight.current) == ("crows", "Mara")
    fight = fight.next_turn()
    assert fight.phase == "round_over"
    fight = fight.start_round(2)
    assert not fight.combatant("Ghoul 2").surprised
    assert [f.name for f in fight.waiting("enemies")] == ["Ghoul 1", "Ghoul 2"]
    with pytest.raises(FightError, match="before the first round"):
        fight.toggle_surprised("Mara")
