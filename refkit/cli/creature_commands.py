"""The bestiary rows of the command line: ``creature list | show NAME | check FILE |
import FILE | export --out FILE | delete NAME`` (registered with the combat commands, parsed only
when ``creature`` is asked for)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from refkit.cli.parsing import Subcommands, add_json_flag
from refkit.cli.services import command_services

if TYPE_CHECKING:
    from refkit.rules.combat.creature import Creature

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    from refkit.cli.fight_commands import lazy_command

    lazy_command(
        commands,
        "creature",
        "the bestiary: list, show, check, import, export, delete",
        _add_creature_steps,
    )


def _add_creature_steps(kinds: Subcommands) -> None:
    listing = kinds.add_parser("list", help="every creature in the bestiary")
    add_json_flag(listing)
    listing.set_defaults(handler=_run_list)
    show = kinds.add_parser("show", help="one creature's entry")
    show.add_argument("name", metavar="NAME")
    add_json_flag(show)
    show.set_defaults(handler=_run_show)
    check = kinds.add_parser("check", help="check a bestiary file (nothing is imported)")
    check.add_argument("file", metavar="FILE")
    add_json_flag(check)
    check.set_defaults(handler=_run_check)
    imported = kinds.add_parser("import", help="add a bestiary file's creatures (all or none)")
    imported.add_argument("file", metavar="FILE")
    imported.add_argument("--replace", action="store_true", help="replace creatures of a name")
    add_json_flag(imported)
    imported.set_defaults(handler=_run_import)
    export = kinds.add_parser("export", help="write creatures to a bestiary file")
    export.add_argument("names", nargs="*", metavar="NAME")
    export.add_argument("--out", required=True, metavar="FILE")
    add_json_flag(export)
    export.set_defaults(handler=_run_export)
    delete = kinds.add_parser("delete", help="forget one of your own creatures")
    delete.add_argument("name", metavar="NAME")
    add_json_flag(delete)
    delete.set_defaults(handler=_run_delete)


def _run_list(args: argparse.Namespace) -> Result:
    from refkit.compose import bestiary_on

    with command_services(args) as services:
        bestiary = bestiary_on(services.database)
        creatures = bestiary.creatures()
        rows = [
            {
                "name": c.name,
                "size": c.size,
                "stamina": c.stamina,
                "ad": c.ad,
                "source": "refkit-example" if bestiary.is_shipped(c.name) else "user",
            }
            for c in creatures
        ]
    text = "\n".join(f"{c.name} ({c.size}; Stamina {c.stamina}, AD {c.ad})" for c in creatures)
    return {"creatures": rows}, text


def _run_show(args: argparse.Namespace) -> Result:
    from refkit.compose import bestiary_on

    with command_services(args) as services:
        creature = bestiary_on(services.database).get(args.name)
    return _creature_payload(creature), _creature_text(creature)


def _run_check(args: argparse.Namespace) -> Result:
    from refkit.rules.combat.bestiary_file import read_bestiary_file

    creatures = read_bestiary_file(args.file)
    names = [c.name for c in creatures]
    return {"valid": True, "creatures": names}, f"{args.file}: {len(names)} creatures, all valid"


def _run_import(args: argparse.Namespace) -> Result:
    from refkit.compose import bestiary_on
    from refkit.rules.combat.bestiary_file import read_bestiary_file

    read_bestiary_file(args.file)  # a bad file is refused before the database is opened
    with command_services(args) as services:
        added = bestiary_on(services.database).import_file(args.file, replace=args.replace)
    names = [c.name for c in added]
    return {"imported": names}, f"imported {len(names)} creatures: {', '.join(names)}"


def _run_export(args: argparse.Namespace) -> Result:
    from refkit.compose import bestiary_on

    with command_services(args) as services:
        bestiary = bestiary_on(services.database)
        written = bestiary.export_file(args.out, args.names)
        count = len(args.names) or len(bestiary.creatures())
    return {"file": str(written), "creatures": count}, f"{count} creatures written to {written}"


def _run_delete(args: argparse.Namespace) -> Result:
    from refkit.compose import bestiary_on

    with command_services(args) as services:
        gone = bestiary_on(services.database).delete(args.name)
    return {"deleted": gone.name}, f"{gone.name} deleted"


def _creature_payload(creature: Creature) -> dict[str, Any]:
    return {
        "name": creature.name,
        "size": creature.size,
        "stamina": creature.stamina,
        "ad": creature.ad,
        "speed": creature.speed,
        "reach": creature.reach,
        "characteristics": {
            "agility": creature.agility,
            "mind": creature.mind,
            "strength": creature.strength,
        },
        "attacks": [
            {
                "name": a.name,
                "kind": a.kind,
                "squares": a.squares,
                "damage": a.damage_text,
                "tier2": a.tier2,
                "tier3": a.tier3,
                "characteristic": a.characteristic,
                "piercing": a.piercing,
                "thrown": a.thrown,
                "ammunition": a.ammunition,
                "keywords": [{"name": k.label, "note": k.note} for k in a.keywords],
            }
            for a in creature.attacks
        ],
        "conditions": list(creature.conditions),
        "uses_wounds": creature.uses_wounds,
        "notes": creature.notes,
    }


def _creature_text(creature: Creature) -> str:
    lines = [
        f"{creature.name} — {creature.size}, Stamina {creature.stamina}, AD {creature.ad}, "
        f"speed {creature.speed}, reach {creature.reach}",
        f"A {creature.agility:+d}, M {creature.mind:+d}, S {creature.strength:+d}",
    ]
    for attack in creature.attacks:
        keywords = ", ".join(k.label for k in attack.keywords)
        lines.append(
            f"  {attack.name}: {attack.range_text}, {attack.damage_text}"
            + (f" ({keywords})" if keywords else "")
        )
    if creature.conditions:
        lines.append(f"Conditions: {', '.join(creature.conditions)}")
    if creature.notes:
        lines.append(creature.notes)
    return "\n".join(lines)
