"""The Characters rows of the contract: ``character check | import | export | list``.

``check`` reads a file and touches no database: exit 0 when the crow is valid, 1 when it breaks
rules (the report lists them), 2 when the file is not a readable character file. ``import``
checks the file before it opens the database, so a refused file writes nothing; a name that is
already stored is refused unless ``--replace`` is given. ``export`` writes atomically.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from refkit.cli import crow_build_commands
from refkit.cli.errors import CliError
from refkit.cli.output import error_line, warning_line
from refkit.cli.parsing import Subcommands, add_json_flag
from refkit.cli.pet_commands import register_pets
from refkit.cli.services import command_services

if TYPE_CHECKING:
    from refkit.rules.character.file_format import CheckReport
    from refkit.rules.character.model import Character
    from refkit.rules.character.peers import PeerImport
    from refkit.rules.inventory.model import Problem
    from refkit.store.sqlite.quick import QuickCharacterLine, QuickParty, WaitingWounds

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    character = commands.add_parser("character", help="check, import, export and list crows")
    actions = character.add_subparsers(dest="character_action", metavar="ACTION", required=True)

    check = actions.add_parser("check", help="check a *.crow.json file against the rules")
    check.add_argument("file", metavar="FILE")
    _add_common(check, database=False)
    check.set_defaults(handler=_run_check)

    load = actions.add_parser(
        "import", help="add the crow in a *.crow.json file, a Nest save or a Foundry actor"
    )
    load.add_argument("file", metavar="FILE")
    load.add_argument(
        "--replace", action="store_true", help="replace a stored crow of the same name"
    )
    _add_common(load)
    load.set_defaults(handler=_run_import)

    export = actions.add_parser("export", help="write a stored crow to a *.crow.json file")
    export.add_argument("name", metavar="NAME")
    export.add_argument("--out", required=True, metavar="FILE")
    export.add_argument(
        "--format",
        choices=("refkit", "nest"),
        default="refkit",
        help="refkit: a *.crow.json file (default); nest: The Nest's save file",
    )
    _add_common(export)
    export.set_defaults(handler=_run_export)

    crow_build_commands.register_character_actions(actions, _add_common)

    listing = actions.add_parser("list", help="list the stored crows and parties")
    _add_common(listing)
    listing.add_argument(
        "--party",
        metavar="NAME",
        help="only this party's crows (and the party): as quick with ten thousand crows stored",
    )
    listing.set_defaults(handler=_run_list)

    wound = actions.add_parser("wound", help="place or heal a wound the player chooses")
    wound_actions = wound.add_subparsers(dest="wound_action", metavar="ACTION", required=True)
    place = wound_actions.add_parser(
        "place", help="place one waiting wound (after damage) in backpack slot N"
    )
    heal = wound_actions.add_parser(
        "heal", help="heal one waiting wound (after a rest) from backpack slot N"
    )
    for parser, handler in ((place, _run_wound_place), (heal, _run_wound_heal)):
        parser.add_argument("name", metavar="NAME")
        parser.add_argument(
            "--slot", type=int, required=True, metavar="N", help="backpack slot 1–10"
        )
        _add_common(parser)
        parser.set_defaults(handler=handler)

    blessing = actions.add_parser(
        "blessing", help="a Song of Rest blessing held for later (Delayed Inspiration, Bard)"
    )
    blessing_actions = blessing.add_subparsers(
        dest="blessing_action", metavar="ACTION", required=True
    )
    use = blessing_actions.add_parser(
        "use", help="take one held blessing now (at the start of a DT): the crow is blessed"
    )
    use.add_argument("name", metavar="NAME")
    _add_common(use)
    use.set_defaults(handler=_run_blessing_use)

    useless = actions.add_parser(
        "useless",
        help="Bury the Point: a stabbing weapon useless until fixed (--fixed: fixed again)",
    )
    useless.add_argument("name", metavar="NAME")
    useless.add_argument("item", metavar="ITEM", help="the weapon's name or id")
    useless.add_argument("--fixed", action="store_true", help="mark it fixed instead")
    _add_common(useless)
    useless.set_defaults(handler=_run_useless)
    register_pets(actions, _add_common)


def _add_common(parser: argparse.ArgumentParser, *, database: bool = True) -> None:
    add_json_flag(parser)
    if database:
        parser.add_argument(
            "--db",
            metavar="URL",
            default=argparse.SUPPRESS,
            help="database URL or file (default: the data folder)",
        )


def _read(path: str) -> Character:
    from refkit.app.character_files import read_character_file
    from refkit.rules.character.file_format import CharacterFileError

    try:
        return read_character_file(path)
    except CharacterFileError as error:
        raise CliError(str(error)) from None


def _problems(problems: tuple[Problem, ...]) -> list[dict[str, str]]:
    return [{"code": p.code, "message": p.message} for p in problems]


def _report_lines(report: CheckReport) -> list[str]:
    lines = [f"  error {p.code}: {p.message}" for p in report.errors]
    lines += [f"  warning {p.code}: {p.message}" for p in report.warnings]
    return lines


def _state_words(report: CheckReport) -> str:
    return f"speed {report.speed}" + (
        ", DEAD (all ten backpack slots wounded)" if report.dead else ""
    )


# --- check ----------------------------------------------------------------------------------


def _run_check(args: argparse.Namespace) -> Result:
    from refkit.rules.character.file_format import check_character

    character = _read(args.file)
    report = check_character(character)
    payload = {"name": character.name, **report.to_json()}
    if report.valid:
        verdict = "valid"
    else:
        count = len(report.errors)
        verdict = f"{count} rule error{'s' if count != 1 else ''}"
        args.exit_code = 1
    text = "\n".join(
        [f"{character.name}: {verdict}; {_state_words(report)}", *_report_lines(report)]
    )
    return payload, text


# --- import ---------------------------------------------------------------------------------


def _read_importable(path: str) -> tuple[Character, PeerImport | None]:
    from refkit.app.character_files import read_importable_file
    from refkit.rules.character.file_format import CharacterFileError
    from refkit.rules.character.peers import PeerFileError

    try:
        return read_importable_file(path)
    except (CharacterFileError, PeerFileError) as error:
        raise CliError(str(error)) from None


def _run_import(args: argparse.Namespace) -> Result:
    from refkit.rules.character.file_format import check_character
    from refkit.store import NameTakenError

    character, peer = _read_importable(args.file)
    report = check_character(character)
    if not report.valid:
        return _refuse_invalid(args, character, report)
    with command_services(args) as services:
        service = services.characters
        try:
            result = service.import_character(character, args.file, replace=args.replace)
        except NameTakenError:
            raise CliError(
                f"{args.file}: there is already a character called {character.name!r}; "
                "nothing imported (add --replace to overwrite it)"
            ) from None
    payload = {
        "imported": True,
        "name": character.name,
        "replaced": result.replaced,
        "warnings": _problems(result.report.warnings),
        "speed": result.report.speed,
        "dead": result.report.dead,
    }
    how = " (replacing the stored crow)" if result.replaced else ""
    lines = [f"imported {character.name}{how}", *_report_lines(result.report)]
    if peer is not None:
        payload["source_format"] = peer.kind
        payload["migrated"] = list(peer.migrated)
        payload["unmapped"] = list(peer.unmapped)
        lines[0] += f" from {peer.format_name}"
        lines += [f"  migrated: {line}" for line in peer.migrated]
        lines += [f"  not mapped (kept in the notes): {line}" for line in peer.unmapped]
    return payload, "\n".join(lines)


def _refuse_invalid(args: argparse.Namespace, character: Character, report: CheckReport) -> Result:
    """A file that breaks rules: the report on stdout, one ``error:`` line, exit 2."""
    count = len(report.errors)
    rows = "; ".join(f"{p.code}: {p.message}" for p in report.errors)
    line = (
        f"{args.file}: not imported, {character.name} breaks {count} "
        f"rule{'s' if count != 1 else ''}: {rows}"
    )
    sys.stderr.write(error_line(line))
    args.exit_code = 2
    payload = {
        "imported": False,
        "name": character.name,
        "valid": False,
        "errors": _problems(report.errors),
        "warnings": _problems(report.warnings),
    }
    text = "\n".join([f"not imported: {character.name}", *_report_lines(report)])
    return payload, text


# --- export ---------------------------------------------------------------------------------


def _run_export(args: argparse.Namespace) -> Result:
    from refkit.app.atomic_files import AtomicWriteError, check_target

    if args.format == "nest":
        return _export_nest(args)
    if args.out == "-":
        return _export_to_stdout(args)
    try:
        check_target(args.out)  # refuse before the database is even opened
    except AtomicWriteError as error:
        raise CliError(f"{error}; nothing written") from None
    with command_services(args) as services:
        service = services.characters
        try:
            character = service.get(args.name)
            path = service.export_file(character.name, args.out)
        except AtomicWriteError as error:
            raise CliError(f"{error}; nothing written") from None
    payload = {"name": character.name, "out": str(path)}
    return payload, f"wrote {character.name} to {path}"


def _export_nest(args: argparse.Namespace) -> Result:
    """``--format nest``: the crow as The Nest's save file (``--out -``: on standard output)."""
    import json

    from refkit.app.atomic_files import AtomicWriteError, check_target, write_text_atomic
    from refkit.rules.character.peers import PeerFileError, write_nest

    if args.out == "-" and args.json:
        raise CliError("--out - writes the save itself to standard output; leave out --json")
    try:
        if args.out != "-":
            check_target(args.out)
        with command_services(args) as services:
            character = services.characters.get(args.name)
        save, left_out = write_nest(character)
        text = json.dumps(save, indent=1, ensure_ascii=False) + "\n"
        if args.out == "-":
            return {"name": character.name, "out": "-"}, text.rstrip("\n")
        path = write_text_atomic(args.out, text)
    except AtomicWriteError as error:
        raise CliError(f"{error}; nothing written") from None
    except PeerFileError as error:
        raise CliError(f"{error}; nothing written") from None
    for line in left_out:
        sys.stderr.write(warning_line(f"not in the Nest save: {line}"))
    payload = {
        "name": character.name,
        "out": str(path),
        "format": "nest",
        "left_out": list(left_out),
    }
    return payload, f"wrote {character.name} to {path} as a Nest save"


def _export_to_stdout(args: argparse.Namespace) -> Result:
    """``--out -``: the crow file on standard output (for a pipe), never a file called "-"."""
    from refkit.rules.character.file_format import dump_character_json

    if args.json:
        raise CliError("--out - writes the crow file itself to standard output; leave out --json")
    with command_services(args) as services:
        character = services.characters.get(args.name)
    text = dump_character_json(character)
    return {"name": character.name, "out": "-"}, text.rstrip("\n")


# --- list -----------------------------------------------------------------------------------


def _run_list(args: argparse.Namespace) -> Result:
    from refkit.store.errors import CharacterNotFoundError  # not the ORM's character_store

    party = getattr(args, "party", None)
    with command_services(args) as services:
        try:
            summaries, parties = services.character_lines(party)
        except CharacterNotFoundError:
            raise CliError(f"no party called {party!r}") from None
        waiting = services.waiting_wounds() if summaries else {}
    # Only the form printed is made: a big campaign lists ten thousand crows.
    if getattr(args, "json", False):
        return _list_payload(summaries, parties, waiting), ""
    return {}, _list_text(summaries, parties, waiting)


def _list_payload(
    summaries: list[QuickCharacterLine],
    parties: list[QuickParty],
    waiting: dict[str, WaitingWounds],
) -> dict[str, Any]:
    member_of: dict[str, list[str]] = {}
    for party in parties:
        for member in party.members:
            member_of.setdefault(member, []).append(party.name)
    characters = []
    for s in summaries:
        prompt = waiting.get(s.name)
        characters.append(
            {
                "name": s.name,
                "player": s.player,
                "speed": s.speed,
                "dead": s.dead,
                "stamina": s.stamina,
                "stamina_max": s.stamina_max,
                "wounds": s.wounds,
                "wounds_to_place": 0 if prompt is None else prompt.to_place,
                "wounds_to_heal": 0 if prompt is None else prompt.to_heal,
                "parties": member_of.get(s.name, []),
            }
        )
    return {
        "characters": characters,
        "parties": [{"name": p.name, "members": list(p.members)} for p in parties],
    }


def _list_text(
    summaries: list[QuickCharacterLine],
    parties: list[QuickParty],
    waiting: dict[str, WaitingWounds],
) -> str:
    lines = []
    for s in summaries:
        player = f" ({s.player})" if s.player else ""
        state = "DEAD" if s.dead else f"speed {s.speed}"
        prompt = waiting.get(s.name)
        asks = ""
        if prompt is not None and prompt.to_place:
            asks += f", {prompt.to_place} to place"
        if prompt is not None and prompt.to_heal:
            asks += f", {prompt.to_heal} to heal"
        lines.append(
            f"{s.name}{player}: Stamina {s.stamina}/{s.stamina_max}, "
            f"{s.wounds} wound{'s' if s.wounds != 1 else ''}{asks}, {state}"
        )
    for party in parties:
        lines.append(f"party {party.name}: {', '.join(party.members) or 'no members'}")
    return "\n".join(lines) if lines else "no characters stored"


def _run_wound_place(args: argparse.Namespace) -> Result:
    return _answer_prompt(args, heal=False)


def _run_wound_heal(args: argparse.Namespace) -> Result:
    return _answer_prompt(args, heal=True)


def _answer_prompt(args: argparse.Namespace, *, heal: bool) -> Result:
    """One waiting wound placed in (or healed from) ``--slot``, answering the crow's prompt in
    the same step; refused, with nothing written, when none waits or the slot cannot take it."""
    from refkit.app import character_commands
    from refkit.app.party_bridge import answering_prompt
    from refkit.cli.crow_names import full_crow_name
    from refkit.errors import DomainError
    from refkit.store.character_store import CharacterNotFoundError

    with command_services(args) as services:
        try:
            name = services.characters.get(full_crow_name(services, args.name)).name
        except CharacterNotFoundError:
            raise CliError(f"no crow called {args.name!r}") from None
        prompts = services.party.prompts
        waiting = prompts.get(name)
        if heal and not waiting.to_heal:
            raise CliError(f"{name} has no wound waiting to be healed")
        if not heal and not waiting.to_place:
            raise CliError(f"{name} has no wound waiting to be placed")
        try:
            if heal:
                command = answering_prompt(
                    prompts,
                    character_commands.heal_wound(services.characters, name, args.slot),
                    healed=1,
                )
            else:
                command = answering_prompt(
                    prompts,
                    character_commands.place_wounds(services.characters, name, [args.slot]),
                    placed=1,
                )
            services.do(command)
        except DomainError as error:
            raise CliError(f"{name}: {error}") from None
        crow = services.characters.get(name)
        left = prompts.get(name)
    payload = {
        "name": name,
        "slot": args.slot,
        "wounds": len(crow.wound_slots),
        "wounds_to_place": left.to_place,
        "wounds_to_heal": left.to_heal,
        "dead": crow.dead,
    }
    done = "healed from" if heal else "placed in"
    text = f"{command.text}: a wound {done} backpack slot {args.slot}"
    text += f"; {left.to_place} to place, {left.to_heal} to heal"
    if crow.dead:
        text += f"; {name} is DEAD"
    return payload, text


def _run_blessing_use(args: argparse.Namespace) -> Result:
    """One held Song of Rest blessing taken: the crow is blessed, one undo step; refused with
    nothing written when it holds none or is blessed already."""
    from refkit.app.party.blessings import held_blessings, use_blessing
    from refkit.cli.crow_names import full_crow_name
    from refkit.errors import DomainError
    from refkit.store.character_store import CharacterNotFoundError

    with command_services(args) as services:
        try:
            name = services.characters.get(full_crow_name(services, args.name)).name
        except CharacterNotFoundError:
            raise CliError(f"no crow called {args.name!r}") from None
        try:
            command = use_blessing(services.characters, name)
            services.do(command)
        except DomainError as error:
            raise CliError(str(error)) from None
        left = held_blessings(services.characters.repository, name)
        conditions = list(services.characters.get(name).conditions)
    payload = {"name": name, "blessed": "blessed" in conditions, "held_blessings": left}
    return payload, f"{command.text}: {name} is blessed; {left} held blessing(s) left"


def _run_useless(args: argparse.Namespace) -> Result:
    """Bury the Point: the crow's stabbing weapon useless until fixed (or fixed with --fixed),
    one undo step; refused with nothing written when it cannot be."""
    from refkit.app.characters.item_damage import mark_item_useless, named_item
    from refkit.cli.crow_names import full_crow_name
    from refkit.errors import DomainError
    from refkit.store.character_store import CharacterNotFoundError

    with command_services(args) as services:
        try:
            name = services.characters.get(full_crow_name(services, args.name)).name
        except CharacterNotFoundError:
            raise CliError(f"no crow called {args.name!r}") from None
        try:
            command = mark_item_useless(services.characters, name, args.item, not args.fixed)
            services.do(command)
            item = named_item(services.characters.get(name).items, name, args.item)
        except DomainError as error:
            raise CliError(str(error)) from None
    payload = {"name": name, "item": item.name, "useless": item.useless}
    said = "fixed"
    if item.useless:
        said = "useless until fixed (trait:Bury the Point at a rest fixes it)"
    return payload, f"{name}'s {item.name} is {said}"
