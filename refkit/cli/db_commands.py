"""``refkit db copy SOURCE TARGET``: a whole campaign moved between an SQLite file and a
PostgreSQL server (either way, or file to file, server to server), into an empty target, verified.

SOURCE must exist (an SQLite file that is not there is refused, never created); TARGET is an empty
server database or an SQLite file that is empty or not there yet. Both are brought to the newest
layout first. Exit 0 when the copy read back equal; exit 2 with nothing of it kept otherwise (a
target file made for the copy is removed again).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    db = commands.add_parser(
        "db", help="whole-database tasks: copy a campaign elsewhere, set one up on a server"
    )
    actions = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    copy = actions.add_parser(
        "copy",
        help="copy a whole campaign into an empty database (an SQLite file or a postgresql:// "
        "URL), verified; nothing is kept if it fails",
    )
    copy.add_argument("source", metavar="SOURCE", help="the campaign: a file path or URL")
    copy.add_argument("target", metavar="TARGET", help="an empty database: a file path or URL")
    add_json_flag(copy)
    copy.set_defaults(handler=_run_copy)
    setup = actions.add_parser(
        "setup",
        help="prepare a campaign on a PostgreSQL server you administer: its database, the "
        "referee's login and the players' role",
    )
    setup.add_argument(
        "admin_url", metavar="ADMIN_URL", help="an administrator's postgresql://… URL"
    )
    setup.add_argument("--campaign", required=True, help="the campaign's database name")
    setup.add_argument("--referee", required=True, help="the referee's login name")
    setup.add_argument(
        "--password-stdin",
        action="store_true",
        required=True,
        help="read the referee's password from the first line of standard input",
    )
    add_json_flag(setup)
    setup.set_defaults(handler=_run_setup)


def _file_of(url: str) -> Path | None:
    from refkit.store.location import database_path

    return database_path(url)


def _run_copy(args: argparse.Namespace) -> Result:
    from refkit.store.campaign_copy import copy_campaign
    from refkit.store.database import Database
    from refkit.store.location import resolve_database_url, shown_url

    source_url = resolve_database_url(args.source)
    target_url = resolve_database_url(args.target)
    if source_url == target_url:
        raise CliError("db copy: SOURCE and TARGET are the same database")
    source_file, target_file = _file_of(source_url), _file_of(target_url)
    if source_url == "sqlite://" or target_url == "sqlite://":
        raise CliError("db copy: give a file path or a server URL, not an in-memory database")
    if source_file is not None and not source_file.is_file():
        raise CliError(f"db copy: the source {source_file} does not exist")
    made = target_file is not None and not target_file.exists()
    try:
        with Database.open(source_url) as source, Database.open(target_url) as target:
            report = copy_campaign(source, target)
    except BaseException:
        if made and target_file is not None:
            for leftover in (target_file, *_sidecars(target_file)):
                leftover.unlink(missing_ok=True)
        raise
    source_shown, target_shown = shown_url(source_url), shown_url(target_url)
    if source_file is not None:
        source_shown = str(source_file)
    if target_file is not None:
        target_shown = str(target_file)
    payload = {
        "source": source_shown,
        "target": target_shown,
        "rows": report.total,
        "tables": report.rows,
        "verified": True,
    }
    text = (
        f"Copied {report.total} rows in {len(report.rows)} tables from {source_shown} to "
        f"{target_shown}; every table read back equal."
    )
    return payload, text


def _run_setup(args: argparse.Namespace) -> Result:
    from refkit.cli.campaign_commands import read_password
    from refkit.store.players import set_up_campaign

    password = read_password()
    url, players = set_up_campaign(args.admin_url, args.campaign, args.referee, password)
    payload = {"campaign": args.campaign, "referee": args.referee, "url": url, "players": players}
    text = (
        f"The campaign {args.campaign} is ready on the server, with the referee's login "
        f"{args.referee}.\nOpen it on every laptop with: refkit --db {url}\n"
        "(each player with their own login, once added with 'refkit campaign player add')"
    )
    return payload, text


def _sidecars(path: Path) -> tuple[Path, ...]:
    return tuple(path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal"))
