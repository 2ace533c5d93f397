"""Warcrow rolls: fixing, rerolling each die once, Expertise, face-to-face, tests and switches."""

from __future__ import annotations

import random

import pytest

from refkit.games.warcrow import (
    Colour,
    RerollError,
    Switch,
    Symbol,
    Symbols,
    apply_states,
    attribute_test,
    build_pool,
    face_to_face,
    given_roll,
    load_dice_faces,
    reroll,
    roll_pool,
    shipped_faces,
    use_switches,
)
from refkit.locate import read_resource_text

R, OR, Y = Colour.RED, Colour.ORANGE, Colour.YELLOW
G, U, K = Colour.GREEN, Colour.BLUE, Colour.BLACK
S, HS, B, SP = Symbol.SUCCESS, Symbol.HOLLOW_SUCCESS, Symbol.BLOCK, Symbol.SPECIAL
FACES = shipped_faces()


def number_of(colour: Colour, face: tuple[Symbol, ...]) -> int:
    return FACES.of(colour).index(face) + 1


def test_the_shipped_faces_are_eight_per_die_with_the_fact_file_totals() -> None:
    totals = {
        R: Symbols(success=9, hollow_success=1, special=2),
        OR: Symbols(success=5, hollow_success=1, special=4, hollow_special=2),
        Y: Symbols(success=3, hollow_success=2, special=7, hollow_special=1),
        G: Symbols(block=7, hollow_block=1, special=2),
        U: Symbols(block=4, hollow_block=1, special=4, hollow_special=2),
        K: Symbols(block=2, hollow_block=2, special=7, hollow_special=1),
    }
    for colour, expected in totals.items():
        faces = FACES.of(colour)
        assert len(faces) == 8
        assert sum((Symbols.of(face) for face in faces), Symbols()) == expected
    assert FACES.community


def test_a_broken_dice_table_names_the_face() -> None:
    shipped = read_resource_text("games", "warcrow", "dice.toml")
    text = shipped.replace(
        '["hollow_special"],\n]\n\n[dice.yellow]', '["shield"],\n]\n\n[dice.yellow]'
    )
    with pytest.raises(ValueError, match=r"mine\.toml: dice\.orange face 8: unknown symbol"):
        load_dice_faces(text, origin="mine.toml")
    with pytest.raises(ValueError, match=r"\[dice\.black\] is missing"):
        load_dice_faces(shipped.split("[dice.black]")[0], origin="mine.toml")


def test_expertise_turns_hollow_symbols_full_and_passes_the_test() -> None:  # vector 11
    rolled = Symbols(hollow_success=1, special=1)
    assert attribute_test(rolled.with_expertise(), 1).passed
    assert not attribute_test(rolled, 1).passed
    assert rolled.with_expertise() == Symbols(success=1, special=1)


def test_a_test_can_count_blocks() -> None:
    assert attribute_test(Symbols(block=2), 2, symbol=B).passed
    assert not attribute_test(Symbols(success=3), 1, symbol=B).passed


def test_ludivine_against_the_marked_wounds_both() -> None:  # vector 12
    ludivine = given_roll(
        build_pool([Y, Y, K]),
        FACES,
        [number_of(Y, (S, SP)), number_of(Y, (S, SP)), number_of(K, (SP,))],
    ).symbols()
    heal = Switch("heal", Symbols(special=1))
    heal_again = Switch("heal again", Symbols(special=1))
    ludivine = use_switches(ludivine, [heal, heal_again])
    marked = given_roll(build_pool([K, Y]), FACES, [number_of(K, (B,)), number_of(Y, (S,))])
    result = face_to_face(ludivine, marked.symbols())
    assert (result.wounds_to_enemy, result.wounds_to_character) == (1, 1)
    assert result.success


def test_the_marked_against_zsoka_with_an_automatic_success() -> None:  # vector 13
    marked_pool = build_pool([R, K], Symbols(success=1))
    marked = given_roll(marked_pool, FACES, [number_of(R, (S, S)), number_of(K, (SP,))])
    zsoka = given_roll(
        build_pool([K, U, K]),
        FACES,
        [number_of(K, (B,)), number_of(U, (SP,)), number_of(K, (SP,))],
    ).symbols()
    zsoka = use_switches(zsoka, [Switch("armor", Symbols(special=1), Symbols(block=1))])
    result = face_to_face(zsoka, marked.symbols())
    assert marked.symbols().success == 3 and zsoka.block == 2
    assert (result.wounds_to_character, result.wounds_to_enemy) == (1, 0)
    assert not result.success


def test_nayra_magical_attack() -> None:  # vector 14
    nayra = given_roll(build_pool([OR, Y]), FACES, [number_of(OR, (S,)), number_of(Y, (HS, SP))])
    staff = Switch("staff", Symbols(hollow_success=1), Symbols(success=1))
    cleanse = Switch("cleanse", Symbols(special=1))
    symbols = use_switches(nayra.symbols(), [staff, cleanse])
    marked = given_roll(build_pool([K]), FACES, [number_of(K, (B,))]).symbols()
    assert face_to_face(symbols, marked).wounds_to_enemy == 1


def test_a_switch_fires_once_per_roll() -> None:  # vector 15
    master = Switch("master of magic", Symbols(special=1), Symbols(block=1))
    assert use_switches(Symbols(special=2), [master]) == Symbols(block=1, special=1)
    with pytest.raises(ValueError, match="only once"):
        use_switches(Symbols(special=2), [master, master])
    with pytest.raises(ValueError, match="costs"):
        use_switches(Symbols(), [master])


def test_each_die_is_rerolled_only_once() -> None:  # vector 16
    roll = roll_pool(build_pool([R, OR, Y]), FACES, random.Random(1))
    once = reroll(roll, [0], FACES, random.Random(2))
    assert once.dice[0].rerolled and not once.dice[1].rerolled
    with pytest.raises(RerollError, match="die 1 \\(red\\) was already rerolled"):
        reroll(once, [0], FACES, random.Random(3))
    full = reroll(roll, [0, 1, 2], FACES, random.Random(2))
    with pytest.raises(RerollError, match="already rerolled"):
        reroll(full, [1], FACES, random.Random(3))
    with pytest.raises(RerollError, match="named twice"):
        reroll(roll, [1, 1], FACES, random.Random(3))


def test_a_fixed_die_shows_its_face_and_is_never_rolled() -> None:  # vector 17
    double = number_of(R, (S, S))
    for seed in range(20):
        roll = roll_pool(build_pool([R, OR]), FACES, random.Random(seed), fixed={0: double})
        assert roll.dice[0].face == (S, S) and roll.dice[0].fixed
        assert roll.symbols() == Symbols.of((S, S)) + Symbols.of(roll.dice[1].face)
    with pytest.raises(RerollError, match="fixed"):
        reroll(roll, [0], FACES, random.Random(0))
    with pytest.raises(RerollError, match="faces 1 to 8, not 9"):
        roll_pool(build_pool([R]), FACES, random.Random(0), fixed={0: 9})


def test_stunned_and_vulnerable_take_a_success_and_a_block() -> None:  # vector 18
    after = apply_states(Symbols(success=2, block=1), stunned=True, vulnerable=True)
    assert after == Symbols(success=1)
    assert apply_states(Symbols(), stunned=True) == Symbols()


def test_a_seeded_roll_repeats() -> None:
    pool = build_pool([R, R, G, K])
    first = roll_pool(pool, FACES, random.Random(42))
    assert roll_pool(pool, FACES, random.Random(42)) == first


def test_a_user_table_that_is_no_table_is_refused_by_name(tmp_path) -> None:
    from refkit.games.warcrow import dice_faces, user_faces_path

    path = user_faces_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"#" * (300 * 1024))
    with pytest.raises(ValueError, match="too large for a dice table"):
        dice_faces(tmp_path)
    path.unlink()
    path.mkdir()
    with pytest.raises(ValueError, match="is not a file"):
        dice_faces(tmp_path)
    path.rmdir()
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(ValueError, match="cannot read the dice table"):
        dice_faces(tmp_path)
    path.unlink()
    assert dice_faces(tmp_path) is shipped_faces()
