"""``refkit campaign player add|list|remove``: the players of a campaign kept on a PostgreSQL
server, each a login the server itself holds to its own crows (it reads the party, the clock,
the fight and the tables, changes only its crows and adds rolls).

Run with the referee's ``--db`` URL (a login that may create roles: ``refkit db setup`` makes
one). An SQLite campaign is refused: a file on one laptop has no logins. The password is read
from standard input (its first line), never from the command line, where other users of the
computer could see it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    campaign = commands.add_parser(
        "campaign", help="a campaign on a server: the players' own logins"
    )
    areas = campaign.add_subparsers(dest="campaign_area", metavar="AREA", required=True)
    player = areas.add_parser("player", help="add, list or remove a player's login")
    actions = player.add_subparsers(dest="player_command", metavar="ACTION", required=True)

    add = actions.add_parser(
        "add",
        help="a login for a player that may change only its own crows (and add rolls)",
    )
    add.add_argument("name", metavar="NAME", help="the player's login name")
    add.add_argument(
        "--crow",
        action="append",
        required=True,
        metavar="CROW",
        help="a crow the player plays (repeat for more)",
    )
    add.add_argument(
        "--password-stdin",
        action="store_true",
        required=True,
        help="read the player's password from the first line of standard input",
    )
    add_json_flag(add)
    add.set_defaults(handler=_run_add)

    listing = actions.add_parser("list", help="the campaign's players and their crows")
    add_json_flag(listing)
    listing.set_defaults(handler=_run_list)

    remove = actions.add_parser("remove", help="end a player's login")
    remove.add_argument("name", metavar="NAME", help="the player's login name")
    add_json_flag(remove)
    remove.set_defaults(handler=_run_remove)


def read_password(stream: Any = None) -> str:
    """The first line of standard input (or ``stream``), without its line end; CliError when
    there is none or it is empty."""
    line = (stream or sys.stdin).readline()
    password = line.rstrip("\r\n")
    if not password:
        raise CliError("--password-stdin: no password on standard input (give it as one line)")
    return password


def _open(args: argparse.Namespace) -> Any:
    from refkit.store.database import Database

    return Database.open(getattr(args, "db", None))


def _run_add(args: argparse.Namespace) -> Result:
    from refkit.store.players import add_player

    password = read_password()
    with _open(args) as db:
        player = add_player(db, args.name, password, args.crow)
    crows = ", ".join(player.crows)
    return (
        {"player": {"name": player.name, "crows": list(player.crows)}},
        f"Added the player {player.name}, who may change {crows}.",
    )


def _run_list(args: argparse.Namespace) -> Result:
    from refkit.store.players import list_players

    with _open(args) as db:
        players = list_players(db)
    payload = {"players": [{"name": p.name, "crows": list(p.crows)} for p in players]}
    if not players:
        return payload, "No players yet: add one with 'refkit campaign player add'."
    lines = [f"{p.name}: {', '.join(p.crows) or '(no crow left)'}" for p in players]
    return payload, "\n".join(lines)


def _run_remove(args: argparse.Namespace) -> Result:
    from refkit.store.players import remove_player

    with _open(args) as db:
        crows = remove_player(db, args.name)
    return (
        {"removed": args.name, "crows": list(crows)},
        f"Removed the player {args.name}; their login is gone.",
    )
