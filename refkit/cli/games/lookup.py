"""The ``lookup`` row of the contract: search the rules reference of all five games."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, whole_number

if TYPE_CHECKING:
    from refkit.store.lookup import LookupIndex

Result = tuple[dict[str, Any], str]

FRONT_GAME = "crows"
"""The game whose entries win a near tie: Refkit's own. ``--game`` keeps to one game instead."""


def register(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "lookup",
        help="search the rules of Crows and the other games, and Crows' item cards, spells, "
        "creatures and tables",
    )
    parser.add_argument(
        "query",
        nargs="+",
        metavar="QUERY",
        help="words or a question (prefixes; misspellings are corrected)",
    )
    parser.add_argument(
        "--game",
        metavar="ID",
        help="only this game (crows, warcrow, widowers-wood, warriors-of-krynn, stworze, …)",
    )
    parser.add_argument("--limit", type=whole_number, default=20, metavar="N")
    add_json_flag(parser)
    parser.set_defaults(handler=_run_lookup)


def _run_lookup(args: argparse.Namespace) -> Result:
    from refkit.store.lookup import LookupQueryError, check_search, plain_snippet

    query = " ".join(args.query)
    # Everything typed is checked before the index is opened (or written).
    try:
        check_search(query, game=args.game, limit=args.limit)
    except LookupQueryError as problem:
        raise CliError(f"lookup: {problem}") from None
    with _open_index() as index:
        hits = index.search(query, game=args.game, limit=args.limit, prefer=FRONT_GAME)
    results = [
        {
            "game": hit.game,
            "id": hit.id,
            "title": hit.title,
            "snippet": plain_snippet(hit.snippet),
            "section": hit.section,
            "kind": hit.kind,
        }
        for hit in hits
    ]
    return {"query": query, "results": results}, _text(query, results)


def _open_index() -> LookupIndex:
    """The index cached in the data folder; in memory when that folder cannot be made, since a
    search needs nothing written."""
    from refkit.games.reference import read_reference
    from refkit.present.lookup_documents import card_documents
    from refkit.store.location import data_dir
    from refkit.store.lookup import LookupIndex

    try:
        folder = data_dir()
    except OSError:
        return LookupIndex.in_memory(read_reference()[0], card_documents()[0])
    return LookupIndex.open_cached(folder)


def _text(query: str, results: list[dict[str, str]]) -> str:
    if not results:
        return f"no entries match {query!r}"
    lines: list[str] = []
    for result in results:
        kind = "" if result["kind"] == "rule" else f"{result['kind']}: "
        lines.append(
            f"{result['game']}: {kind}{result['title']} ({result['section']})  [{result['id']}]"
        )
        lines.append(f"    {result['snippet']}")
    return "\n".join(lines)
