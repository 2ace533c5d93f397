"""The skirmish die: which line fights and the Commander symbol (reference L66, L72, L75), its
faces as editable data marked unverified, a seeded roll and exact odds counted face by face."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from refkit.games.warriors_of_krynn.skirmish import load_skirmish_die, parse_skirmish_die

LOPSIDED = """
verified = true
[[face]]
line = "foot"
[[face]]
line = "foot"
commander = true
[[face]]
line = "mounted"
"""


def test_the_shipped_die_is_a_placeholder_covering_every_line_with_and_without_the_symbol():
    die = load_skirmish_die()
    assert not die.verified
    assert {(f.line, f.commander) for f in die.faces} == {
        (line, symbol) for line in ("foot", "missile", "mounted") for symbol in (False, True)
    }


def test_odds_are_exact_and_agree_with_a_count_of_many_seeded_rolls() -> None:
    die = parse_skirmish_die(LOPSIDED, "test")
    assert die.line_chances() == {
        "foot": Fraction(2, 3),
        "missile": Fraction(0),
        "mounted": Fraction(1, 3),
    }
    assert die.commander_chance() == Fraction(1, 3)
    rng = random.Random(7)
    seen = Counter(die.roll(rng)[1].line for _ in range(3000))
    assert abs(seen["foot"] / 3000 - 2 / 3) < 0.03 and seen["missile"] == 0


def test_a_typed_face_is_read_and_a_face_off_the_die_is_refused() -> None:
    die = parse_skirmish_die(LOPSIDED, "test")
    assert die.face(2).describe() == "foot + Commander symbol"
    with pytest.raises(ValueError, match="faces 1 to 3, not 4"):
        die.face(4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[face]]\nline = "flank"\n[[face]]\nline = "foot"', "face 1: line must be one of"),
        ('[[face]]\nline = "foot"', "2 to 20 faces, got 1"),
        ('[[face]]\nline = "foot"\ncommander = "yes"\n[[face]]\nline = "foot"', "commander"),
        ('colour = 1\n[[face]]\nline = "foot"', "unknown key 'colour'"),
    ],
)
def test_a_broken_table_is_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_skirmish_die(text, "my_die.toml")


def test_a_folder_where_the_users_table_belongs_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is not a file"):
        load_skirmish_die(tmp_path)
