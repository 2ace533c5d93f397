"""The ``dt`` and ``effect`` rows of the contract: the DT clock in the database, tracked effects.

The clock lives in the database (``--db`` or the data folder), so a DT started here keeps running
in the next command and in the app. Arguments are checked before the database is opened; a refused
step changes nothing. The services come from the composition root (:mod:`refkit.cli.services`),
built on first use, so other commands stay free of SQL imports and ``dt status`` reads the clock
through the quick path.
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Any

from refkit.cli.en_toggles import add_en_toggles, with_en_toggles
from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services
from refkit.rules.common.name_text import match_key

if TYPE_CHECKING:
    from refkit.app.dungeon_turn_service import DungeonTurnService
    from refkit.compose import Services
    from refkit.rules.character.model import Character
    from refkit.rules.dungeon.effects import TrackedEffect

Result = tuple[dict[str, Any], str]

MAX_EFFECT_USAGE_DICE = 20


def register(commands: Subcommands) -> None:
    _register_dt(commands)
    _register_effect(commands)


# --- shared -----------------------------------------------------------------------------------


def minutes_number(text: str) -> float:
    """argparse type: a finite number of minutes (``30``, ``-5``, ``+2.5``)."""
    try:
        value = float(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes")
    return int(value) if value.is_integer() else value


def _plain_name(what: str, text: str) -> None:
    """CliError unless ``text`` is free of control and format characters (ESC, NUL, RLO…)."""
    from refkit.rules.common.name_text import name_problem

    problem = name_problem(text)
    if problem is not None:
        raise CliError(f"{what} {problem}")


def status_text(status: dict[str, Any]) -> str:
    """One line for people: ``DT 3 running, 12:34 left, greed +10%, encounter pending``."""
    # Imported here: registering the dt commands (every command line run does) needs no clock.
    from refkit.present.clock_text import short_clock_text, time_left_text

    if status["dt"] == 0 and status["state"] == "stopped":
        length = short_clock_text(status["length_s"])
        return f"no DT yet (DTs of {length}); start one with 'refkit dt start'"
    parts = [f"DT {status['dt']} {status['state']}"]
    if status["state"] in ("running", "paused"):
        parts.append(time_left_text(status["remaining_s"]))
    if status["greed_percent"]:
        parts.append(f"greed +{status['greed_percent']}%")
    due = status.get("pending_encounter_due_dt")
    if status.get("encounter_overdue"):
        parts.append(f"encounter OVERDUE (due in DT {due})")
    elif status["pending_encounter"]:
        parts.append(f"encounter pending (due in DT {due})" if due else "encounter pending")
    return ", ".join(parts)


# --- dt ---------------------------------------------------------------------------------------


def _register_dt(commands: Subcommands) -> None:
    dt = commands.add_parser("dt", help="the dungeon-turn clock (kept in the database)")
    actions = dt.add_subparsers(dest="dt_command", metavar="ACTION", parser_class=type(dt))
    actions.required = True

    start = actions.add_parser("start", help="start the next DT (DT 1 on entering a dungeon)")
    start.add_argument("--minutes", type=minutes_number, metavar="M", help="DT length from now")
    start.add_argument("--dungeon", metavar="NAME", help="enter this dungeon: DT 1")
    add_json_flag(start)
    start.set_defaults(handler=_run_start)

    for name, helptext, handler in (
        ("pause", "pause the running clock", _run_pause),
        ("resume", "run the paused clock again", _run_resume),
        ("status", "the clock now", _run_status),
        ("stop", "stop the clock (the group left the dungeon)", _run_stop),
    ):
        action = actions.add_parser(name, help=helptext)
        add_json_flag(action)
        action.set_defaults(handler=handler)

    adjust = actions.add_parser("adjust", help="add (or with a minus, take away) minutes")
    adjust.add_argument("--minutes", type=minutes_number, required=True, metavar="±N")
    adjust.add_argument("--reason", default="", metavar="TEXT", help="kept in the audit trail")
    add_json_flag(adjust)
    adjust.set_defaults(handler=_run_adjust)

    end = actions.add_parser("end", help="end the DT: usage dice, conditions, encounter check")
    end.add_argument("--die", type=whole_number, metavar="D", help="the encounter d10 outright")
    add_en_toggles(end)
    add_seed(end)
    add_json_flag(end)
    end.set_defaults(handler=_run_end)

    noise = actions.add_parser("noise", help="an extra encounter check (loud noise)")
    noise.add_argument("--die", type=whole_number, metavar="D", help="the d10 outright")
    add_en_toggles(noise)
    add_seed(noise)
    add_json_flag(noise)
    noise.set_defaults(handler=_run_noise)

    resolve = actions.add_parser("resolve", help="mark a pending encounter as dealt with")
    resolve.add_argument("--index", type=whole_number, default=1, metavar="N", help="1: oldest")
    add_json_flag(resolve)
    resolve.set_defaults(handler=_run_resolve)

    party = actions.add_parser("party", help="the party whose crows are at the table")
    party.add_argument("name", nargs="?", metavar="NAME", help="put this party at the table")
    party.add_argument("--none", action="store_true", help="no party at the table")
    add_json_flag(party)
    party.set_defaults(handler=_run_party)

    log = actions.add_parser("log", help="the session log (newest last)")
    log.add_argument("--kind", action="append", metavar="KIND", help="only this kind (repeatable)")
    log.add_argument("--limit", type=whole_number, metavar="N", help="only the newest N")
    log.add_argument("--markdown", metavar="FILE", help="write it to FILE as Markdown")
    add_json_flag(log)
    log.set_defaults(handler=_run_log)

    from refkit.cli.rest_commands import register_rest

    register_rest(actions)


def _checked_length(minutes: float | None) -> None:
    if minutes is not None:
        from refkit.rules.dungeon.clock import dt_length_seconds

        dt_length_seconds(minutes)


def _run_start(args: argparse.Namespace) -> Result:
    _checked_length(args.minutes)
    if args.dungeon is not None and not args.dungeon.strip():
        raise CliError("dt start: --dungeon needs a name")
    if args.dungeon is not None:
        _plain_name("dt start: --dungeon", args.dungeon)
    with command_services(args) as services:  # with the party: greed is per group
        outcome = services.dungeon.start(args.minutes, args.dungeon)
    return outcome.status, status_text(outcome.status)


def _run_pause(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        outcome = services.dungeon_clock.pause()
    return outcome.status, status_text(outcome.status)


def _run_resume(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        outcome = services.dungeon_clock.resume()
    return outcome.status, status_text(outcome.status)


def _run_stop(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        outcome = services.dungeon_clock.stop()
    return outcome.status, status_text(outcome.status)


def _run_status(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        status = services.dungeon_status()
    return status, status_text(status)


def _run_adjust(args: argparse.Namespace) -> Result:
    if args.minutes == 0:
        raise CliError("dt adjust: --minutes 0 changes nothing")
    with command_services(args) as services:
        outcome = services.dungeon_clock.adjust(args.minutes, args.reason)
    return outcome.status, status_text(outcome.status)


def _check_d10(die: int | None) -> None:
    if die is not None and not 1 <= die <= 10:
        raise CliError(f"--die {die} is not a face of a d10 (1 to 10)")


def _run_end(args: argparse.Namespace) -> Result:
    _check_d10(args.die)
    from refkit.app.dungeon import log_text
    from refkit.app.party_bridge import OverloadWounds

    with command_services(args) as services:
        outcome = with_en_toggles(
            services, args, lambda: services.dungeon.end_turn(args.die, seed=args.seed)
        )
    result = outcome.value
    payload = result.to_dict(outcome.now)
    overload = [
        entry
        for hooked in outcome.change.hook_results
        if isinstance(hooked, OverloadWounds)
        for entry in hooked.entries
    ]
    payload["overload_wounds"] = [entry.to_dict() for entry in overload]
    # The session log's own words (log_text), so the command line and the log never disagree.
    lines = [log_text.end_of_turn(result)]
    lines.extend(
        f"  {log_text.roll_text(rolled.name, rolled.roll)}" for rolled in result.usage_dice
    )
    lines.extend(f"  {entry.line()}" for entry in overload)
    lines.append(log_text.end_of_turn_check(result))
    lines.append(status_text(payload["status"]))
    return payload, "\n".join(lines)


def _run_noise(args: argparse.Namespace) -> Result:
    _check_d10(args.die)
    with command_services(args) as services:
        outcome = with_en_toggles(
            services, args, lambda: services.dungeon_clock.loud_noise(args.die, seed=args.seed)
        )
    check = outcome.value.encounter
    payload = {
        "en": check.en,
        "roll": check.roll,
        "encounter": check.encounter,
        "immediate": check.immediate,
        "status": outcome.status,
    }
    verdict = "encounter" if check.encounter else "no encounter"
    return payload, f"loud noise: EN {check.en}, rolled {check.roll}: {verdict}"


def _run_resolve(args: argparse.Namespace) -> Result:
    if args.index < 1:
        raise CliError(f"dt resolve: --index counts from 1, got {args.index}")
    with command_services(args) as services:
        outcome = services.dungeon_clock.resolve_encounter(args.index - 1)
    return outcome.status, status_text(outcome.status)


def _run_party(args: argparse.Namespace) -> Result:
    name = None if args.name is None else " ".join(args.name.split())
    if args.none and name is not None:
        raise CliError("dt party: give a party name or --none, not both")
    if name == "":
        raise CliError("dt party: the party name is empty")
    with command_services(args) as services:
        bridge = services.party
        if args.none:
            bridge.set_party(None)
        elif name is not None:
            try:
                bridge.set_party(name)
            except ValueError as problem:
                raise CliError(f"dt party: {problem}") from None
        payload = bridge.to_dict()
    if payload["party"] is None:
        return payload, "no party at the table"
    members = ", ".join(payload["members"]) or "no crows yet"
    return payload, f"{payload['party']}: {members}"


def _run_log(args: argparse.Namespace) -> Result:
    from refkit.app.atomic_files import write_text_atomic
    from refkit.app.session_log_export import session_log_markdown
    from refkit.store.session_log import SESSION_LOG_KINDS

    kinds = args.kind
    if kinds:
        unknown = sorted(set(kinds) - set(SESSION_LOG_KINDS))
        if unknown:
            raise CliError(
                f"dt log: unknown kind {unknown[0]!r} (kinds: {', '.join(SESSION_LOG_KINDS)})"
            )
    if args.limit is not None and args.limit < 0:
        raise CliError(f"dt log: --limit must be 0 or more, got {args.limit}")
    with command_services(args) as services:
        entries = services.session_log.entries(kinds=kinds, limit=args.limit, newest_first=True)
    entries.reverse()
    if args.markdown:
        write_text_atomic(args.markdown, session_log_markdown(entries))
    payload = {
        "entries": [
            {
                "at": entry.at.isoformat(timespec="seconds"),
                "kind": entry.kind,
                "dt": entry.dt,
                "text": entry.text,
            }
            for entry in entries
        ]
    }
    text = "\n".join(f"DT {entry.dt:>3}  {entry.kind:<10}  {entry.text}" for entry in entries)
    return payload, text or "the session log is empty"


# --- effect -----------------------------------------------------------------------------------


def _register_effect(commands: Subcommands) -> None:
    effect = commands.add_parser("effect", help="effects tracked across DTs (lights, spells...)")
    actions = effect.add_subparsers(
        dest="effect_command", metavar="ACTION", parser_class=type(effect)
    )
    actions.required = True

    add = actions.add_parser("add", help="track an effect with usage dice")
    add.add_argument("name", metavar="NAME")
    add.add_argument("--ud", type=whole_number, required=True, metavar="N", help="usage dice")
    add.add_argument("--modes", default="", metavar="MODES", help="e.g. DT,Useless")
    add.add_argument(
        "--kind",
        default="custom",
        choices=("light", "spell", "backlash", "condition", "custom"),
        help="what it is (a light is lit when added)",
    )
    add.add_argument("--owner", default="", metavar="NAME", help="who carries or cast it")
    add_json_flag(add)
    add.set_defaults(handler=_run_effect_add)

    listing = actions.add_parser("list", help="the tracked effects")
    add_json_flag(listing)
    listing.set_defaults(handler=_run_effect_list)

    for name, helptext, handler in (
        ("remove", "stop tracking an effect", _run_effect_remove),
        ("refuel", "refuel an effect with the Refuel mode", _run_effect_refuel),
        ("relight", "light a doused light again", _run_effect_relight),
    ):
        action = actions.add_parser(name, help=helptext)
        action.add_argument("effect", metavar="ID_OR_NAME")
        add_json_flag(action)
        action.set_defaults(handler=handler)

    for name, helptext, handler in (
        ("douse", "put a light out (rolls its usage dice if DT)", _run_effect_douse),
        ("use", "an Activate item was used: roll its usage dice", _run_effect_use),
    ):
        rolled = actions.add_parser(name, help=helptext)
        rolled.add_argument("effect", metavar="ID_OR_NAME")
        rolled.add_argument("--dice", metavar="a,b,…", help="the d6 faces, one per usage die")
        add_seed(rolled)
        add_json_flag(rolled)
        rolled.set_defaults(handler=handler)

    lit = actions.add_parser(
        "light", help="light a crow's torch or lantern: a tracked light burning that item's dice"
    )
    lit.add_argument("crow", metavar="CROW")
    lit.add_argument("item", metavar="ITEM", help="the item's id or its name in the inventory")
    add_json_flag(lit)
    lit.set_defaults(handler=_run_effect_light)


def effect_json(effect: TrackedEffect) -> dict[str, Any]:
    return {
        "id": effect.id,
        "name": effect.name,
        "kind": effect.kind.value,
        "usage_dice": effect.usage_dice,
        "max_usage_dice": effect.max_usage_dice,
        "modes": sorted(mode.value for mode in effect.modes),
        "lit": effect.lit,
        "spent": effect.spent,
        "crow": effect.crow or None,  # lit from this crow's item (its dice are the item's)
        "item_id": effect.item_id or None,
    }


def _effects_result(effects: tuple[TrackedEffect, ...]) -> Result:
    payload = {"effects": [effect_json(effect) for effect in effects]}
    lines = []
    for effect in effects:
        modes = ", ".join(sorted(mode.value for mode in effect.modes))
        state = " (spent)" if effect.spent else " (lit)" if effect.lit else ""
        shown = f" [{modes}]" if modes else ""
        name = effect.source or effect.name
        lines.append(f"{effect.id:>4}  {name}: {effect.usage_dice} UD{shown}{state}")
    return payload, "\n".join(lines) or "no tracked effects"


def _run_effect_add(args: argparse.Namespace) -> Result:
    from refkit.rules.dungeon.effects import parse_modes

    name = " ".join(args.name.split())
    if not name:
        raise CliError("effect add: the effect needs a name")
    _plain_name("effect add: the effect's name", args.name)
    _plain_name("effect add: --owner", args.owner)
    if args.ud < 1:
        raise CliError(f"effect add: --ud must be at least 1, got {args.ud}")
    if args.ud > MAX_EFFECT_USAGE_DICE:
        raise CliError(f"effect add: --ud must be at most {MAX_EFFECT_USAGE_DICE}, got {args.ud}")
    modes = parse_modes(args.modes)
    with command_services(args) as services:
        service = services.dungeon_clock
        service.add_effect(name, args.ud, modes, args.kind, owner=args.owner)
        effects = service.effects()
    return _effects_result(effects)


def _run_effect_list(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        effects = services.dungeon_clock.effects()
    return _effects_result(effects)


def _effect_id(service: DungeonTurnService, reference: str) -> str:
    """The id of the effect called ``reference`` (an id like ``e2``, or a unique name)."""
    effects = service.effects()
    for effect in effects:
        if effect.id == reference.strip():
            return effect.id
    wanted = match_key(reference)
    matches = [effect for effect in effects if effect.name.casefold() == wanted]
    if len(matches) == 1:
        return matches[0].id
    if matches:
        ids = ", ".join(effect.id for effect in matches)
        raise CliError(f"{len(matches)} effects are called {reference!r}; give the id ({ids})")
    known = ", ".join(f"{effect.id} {effect.name}" for effect in effects) or "none"
    raise CliError(f"no tracked effect {reference!r} (effects: {known})")


def _effects_service(services: Services) -> DungeonTurnService:
    """The dungeon turn for a step on the effects: with the crows when a light burns a crow's
    item (its dice are on the sheet), else without them (no crow read, no sample stored)."""
    if any(effect.bound for effect in services.dungeon_clock.effects()):
        return services.dungeon
    return services.dungeon_clock


def _run_effect_light(args: argparse.Namespace) -> Result:
    from refkit.store.character_store import CharacterNotFoundError

    with command_services(args) as services:
        try:
            crow = services.characters.get(args.crow)
        except CharacterNotFoundError:
            raise CliError(f"effect light: no crow called {args.crow!r}") from None
        item_id = _item_id(crow, args.item)
        service = services.dungeon
        lit = service.light_item(crow.name, item_id).value
        effects = service.effects()
    payload, text = _effects_result(effects)
    payload["effect"] = effect_json(lit)
    return payload, f"{lit.source} lit: {lit.usage_dice} UD\n{text}"


def _item_id(crow: Character, reference: str) -> str:
    """The id of ``crow``'s item ``reference`` (an id, or a name only one item has)."""
    for item in crow.items:
        if item.id == reference.strip():
            return item.id
    wanted = match_key(reference)
    matches = [item for item in crow.items if item.name.casefold() == wanted]
    if len(matches) == 1:
        return matches[0].id
    if matches:
        ids = ", ".join(item.id for item in matches)
        raise CliError(
            f"{crow.name} has {len(matches)} items called {reference!r}; give the id ({ids})"
        )
    known = ", ".join(f"{item.id} {item.name}" for item in crow.items) or "nothing"
    raise CliError(f"{crow.name} carries no item {reference!r} (items: {known})")


def _run_effect_remove(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        service = _effects_service(services)
        service.remove(_effect_id(service, args.effect))
        effects = service.effects()
    return _effects_result(effects)


def _run_effect_refuel(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        service = _effects_service(services)
        service.refuel(_effect_id(service, args.effect))
        effects = service.effects()
    return _effects_result(effects)


def _run_effect_relight(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        service = _effects_service(services)
        service.relight(_effect_id(service, args.effect))
        effects = service.effects()
    return _effects_result(effects)


def _run_effect_use(args: argparse.Namespace) -> Result:
    from refkit.dice.rng import make_rng

    faces = None if args.dice is None else _faces(args.dice)
    _, seed = make_rng(args.seed)  # drawn here so the answer can give the seed that replays it
    with command_services(args) as services:
        service = _effects_service(services)
        outcome = service.activate(_effect_id(service, args.effect), faces, seed=seed)
        effects = service.effects()
    payload, text = _effects_result(effects)
    roll = outcome.value.roll
    payload["usage_dice"] = {
        "effect": outcome.value.name,
        "before": roll.before,
        "rolled": list(roll.rolled),
        "after": roll.after,
    }
    payload["seed"] = seed
    from refkit.present.usage_text import usage_roll_line

    return payload, f"{usage_roll_line(outcome.value.name, roll)}\n{text}"


def _faces(text: str) -> tuple[int, ...]:
    """``--dice a,b,…``: whole numbers (the service checks that they are d6 faces)."""
    try:
        return tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise CliError(f"--dice {text!r} should be whole numbers like 3,5") from None


def _run_effect_douse(args: argparse.Namespace) -> Result:
    faces = None if args.dice is None else _faces(args.dice)
    with command_services(args) as services:
        service = _effects_service(services)
        outcome = service.douse(_effect_id(service, args.effect), faces, seed=args.seed)
        effects = service.effects()
    payload, text = _effects_result(effects)
    roll = outcome.value.roll
    payload["usage_dice"] = (
        None
        if roll is None
        else {
            "effect": outcome.value.effect.name,
            "before": roll.before,
            "rolled": list(roll.rolled),
            "after": roll.after,
        }
    )
    return payload, text
