"""The Initiative dial and the figures' counters (rulebook L371-420, L900-1014), from the
book's own examples, with hypothesis on the dial's state machine."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.games.warcrow.states import State
from refkit.games.warcrow.tracker import POSITIONS, Dial, Figure, Tracker, TrackerError

positions = st.integers(1, POSITIONS)


def test_zsoka_at_8_with_initiative_5_wraps_round_to_3() -> None:  # L383
    dial = Dial(8).place("Zsoka", 8)
    assert dial.advance("Zsoka", 5).where("Zsoka") == 3


def test_a_token_never_reaches_the_dial_it_stops_just_before() -> None:  # L381
    dial = Dial(3).place("Token", 3)
    assert dial.advance("Token", 10).where("Token") == 2
    assert dial.advance("Token", 30).where("Token") == 2
    assert dial.advance("Token", 9).where("Token") == 2
    assert dial.advance("Token", 8).where("Token") == 1


def test_the_books_example_round_ends_as_the_book_says() -> None:  # L398-420
    tracker = Tracker(
        (
            Figure("Marked", initiative=4, vitality=2, enemy=True),
            Figure("Nayra", initiative=4, vitality=5),
            Figure("Darach", initiative=3, vitality=5),
        ),
        Dial(1, 2),
    ).start_combat()
    assert tracker.dial.round == 3
    assert tracker.dial.stack(4) == ("Marked", "Nayra")  # Enemies first, then the Characters
    order: list[str] = []

    def step(t: Tracker) -> Tracker:
        dial = t.dial if t.dial.active else t.dial.to_next_token()
        t = Tracker(t.figures, dial)
        name = dial.active
        assert name is not None
        order.append(name)
        if name == "Nayra" and order.count("Nayra") == 1:  # her trigger moves her one on
            t = Tracker(t.figures, t.dial.advance("Nayra", 1))
        return t.end_activation(name)

    while True:
        tracker = step(tracker)
        if tracker.dial.active is None and tracker.dial.to_next_token().position == 1:
            break
    assert order == ["Darach", "Nayra", "Marked", "Darach", "Marked", "Darach", "Nayra"]
    assert tracker.dial.stack(2) == ("Marked", "Darach")  # Darach on top of the Marked
    assert tracker.dial.stack(3) == ("Nayra",)
    next_round = tracker.dial.to_next_token()
    assert (next_round.round, next_round.position) == (4, 1)
    assert next_round.to_next_token().active == "Darach"


def test_new_enemies_arrive_ahead_of_the_dial_on_top() -> None:  # L361
    dial = Dial(4).place("Nayra", 7)
    dial = dial.arrive("Husk", 3)
    assert dial.stack(7) == ("Nayra", "Husk")
    with pytest.raises(TrackerError, match="already"):
        dial.arrive("Husk", 1)


@given(positions, positions, st.integers(0, 40))
def test_an_advance_goes_clockwise_and_never_onto_the_dial(
    dial_at: int, start: int, steps: int
) -> None:
    dial = Dial(dial_at).place("T", start)
    end = dial.advance("T", steps).where("T")
    assert end is not None
    moved = (end - start) % POSITIONS
    room = (dial_at - start - 1) % POSITIONS
    assert moved == min(steps, room)
    if steps > 0 and start != dial_at:
        assert end != dial_at or moved == 0
    if start == dial_at and steps > 0:
        assert end != dial_at


@given(
    st.lists(st.tuples(positions), min_size=1, max_size=8),
    positions,
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 12)), max_size=12),
)
def test_moves_keep_every_token_once_and_put_the_mover_on_top(
    places: list[tuple[int]], dial_at: int, moves: list[tuple[int, int]]
) -> None:
    dial = Dial(dial_at)
    names = [f"t{n}" for n in range(len(places))]
    for name, (position,) in zip(names, places, strict=True):
        dial = dial.place(name, position)
    for which, steps in moves:
        name = names[which % len(names)]
        dial = dial.advance(name, steps)
        at = dial.where(name)
        assert at is not None
        assert dial.stack(at)[-1] == name
        assert sorted(dial.tokens()) == sorted(names)


@given(positions, st.integers(1, 50))
def test_the_dial_turns_ten_positions_a_round(start: int, turns: int) -> None:
    dial = Dial(start, 1)
    for _ in range(turns):
        dial = dial.turned()
    assert dial.position == (start - 1 + turns) % POSITIONS + 1
    assert dial.round == 1 + (start - 1 + turns) // POSITIONS


@given(positions, st.lists(positions, max_size=6))
def test_to_next_token_stops_on_a_token_or_at_the_next_round(
    dial_at: int, occupied: list[int]
) -> None:
    dial = Dial(dial_at)
    for n, position in enumerate(occupied):
        dial = dial.place(f"t{n}", position)
    after = dial.to_next_token()
    assert after.active is not None or after.position == 1
    walked = dial
    while (walked.position, walked.round) != (after.position, after.round):
        walked = walked.turned()
        if (walked.position, walked.round) != (after.position, after.round):
            assert walked.active is None  # nothing skipped


def test_wounds_stop_at_vitality_and_make_unconscious() -> None:  # L902
    figure = Figure("Ludivine", vitality=4).wounded(3)
    assert not figure.unconscious
    figure = figure.wounded(5)
    assert (figure.wounds, figure.unconscious) == (4, True)
    assert figure.healed(2).wounds == 2
    with pytest.raises(TrackerError, match="Ludivine: Wounds"):
        Figure("Ludivine", vitality=4, wounds=5)


def test_states_do_not_stack_save_deranged_and_bleeding_which_wound() -> None:  # L954
    figure = Figure("Zsoka", vitality=6).with_state(State.FOCUS).with_state(State.FOCUS)
    assert figure.states == {State.FOCUS} and figure.wounds == 0
    figure = figure.with_state(State.BLEEDING).with_state(State.BLEEDING)
    assert figure.wounds == 1
    figure = figure.with_state(State.DERANGED).with_state(State.DERANGED)
    assert figure.wounds == 2
    assert figure.without_state(State.FOCUS).states == {State.BLEEDING, State.DERANGED}


def test_slowed_advances_one_more_and_goes() -> None:  # L964
    tracker = Tracker((Figure("Darach", initiative=3, states=frozenset({State.SLOWED})),))
    tracker = Tracker(tracker.figures, Dial(2).place("Darach", 2))
    after = tracker.end_activation("Darach")
    assert after.dial.where("Darach") == 6
    assert State.SLOWED not in after.figure("Darach").states


def test_ten_stain_become_a_tinge_card_and_the_third_card_leaves() -> None:  # L1010, L1014
    nayra = Figure("Nayra", stain=23, tinge=1)
    nayra = nayra.stain_to_tinge()
    assert (nayra.stain, nayra.tinge, nayra.left_campaign) == (13, 2, False)
    nayra = nayra.stain_to_tinge()
    assert (nayra.stain, nayra.tinge, nayra.left_campaign) == (3, 3, True)
    with pytest.raises(TrackerError, match="3 Stain"):
        nayra.stain_to_tinge()


def test_the_document_round_trips_and_bad_documents_are_named() -> None:
    tracker = Tracker(
        (
            Figure("Marked", initiative=4, vitality=2, enemy=True, wounds=1),
            Figure(
                "Nayra",
                initiative=4,
                vitality=5,
                energy=4,
                stain=2,
                states=frozenset({State.STUNNED}),
            ),
        ),
    ).start_combat()
    assert Tracker.from_dict(tracker.to_dict()) == tracker
    with pytest.raises(TrackerError, match="not at the table"):
        Tracker.from_dict({"figures": [], "dial": {"stacks": {"3": ["Ghost"]}}})
    with pytest.raises(TrackerError, match="figure 1"):
        Tracker.from_dict({"figures": [{"name": "X", "states": ["sleepy"]}]})
    with pytest.raises(TrackerError, match="no position"):
        Dial.from_dict({"stacks": {"11": ["X"]}})
