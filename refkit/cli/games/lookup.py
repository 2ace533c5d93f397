"""The ``lookup`` row of the contract: search the rules reference of all five games.

``refkit lookup`` is typed to get an answer at once, so it has a quick path (:func:`quick_lookup`,
tried by :mod:`refkit.main` before anything else is loaded): the plain forms of the command —
words, ``--game``, ``--limit``, ``--json`` — read without argparse, the cached index opened
read-only and searched with nothing but ``sqlite3`` and the lookup's own modules. Anything else
(``--help``, a mistyped option, an index to build first, a folder that cannot be read) is left to
the full command line, which says what is wrong exactly as it always has.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

    from refkit.cli.parsing import Subcommands
    from refkit.store.lookup import LookupIndex

Result = tuple[dict[str, Any], str]

DEFAULT_LIMIT = 20
"""The number of results without ``--limit`` (the store's own default)."""
FRONT_GAME = "crows"
"""The game whose entries win a near tie: Refkit's own. ``--game`` keeps to one game instead."""


def register(commands: Subcommands) -> None:
    from refkit.cli.parsing import add_json_flag, whole_number

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
    parser.add_argument("--limit", type=whole_number, default=DEFAULT_LIMIT, metavar="N")
    add_json_flag(parser)
    parser.set_defaults(handler=_run_lookup)


def _run_lookup(args: argparse.Namespace) -> Result:
    from refkit.store.lookup import LookupQueryError, check_search

    query = " ".join(args.query)
    # Everything typed is checked before the index is opened (or written).
    try:
        check_search(query, game=args.game, limit=args.limit)
    except LookupQueryError as problem:
        raise CliError(f"lookup: {problem}") from None
    with _open_index() as index:
        return _search(index, query, args.game, args.limit)


def _search(index: LookupIndex, query: str, game: str | None, limit: int) -> Result:
    from refkit.store.lookup import LookupQueryError, plain_snippet

    try:
        hits = index.search(query, game=game, limit=limit, prefer=FRONT_GAME)
    except LookupQueryError as problem:
        raise CliError(f"lookup: {problem}") from None
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


def quick_lookup(argv: Sequence[str]) -> int | None:
    """Run ``refkit [--json] lookup …`` and return its exit code, when ``argv`` is a plain form
    of it and the index cached in the data folder is current; None (with nothing printed)
    otherwise, for the full command line to run it."""
    request = _quick_request(argv)
    if request is None:
        return None
    words, game, limit, as_json = request
    from refkit.cli.output import emit, error_line
    from refkit.store.location import data_dir
    from refkit.store.lookup import LookupIndex

    try:
        index = LookupIndex.open_current(data_dir())
    except OSError:
        return None
    if index is None:
        return None
    with index:
        try:
            result, text = _search(index, " ".join(words), game, limit)
        except CliError as problem:
            sys.stderr.write(error_line(str(problem)))
            return problem.exit_code
    emit(result, text, as_json=as_json)
    return 0


def _quick_request(argv: Sequence[str]) -> tuple[list[str], str | None, int, bool] | None:
    """The words, ``--game``, ``--limit`` and ``--json`` of a plain ``lookup`` command line, or
    None for anything the full parser should read (any other option, a value it would refuse,
    an option given twice)."""
    items = list(argv)
    as_json = False
    while items and items[0] == "--json":
        as_json = True
        items.pop(0)
    if not items or items.pop(0) != "lookup":
        return None
    words: list[str] = []
    options: dict[str, str] = {}
    while items:
        item = items.pop(0)
        if item == "--json":
            as_json = True
        elif not item.startswith("-"):
            words.append(item)
        else:
            name, equals, value = item.partition("=")
            if name not in ("--game", "--limit") or name in options:
                return None
            if not equals:
                if not items or items[0].startswith("-"):
                    return None
                value = items.pop(0)
            options[name] = value
    limit = options.get("--limit", str(DEFAULT_LIMIT))
    if not words or not (limit.isascii() and limit.isdigit() and len(limit) <= 6):
        return None
    return words, options.get("--game"), int(limit), as_json


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
