"""The ``stworze`` rows of the contract, run through ``run_cli`` as a user types them."""

from __future__ import annotations

import json

import pytest

from refkit.cli.runner import run_cli
from refkit.games.stworze import user_decks_path


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = run_cli(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _json(capsys, *argv: str) -> dict:
    code, out, err = _run(capsys, "--json", *argv)
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 1
    return json.loads(out)


@pytest.mark.parametrize(
    ("argv", "cards"),
    [
        (("--stat", "3", "--modifier", "-1"), 2),
        (
            (
                "--stat",
                "5",
                "--modifier",
                "-1",
                "--modifier",
                "-2",
                "--modifier",
                "1",
                "--modifier",
                "-1",
            ),
            2,
        ),
        (("--stat", "1", "--modifier", "-2", "--modifier", "-1"), 1),
        (("--stat", "5", "--modifier", "2", "--modifier", "1", "--modifier", "1"), 6),
        (("--stat", "0"), 1),
        (("--stat", "4"), 4),
    ],
)
def test_draws_gives_the_held_card_count(capsys, argv: tuple[str, ...], cards: int) -> None:
    assert _json(capsys, "stworze", "draws", *argv) == {"cards": cards}


def test_draws_says_the_sum_in_words(capsys) -> None:
    code, out, _ = _run(capsys, "stworze", "draws", "--stat", "1", "--modifier", "-3")
    assert code == 0
    assert out == "draw 1 card: 1 - 3 (total -2, held to 1-6)\n"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (("draws",), "--stat"),
        (("draws", "--stat", "two"), "'two' is not a whole number"),
        (("draws", "--stat", "-1"), "--stat"),
        (("draws", "--stat", "3", "--modifier", "x"), "--modifier"),
        ((), "COMMAND"),
        (("odds", "--time", "dusk", "--difficulty", "Half-moon", "--stat", "2"), "--time"),
        (("odds", "--time", "day", "--difficulty", "Full moon", "--stat", "2"), "Solar eclipse"),
    ],
)
def test_bad_input_exits_2_with_one_error_line(capsys, argv, needle: str) -> None:
    code, out, err = _run(capsys, "stworze", *argv)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith("error: ")
    assert needle in err


def test_odds_use_the_shipped_proposal_and_say_it_is_unverified(capsys) -> None:
    result = _json(
        capsys, "stworze", "odds", "--time", "night", "--difficulty", "half-moon", "--stat", "2"
    )
    assert result["chance"] == "11/14"
    assert (result["deck"], result["unverified"]) == ("shipped", True)


def test_odds_with_the_harder_rule_take_a_best_card_out(capsys) -> None:
    result = _json(
        capsys,
        "stworze",
        "odds",
        "--time",
        "night",
        "--difficulty",
        "Full moon",
        "--stat",
        "6",
        "--harder",
    )
    assert (result["deck_size"], result["chance"]) == (7, "6/7")


def test_odds_read_the_users_deck_file_from_the_data_folder(capsys, refkit_data_dir) -> None:
    path = user_decks_path(refkit_data_dir)
    path.parent.mkdir(parents=True)
    path.write_text(
        'unverified = false\n[[day]]\nicon = "Sun"\ncards = 1\n[[day]]\nicon = "Eclipse"\n'
        'cards = 1\n[[night]]\nicon = "Moon"\ncards = 4\n',
        encoding="utf-8",
    )
    result = _json(
        capsys, "stworze", "odds", "--time", "day", "--difficulty", "eclipse", "--stat", "1"
    )
    assert (result["chance"], result["deck"], result["unverified"]) == ("1/2", str(path), False)


def test_a_broken_deck_file_is_named_in_the_error(capsys, refkit_data_dir) -> None:
    path = user_decks_path(refkit_data_dir)
    path.parent.mkdir(parents=True)
    path.write_text("[[day]\n", encoding="utf-8")
    code, out, err = _run(
        capsys, "stworze", "odds", "--time", "day", "--difficulty", "Sun", "--stat", "1"
    )
    assert (code, out) == (2, "")
    assert "decks.toml is not valid TOML" in err and len(err.splitlines()) == 1
