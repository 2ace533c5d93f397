"""``refkit craft project start|list|show|roll|complete`` and ``refkit craft harvest``: the
crafting tracker on the command line (the ``craft`` roll itself is in ``crows_commands``).

Bad input (an unknown project, crow or item, a crafter who does not qualify, a second roll in
the same rest, missing materials) is one ``error:`` line with exit code 2, and nothing written.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from refkit.cli.crow_names import full_crow_name
from refkit.cli.errors import CliError
from refkit.cli.parsing import add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services

if TYPE_CHECKING:
    from refkit.compose import Services

T = TypeVar("T")

Result = tuple[dict[str, Any], str]


def register(craft: argparse.ArgumentParser) -> None:
    """Add the tracker's subcommands under the ``craft`` parser."""
    kinds = craft.add_subparsers(dest="craft_command", metavar="project|harvest")
    project = kinds.add_parser(
        "project", help="crafting projects: start, list, show, roll, complete"
    )
    steps = project.add_subparsers(dest="project_command", metavar="STEP", required=True)

    start = steps.add_parser("start", help="a new project for a catalogue item")
    start.add_argument("--item", required=True, metavar="ITEM", help="the catalogue item")
    start.add_argument(
        "--crafter",
        action="append",
        required=True,
        metavar="CROW",
        help="a crow working on it (repeatable; the first receives what is made)",
    )
    start.add_argument("--name", metavar="NAME", help="the project's name (default: the item)")
    add_json_flag(start)
    start.set_defaults(handler=_run_start)

    listing = steps.add_parser("list", help="every project and its progress")
    add_json_flag(listing)
    listing.set_defaults(handler=_run_list)

    show = steps.add_parser("show", help="one project: points, materials, rolls")
    show.add_argument("project", metavar="PROJECT")
    add_json_flag(show)
    show.set_defaults(handler=_run_show)

    roll = steps.add_parser("roll", help="a crafter's crafting roll during a rest")
    roll.add_argument("project", metavar="PROJECT")
    roll.add_argument("--crafter", required=True, metavar="CROW")
    roll.add_argument(
        "--rest",
        metavar="TEXT",
        help="the rest or occasion (default: the rest under way on the DT clock)",
    )
    roll.add_argument("--edges", type=whole_number, default=0, metavar="E")
    roll.add_argument("--banes", type=whole_number, default=0, metavar="B")
    roll.add_argument(
        "--bonus", type=whole_number, action="append", default=[], metavar="N", help="repeatable"
    )
    roll.add_argument(
        "--expertise",
        action="append",
        default=[],
        metavar="NAME",
        help="apply one of the crafter's expertises (+4, spends a use; at most twice)",
    )
    roll.add_argument(
        "--same-expertise-twice",
        action="store_true",
        help="the referee allows one expertise applied twice (two uses)",
    )
    roll.add_argument("--crit-min", type=whole_number, default=19, metavar="N")
    roll.add_argument("--dice", metavar="A,B[,C,D…]", help="the d10 faces, two per roll")
    add_seed(roll)
    add_json_flag(roll)
    roll.set_defaults(handler=_run_roll)

    complete = steps.add_parser("complete", help="make the copies the points and materials allow")
    complete.add_argument("project", metavar="PROJECT")
    complete.add_argument("--copies", type=whole_number, metavar="N")
    add_json_flag(complete)
    complete.set_defaults(handler=_run_complete)

    harvest = kinds.add_parser("harvest", help="a corpse's parts into a crow's pack")
    harvest.add_argument("--crow", required=True, metavar="CROW")
    harvest.add_argument("--size", required=True, metavar="SIZE")
    harvest.add_argument("--parts", type=whole_number, metavar="N", help="counted at the table")
    harvest.add_argument("--dice", metavar="A,B…", help="the d6 faces, one per die")
    harvest.add_argument("--creature", default="", metavar="TEXT", help="what the corpse was")
    add_seed(harvest)
    add_json_flag(harvest)
    harvest.set_defaults(handler=_run_harvest)


def _refused(problem: Exception) -> CliError:
    message = (
        str(problem.args[0]) if isinstance(problem, KeyError) and problem.args else str(problem)
    )
    return CliError(message)


def _call(args: argparse.Namespace, step: Callable[[Services], T]) -> T:
    from refkit.errors import DomainError

    with command_services(args) as services:
        try:
            return step(services)
        except DomainError as problem:
            raise _refused(problem) from None


def _view_text(view: dict[str, Any]) -> str:
    ready = f", {view['copies_ready']} ready" if view["copies_ready"] else ""
    missing = f"; missing {'; '.join(view['missing'])}" if view["missing"] else ""
    return (
        f"{view['name']}: {view['item']} — {view['points']}/{view['goal']} points{ready} "
        f"(made {view['copies_made']}); {view['expertise']} {view['uses']}, "
        f"{view['tools'] or 'no tools'}, materials {view['materials']}{missing}; "
        f"crafters {', '.join(view['crafters'])}"
    )


def _run_start(args: argparse.Namespace) -> Result:
    def step(services: Services) -> dict[str, Any]:
        services.do(services.crafting.start(args.item, args.crafter, args.name).command)
        view: dict[str, Any] = services.crafting.view(args.name or args.item).to_dict()
        return view

    view = _call(args, step)
    return view, f"started {_view_text(view)}"


def _run_list(args: argparse.Namespace) -> Result:
    views = _call(args, lambda s: [view.to_dict() for view in s.crafting.projects()])
    text = "\n".join(_view_text(view) for view in views) or "no crafting projects"
    return {"projects": views}, text


def _run_show(args: argparse.Namespace) -> Result:
    view = _call(args, lambda s: s.crafting.view(args.project).to_dict())
    lines = [_view_text(view)]
    for roll in view["rolls"]:
        dice = ", ".join(f"{a}+{b}" for a, b in roll["dice"])
        lines.append(f"  {roll['rest']}: {roll['crafter']} {dice} → {sum(roll['points'])}")
    return view, "\n".join(lines)


def _faces(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    from refkit.dice.rng import parse_dice_values

    return parse_dice_values(text, sides=10, label="--dice")


def _run_roll(args: argparse.Namespace) -> Result:
    for name in ("edges", "banes"):
        if getattr(args, name) < 0:
            raise CliError(f"--{name} must be 0 or more, got {getattr(args, name)}")
    faces = _faces(args.dice)

    def step(services: Services) -> dict[str, Any]:
        done = services.crafting.roll(
            args.project,
            args.crafter,
            rest=args.rest,
            edges=args.edges,
            banes=args.banes,
            bonus=sum(args.bonus),
            expertises=tuple(args.expertise),
            allow_same_expertise_twice=args.same_expertise_twice,
            crit_min=args.crit_min,
            seed=args.seed,
            faces=faces,
        )
        services.do(done.command)
        roll = done.roll
        assert roll is not None  # a roll's step always carries it
        view = services.crafting.view(args.project).to_dict()
        return {
            "project": view["name"],
            "crafter": roll.crafter,
            "rest": roll.rest,
            "dice": [list(one.dice) for one in roll.rolls],
            "points": roll.points,
            "rolls": [
                {"dice": list(one.dice), "points": one.points, "crit": one.crit, "doom": one.doom}
                for one in roll.rolls
            ],
            "expertises": list(roll.expertises),
            "bonus": roll.bonus,
            "tools": roll.tools,
            "project_points": view["points"],
            "goal": view["goal"],
            "copies_ready": view["copies_ready"],
            "seed": done.seed,
        }

    data = _call(args, step)
    parts = " + ".join(
        f"{r['dice'][0]}+{r['dice'][1]}→{r['points']}{' crit' if r['crit'] else ''}"
        f"{' doom' if r['doom'] else ''}"
        for r in data["rolls"]
    )
    text = (
        f"{data['crafter']} on {data['project']} ({data['rest']}): {parts} = "
        f"{data['points']} point{'s' if data['points'] != 1 else ''}; "
        f"{data['project_points']}/{data['goal']}"
    )
    return data, text


def _run_complete(args: argparse.Namespace) -> Result:
    def step(services: Services) -> dict[str, Any]:
        done = services.crafting.complete(args.project, args.copies)
        services.do(done.command)
        view: dict[str, Any] = services.crafting.view(args.project).to_dict()
        return {**view, "made": done.made}

    data = _call(args, step)
    text = (
        f"{data['made']} {data['item']} made for {data['crafters'][0]}; "
        f"{data['points']} point{'s' if data['points'] != 1 else ''} toward the next"
    )
    return data, text


def _run_harvest(args: argparse.Namespace) -> Result:
    if args.parts is not None and args.dice is not None:
        raise CliError("give --parts or --dice, not both")
    faces = None
    if args.dice is not None:
        from refkit.dice.rng import parse_dice_values

        faces = parse_dice_values(args.dice, sides=6, label="--dice")

    def step(services: Services) -> dict[str, Any]:
        args.crow = full_crow_name(services, args.crow)
        done = services.crafting.harvest(
            args.crow,
            args.size,
            parts=args.parts,
            seed=args.seed,
            faces=faces,
            creature=args.creature,
        )
        services.do(done.command)
        return {
            "crow": services.characters.get(args.crow).name,
            "size": args.size,
            "parts": done.parts,
            "carried": done.parts - done.on_ground,
            "on_ground": done.on_ground,
            "seed": done.seed,
        }

    data = _call(args, step)
    ground = f" ({data['on_ground']} on the ground tray)" if data["on_ground"] else ""
    return data, f"{data['crow']} harvests {data['parts']} monster parts{ground}"
