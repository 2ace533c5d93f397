"""The ``travel`` commands: a day's hexes, getting lost, the Miasma test, and journeys on a map.

``travel day`` and ``travel lost`` are the contract's rows as they were (moved here from the Crows
commands, unchanged). ``travel miasma`` rolls one human's resistance test; its test and effects roll
land in the roll log. ``travel journey …`` keeps a journey on a hex map in the database: its
``day`` runs the whole travel day (roles, encounter, walk, rest, Miasma) with every roll logged, and
what the players may not know (the true position while lost, the lost dice) is shown only with
``--referee``.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from refkit.cli.crow_names import full_crow_name
from refkit.cli.errors import CliError
from refkit.cli.map_commands import (
    read_map,
    register_map_file,
    register_stored_maps,
    stored_maps,
)
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, int_pair, whole_number
from refkit.cli.services import command_services
from refkit.cli.travel_step_commands import run_day_undo
from refkit.dice.rng import SEED_BITS, make_rng, parse_dice_values

if TYPE_CHECKING:
    from refkit.app.travel.journey_store import JourneyStore
    from refkit.app.travel.travel_service import TravelService
    from refkit.compose import Services
    from refkit.rules.travel.roles import RoleAssignment
    from refkit.rules.travel.travel_day import DayFaces, DayPlan, Traveller

Result = tuple[dict[str, Any], str]
PACES = ("slow", "normal", "fast")


def register(commands: Subcommands) -> None:
    travel = commands.add_parser(
        "travel", help="overland travel: a day's hexes, getting lost, the Miasma, journeys"
    )
    kinds = travel.add_subparsers(dest="travel_kind", metavar="KIND", required=True)
    _register_day(kinds)
    _register_lost(kinds)
    _register_miasma(kinds)
    register_map_file(kinds)
    _register_journey(kinds)
    journal = kinds.add_parser("journal", help="the current journey's journal (as journey journal)")
    _journal_options(journal)
    register_stored_maps(commands)


# --- the contract's rows --------------------------------------------------------------------------


def _register_day(kinds: Subcommands) -> None:
    day = kinds.add_parser("day", help="hexes, EN and role-test modifier for one travel day")
    day.add_argument("--pace", choices=PACES, required=True)
    day.add_argument("--slowest-speed", type=whole_number, required=True, metavar="N")
    day.add_argument("--road", action="store_true", help="follow a road all day")
    day.add_argument("--river-cross", action="store_true", help="cross a river, or go upstream")
    day.add_argument("--downstream", action="store_true", help="travel downstream")
    add_json_flag(day)
    day.set_defaults(handler=_run_travel_day)


def _register_lost(kinds: Subcommands) -> None:
    lost = kinds.add_parser("lost", help="where a lost group really goes (flat-topped hexes)")
    lost.add_argument("--from", dest="origin", type=int_pair, required=True, metavar="Q,R")
    lost.add_argument("--die", type=whole_number, metavar="D", help="the d6 outright")
    add_seed(lost)
    add_json_flag(lost)
    lost.set_defaults(handler=_run_travel_lost)


def _one_die(args: argparse.Namespace, sides: int) -> tuple[int, int | None]:
    """One d``sides`` face: given outright with --die, else rolled from --seed (or a fresh seed)."""
    if args.die is not None:
        (face,) = parse_dice_values(str(args.die), sides=sides, count=1, label="--die")
        return face, None
    rng, seed = make_rng(args.seed)
    return rng.randint(1, sides), seed


def _run_travel_day(args: argparse.Namespace) -> Result:
    from refkit.rules.travel.day import day_encounter_numbers, day_hexes, role_test_modifier

    if args.slowest_speed < 0:
        raise CliError(f"--slowest-speed must be 0 or more, got {args.slowest_speed}")
    hexes = day_hexes(
        args.pace,
        args.slowest_speed,
        road=args.road,
        river_cross=args.river_cross,
        downstream=args.downstream,
    )
    travel_en, rest_en = day_encounter_numbers(args.pace, road=args.road)
    role_tests = role_test_modifier(args.pace)
    payload = {"hexes": hexes, "en": travel_en, "rest_en": rest_en, "role_tests": role_tests}
    text = (
        f"{hexes} hex{'es' if hexes != 1 else ''} today, EN {travel_en}, role tests: {role_tests}"
    )
    return payload, text


def _run_travel_lost(args: argparse.Namespace) -> Result:
    from refkit.rules.travel.day import lost_step

    die, seed = _one_die(args, 6)
    q, r = args.origin
    step = lost_step(q, r, die)
    payload = {"die": step.die, "direction": step.direction, "to": list(step.to), "seed": seed}
    return payload, f"d6 {step.die}: the group drifts {step.direction} to {step.to[0]},{step.to[1]}"


# --- travel miasma ---------------------------------------------------------------------------


def _register_miasma(kinds: Subcommands) -> None:
    parser = kinds.add_parser("miasma", help="a human's test against the Miasma after a rest")
    parser.add_argument("--mind", type=whole_number, required=True, metavar="M")
    parser.add_argument("--cruelty", type=whole_number, required=True, metavar="C")
    parser.add_argument(
        "--edges", type=whole_number, default=0, metavar="E", help="edges from Fight the Miasma"
    )
    parser.add_argument("--dice", metavar="A,B", help="the two d10 faces, e.g. 5,5")
    parser.add_argument("--effects-die", type=whole_number, metavar="D", help="the effects d10")
    parser.add_argument(
        "--table",
        metavar="NAME",
        help="the Miasma effects table to roll on (default: the Miasma table in use)",
    )
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_miasma)


def _run_miasma(args: argparse.Namespace) -> Result:
    from refkit.rules.travel.miasma import MiasmaRoller, resist_miasma

    if args.cruelty < 0:
        raise CliError(f"--cruelty must be 0 or more, got {args.cruelty}")
    if args.edges < 0:
        raise CliError(f"--edges must be 0 or more, got {args.edges}")
    faces = None
    if args.dice is not None:
        faces = parse_dice_values(args.dice, sides=10, count=2, label="--dice")
    if args.effects_die is not None:
        parse_dice_values(str(args.effects_die), sides=10, count=1, label="--effects-die")
    rng, seed = make_rng(args.seed)
    with command_services(args) as services:
        table = (
            services.tables.get(args.table)
            if args.table
            else services.tables.active_table("miasma")
        )
        logged = services.dice.crows_test(
            args.mind,
            edges=args.edges,
            bonuses=(-args.cruelty,),
            faces=(faces[0], faces[1]) if faces else None,
            seed=None if faces else rng.getrandbits(SEED_BITS),
        )
        dice = logged.result.dice
        effects = {"human": args.effects_die} if args.effects_die is not None else {}
        (result,) = resist_miasma(
            [MiasmaRoller("human", args.mind, args.cruelty, args.edges)],
            table,
            rng,
            dice={"human": dice},
            effects_dice=effects,
        )
        if result.effects is not None:
            _log_effects(services, result.effects, args.cruelty)
    effects_roll = result.effects
    payload = {
        "tier": result.tier,
        "cruelty": result.cruelty,
        "effects_index": None if effects_roll is None else effects_roll.index,
        "effects": None if effects_roll is None else effects_roll.text,
        "dice": list(dice),
        "total": result.test.total,
        "cruelty_before": args.cruelty,
        "claimed": result.claimed,
        "unused_dice": []
        if result.unused_effects_die is None
        else [{"option": "--effects-die", "dice": [result.unused_effects_die]}],
        "table": table.name,
        "seed": seed,
    }
    text = (
        f"Miasma test: tier {result.tier} (rolled {dice[0]}+{dice[1]}, total {result.test.total})"
    )
    if effects_roll is not None:
        text += f"; cruelty {result.cruelty}; effects {effects_roll.index}: {effects_roll.text}"
    elif result.tier == 3:
        text += "; cruelty cleared"
    else:
        text += "; no change"
    if result.unused_effects_die is not None:
        text += f" (effects die {result.unused_effects_die} not needed: unused)"
    return payload, text


def _log_effects(services: Services, roll: Any, cruelty_before: int) -> None:
    from refkit.dice.records import RollRecord

    services.dice.log_roll(
        RollRecord(
            kind="travel",
            expression=f"Miasma effects 1d10+{roll.modifier}",
            faces=roll.dice or (roll.dice_total,),
            total=roll.index,
            seed=None,
            rolled_at=services.utc_now(),
            summary=f"{roll.table}: {roll.row.label}",
            detail={"cruelty_before": cruelty_before, "row": roll.row.label},
        )
    )


# --- journeys ----------------------------------------------------------------------------------


def _register_journey(kinds: Subcommands) -> None:
    journey = kinds.add_parser(
        "journey", help="a journey on a hex map: start, day, status, journal"
    )
    steps = journey.add_subparsers(dest="journey_step", metavar="STEP", required=True)

    start = steps.add_parser("start", help="begin a journey on a map")
    start.add_argument("name", metavar="NAME", help="the journey's name")
    start.add_argument(
        "--map",
        dest="map_file",
        metavar="NAME|FILE",
        help="a map kept in the database (refkit map import), or a *.map.json (default: sample)",
    )
    start.add_argument(
        "--at", type=int_pair, metavar="Q,R", help="the start hex (default: the map's)"
    )
    start.add_argument("--party", metavar="NAME", help="the crows of this party travel")
    start.add_argument("--crow", action="append", default=[], metavar="NAME", help="a crow travels")
    start.add_argument(
        "--traveller",
        action="append",
        default=[],
        metavar="NAME=A,M,S[,animal]",
        help="a hireling or animal: agility, mind, strength ('animal': not human)",
    )
    start.add_argument("--replace", action="store_true", help="start a journey of that name afresh")
    add_json_flag(start)
    start.set_defaults(handler=_run_start)

    day = steps.add_parser("day", help="travel one day: roles, encounter, walk, rest, Miasma")
    _journey_option(day)
    day.add_argument("--pace", choices=PACES, required=True)
    day.add_argument(
        "--slowest-speed",
        type=whole_number,
        metavar="N",
        help="the slowest traveller's speed (default: read from the travelling crows' sheets)",
    )
    day.add_argument("--road", action="store_true", help="follow a road all day")
    day.add_argument("--river-cross", action="store_true", help="cross a river, or go upstream")
    day.add_argument("--downstream", action="store_true", help="travel downstream")
    day.add_argument("--route", default="", metavar="DIRS", help="the hexes to walk, e.g. SE,SE,S")
    day.add_argument(
        "--role",
        action="append",
        default=[],
        metavar="NAME=TASK[:OPTION]…",
        help="a travel role, e.g. Mara=shortcut, Bo=scout-danger:agility, Sel=make-camp:crafting, "
        "Ivo=fight-miasma:for=Mara+Bo",
    )
    day.add_argument("--test", action="append", default=[], metavar="NAME=A,B", help="test dice")
    day.add_argument("--rations", action="append", default=[], metavar="NAME=a,b,…")
    day.add_argument("--encounter-die", type=whole_number, metavar="D")
    day.add_argument(
        "--encounter-at",
        type=whole_number,
        default=0,
        metavar="K",
        help="the travel encounter check falls K hexes into the walk (default 0)",
    )
    day.add_argument(
        "--lost-dice", metavar="a,b,…", help="the secret d6 for each hex left while lost"
    )
    day.add_argument("--no-rest", action="store_true", help="the party does not rest today")
    day.add_argument("--seclude", action="store_true", help="Seclude Camp (+1 rest EN)")
    day.add_argument(
        "--campsite",
        action="store_true",
        help="a crow with Prepare Campsite prepares the rest (+1 rest EN when it is 5 or lower; "
        "that crow's activity is trait:Prepare Campsite)",
    )
    day.add_argument("--rest-die", type=whole_number, metavar="D")
    day.add_argument(
        "--activity",
        action="append",
        default=[],
        metavar="CROW=ACTIVITY[:TARGET]",
        help="a crow's rest activity (as travel journey step rest takes it)",
    )
    day.add_argument("--outside-miasma", action="store_true", help="the rest is out of the Miasma")
    day.add_argument("--miasma-dice", action="append", default=[], metavar="NAME=A,B")
    day.add_argument("--effects-die", action="append", default=[], metavar="NAME=D")
    day.add_argument(
        "--raise",
        dest="raises",
        action="append",
        default=[],
        metavar="NAME=OTHER",
        help="NAME's Miasma tier 3 lifts OTHER's result instead of clearing NAME's cruelty",
    )
    _referee_flag(day)
    add_seed(day)
    add_json_flag(day)
    day.set_defaults(handler=_run_day)

    status = steps.add_parser("status", help="where the party believes it is (--referee: truly)")
    _journey_option(status)
    _referee_flag(status)
    add_json_flag(status)
    status.set_defaults(handler=_run_status)

    journal = steps.add_parser("journal", help="the journal, day by day")
    _journal_options(journal)

    note = steps.add_parser("note", help="write the referee's note for a day of the journal")
    _journey_option(note)
    note.add_argument("day", type=whole_number, metavar="DAY")
    note.add_argument("text", metavar="TEXT")
    add_json_flag(note)
    note.set_defaults(handler=_run_note)

    undo = steps.add_parser("undo", help="take the last travel day back")
    _journey_option(undo)
    add_json_flag(undo)
    undo.set_defaults(handler=run_day_undo)

    listed = steps.add_parser("list", help="every journey kept")
    add_json_flag(listed)
    listed.set_defaults(handler=_run_list)

    from refkit.cli.travel_step_commands import register_steps

    register_steps(steps)


def _journey_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--journey", metavar="NAME", help="the journey (default: the last used)")


def _referee_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--referee", action="store_true", help="show the secrets: true position, lost dice"
    )


def _journal_options(parser: argparse.ArgumentParser) -> None:
    _journey_option(parser)
    _referee_flag(parser)
    parser.add_argument("--markdown", metavar="FILE", help="also write the journal to FILE")
    add_json_flag(parser)
    parser.set_defaults(handler=_run_journal)


def _journeys(services: Services) -> JourneyStore:
    from refkit.app.travel.wiring import journey_store

    return journey_store(services)


def _service(services: Services) -> TravelService:
    from refkit.app.travel.wiring import travel_service

    return travel_service(services)


def _split(text: str, option: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise CliError(f"{option} {text!r} should be NAME=VALUE")
    return name.strip(), value.strip()


def _parse_traveller(text: str) -> Traveller:
    from refkit.rules.travel.travel_day import Traveller

    name, value = _split(text, "--traveller")
    parts = [part.strip() for part in value.split(",")]
    human = True
    if len(parts) == 4 and parts[3].casefold() == "animal":
        human = False
        parts = parts[:3]
    if len(parts) != 3:
        raise CliError(f"--traveller {text!r} should be NAME=AGILITY,MIND,STRENGTH[,animal]")
    try:
        agility, mind, strength = (int(part) for part in parts)
    except ValueError:
        raise CliError(
            f"--traveller {text!r}: agility, mind and strength are whole numbers"
        ) from None
    return Traveller(name, agility, mind, strength, human=human)


def _crow_traveller(services: Services, name: str) -> Traveller:
    from refkit.app.travel.wiring import crow_traveller

    return crow_traveller(services.characters, name)


def _run_start(args: argparse.Namespace) -> Result:
    from refkit.rules.travel.hexes import Hex

    extra = [_parse_traveller(text) for text in args.traveller]
    with command_services(args) as services:
        library = stored_maps(services)
        if args.map_file and library.exists(args.map_file):
            hex_map = library.load(args.map_file)
        else:
            hex_map = read_map(args.map_file)
        names = list(services.characters.get_party(args.party).members) if args.party else []
        crows = [full_crow_name(services, name) for name in args.crow]
        names += [name for name in crows if name not in names]
        travellers = [_crow_traveller(services, name) for name in names] + extra
        if not travellers:
            raise CliError("a journey needs travellers: give --party, --crow or --traveller")
        at = Hex(*args.at) if args.at is not None else None
        journey = _service(services).start(args.name, hex_map, at, travellers, replace=args.replace)
    state = journey.state
    payload = {
        "journey": journey.name,
        "map": hex_map.name,
        "at": state.believed_hex.to_list(),
        "travellers": [t.name for t in state.travellers],
    }
    text = (
        f"Journey {journey.name!r} starts at {state.believed_hex.label} on {hex_map.name} with "
        + ", ".join(t.name for t in state.travellers)
    )
    return payload, text


def _parse_role(text: str) -> RoleAssignment:
    from refkit.rules.travel.roles import RoleAssignment, Task

    name, value = _split(text, "--role")
    task_text, *options = value.split(":")
    task = Task.parse(task_text)
    characteristic: str | None = None
    choice: str | None = None
    targets: tuple[str, ...] = ()
    for option in (o.strip() for o in options):
        if option.casefold() in ("agility", "mind", "strength"):
            characteristic = option.casefold()
        elif option.startswith("for="):
            targets = tuple(t.strip() for t in option[4:].split("+") if t.strip())
        elif option:
            choice = option.casefold()
    return RoleAssignment(name, task, characteristic, choice, targets)


def _pairs(
    values: list[str], option: str, sides: int, count: int | None
) -> dict[str, tuple[int, ...]]:
    found: dict[str, tuple[int, ...]] = {}
    for text in values:
        name, faces = _split(text, option)
        if name in found:
            raise CliError(f"{option} gives {name}'s dice twice")
        how_many = count if count is not None else len(faces.split(","))
        found[name] = parse_dice_values(
            faces, sides=sides, count=how_many, label=f"{option} {name}"
        )
    return found


def slowest_speed_of(args: argparse.Namespace) -> None:
    """``--slowest-speed`` left out: the slowest speed among the journey's travellers, read
    from their sheets now (wounds and conditions count, L821). A traveller without a sheet (a
    hireling, an animal) has no speed to read, so then the option is needed."""
    if args.slowest_speed is not None:
        return
    from refkit.store.errors import CharacterNotFoundError

    with command_services(args) as services:
        travellers = _service(services).journey(args.journey).state.travellers
        speeds = []
        for traveller in travellers:
            if traveller.claimed:
                continue
            try:
                speeds.append(services.characters.get(traveller.name).speed)
            except CharacterNotFoundError:
                raise CliError(
                    f"give --slowest-speed: {traveller.name} has no sheet to read a speed from"
                ) from None
    if not speeds:
        raise CliError("give --slowest-speed: no traveller has a sheet to read a speed from")
    args.slowest_speed = min(speeds)


def _plan_and_faces(args: argparse.Namespace) -> tuple[DayPlan, DayFaces]:
    from refkit.rules.travel.hexes import HexDirection
    from refkit.rules.travel.travel_day import DayFaces, DayPlan

    slowest_speed_of(args)
    if args.slowest_speed < 0:
        raise CliError(f"--slowest-speed must be 0 or more, got {args.slowest_speed}")
    try:
        route = tuple(HexDirection.parse(d) for d in args.route.split(",") if d.strip())
    except ValueError as problem:
        raise CliError(f"--route: {problem}") from None
    raises = dict(_split(text, "--raise") for text in args.raises)
    plan = DayPlan(
        pace=args.pace,
        slowest_speed=args.slowest_speed,
        route=route,
        roles=tuple(_parse_role(text) for text in args.role),
        road=args.road,
        river_cross=args.river_cross,
        downstream=args.downstream,
        encounter_at=args.encounter_at,
        rest=not args.no_rest,
        seclude=args.seclude,
        campsite=getattr(args, "campsite", False),
        in_miasma=not args.outside_miasma,
        miasma_raises=raises,
    )
    tests = _pairs(args.test, "--test", 10, 2)
    miasma = _pairs(args.miasma_dice, "--miasma-dice", 10, 2)
    effects = {
        name: faces[0] for name, faces in _pairs(args.effects_die, "--effects-die", 10, 1).items()
    }
    lost: tuple[int, ...] = ()
    if args.lost_dice:
        lost = parse_dice_values(
            args.lost_dice, sides=6, count=len(args.lost_dice.split(",")), label="--lost-dice"
        )
    faces = DayFaces(
        tests={name: (pair[0], pair[1]) for name, pair in tests.items()},
        rations=_pairs(args.rations, "--rations", 6, None),
        encounter=_die(args.encounter_die, "--encounter-die"),
        rest_encounter=_die(args.rest_die, "--rest-die"),
        lost=tuple(lost),
        miasma={name: (pair[0], pair[1]) for name, pair in miasma.items()},
        miasma_effects=effects,
    )
    return plan, faces


def _die(face: int | None, option: str) -> int | None:
    if face is None:
        return None
    (value,) = parse_dice_values(str(face), sides=10, count=1, label=option)
    return value


def _run_day(args: argparse.Namespace) -> Result:
    from refkit.app.travel.travel_service import players_summary

    plan, faces = _plan_and_faces(args)
    from refkit.app.travel.wiring import rest_follows_day
    from refkit.cli.rest_commands import parse_activities

    activities = parse_activities(args.activity)

    with command_services(args) as services:
        service = _service(services)
        command = service.travel_day_command(plan, faces=faces, seed=args.seed, name=args.journey)
        # The crows rest and the Miasma's results go on their sheets with the day, in one unit
        # of work.
        followed = rest_follows_day(services, command, activities)
        services.do(followed)
        journey = service.journey(args.journey)
    day = command.day
    assert day is not None
    summary = day.summary if args.referee else players_summary(day.summary)
    lines = journey.days[-1].referee if args.referee else journey.days[-1].players
    from refkit.cli.travel_step_commands import with_meals

    return with_meals({"journey": journey.name, **summary}, "\n".join(lines), followed)


def _run_status(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        journey = _service(services).journey(args.journey)
    state = journey.state
    where = state.believed_hex
    cell = journey.hex_map.cell(where)
    payload: dict[str, Any] = {
        "journey": journey.name,
        "map": journey.hex_map.name,
        "day": state.day,
        "believed": where.to_list(),
        "habitat": cell.habitat,
        "places": [place.name for place in cell.places],
        "rations_found": state.rations_found,
        "explored": [h.to_list() for h in sorted(state.explored)],
        "travellers": [
            {
                "name": t.name,
                "human": t.human,
                "cruelty": t.cruelty,
                "miasma_effects": list(t.miasma_effects),
                "claimed": t.claimed,
            }
            for t in state.travellers
        ],
    }
    lines = [
        f"{journey.name}, after day {state.day}: the party believes it is at {where.label} "
        f"({cell.habitat}{', ' + ', '.join(payload['places']) if payload['places'] else ''})"
    ]
    if args.referee:
        truly = journey.hex_map.cell(state.true_hex)
        payload["true"] = state.true_hex.to_list()
        payload["true_habitat"] = truly.habitat
        payload["lost"] = state.lost
        if state.lost:
            lines.append(f"Lost: really at {state.true_hex.label} ({truly.habitat}).")
        else:
            lines.append("Not lost: the party is where it believes.")
    for traveller in state.travellers:
        if traveller.human:
            mark = " (claimed by the Miasma)" if traveller.claimed else ""
            lines.append(f"  {traveller.name}: cruelty {traveller.cruelty}{mark}")
    return payload, "\n".join(lines)


def _run_journal(args: argparse.Namespace) -> Result:
    from refkit.app.atomic_files import write_text_atomic

    with command_services(args) as services:
        service = _service(services)
        journey = service.journey(args.journey)
        markdown = service.journal_markdown(journey.name, referee=args.referee)
    if args.markdown:
        write_text_atomic(args.markdown, markdown)
    days = [
        {
            "day": day.day,
            "lines": list(day.referee if args.referee else day.players),
            "note": day.note,
        }
        for day in journey.days
    ]
    payload = {"journey": journey.name, "days": days}
    if args.markdown:
        payload["markdown"] = str(args.markdown)
    return payload, markdown


def _run_note(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        service = _service(services)
        services.do(service.note_command(args.day, args.text, args.journey))
        journey = service.journey(args.journey)
    note = next(day.note for day in journey.days if day.day == args.day)
    return {"journey": journey.name, "day": args.day, "note": note}, f"Day {args.day}: {note}"


def _run_list(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        names = _journeys(services).names()
    return {"journeys": names}, "\n".join(names) or "no journeys yet"
