"""The Day and Night decks as data: the shipped proposal, a user's own file, and bad files."""

from __future__ import annotations

import re

import pytest

from refkit.games.stworze import (
    TimeOfDay,
    load_decks,
    read_decks,
    shipped_decks_text,
    user_decks_path,
)


def test_the_shipped_decks_are_the_labelled_proposal() -> None:
    decks = load_decks(shipped_decks_text())
    assert decks.unverified
    assert "proposal" in decks.source
    assert decks.day.size + decks.night.size == 16  # the game's 16 Day and Night cards
    for deck in (decks.day, decks.night):
        assert deck.icons[-1].cards == 2  # two cards of the best icon in each deck
    assert decks.night.icon("half-moon").rank < decks.night.icon("Full moon").rank
    assert decks.day.icon("Sun behind the clouds").rank < decks.day.icon("Solar eclipse").rank
    assert decks.for_time(TimeOfDay.NIGHT) is decks.night


def test_a_users_file_of_the_same_shape_replaces_the_counts() -> None:
    text = """
unverified = false
source = "counted from my copy"
[[day]]
icon = "Cloud"
cards = 5
[[day]]
icon = "Solar eclipse"
cards = 3
[[night]]
icon = "Half-moon"
cards = 6
[[night]]
icon = "Full moon"
cards = 2
"""
    decks = load_decks(text)
    assert not decks.unverified
    assert [(icon.name, icon.rank, icon.cards) for icon in decks.day.icons] == [
        ("Cloud", 1, 5),
        ("Solar eclipse", 2, 3),
    ]
    assert decks.night.cards_reaching(decks.night.icon("Half-moon")) == 8


def test_the_optional_harder_rule_takes_out_one_best_card() -> None:
    night = load_decks(shipped_decks_text()).night
    harder = night.without_a_best_card()
    assert harder.size == night.size - 1
    assert harder.icon("Full moon").cards == 1


GOOD_NIGHT = '[[night]]\nicon = "Full moon"\ncards = 2\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[day]\n", "my.toml is not valid TOML"),
        (GOOD_NIGHT, "my.toml: the day deck is missing"),
        ('[[day]]\nicon = "Sun"\n' + GOOD_NIGHT, r"my.toml: day icon 1 \(Sun\) needs a whole"),
        ("[[day]]\ncards = 2\n" + GOOD_NIGHT, "my.toml: day icon 1 needs an icon name"),
        ('[[day]]\nicon = "Sun"\ncards = -1\n' + GOOD_NIGHT, "has -1 cards; give 0 to 16"),
        ('[[day]]\nicon = "Sun"\ncards = 2\ncolour = 1\n' + GOOD_NIGHT, "unknown keys colour"),
        ('[[day]]\nicon = "Sun"\ncards = 0\n' + GOOD_NIGHT, "the day deck has no cards"),
        (
            '[[day]]\nicon = "Sun"\ncards = 1\n[[day]]\nicon = "sun"\ncards = 1\n' + GOOD_NIGHT,
            "names 'sun' twice",
        ),
        ('unverified = "maybe"\n', "'unverified' must be true or false"),
    ],
)
def test_a_bad_deck_file_says_what_and_where(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_decks(text, where="my.toml")


def test_an_unknown_icon_names_the_deck_and_its_icons() -> None:
    night = load_decks(shipped_decks_text()).night
    with pytest.raises(ValueError, match=r"no icon 'Solar eclipse'.*Half-moon"):
        night.icon("Solar eclipse")


def test_the_user_file_in_the_data_folder_wins_over_the_shipped_one(tmp_path) -> None:
    assert read_decks(tmp_path) == (load_decks(shipped_decks_text()), None)
    path = user_decks_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('[[day]]\nicon = "Sun"\ncards = 3\n' + GOOD_NIGHT, encoding="utf-8")
    decks, used = read_decks(tmp_path)
    assert used == path
    assert decks.day.size == 3


def test_a_bad_user_file_names_itself_instead_of_falling_back(tmp_path) -> None:
    path = user_decks_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(GOOD_NIGHT, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"{path}: the day deck is missing")):
        read_decks(tmp_path)
