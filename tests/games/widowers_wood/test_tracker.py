"""The Widower's Wood table: hero health (rulebook L436-446, L509-511), the event deck as the
chapter's timer (L289-297, L609-611) and the villain activation order (L597-607, example 3)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.games.widowers_wood.tracker import (
    EventDeck,
    Hero,
    TrackerError,
    VillainType,
    WoodTable,
    activation_order,
)


def test_health_stops_at_zero_and_the_first_time_knocks_the_hero_down() -> None:
    olo = Hero.new("Olo", 7, 4).damaged(3)
    assert (olo.health, olo.battle_ready, olo.knocked_down) == (1, True, False)
    olo = olo.damaged(5)
    assert (olo.health, olo.tokens, olo.incapacitated, olo.knocked_down) == (0, 4, True, True)


def test_an_incapacitated_hero_discards_two_tokens_a_spawning_phase_then_passes_out() -> None:
    olo = Hero.new("Olo", 7, 3).damaged(3)
    olo = olo.spawning_phase()
    assert (olo.tokens, olo.passed_out) == (1, False)
    olo = olo.spawning_phase()
    assert (olo.tokens, olo.passed_out, olo.status()) == (0, True, "Passed Out")
    with pytest.raises(TrackerError, match="Passed Out"):
        olo.healed(1)
    with pytest.raises(TrackerError, match="only an Incapacitated hero"):
        Hero.new("Agata", 5, 5).spawning_phase()


def test_revive_turns_every_token_left_red_empties_the_vial_and_keeps_the_hero_down() -> None:
    table = WoodTable((Hero.new("Agata", 5, 5), Hero.new("Olo", 7, 4).damaged(4)))
    table = table.changed("Olo", Hero.spawning_phase)  # 2 tokens left
    table = table.revived("Agata", "Olo")
    olo, agata = table.hero("Olo"), table.hero("Agata")
    assert (olo.health, olo.tokens, olo.knocked_down) == (2, 2, True)
    assert not agata.restoration
    again = table.changed("Olo", lambda h: h.damaged(2))
    with pytest.raises(TrackerError, match="empty"):
        again.revived("Agata", "Olo")
    with pytest.raises(TrackerError, match="not Battle-Ready"):
        again.revived("Olo", "Agata")


def test_the_chapter_is_lost_when_a_round_begins_with_no_event_card() -> None:
    deck = EventDeck().with_cards(2)
    deck = deck.new_round("red").new_round("blue", "Thick Fog")
    assert (deck.round, deck.cards_left, deck.priority, deck.environment) == (
        2,
        0,
        "blue",
        "Thick Fog",
    )
    assert "last round" in deck.timer_text()
    lost = deck.new_round("red")
    assert lost.out_of_time and WoodTable(deck=lost).defeated() == "the event deck ran out"
    with pytest.raises(TrackerError, match="run out"):
        lost.new_round("red")


def test_an_environment_card_stays_until_the_next_one() -> None:
    deck = EventDeck(cards_left=3).new_round("red", "Mist").new_round("blue")
    assert deck.environment == "Mist" and deck.priority == "blue"
    assert deck.new_round("red", "Rain").environment == "Rain"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 30), st.lists(st.sampled_from(["red", "blue"]), max_size=40))
def test_the_timer_gives_exactly_one_round_per_card(cards, colours) -> None:
    deck = EventDeck(cards_left=cards)
    for number, colour in enumerate(colours, start=1):
        if deck.out_of_time:
            with pytest.raises(TrackerError):
                deck.new_round(colour)  # type: ignore[arg-type]
            continue
        deck = deck.new_round(colour)  # type: ignore[arg-type]
        assert deck.out_of_time == (number > cards)
        if not deck.out_of_time:
            assert deck.round == number and deck.cards_left == cards - number
            assert deck.priority == colour
    assert deck.round == min(cards, len(colours))


def test_example_three_the_mist_speaker_before_the_gatorman_club() -> None:
    villains = (
        VillainType("Gatorman Club", 3, blue=1),
        VillainType("Spear Bog Trog", 2, red=1),
        VillainType("Mist Speaker", 1, blue=1),
    )
    order = activation_order(villains, "blue")
    assert [(row.colour, row.villain) for row in order] == [
        ("blue", "Mist Speaker"),
        ("blue", "Gatorman Club"),
        ("red", "Spear Bog Trog"),
    ]
    assert [r.villain for r in activation_order(villains, "red", colour="blue")] == [
        "Mist Speaker",
        "Gatorman Club",
    ]


def test_types_without_an_index_go_first_and_level_ones_are_the_players_choice() -> None:
    villains = (VillainType("Deathless", 0, red=1), VillainType("Rasheldonak", 0, red=1))
    order = activation_order(villains, "red")
    assert order[0].tied_with_next and not order[1].tied_with_next
    assert "the active player chooses" in order[0].words()


VILLAINS = st.lists(
    st.builds(
        VillainType,
        st.sampled_from(["Bog Trog", "Gatorman", "Shambler", "Gobber", "Mist Speaker", "Wurm"]),
        st.integers(0, 6),
        st.integers(0, 3),
        st.integers(0, 3),
    ),
    max_size=6,
    unique_by=lambda v: v.name,
)


@settings(max_examples=80, deadline=None)
@given(VILLAINS, st.sampled_from(["red", "blue"]))
def test_the_order_is_priority_colour_first_then_lowest_index(villains, priority) -> None:
    order = activation_order(tuple(villains), priority)
    keys = [(row.colour != priority, row.index) for row in order]
    assert keys == sorted(keys)
    on_board = {(v.name, c) for v in villains for c in ("red", "blue") if v.on_board(c)}
    assert {(row.villain, row.colour) for row in order} == on_board
    for row, after in itertools.pairwise(order):
        assert row.tied_with_next == ((row.colour, row.index) == (after.colour, after.index))


def test_turn_order_is_highest_initiative_first_and_passed_out_heroes_take_none() -> None:
    table = WoodTable((Hero.new("Agata", 5, 5), Hero.new("Olo", 7, 2), Hero.new("Skarg", 5, 6)))
    assert [h.name for h in table.turn_order()] == ["Olo", "Agata", "Skarg"]
    table = table.changed("Olo", lambda h: h.damaged(2).spawning_phase())
    assert [h.name for h in table.turn_order()] == ["Agata", "Skarg"]


def test_the_document_round_trips_and_bad_documents_are_named() -> None:
    table = WoodTable(
        (Hero.new("Agata", 5, 5).damaged(2),),
        EventDeck(4).new_round("red", "Mist"),
        (VillainType("Bog Trog", 2, 1, 3),),
    )
    assert WoodTable.from_dict(table.to_dict()) == table
    with pytest.raises(TrackerError, match="hero 1"):
        WoodTable.from_dict({"heroes": [{"name": "", "vitality": 3}]})
    with pytest.raises(TrackerError, match="red or blue"):
        WoodTable.from_dict({"deck": {"priority": "green"}})
