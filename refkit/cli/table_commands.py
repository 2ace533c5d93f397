"""The ``table`` rows of the contract: list, roll and import rollable tables in the database.

An import is read and checked completely before the database is opened: a gap, an overlap or a
line that cannot be read is an ``error:`` line naming the rows, and nothing is imported.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services

if TYPE_CHECKING:
    from refkit.app.table_service import ActiveTable
    from refkit.rules.tables.import_formats import RowFix

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    table = commands.add_parser("table", help="rollable tables (encounters, backlashes...)")
    actions = table.add_subparsers(dest="table_command", metavar="ACTION", parser_class=type(table))
    actions.required = True

    listing = actions.add_parser("list", help="every table: name, dice, rows")
    add_json_flag(listing)
    listing.set_defaults(handler=_run_list)

    show = actions.add_parser("show", help="a table's rows")
    show.add_argument("name", metavar="NAME")
    add_json_flag(show)
    show.set_defaults(handler=_run_show)

    roll = actions.add_parser("roll", help="roll on a table (dice in the entry are rolled too)")
    roll.add_argument("name", metavar="NAME")
    roll.add_argument("--total", type=whole_number, metavar="N", help="the dice total outright")
    roll.add_argument(
        "--modifier", type=whole_number, default=0, metavar="M", help="added to the dice"
    )
    add_seed(roll)
    add_json_flag(roll)
    roll.set_defaults(handler=_run_roll)

    imported = actions.add_parser("import", help="import a table from .txt/.md, .csv or .toml")
    imported.add_argument("file", metavar="FILE")
    imported.add_argument("--name", metavar="NAME", help="the table's name (default: the file's)")
    imported.add_argument("--dice", metavar="EXPR", help="e.g. 2d6 (default: from the rows)")
    imported.add_argument(
        "--replace", action="store_true", help="replace a table with the same name"
    )
    imported.add_argument(
        "--max-modifier",
        type=whole_number,
        default=0,
        metavar="N",
        help="largest number added to the dice, e.g. 5 for a backlash table (d100 + rank)",
    )
    imported.add_argument(
        "--modifier-name", default="", metavar="WORD", help="what is added, e.g. rank or cruelty"
    )
    imported.add_argument(
        "--apply-fixes",
        action="store_true",
        help="apply each suggested fix (an overlap or a duplicate range) and say which",
    )
    add_json_flag(imported)
    imported.set_defaults(handler=_run_import)

    delete = actions.add_parser("delete", help="delete a table")
    delete.add_argument("name", metavar="NAME")
    add_json_flag(delete)
    delete.set_defaults(handler=_run_delete)

    use = actions.add_parser(
        "use", help="make a table the backlash table (d100) or the Miasma table (1d10)"
    )
    use.add_argument("name", metavar="NAME", help="the table ('default': Refkit's own again)")
    use.add_argument(
        "--as", dest="use", required=True, choices=("backlash", "miasma"), help="what it is for"
    )
    add_json_flag(use)
    use.set_defaults(handler=_run_use)

    active = actions.add_parser("active", help="the backlash table and the Miasma table in use")
    add_json_flag(active)
    active.set_defaults(handler=_run_active)

    restore = actions.add_parser("restore-defaults", help="put back Refkit's default tables")
    restore.add_argument(
        "--overwrite", action="store_true", help="also reset default tables that were edited"
    )
    add_json_flag(restore)
    restore.set_defaults(handler=_run_restore)


def _run_list(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        summaries = services.table_lines()
    # Only the form printed is made: a long campaign has thousands of tables.
    if getattr(args, "json", False):
        tables = [
            {"name": name, "dice": dice, "rows": rows, "source": source}
            for name, dice, rows, source, _ in summaries
        ]
        return {"tables": tables}, ""
    text = "\n".join(f"{s.name} ({s.dice}, {s.rows} rows)" for s in summaries)
    return {}, text or "no tables"


def _run_show(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        table = services.tables.get(args.name)
    payload = table.to_dict()
    lines = [f"{table.name} ({table.dice})"]
    lines += [f"{row.label:>7}  {row.text}" for row in table.rows]
    return payload, "\n".join(lines)


def _run_roll(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        logged = services.tables.roll(args.name, args.total, modifier=args.modifier, seed=args.seed)
    payload = {**logged.to_dict(), "seed": logged.seed}
    roll = logged.roll
    return payload, f"{roll.table}: {roll.index} ({roll.row.label}) → {roll.text}"


def _run_import(args: argparse.Namespace) -> Result:
    from refkit.app.table_service import TableService

    path = Path(args.file)
    if args.name is not None and not args.name.strip():
        raise CliError("table import: --name needs a name")
    # Read and check the whole file first (TableImportError names every problem).
    if args.max_modifier < 0:
        raise CliError(f"table import: --max-modifier must be 0 or more, got {args.max_modifier}")
    fixes: tuple[RowFix, ...] = ()
    if args.apply_fixes:
        from refkit.rules.tables.import_formats import load_table_file, with_suggested_fixes

        table, fixes = with_suggested_fixes(
            lambda chosen: load_table_file(
                path,
                args.name,
                args.dice,
                max_modifier=args.max_modifier,
                modifier_name=args.modifier_name,
                fixes=chosen,
            )
        )
    else:
        table = TableService.parse(
            path,
            args.name,
            args.dice,
            max_modifier=args.max_modifier,
            modifier_name=args.modifier_name,
        )
    with command_services(args) as services:
        stored = services.tables.add(table, replace=args.replace)
    payload: dict[str, Any] = {"table": stored.name, "rows": len(stored.rows), "dice": stored.dice}
    text = f"imported {stored.name!r}: {len(stored.rows)} rows, {stored.dice}"
    if args.apply_fixes:
        payload["fixes"] = [fix.text for fix in fixes]
        text += "".join(f"\n  fixed: {fix.text.rstrip('?')}" for fix in fixes)
    return payload, text


def _run_delete(args: argparse.Namespace) -> Result:
    from refkit.app.table_service import fallback_text

    with command_services(args) as services:
        uses = services.tables.uses_of(args.name)
        deleted = services.tables.delete(args.name)
    said = fallback_text(deleted.name, uses)
    payload: dict[str, Any] = {"deleted": deleted.name}
    if uses:
        payload["default_again"] = list(uses)
    return payload, f"deleted {deleted.name!r}" + (f"\n{said}" if said else "")


def _active_text(active: ActiveTable) -> str:
    from refkit.app.table_service import USE_SPECS

    spec = USE_SPECS[active.use]
    default = "" if active.chosen else " (Refkit's default)"
    return f"{spec.label} table ({spec.rolled_as}): {active.name}{default}"


def _run_use(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        if args.name.strip().casefold() == "default":
            active = services.tables.use_default_table(args.use)
        else:
            active = services.tables.use_table(args.name, args.use)
    return active.to_dict(), _active_text(active)


def _run_active(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        tables = services.tables.active_tables()
    payload = {"active": {active.use: active.to_dict() for active in tables}}
    return payload, "\n".join(_active_text(active) for active in tables)


def _run_restore(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        written = services.tables.restore_defaults(overwrite=args.overwrite)
    text = ("restored: " + ", ".join(written)) if written else "every default table is there"
    return {"restored": list(written)}, text
