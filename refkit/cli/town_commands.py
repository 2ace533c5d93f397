"""``refkit town activity | sleep | show``: rest activities in town, four a day (L485).

``activity CROW ACTIVITY[:TARGET]`` spends two hours: its effect is on the sheet at once (Tend
Wounds waits for the patient's sleep); ``sleep`` is the night (at least 4 hours of sleep): the
patients tended that day heal, and a new town day starts; ``show`` says what the day has seen.
A choice the rules refuse (a fifth activity, Seclude Camp, a patient tended already) is one
``error:`` line, exit 2, with nothing written.
"""

from __future__ import annotations

import argparse
from typing import Any

from refkit.cli.crow_names import full_crow_name
from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed
from refkit.cli.services import command_services

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    town = commands.add_parser("town", help="rest activities in town: four a day, 2 hours each")
    steps = town.add_subparsers(dest="town_command", metavar="STEP", parser_class=type(town))
    steps.required = True

    activity = steps.add_parser("activity", help="CROW spends 2 hours on a rest activity")
    activity.add_argument("crow", metavar="CROW", help="the crow (a first name will do)")
    activity.add_argument(
        "activity",
        metavar="ACTIVITY",
        help="tend-wounds[:PATIENT], repair-armor[:ITEM], prepare[:TASK], identify[:ITEM], "
        "harvest:SIZE, craft:PROJECT, trait:TRAIT[:TARGET]",
    )
    add_seed(activity)
    add_json_flag(activity)
    activity.set_defaults(handler=_run_activity)

    sleep = steps.add_parser("sleep", help="the night: tended patients heal, a new town day")
    add_json_flag(sleep)
    sleep.set_defaults(handler=_run_sleep)

    show = steps.add_parser("show", help="the town day: each crow's activities so far")
    add_json_flag(show)
    show.set_defaults(handler=_run_show)


def _run_activity(args: argparse.Namespace) -> Result:
    from refkit.app.party.town_rest import TownActivityCommand
    from refkit.rules.character.rest_activities import ActivityRefused, parse_activity

    try:
        choice = parse_activity(args.activity)
    except ActivityRefused as error:
        raise CliError(str(error)) from None
    with command_services(args) as services:
        name = full_crow_name(services, args.crow)
        if not services.characters.exists(name):
            raise CliError(f"no crow called {args.crow!r}")
        command = TownActivityCommand(
            services.characters, name, choice, crafting=services.crafting, seed=args.seed
        )
        try:
            services.do(command)
        except ActivityRefused as error:
            raise CliError(str(error)) from None
    assert command.report is not None
    return command.report.to_dict(), command.report.line()


def _run_sleep(args: argparse.Namespace) -> Result:
    from refkit.app.party.town_rest import TownSleepCommand

    with command_services(args) as services:
        command = TownSleepCommand(services.characters, services.party.prompts)
        services.do(command)
    lines = [f"The night in town: town day {command.day} begins."]
    lines += [f"  {healed.line()}" for healed in command.healed]
    payload = {"town_day": command.day, "healed": [h.to_dict() for h in command.healed]}
    return payload, "\n".join(lines)


def _run_show(args: argparse.Namespace) -> Result:
    from refkit.app.party.town_rest import read_town_day
    from refkit.present.town_day import day_lines

    with command_services(args) as services:
        today = read_town_day(services.characters.repository)
        names = services.characters.names()
    crows = [
        {"crow": name, "done": list(today.done_by(name)), "left": today.left_for(name)}
        for name in names
    ]
    lines = day_lines(today, names)
    payload = {"town_day": today.day, "crows": crows, "tended": dict(today.tended)}
    return payload, "\n".join(lines)
