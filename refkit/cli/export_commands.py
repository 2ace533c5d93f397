"""The printing rows of the contract: ``export sheet | cards | party`` from character files, plus
``export spells`` and ``export quick-sheet``.

Every input is read and checked, and the whole PDF is built in memory, before anything is written;
the PDF then takes its name in one rename (``write_bytes_atomic``), so bad input (exit 2, one
``error:`` line) or a failed write leaves nothing behind. No database is opened.

A crow that breaks the rules (as ``character check`` finds) is still printed, as it is, so the
referee can see what is wrong on paper; every rule it breaks is said on stderr, one a line, and
the command exits 1.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, whole_number

if TYPE_CHECKING:
    from refkit.export.card_pages import CardOptions
    from refkit.export.documents import Document
    from refkit.present.card_sheet import Paper
    from refkit.rules.character.model import Character

Result = tuple[dict[str, Any], str]
MOST_BLEED_MM = 10.0
MOST_BLANKS = 200


def register(commands: Subcommands) -> None:
    export = commands.add_parser("export", help="print sheets, item cards and spells to PDF")
    actions = export.add_subparsers(dest="export_action", metavar="WHAT", required=True)

    sheet = actions.add_parser("sheet", help="a character sheet from a *.crow.json file")
    sheet.add_argument("file", metavar="FILE")
    _add_common(sheet)
    _add_fillable(sheet)
    sheet.set_defaults(handler=_run_sheet)

    cards = actions.add_parser("cards", help="a crow's item cards, poker size, with cut marks")
    cards.add_argument("file", metavar="FILE")
    _add_common(cards)
    _add_card_options(cards)
    cards.set_defaults(handler=_run_cards)

    party = actions.add_parser("party", help="every sheet and card of the party, one PDF")
    party.add_argument("files", metavar="FILE", nargs="+")
    _add_common(party)
    _add_card_options(party)
    _add_fillable(party)
    party.set_defaults(handler=_run_party)

    spells = actions.add_parser(
        "spells", help="spell cards (every spell of the library, shipped and own, or those named)"
    )
    spells.add_argument("names", metavar="SPELL", nargs="*", help="spell or spellbook names")
    _add_common(spells)
    _add_card_options(spells)
    spells.set_defaults(handler=_run_spells)

    quick = actions.add_parser("quick-sheet", help="the referee's one-page quick sheet")
    _add_common(quick)
    quick.set_defaults(handler=_run_quick_sheet)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, metavar="OUT.pdf", help="the PDF to write")
    parser.add_argument("--paper", default="a4", metavar="a4|letter", help="paper size (a4)")
    add_json_flag(parser)


def _add_fillable(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--fillable",
        action="store_true",
        help="form fields on the sheets (Stamina, wounds, usage dice, uses, notes) for a tablet",
    )


def _add_card_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bleed",
        type=_bleed,
        metavar="MM",
        help="colour printed this far past each card's cut line (default: sheets/cards.toml)",
    )
    parser.add_argument("--no-marks", action="store_true", help="leave out the cut marks")
    parser.add_argument(
        "--backs", action="store_true", help="a back page after each page, for long-edge duplex"
    )
    parser.add_argument(
        "--blanks",
        type=whole_number,
        default=0,
        metavar="N",
        help="N blank write-in cards after the rest",
    )


def _bleed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    if not math.isfinite(value) or not 0 <= value <= MOST_BLEED_MM:
        raise argparse.ArgumentTypeError(
            f"a bleed runs from 0 to {MOST_BLEED_MM:g} mm, got {text!r}"
        )
    return value


def _paper(args: argparse.Namespace) -> Paper:
    from refkit.export.documents import paper_named

    try:
        return paper_named(args.paper)
    except ValueError as error:
        raise CliError(f"--paper: {error}") from None


def _card_options(args: argparse.Namespace) -> CardOptions:
    from refkit.export.card_pages import CardOptions
    from refkit.present.sheet_toml import SheetLayoutError

    if not 0 <= args.blanks <= MOST_BLANKS:
        raise CliError(f"--blanks: from 0 to {MOST_BLANKS}, got {args.blanks}")
    options = CardOptions(
        paper=_paper(args),
        bleed=args.bleed,
        cut_marks=not args.no_marks,
        backs=args.backs,
        blanks=args.blanks,
        fillable=getattr(args, "fillable", False),
    )
    try:
        options.sheet()
    except SheetLayoutError as error:
        raise CliError(f"--bleed: {error}") from None
    return options


def _check_out(args: argparse.Namespace) -> None:
    from refkit.app.atomic_files import AtomicWriteError, check_target

    try:
        check_target(args.out)
    except AtomicWriteError as error:
        raise CliError(f"--out: {error}; nothing written") from None


def _read(path: str) -> Character:
    from refkit.app.character_files import read_character_file
    from refkit.rules.character.file_format import CharacterFileError

    try:
        return read_character_file(path)
    except CharacterFileError as error:
        raise CliError(str(error)) from None


def _say_rule_errors(args: argparse.Namespace, crows: list[tuple[str, Character]]) -> None:
    """Every rule each crow breaks, one line on stderr each; exit 1 when there is any (the PDF is
    written all the same: it shows the crow as it is)."""
    from refkit.rules.character.file_format import check_character

    broken = 0
    for path, crow in crows:
        for problem in check_character(crow).errors:
            sys.stderr.write(
                f"rule error: {path}: {crow.name} breaks {problem.code}: {problem.message}\n"
            )
            broken += 1
    if broken:
        args.exit_code = 1


def _write(args: argparse.Namespace, document: Document, what: str) -> Result:
    from refkit.app.atomic_files import AtomicWriteError, write_bytes_atomic

    try:
        path = write_bytes_atomic(args.out, document.data)
    except AtomicWriteError as error:
        raise CliError(f"{error}; nothing written") from None
    for warning in document.warnings:
        sys.stderr.write(f"warning: {warning}\n")
    pages = f"{document.pages} page{'s' if document.pages != 1 else ''}"
    payload = {"out": str(path), "pages": document.pages, "paper": args.paper.strip().lower()}
    return payload, f"wrote {what} to {path} ({pages})"


def _build(make: Callable[[], Document]) -> Document:
    from refkit.export.documents import NothingToPrint

    try:
        return make()
    except NothingToPrint as error:
        raise CliError(f"{error}; nothing written") from None


def _run_sheet(args: argparse.Namespace) -> Result:
    from refkit.export.documents import sheet_document

    _check_out(args)
    paper = _paper(args)
    crow = _read(args.file)
    document = _build(lambda: sheet_document([crow], paper, fillable=args.fillable))
    payload, text = _write(args, document, f"{crow.name}'s sheet")
    _say_rule_errors(args, [(args.file, crow)])
    return {**payload, "name": crow.name}, text


def _run_cards(args: argparse.Namespace) -> Result:
    from refkit.export.documents import crow_cards_document, crow_faces

    _check_out(args)
    options = _card_options(args)
    crow = _read(args.file)
    document = _build(lambda: crow_cards_document(crow, options))
    payload, text = _write(args, document, f"{crow.name}'s item cards")
    _say_rule_errors(args, [(args.file, crow)])
    cards = len(crow_faces(crow))
    sheet = options.sheet()
    return {
        **payload,
        "name": crow.name,
        "cards": cards,
        "blanks": options.blanks,
        "per_page": sheet.per_page,
        "bleed_mm": sheet.bleed,
    }, text


def _run_party(args: argparse.Namespace) -> Result:
    from refkit.export.documents import crow_faces, party_document

    _check_out(args)
    options = _card_options(args)
    crows = [_read(path) for path in args.files]
    document = _build(lambda: party_document(crows, options))
    payload, text = _write(args, document, f"the party pack of {len(crows)}")
    _say_rule_errors(args, list(zip(args.files, crows, strict=True)))
    return {
        **payload,
        "names": [crow.name for crow in crows],
        "cards": sum(len(crow_faces(crow)) for crow in crows),
    }, text


def _run_spells(args: argparse.Namespace) -> Result:
    from refkit.cli.services import command_services
    from refkit.export.documents import spells_document
    from refkit.rules.magic.spellbooks import find_spell

    _check_out(args)
    options = _card_options(args)
    with command_services(args) as services:  # the spell library: shipped, then the referee's
        library = services.spells.spells()
    spells = [find_spell(library, name) for name in args.names] if args.names else library
    document = _build(lambda: spells_document(spells, options))
    payload, text = _write(args, document, f"{len(spells)} spell cards")
    return {**payload, "spells": [spell.name for spell in spells]}, text


def _run_quick_sheet(args: argparse.Namespace) -> Result:
    from refkit.export.documents import quick_sheet_document

    _check_out(args)
    document = quick_sheet_document(_paper(args))
    return _write(args, document, "the referee's quick sheet")
