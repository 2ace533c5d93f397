"""The Stworze rows: ``stworze draws`` (cards a test draws) and ``stworze odds`` (its chance)."""

from __future__ import annotations

import argparse
from typing import Any

from refkit.cli.errors import CliError
from refkit.cli.output import fraction_text, percent
from refkit.cli.parsing import Subcommands, add_json_flag, whole_number

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    stworze = commands.add_parser(
        "stworze", help="Stworze tests (cards to draw, odds) and the table tracker"
    )
    add_json_flag(stworze)
    rows = stworze.add_subparsers(
        dest="stworze_command", metavar="COMMAND", parser_class=type(stworze)
    )
    rows.required = True
    _register_draws(rows)
    _register_odds(rows)

    from refkit.cli.games.trackers import stworze as stworze_tracker

    stworze_tracker.add_tracker(rows)


def _add_stat_and_modifiers(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--stat",
        type=whole_number,
        required=True,
        metavar="S",
        help="the Brutality or Cunning value for the test's time of day",
    )
    parser.add_argument(
        "--modifier",
        type=whole_number,
        action="append",
        default=[],
        metavar="M",
        help="a modifier to the stat (repeatable): the card's, Impact, Warrior/Mage, tokens",
    )


def _cards(args: argparse.Namespace) -> int:
    from refkit.games.stworze import draw_count

    if args.stat < 0:
        raise CliError(f"--stat is a printed stat value, 0 or more; got {args.stat}")
    return draw_count(args.stat, args.modifier)


def _sum_text(args: argparse.Namespace) -> str:
    signs = (f"{'-' if m < 0 else '+'} {abs(m)}" for m in args.modifier)
    return " ".join((str(args.stat), *signs))


# --- draws ------------------------------------------------------------------------------------


def _register_draws(rows: Subcommands) -> None:
    parser = rows.add_parser("draws", help="cards a test draws: stat + modifiers, held to 1-6")
    _add_stat_and_modifiers(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_draws)


def _run_draws(args: argparse.Namespace) -> Result:
    cards = _cards(args)
    total = args.stat + sum(args.modifier)
    held = "" if total == cards else f" (total {total}, held to 1-6)"
    word = "card" if cards == 1 else "cards"
    return {"cards": cards}, f"draw {cards} {word}: {_sum_text(args)}{held}"


# --- odds -------------------------------------------------------------------------------------


def _register_odds(rows: Subcommands) -> None:
    parser = rows.add_parser("odds", help="chance a test passes, from the Day or Night deck in use")
    parser.add_argument("--time", choices=("day", "night"), required=True)
    parser.add_argument(
        "--difficulty", required=True, metavar="ICON", help="the difficulty icon, e.g. Half-moon"
    )
    _add_stat_and_modifiers(parser)
    parser.add_argument(
        "--harder",
        action="store_true",
        help="the optional rule: one card of the best icon taken out of the deck",
    )
    add_json_flag(parser)
    parser.set_defaults(handler=_run_odds)


def _run_odds(args: argparse.Namespace) -> Result:
    from refkit.games.stworze import TimeOfDay, pass_chance, read_decks
    from refkit.store.location import data_dir

    cards = _cards(args)
    decks, user_file = read_decks(data_dir())
    deck = decks.for_time(TimeOfDay(args.time))
    if args.harder:
        deck = deck.without_a_best_card()
    difficulty = deck.icon(args.difficulty)
    chance = pass_chance(deck, difficulty, cards)
    origin = str(user_file) if user_file is not None else "shipped"
    payload = {
        "time": deck.time.value,
        "difficulty": difficulty.name,
        "cards": cards,
        "deck_size": deck.size,
        "reaching": deck.cards_reaching(difficulty),
        "chance": fraction_text(chance),
        "probability": float(chance),
        "deck": origin,
        "unverified": decks.unverified,
    }
    note = " (deck counts unverified)" if decks.unverified else ""
    text = (
        f"{cards} {deck.time.value} cards vs {difficulty.name}: {percent(chance)} "
        f"({fraction_text(chance)}){note}"
    )
    return payload, text
