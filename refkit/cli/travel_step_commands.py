"""``travel journey step …``: the travel day step by step, as on the referee's panel.

``begin`` takes the day's plan (as ``journey day`` does, without route or dice); then ``role``
rolls the next role test (supporters first, then the guide, scouts and providers), ``encounter``
makes the travel encounter check where the party now is, ``move DIR`` walks one hex (the secret d6
while lost), ``rest`` makes the rest's encounter check, ``miasma`` the Miasma tests (or clears
cruelty away from it), and ``finish`` keeps the day in the journal, printing what ``journey day``
prints. ``undo`` takes the last step back; ``show`` says what is done and what comes next. The
true position and the lost dice are shown only with ``--referee``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services
from refkit.dice.rng import parse_dice_values

if TYPE_CHECKING:
    from refkit.app.travel.travel_service import TravelService
    from refkit.compose import Services
    from refkit.rules.travel.day_steps import DayInProgress

Result = tuple[dict[str, Any], str]


def register_steps(steps: Subcommands) -> None:
    """Add ``step`` and its kinds to ``travel journey``."""
    from refkit.cli.travel_commands import PACES

    parser = steps.add_parser("step", help="travel a day step by step (begin, role, …, finish)")
    kinds = parser.add_subparsers(dest="day_step", metavar="KIND", required=True)

    begin = kinds.add_parser("begin", help="begin the day: pace, speed, road, river, roles, rest")
    begin.add_argument("--pace", choices=PACES, required=True)
    begin.add_argument(
        "--slowest-speed",
        type=whole_number,
        metavar="N",
        help="the slowest traveller's speed (default: read from the travelling crows' sheets)",
    )
    begin.add_argument("--road", action="store_true", help="follow a road all day")
    begin.add_argument("--river-cross", action="store_true", help="cross a river, or go upstream")
    begin.add_argument("--downstream", action="store_true", help="travel downstream")
    begin.add_argument(
        "--role", action="append", default=[], metavar="NAME=TASK[:OPTION]…", help="a travel role"
    )
    begin.add_argument("--no-rest", action="store_true", help="the party does not rest today")
    begin.add_argument("--seclude", action="store_true", help="Seclude Camp (+1 rest EN)")
    begin.add_argument(
        "--campsite", action="store_true", help="Prepare Campsite (+1 rest EN of 5 or lower)"
    )
    begin.add_argument("--outside-miasma", action="store_true", help="the rest is out of it")
    begin.add_argument("--raise", dest="raises", action="append", default=[], metavar="NAME=OTHER")
    # What ``journey day`` also reads, which a day begun step by step gives step by step instead.
    begin.set_defaults(
        route="", encounter_at=0, test=[], rations=[], encounter_die=None, lost_dice=None,
        rest_die=None, miasma_dice=[], effects_die=[],
    )  # fmt: skip
    _common(begin, _run_begin, seeded=False)

    role = kinds.add_parser("role", help="roll the next role test")
    role.add_argument("--dice", metavar="A,B", help="the two d10 faces")
    role.add_argument("--rations", metavar="a,b,…", help="the ration dice, on a find")
    _common(role, _run_role)

    encounter = kinds.add_parser("encounter", help="the travel encounter check, here and now")
    encounter.add_argument("--die", type=whole_number, metavar="D", help="the d10 outright")
    _common(encounter, _run_encounter)

    move = kinds.add_parser("move", help="walk one hex (the secret d6 while lost)")
    move.add_argument("direction", metavar="DIR", help="N, NE, SE, S, SW or NW")
    move.add_argument("--lost-die", type=whole_number, metavar="D", help="the secret d6")
    _common(move, _run_move)

    rest = kinds.add_parser("rest", help="the rest's encounter check with the rest EN")
    rest.add_argument("--die", type=whole_number, metavar="D", help="the d10 outright")
    rest.add_argument(
        "--activity",
        action="append",
        default=[],
        metavar="CROW=ACTIVITY[:TARGET]",
        help="a crow's rest activity (as dt rest finish takes it)",
    )
    rest.add_argument(
        "--campsite",
        action="store_true",
        help="a crow with Prepare Campsite prepares the rest (+1 rest EN when it is 5 or lower; "
        "that crow's activity is trait:Prepare Campsite)",
    )
    _common(rest, _run_rest)

    miasma = kinds.add_parser("miasma", help="after the rest: the Miasma, or cruelty cleared")
    miasma.add_argument("--dice", action="append", default=[], metavar="NAME=A,B")
    miasma.add_argument("--effects-die", action="append", default=[], metavar="NAME=D")
    _common(miasma, _run_miasma)

    finish = kinds.add_parser("finish", help="keep the day in the journal")
    _common(finish, _run_finish, seeded=False)

    undo = kinds.add_parser("undo", help="take the last step back (none: the day not begun)")
    _common(undo, _run_undo, seeded=False)

    show = kinds.add_parser("show", help="what is done today and what comes next")
    _common(show, _run_show, seeded=False)


def _common(
    parser: argparse.ArgumentParser,
    handler: Callable[[argparse.Namespace], Result],
    *,
    seeded: bool = True,
) -> None:
    parser.add_argument("--journey", metavar="NAME", help="the journey (default: the last used)")
    parser.add_argument(
        "--referee", action="store_true", help="show the secrets: true position, lost dice"
    )
    if seeded:
        add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=handler)


def _faces(text: str | None, sides: int, count: int | None, label: str) -> tuple[int, ...]:
    if not text:
        return ()
    how_many = count if count is not None else len(text.split(","))
    return tuple(parse_dice_values(text, sides=sides, count=how_many, label=label))


def _one(face: int | None, sides: int, label: str) -> tuple[int, ...]:
    return () if face is None else _faces(str(face), sides, 1, label)


def _run_begin(args: argparse.Namespace) -> Result:
    from refkit.cli.travel_commands import _plan_and_faces

    plan, _ = _plan_and_faces(args)
    with command_services(args) as services:
        service = _service(services)
        services.do(service.begin_day_command(plan, args.journey))
        return _report(service, args, "begin")


def _take(args: argparse.Namespace, kind: str, **given: Any) -> Result:
    from refkit.app.travel.wiring import rest_follows_step, sheets_follow_step

    activities = given.pop("activities", None)
    with command_services(args) as services:
        service = _service(services)
        command = service.day_step_command(kind, seed=args.seed, name=args.journey, **given)
        # The crows' rest, and the Miasma's results on their sheets, go with the step in one
        # unit of work.
        if kind == "rest":
            services.do(rest_follows_step(services, command, activities))
        elif kind == "miasma":
            services.do(sheets_follow_step(services, command))
        else:
            services.do(command)
        return _report(service, args, kind)


def _run_role(args: argparse.Namespace) -> Result:
    return _take(
        args,
        "role",
        dice=_faces(args.dice, 10, 2, "--dice"),
        rations=_faces(args.rations, 6, None, "--rations"),
    )


def _run_encounter(args: argparse.Namespace) -> Result:
    return _take(args, "encounter", dice=_one(args.die, 10, "--die"))


def _run_move(args: argparse.Namespace) -> Result:
    from refkit.rules.travel.hexes import HexDirection

    try:
        direction = HexDirection.parse(args.direction)
    except ValueError as problem:
        raise CliError(f"DIR: {problem}") from None
    return _take(args, "move", direction=direction, dice=_one(args.lost_die, 6, "--lost-die"))


def _run_rest(args: argparse.Namespace) -> Result:
    from refkit.cli.rest_commands import parse_activities

    activities = parse_activities(args.activity)
    return _take(
        args,
        "rest",
        dice=_one(args.die, 10, "--die"),
        activities=activities,
        campsite=args.campsite,
    )


def _run_miasma(args: argparse.Namespace) -> Result:
    from refkit.cli.travel_commands import _pairs

    dice = _pairs(args.dice, "--dice", 10, 2)
    effects = _pairs(args.effects_die, "--effects-die", 10, 1)
    return _take(
        args,
        "miasma",
        miasma={name: (pair[0], pair[1]) for name, pair in dice.items()},
        miasma_effects={name: faces[0] for name, faces in effects.items()},
    )


def _run_finish(args: argparse.Namespace) -> Result:
    from refkit.app.travel.travel_service import players_summary
    from refkit.app.travel.wiring import meal_follows_finish

    with command_services(args) as services:
        service = _service(services)
        command = service.finish_day_command(args.journey)
        followed = meal_follows_finish(services, command)  # no rest taken: the day's food
        services.do(followed)
        journey = service.journey(args.journey)
    day = command.value
    assert day is not None
    summary = day.summary if args.referee else players_summary(day.summary)
    lines = journey.days[-1].referee if args.referee else journey.days[-1].players
    return with_meals({"journey": journey.name, **summary}, "\n".join(lines), followed)


def _run_undo(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        service = _service(services)
        command = service.take_back_step_command(args.journey)
        services.do(command)
        journey = service.journey(args.journey)
        if journey.pending is None:
            payload = {"journey": journey.name, "undone": command.text, "under_way": False}
            return payload, f"{command.text}: no day is under way"
        payload, text = _report(service, args, "undo")
    return payload | {"undone": command.text}, f"{command.text}.\n{text}"


def _run_show(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        return _report(_service(services), args, "show")


def _service(services: Services) -> TravelService:
    from refkit.app.travel.wiring import travel_service

    return travel_service(services)


def _report(service: TravelService, args: argparse.Namespace, kind: str) -> Result:
    journey = service.journey(args.journey)
    progress = service.progress(journey.name)
    payload = progress_payload(progress, referee=args.referee)
    encounter_texts = [
        step.text for step in journey.under_way().steps if step.kind == "encounter" and step.text
    ]
    if encounter_texts and payload.get("encounter"):
        payload["encounter"]["text"] = encounter_texts[0]
    payload = {"journey": journey.name, "step": kind, **payload}
    return payload, "\n".join(progress_lines(payload))


def progress_payload(progress: DayInProgress, *, referee: bool) -> dict[str, Any]:
    """The day under way as plain JSON (secrets only for the referee)."""
    travel_en, rest_en = progress.encounter_numbers
    roles = [
        {
            "traveller": result.assignment.traveller,
            "task": result.assignment.task.key,
            "dice": list(result.test.dice),
            "total": result.test.total,
            "tier": result.test.tier,
            "rations": result.rations,
        }
        for result in progress.roles
    ]
    payload: dict[str, Any] = {
        "day": progress.before.day + 1,
        "roles": roles,
        "roles_left": [
            {"traveller": a.traveller, "task": a.task.key}
            for a in progress.ordered[len(progress.roles) :]
        ],
        "hexes": progress.hexes,
        "hexes_left": progress.hexes_left if progress.roles_done else None,
        "travel_en": travel_en,
        "rest_en": rest_en,
        "encounter": None
        if progress.encounter is None
        else {
            "en": progress.encounter.en,
            "roll": progress.encounter.roll,
            "encounter": progress.encounter.encounter,
            "immediate": progress.encounter.immediate,
            "text": None,
        },
        "route": [step.intended.name for step in progress.steps],
        "believed": progress.believed_hex.to_list(),
        "rest": None
        if progress.rest_check is None
        else {
            "en": progress.rest_check.en,
            "roll": progress.rest_check.roll,
            "encounter": progress.rest_check.encounter,
        },
        "miasma": [
            {"traveller": t.traveller, "tier": t.tier, "cruelty": t.cruelty, "claimed": t.claimed}
            for t in progress.miasma
        ],
        "cruelty_cleared": list(progress.cruelty_cleared),
        "unused_dice": [
            {"option": option, "traveller": who, "dice": list(faces)}
            for option, who, faces in progress.unused_dice
        ],
        "next": list(progress.allowed()),
    }
    if referee:
        payload["true"] = progress.true_hex.to_list()
        payload["lost"] = progress.lost if progress.roles_done else progress.before.lost
        payload["lost_dice"] = [s.die for s in progress.steps if s.die is not None]
    return payload


def progress_lines(payload: dict[str, Any]) -> list[str]:
    lines = [f"{payload['journey']}, day {payload['day']} under way:"]
    for role in payload["roles"]:
        found = f", {role['rations']} rations" if role["rations"] else ""
        lines.append(
            f"  {role['traveller']}, {role['task']}: {role['total']} (tier {role['tier']}){found}"
        )
    for role in payload["roles_left"]:
        lines.append(f"  {role['traveller']}, {role['task']}: to roll")
    left = payload["hexes_left"]
    lines.append(
        f"  {payload['hexes']} hexes"
        + (f" ({left} left)" if left is not None else "")
        + f", travel EN {payload['travel_en']}, rest EN {payload['rest_en']}"
    )
    if payload["encounter"]:
        check = payload["encounter"]
        said = "an encounter" if check["encounter"] else "no encounter"
        text = f": {check['text']}" if check.get("text") else ""
        lines.append(f"  Travel encounter: {check['roll']} on EN {check['en']}, {said}{text}")
    if payload["route"]:
        lines.append("  Walked: " + " ".join(payload["route"]))
    lines.append(f"  The party believes it is at {payload['believed'][0]},{payload['believed'][1]}")
    if "true" in payload:
        lines.append(f"  Truly at {payload['true'][0]},{payload['true'][1]}")
    if payload["rest"]:
        rest = payload["rest"]
        said = "an encounter" if rest["encounter"] else "no encounter"
        lines.append(f"  Rest: {rest['roll']} on EN {rest['en']}, {said}")
    for test in payload["miasma"]:
        lines.append(
            f"  Miasma, {test['traveller']}: tier {test['tier']}, cruelty {test['cruelty']}"
        )
    if payload["cruelty_cleared"]:
        lines.append("  Cruelty cleared: " + ", ".join(payload["cruelty_cleared"]))
    for unused in payload["unused_dice"]:
        faces = ",".join(str(face) for face in unused["dice"])
        lines.append(f"  Not needed, unused: {unused['option']} {unused['traveller']}={faces}")
    lines.append("Next: " + " or ".join(payload["next"]))
    return lines


def with_meals(payload: dict[str, Any], text: str, followed: Any) -> Result:
    """A day without a rest: what each crow ate, or its starvation wound (L521)."""
    meals = followed.meal.meals if followed.meal is not None else ()
    payload["meals"] = [meal.to_dict() for meal in meals]
    lines = [text, *(f"  {meal.line()}" for meal in meals)]
    return payload, "\n".join(line for line in lines if line)


def run_day_undo(args: argparse.Namespace) -> Result:
    """``travel journey undo``: the last day taken back with its meal (one step)."""
    from refkit.app.travel.wiring import take_back_day_command, travel_service

    with command_services(args) as services:
        command, crows = take_back_day_command(services, args.journey)
        services.do(command)
        journey = travel_service(services).journey(args.journey)
    payload = {
        "journey": journey.name,
        "day": journey.state.day,
        "believed": journey.state.believed_hex.to_list(),
        "meal_taken_back": list(crows),
    }
    text = f"{command.text}: the party is back at {journey.state.believed_hex.label}"
    if crows:
        text += f"\nThe day's meal taken back: {', '.join(crows)} as before it."
    return payload, text
