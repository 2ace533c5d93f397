"""``refkit dt rest start | halfway | check | finish``: a rest in the dungeon from the command line.

The same steps as the DT panel's Rest box, on the clock in the database: starting ends the DT
with no encounter check; the half-way point ends what is bound to the DT without rolling; the
rest's one encounter check (``--seclude``: +1 EN); the finish gives the party at the table the
rest through the one rest procedure, each crow doing the activity ``--activity CROW=ACTIVITY``
names. A name or choice the rules refuse is one ``error:`` line, exit 2, with nothing written.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from refkit.cli.en_toggles import add_en_toggles, with_en_toggles
from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services

if TYPE_CHECKING:
    from refkit.rules.character.rest_activities import ActivityChoice

Result = tuple[dict[str, Any], str]


def register_rest(actions: Subcommands) -> None:
    """The ``rest`` action of ``refkit dt``."""
    rest = actions.add_parser("rest", help="a rest: start, half-way, its encounter check, finish")
    steps = rest.add_subparsers(dest="rest_command", metavar="STEP", parser_class=type(rest))
    steps.required = True

    start = steps.add_parser("start", help="start a rest: the DT ends with no encounter check")
    add_seed(start)
    add_json_flag(start)
    start.set_defaults(handler=_run_start)

    halfway = steps.add_parser("halfway", help="the half-way point: DT-bound effects end")
    add_json_flag(halfway)
    halfway.set_defaults(handler=_run_halfway)

    check = steps.add_parser("check", help="the rest's one encounter check")
    check.add_argument("--die", type=whole_number, metavar="D", help="the d10 outright")
    check.add_argument("--seclude", action="store_true", help="a crow secludes the camp (+1 EN)")
    check.add_argument(
        "--campsite",
        action="store_true",
        help="a crow with Prepare Campsite prepared it (+1 EN when it is 5 or lower; that crow's "
        "activity at the finish is trait:Prepare Campsite)",
    )
    add_en_toggles(check)
    add_seed(check)
    add_json_flag(check)
    check.set_defaults(handler=_run_check)

    finish = steps.add_parser("finish", help="finish the rest: a new DT, the party's benefits")
    finish.add_argument(
        "--activity",
        action="append",
        default=[],
        metavar="CROW=ACTIVITY",
        help="a crow's rest activity (repeatable): tend-wounds[:PATIENT], repair-armor[:ITEM], "
        "seclude-camp, prepare[:TASK], identify[:ITEM], harvest:SIZE, craft[:WHAT] "
        "(craft:A,B with Midnight Oil, Double Duty or Twice Enchanted), study[:LORE] "
        "(study:A,B with Cram; study:LORE>CROW with Shared Knowledge), "
        "trait:TRAIT[:TARGET] (a trait the crow has that is a rest activity), none",
    )
    finish.add_argument(
        "--interrupted", action="store_true", help="the rest was cut short: nothing restored"
    )
    finish.add_argument(
        "--beast-of-burden",
        action="append",
        default=[],
        metavar="CROW=PET",
        help="the pet a crow with Beast of Burden gives its 2 extra slots (repeatable; default: "
        "the pet that has them, else its first pet that carries things)",
    )
    add_seed(finish)
    add_json_flag(finish)
    finish.set_defaults(handler=_run_finish)


def _run_start(args: argparse.Namespace) -> Result:
    from refkit.app.dungeon import log_text

    with command_services(args) as services:
        outcome = services.dungeon.start_rest(seed=args.seed)
    rest = outcome.value
    payload = dict(outcome.status)
    payload["lights_to_douse"] = [effect.name for effect in rest.lights_to_douse]
    payload["usage_dice"] = [rolled.to_dict() for rolled in rest.usage_dice]
    payload["conditions_ended"] = [ended.to_dict() for ended in rest.conditions_ended]
    lines = [log_text.rest_started(rest.previous_clock.dt, rest).text]
    lines.extend(f"  {log_text.roll_text(r.name, r.roll)}" for r in rest.usage_dice)
    return payload, "\n".join(lines)


def _run_halfway(args: argparse.Namespace) -> Result:
    from refkit.app.dungeon import log_text

    with command_services(args) as services:
        outcome = services.dungeon.rest_halfway()
    halfway = outcome.value
    payload = dict(outcome.status)
    payload["effects_ended"] = [effect.name for effect in halfway.effects_ended]
    payload["conditions_ended"] = [ended.to_dict() for ended in halfway.conditions_ended]
    return payload, log_text.rest_halfway(halfway).text


def _run_check(args: argparse.Namespace) -> Result:
    from refkit.app.dungeon import log_text

    if args.die is not None and not 1 <= args.die <= 10:
        raise CliError(f"--die {args.die} is not a face of a d10 (1 to 10)")
    with command_services(args) as services:
        outcome = with_en_toggles(
            services,
            args,
            lambda: services.dungeon_clock.rest_encounter_check(
                args.seclude, args.die, seed=args.seed, campsite=args.campsite
            ),
        )
    check = outcome.value.encounter
    payload = dict(outcome.status)
    payload.update(
        en=check.en, roll=check.roll, encounter=check.encounter, immediate=check.immediate
    )
    payload["seclude"] = args.seclude
    payload["campsite"] = args.campsite
    if args.seed is not None:
        payload["seed"] = args.seed
    line = log_text.rest_check(
        check, seclude=args.seclude, seed=args.seed or 0, campsite=args.campsite
    ).text
    return payload, line


def parse_activities(texts: list[str]) -> dict[str, ActivityChoice]:
    """``CROW=ACTIVITY[:TARGET]`` options by crow; CliError for a malformed or unknown one."""
    from refkit.rules.character.rest_activities import ActivityRefused, parse_activity

    chosen: dict[str, ActivityChoice] = {}
    seen: dict[str, str] = {}
    for text in texts:
        crow, equals, activity = text.partition("=")
        crow = " ".join(crow.split())
        if not equals or not crow or not activity.strip():
            raise CliError(f"dt rest finish: --activity {text!r} is not CROW=ACTIVITY")
        key = crow.casefold()
        if key in seen:
            raise CliError(f"dt rest finish: {crow} has two activities; a crow does one per rest")
        seen[key] = crow
        try:
            chosen[crow] = parse_activity(activity)
        except ActivityRefused as error:
            raise CliError(f"dt rest finish: {crow}: {error}") from None
    return chosen


def parse_burden_pets(texts: list[str], command: str) -> dict[str, str]:
    """``CROW=PET`` options by crow; CliError for a malformed one or a crow named twice."""
    chosen: dict[str, str] = {}
    for text in texts:
        crow, equals, pet = (" ".join(part.split()) for part in text.partition("="))
        if not equals or not crow or not pet:
            raise CliError(f"{command}: --beast-of-burden {text!r} is not CROW=PET")
        if crow.casefold() in {name.casefold() for name in chosen}:
            raise CliError(f"{command}: {crow} gives Beast of Burden's slots to one pet")
        chosen[crow] = pet
    return chosen


def _run_finish(args: argparse.Namespace) -> Result:
    from refkit.app.dungeon.rests import RestPlan, rest_check_campsite, rest_check_seclude
    from refkit.app.party.rest import PartyRest, check_choices
    from refkit.rules.character.model import RestRefused
    from refkit.rules.character.pet_moves import burden_choices
    from refkit.rules.character.rest_activities import ActivityRefused

    activities = parse_activities(args.activity)
    burdens = parse_burden_pets(args.beast_of_burden, "dt rest finish")
    if args.interrupted and activities:
        raise CliError("dt rest finish: an interrupted rest gives no activity; leave --activity")
    if args.interrupted and burdens:
        raise CliError("dt rest finish: an interrupted rest gives no Beast of Burden; leave it out")
    with command_services(args) as services:
        service = services.dungeon
        crows = services.party.crows()
        if activities and not crows:
            raise CliError("dt rest finish: no party at the table to do the activities")
        if not args.interrupted:
            try:  # checked before anything is written
                check_choices(
                    crows,
                    activities,
                    check_seclude=rest_check_seclude(service.store.session_log),
                    check_campsite=rest_check_campsite(service.store.session_log),
                )
                burden_choices(crows, burdens)
            except (ActivityRefused, RestRefused) as error:
                raise CliError(f"dt rest finish: {error}") from None
        plan = RestPlan(activities, seed=args.seed, burden_pets=burdens)
        outcome = service.finish_rest(interrupted=args.interrupted, plan=plan)
    rests = [r for r in outcome.value.hook_results if isinstance(r, PartyRest)]
    payload = dict(outcome.status)
    payload["interrupted"] = args.interrupted
    payload["restored"] = [effect.name for effect in outcome.value.finish.restored]
    payload["crows"] = [entry for rest in rests for entry in rest.to_list()]
    payload["secluded_by"] = next((r.secluded_by for r in rests if r.secluded_by), None)
    how = "interrupted" if args.interrupted else "finished"
    lines = [f"rest {how}; DT {outcome.status['dt']} started"]
    lines.extend(f"  {line}" for rest in rests for line in rest.lines())
    return payload, "\n".join(lines)
