"""Warriors of Krynn from the fact file's test vectors (rules/widowers_krynn.md §B6)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.games.warriors_of_krynn import (
    LINES,
    EventCard,
    EventDraws,
    LineState,
    PhaseChecklist,
    apply_hits,
    attacking_side,
    conflict_dice,
    conflict_odds,
    effective_difficulty,
    encounter_cost,
    face_table_text,
    faces_from_rows,
    load_face_table,
    move_stress,
    parse_face_table,
    resolve_conflict,
    respite_allowed,
    respite_stress,
    roll_battle_dice,
    shipped_steps,
)


def test_k1_a_mastered_ability_lowers_the_difficulty_by_one() -> None:
    assert effective_difficulty(3, mastered=True) == 2
    assert effective_difficulty(3, mastered=False) == 3
    assert effective_difficulty(0, mastered=True) == 0  # not below 0


def test_k2_k3_the_pool_is_actions_at_least_one_plus_discards() -> None:
    assert conflict_dice(2, 1) == 3
    assert conflict_dice(0, 0) == 1
    assert conflict_dice(1) == 1


def test_k4_k5_overkill_is_hits_beyond_the_difficulty() -> None:
    exact = resolve_conflict(actions=2, difficulty=3, mastered=True, hits=2, woes=0)
    assert (exact.success, exact.overkill, exact.equipment) == (True, False, False)
    beyond = resolve_conflict(actions=2, difficulty=2, hits=3, woes=0)
    assert (beyond.success, beyond.overkill, beyond.equipment) == (True, True, True)
    task = resolve_conflict(actions=2, difficulty=2, hits=3, woes=0, vile_champion=False)
    assert (task.success, task.overkill, task.equipment) == (True, True, False)


def test_k6_a_woe_costs_one_stress() -> None:
    result = resolve_conflict(actions=1, difficulty=2, hits=1, woes=1)
    assert (result.success, result.stress) == (False, 1)
    assert resolve_conflict(actions=1, difficulty=2, hits=1, woes=3).stress == 1
    per_woe = resolve_conflict(actions=1, difficulty=2, hits=1, woes=3, stress_per_woe=True)
    assert per_woe.stress == 3


def test_k7_an_encounter_costs_its_value_less_the_discounts() -> None:
    assert encounter_cost(3, mastered=True, discards=1) == 1
    assert encounter_cost(1, mastered=True, discards=2) == 0


def test_k8_k9_moving_off_a_champion_and_respite() -> None:
    assert move_stress(leaving_vile_champion=True) == 1
    assert respite_allowed(0, 0) and not respite_allowed(0, 1)
    assert respite_stress(5) == 3 and respite_stress(1) == 0


def test_k11_the_stronger_side_attacks_and_a_tie_is_left_to_the_referee() -> None:
    assert attacking_side(3, 1, 3, 0) == "alliance"
    assert attacking_side(2, 0, 3, 0) == "dragon army"
    assert attacking_side(2, 1, 3, 0) is None


def test_k12_hits_take_the_barricade_then_shake_the_unit() -> None:
    assert apply_hits(LineState(barricades=1, ready=1, shaken=0), 2) == (LineState(0, 0, 1), 0)
    assert apply_hits(LineState(0, 1, 1), 4) == (LineState(0, 0, 0), 1)


def test_k13_all_out_battles_go_foot_missile_mounted() -> None:
    assert LINES == ("foot", "missile", "mounted")


def test_k14_event_cards_are_drawn_until_battle_phase() -> None:
    draws = EventDraws()
    for card in (EventCard.RIGHT_NOW, EventCard.KEY_MOMENT, EventCard.BATTLE_PHASE):
        draws.draw(card)
    assert (len(draws.drawn), draws.key_moments, draws.finished) == (3, 1, True)
    with pytest.raises(ValueError, match="event phase is over"):
        draws.draw(EventCard.RIGHT_NOW)
    draws.next_turn()
    assert (draws.drawn, draws.key_moments) == ([], 1)  # the tracker is the scenario's


def test_bad_counts_are_refused_with_their_names() -> None:
    with pytest.raises(ValueError, match="actions cannot be negative"):
        conflict_dice(-1)
    with pytest.raises(ValueError, match="hits cannot be negative"):
        resolve_conflict(actions=1, difficulty=1, hits=-1, woes=0)


def test_the_shipped_face_table_is_marked_unverified() -> None:
    table = load_face_table()
    assert table.verified is False
    assert "not checked" in table.note.lower()
    assert len(table.faces) == 6


def test_an_override_file_replaces_the_shipped_table(tmp_path: Path) -> None:
    path = tmp_path / "battle_dice.toml"
    path.write_text(
        "verified = true\n[[face]]\nhits = 1\n[[face]]\nhits = 0\nwoes = 1\n", encoding="utf-8"
    )
    table = load_face_table(path)
    assert table.verified and [(f.hits, f.woes) for f in table.faces] == [(1, 0), (0, 1)]
    assert parse_face_table(face_table_text(table), "again").faces == table.faces


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("verified = false\n", "no [[face]] tables"),
        ("[[face]]\nhits = 1\n", "2 to 20 faces, got 1"),
        ("[[face]]\nhits = 1\n[[face]]\nhits = 9\n", "face 2: hits must be 0 to 3, got 9"),
        ("[[face]]\nhits = 1\n[[face]]\nwoe = 1\n", "face 2: unknown key 'woe'"),
        ("[[face]\n", "not a valid TOML file"),
        ('verified = "yes"\n[[face]]\n[[face]]\n', "verified must be true or false"),
    ],
)
def test_a_bad_face_table_says_what_and_where(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[")) as caught:
        parse_face_table(text, "my_dice.toml")
    assert str(caught.value).startswith("my_dice.toml")


def _counted(faces: list[tuple[int, int]], dice: int, difficulty: int) -> tuple[Fraction, ...]:
    success = overkill = woe = total = 0
    for roll in product(faces, repeat=dice):
        total += 1
        hits = sum(face[0] for face in roll)
        success += hits >= difficulty
        overkill += hits > difficulty
        woe += any(face[1] for face in roll)
    return Fraction(success, total), Fraction(overkill, total), Fraction(woe, total)


@pytest.mark.parametrize(("dice", "difficulty"), [(1, 0), (1, 1), (2, 2), (3, 2), (4, 5)])
def test_conflict_odds_match_counting_every_roll(dice: int, difficulty: int) -> None:
    table = faces_from_rows(
        [(0, 0, ""), (1, 0, ""), (2, 0, ""), (1, 1, "")], verified=False, note=""
    )
    odds = conflict_odds(table, dice, difficulty)
    faces = [(f.hits, f.woes) for f in table.faces]
    assert (odds.success, odds.overkill, odds.any_woe) == _counted(faces, dice, difficulty)


@given(st.integers(1, 12), st.integers(0, 2**32))
def test_a_virtual_roll_uses_the_table_faces(count: int, seed: int) -> None:
    table = load_face_table()
    roll = roll_battle_dice(table, count, random.Random(seed))
    assert len(roll.faces) == count and all(face in table.faces for face in roll.faces)
    assert roll.hits == sum(face.hits for face in roll.faces)


def test_the_checklist_steps_through_a_turn_and_starts_the_next() -> None:
    checklist = PhaseChecklist(shipped_steps())
    assert checklist.phases() == ("Event", "Action", "Respite", "Battle", "End check")
    assert checklist.current_step().phase == "Event"
    for _ in range(3):
        checklist.advance()
    assert checklist.current_step().phase == "Action" and checklist.done == {0, 1, 2}
    checklist.back()
    assert checklist.current == 2 and 2 not in checklist.done
    while not checklist.finished:
        checklist.advance()
    assert checklist.current == len(checklist.steps) - 1
    checklist.next_turn()
    assert (checklist.turn, checklist.current, checklist.done) == (2, 0, set())


def test_a_face_table_file_far_too_big_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "battle_dice.toml"
    path.write_text("# padding\n" * 20_000, encoding="utf-8")
    with pytest.raises(ValueError, match=r"battle_dice\.toml is \d+ bytes, larger than"):
        load_face_table(path)
