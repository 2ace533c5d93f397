"""``refkit fight``: the fight kept in the database, step by step from the command line.

The same fight session as the window's (:attr:`refkit.compose.Services.fight`):
every step is saved with the fight, written to the session log, and an attack or damage on a
crow changes the crow's sheet in the same transaction. Wounds a hit leaves are for the player to
place (``wounds_to_place``), as on the sheet.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import (
    ContractArgumentParser,
    Subcommands,
    add_json_flag,
    add_seed,
    whole_number,
)
from refkit.cli.services import command_services

Result = tuple[dict[str, Any], str]
CONDITIONS = ("blessed", "grabbed", "prone", "vulnerable", "unconscious", "weakened")


def lazy_command(
    commands: Subcommands,
    name: str,
    help_text: str,
    add_steps: Callable[[Subcommands], None],
) -> None:
    """``refkit NAME STEP …`` whose steps' parsers are built only when NAME is run: every other
    command's start-up does not pay for them (a dozen sub-parsers cost about 5 ms to build)."""
    outer = commands.add_parser(name, help=help_text, add_help=False)
    outer.add_argument("step_words", nargs=argparse.REMAINDER, metavar="STEP ...")
    # argparse keeps a leading option out of REMAINDER; this brings --help to the steps' parser.
    outer.add_argument("-h", "--help", action="store_true", dest="steps_help")

    def run(args: argparse.Namespace) -> Result:
        parser = ContractArgumentParser(prog=f"refkit {name}", description=help_text)
        kinds = parser.add_subparsers(
            dest=f"{name}_kind", metavar="STEP", required=True, parser_class=ContractArgumentParser
        )
        add_steps(kinds)
        words = ["--help"] if args.steps_help else []
        inner = parser.parse_args([*words, *args.step_words])
        for key, value in vars(inner).items():
            setattr(args, key, value)  # --json, --seed …: read as if parsed with the rest
        handler: Callable[[argparse.Namespace], Result] = inner.handler
        return handler(args)

    outer.set_defaults(handler=run)


def register(commands: Subcommands) -> None:
    lazy_command(commands, "fight", "the fight at the table, kept in the database", _add_steps)


def _add_steps(kinds: Subcommands) -> None:

    show = kinds.add_parser("show", help="the round, whose side acts, every combatant")
    _common(show, _run_show)

    add = kinds.add_parser("add", help="creatures from the bestiary join, numbered")
    add.add_argument("creature", metavar="CREATURE")
    add.add_argument("--count", type=whole_number, default=1, metavar="N")
    _common(add, _run_add)

    crows = kinds.add_parser("crows", help="crows join by name (none: the party at the table)")
    crows.add_argument("names", nargs="*", metavar="NAME")
    _common(crows, _run_crows)

    start = kinds.add_parser("round", help="the next round, with its initiative d10")
    start.add_argument("--die", type=whole_number, metavar="D", help="the initiative d10 face")
    add_seed(start)
    _common(start, _run_round)

    turn = kinds.add_parser("next", help="end the turn; the next goes to NAME or the next one")
    turn.add_argument("name", nargs="?", metavar="NAME")
    _common(turn, _run_next)

    attack = kinds.add_parser("attack", help="ATTACKER attacks --target with --weapon")
    attack.add_argument("attacker", metavar="ATTACKER")
    attack.add_argument("--weapon", required=True, metavar="NAME")
    attack.add_argument("--target", required=True, metavar="NAME")
    attack.add_argument(
        "--ally",
        action="append",
        default=[],
        metavar="NAME",
        help="an ally of the attacker next to the target (repeatable)",
    )
    attack.add_argument(
        "--tested",
        choices=("agility", "strength", "mind"),
        help="for a weapon of A/S: which one (default the higher)",
    )
    attack.add_argument("--expertise", metavar="NAME", help="spend a use of this weapon expertise")
    attack.add_argument("--knock-out", action="store_true")
    attack.add_argument("--flanking", action="store_true")
    attack.add_argument("--high-ground", action="store_true")
    attack.add_argument("--cover", action="store_true")
    attack.add_argument("--surprised", action="store_true")
    attack.add_argument("--adjacent", action="store_true")
    attack.add_argument(
        "--opportunity",
        action="store_true",
        help="an opportunity attack (the target leaves reach): a miss offers no counter",
    )
    attack.add_argument(
        "--bury-the-point",
        action="store_true",
        help="Bury the Point: a melee stabbing hit deals double damage and leaves the weapon "
        "useless until fixed",
    )
    attack.add_argument("--distance", type=whole_number, metavar="SQUARES")
    attack.add_argument("--edges", type=whole_number, default=0, metavar="E")
    attack.add_argument("--banes", type=whole_number, default=0, metavar="B")
    attack.add_argument("--bonus", type=whole_number, action="append", default=[], metavar="N")
    attack.add_argument("--dice", metavar="A,B[,S[,P]]")
    add_seed(attack)
    _common(attack, _run_attack)

    damage = kinds.add_parser("damage", help="damage dealt by hand (a counter, a trap)")
    damage.add_argument("name", metavar="NAME")
    damage.add_argument("amount", type=whole_number, metavar="AMOUNT")
    damage.add_argument("--piercing", action="store_true")
    damage.add_argument("--knock-out", action="store_true")
    damage.add_argument(
        "--armour",
        action="append",
        default=[],
        metavar="ITEM",
        help="a crow's armour or shield (name or id) to lose AD first; repeat for the order "
        "(the rest follows in the sheet's order)",
    )
    add_seed(damage)
    _common(damage, _run_damage)

    condition = kinds.add_parser("condition", help="give NAME the condition, or end it")
    condition.add_argument("name", metavar="NAME")
    condition.add_argument("condition", choices=CONDITIONS, metavar="CONDITION")
    _common(condition, _run_condition)

    surprise = kinds.add_parser(
        "surprise", help="NAME was unaware: skips round 1, attacks on it +1 (before round 1)"
    )
    surprise.add_argument("name", metavar="NAME")
    _common(surprise, _run_surprise)

    remove = kinds.add_parser("remove", help="NAME leaves the fight")
    remove.add_argument("name", metavar="NAME")
    _common(remove, _run_remove)

    for kind, help_text in (
        ("grab", "ACTOR grabs --target (2d10+S; tier 3 holds it)"),
        ("escape", "ACTOR tries to escape its grabber (2d10 + A or S)"),
        ("knockback", "ACTOR knocks --target back (2d10+S; push 1 or 2)"),
    ):
        maneuver = kinds.add_parser(kind, help=help_text)
        maneuver.add_argument("actor", metavar="ACTOR")
        if kind == "escape":
            maneuver.add_argument(
                "--tested",
                choices=("agility", "strength"),
                help="which characteristic (default the higher)",
            )
            maneuver.add_argument(
                "--break-free",
                action="store_true",
                help="on a tier 2, choose to be free (the grabber may counter)",
            )
        else:
            maneuver.add_argument("--target", required=True, metavar="NAME")
        maneuver.add_argument("--edges", type=whole_number, default=0, metavar="E")
        maneuver.add_argument("--banes", type=whole_number, default=0, metavar="B")
        maneuver.add_argument(
            "--bonus", type=whole_number, action="append", default=[], metavar="N"
        )
        maneuver.add_argument("--dice", metavar="A,B", help="the two d10 faces")
        add_seed(maneuver)
        _common(maneuver, _run_maneuver)
        maneuver.set_defaults(maneuver_kind=kind)

    dt_end = kinds.add_parser("dt-end", help="the DT ended: its conditions end, knock-outs wake")
    _common(dt_end, _run_dt_end)


def _common(parser: argparse.ArgumentParser, handler: Any) -> None:
    add_json_flag(parser)
    parser.set_defaults(handler=handler)


# -- running a step --------------------------------------------------------------------------


def _step(args: argparse.Namespace, make: Any, done: Any = None) -> tuple[Any, Any]:
    """Build the session, make the step with ``make(session)``, do it, then ``done(services,
    extra)`` (an attack's roll into the roll log); (the fight as shown, (command, extra)). The
    fight is read with its crows' sheets before the database is closed."""
    from refkit.errors import DomainError

    with command_services(args) as services:
        session = services.fight  # built as the window builds it (refkit.compose)
        try:
            made = make(session, services)
            if made is None:
                return _Seen(session), None
            command, extra = made
            services.do(command)
        except DomainError as error:
            raise CliError(str(error)) from None
        if done is not None:
            done(services, extra)
        return _Seen(session), (command, extra)


class _Seen:
    """The fight after a step, with each crow standing as its sheet says, read while the
    command's database is still open (reading it later opened a new connection that was never
    closed)."""

    def __init__(self, session: Any) -> None:
        self.state = session.state
        self._with_sheets = session.with_sheets()

    def with_sheets(self) -> Any:
        return self._with_sheets


def fight_payload(fight: Any) -> dict[str, Any]:
    return {
        "round": fight.round,
        "first": fight.first,
        "acting": fight.acting,
        "current": fight.current,
        "initiative_die": fight.initiative_die,
        "combatants": [
            {
                "name": f.name,
                "side": f.side,
                "creature": None if f.creature is None else f.creature.name,
                "stamina": f.stamina,
                "ad": f.ad,
                "conditions": list(f.conditions),
                "standing": f.standing,
                "acted": f.acted,
                "surprised": f.surprised,
                "wounds": f.wounds,
                "grabbed_by": f.grabbed_by,
                "players_see": f.players_see,
            }
            for f in fight.combatants
        ],
    }


def fight_text(fight: Any) -> str:
    if fight.round == 0:
        head = "No round yet (roll initiative with 'refkit fight round')"
    elif fight.acting is None:
        head = f"Round {fight.round} is over"
    else:
        head = f"Round {fight.round}: the {fight.acting} act" + (
            f"; {fight.current}'s turn" if fight.current else ""
        )
    lines = [head]
    for f in fight.combatants:
        state = f"Stamina {f.stamina}, AD {f.ad}" if f.creature is not None else "crow"
        extra = list(f.conditions)
        if f.standing != "fighting":
            extra.insert(0, f.standing.replace("_", " "))
        if f.grabbed_by:
            extra.append(f"grabbed by {f.grabbed_by}")
        if f.surprised:
            extra.append("surprised")
        if f.acted:
            extra.append("acted")
        lines.append(f"  {f.name} ({f.side}; {state})" + (f": {', '.join(extra)}" if extra else ""))
    return "\n".join(lines)


def _shown(session: Any, text: str | None = None) -> Result:
    fight = session.with_sheets()  # a crow killed on its sheet since is shown dead
    payload = fight_payload(fight)
    shown = fight_text(fight)
    if text:
        payload["step"] = text
        shown = f"{text}\n{shown}"
    return payload, shown


def _run_show(args: argparse.Namespace) -> Result:
    session, _ = _step(args, lambda session, services: None)
    return _shown(session)


def _run_add(args: argparse.Namespace) -> Result:
    session, (command, _) = _step(
        args, lambda s, _: (s.add_creatures(args.creature, args.count), None)
    )
    return _shown(session, command.text)


def _run_crows(args: argparse.Namespace) -> Result:
    def make(session: Any, services: Any) -> Any:
        names = args.names or services.party.to_dict()["members"]
        if not names:
            raise CliError("no crows named, and no party at the table ('refkit dt party NAME')")
        return session.add_crows(names), None

    session, (command, _) = _step(args, make)
    return _shown(session, command.text)


def _run_round(args: argparse.Namespace) -> Result:
    if args.die is not None and args.seed is not None:
        raise CliError("give --die or --seed, not both")
    session, (command, _) = _step(
        args, lambda s, _: (s.start_round(die=args.die, seed=args.seed), None)
    )
    return _shown(session, command.text)


def _run_next(args: argparse.Namespace) -> Result:
    session, (command, _) = _step(args, lambda s, _: (s.next_turn(args.name), None))
    return _shown(session, command.text)


def _run_attack(args: argparse.Namespace) -> Result:
    from refkit.cli.combat_commands import _given_dice, odds_payload, unused_text
    from refkit.rules.combat.attack import Situation

    for name in ("edges", "banes"):
        if getattr(args, name) < 0:
            raise CliError(f"--{name} must be 0 or more, got {getattr(args, name)}")
    situation = Situation(
        flanking=args.flanking,
        high_ground=args.high_ground,
        target_adjacent=args.adjacent,
        distance=args.distance,
        cover=args.cover,
        surprised_target=args.surprised,
        edges=args.edges,
        banes=args.banes,
        bonuses=tuple(args.bonus),
        opportunity=args.opportunity,
    )
    dice = _given_dice(args)

    def make(session: Any, _: Any) -> Any:
        from refkit.rules.combat.attack_odds import attack_odds

        prepared = session.prepare_attack(
            args.attacker,
            args.weapon,
            args.target,
            situation=situation,
            allies=args.ally,
            tested=args.tested,
            expertise=args.expertise,
            bury=args.bury_the_point,
        )
        odds = attack_odds(prepared.request)  # worked out before the dice are rolled
        step = session.make_attack(prepared, knock_out=args.knock_out, dice=dice, seed=args.seed)
        return step, (step.report, odds)

    def log_roll(services: Any, extra: Any) -> None:
        from refkit.app.combat.attack_record import attack_roll_record

        services.dice.log_roll(attack_roll_record(extra[0], services.utc_now()))

    session, (command, (report, odds)) = _step(args, make, log_roll)
    payload, shown = _shown(session, command.text)
    outcome, test = report.outcome, report.outcome.test
    wounds = {hit.name: hit.wounds_to_place for hit in (report.hit, report.stray) if hit}
    payload["attack"] = {
        "attacker": report.attacker,
        "target": report.target,
        "weapon": report.weapon,
        "dice": list(test.dice),
        "faces": list(report.faces),
        "total": test.total,
        "tier": test.tier,
        "crit": test.crit,
        "doom": test.doom,
        "expertise_applied": test.expertise_applied,
        "reasons": list(outcome.modifiers.reasons),
        "hit": outcome.hit,
        "damage": outcome.damage * (2 if report.buried else 1),
        "counter_tier": outcome.counter_tier,
        "counter_damage": report.counter_damage,
        "opportunity": report.opportunity,
        "bury_the_point": report.buried,
        "ally_hit": None
        if report.stray is None
        else {"name": report.stray.name, "damage": report.stray.amount},
        "extra_action": outcome.extra_action,
        "wounds_to_place": {name: n for name, n in wounds.items() if n},
        "seed": report.seed,
        "odds": odds_payload(odds),
    }
    if report.unused_dice:
        payload["attack"]["unused_dice"] = [{"option": "--dice", "dice": list(report.unused_dice)}]
        shown += f"\n--dice {unused_text(report.unused_dice)}: not needed, unused"
    return payload, shown


def _armour_ids(session: Any, services: Any, name: str, wanted: list[str]) -> list[str] | None:
    """The item ids of the armour the owner named to lose AD first (L343), in order."""
    if not wanted:
        return None
    fighter = session.state.combatant(name)
    if not fighter.is_crow:
        raise CliError(f"--armour is a crow's choice; {fighter.name} has one AD of its own")
    crow = services.characters.get(fighter.name)
    sources = crow.items.armor_sources()
    ids = []
    for text in wanted:
        key = " ".join(text.split()).casefold()
        found = [i.id for i in sources if i.id.casefold() == key or i.name.casefold() == key]
        if not found:
            names = ", ".join(f"{i.name} ({i.id})" for i in sources) or "none"
            raise CliError(
                f"--armour {text!r}: {crow.name} wears or holds no such armour "
                f"(AD sources: {names})"
            )
        if found[0] in ids:
            raise CliError(f"--armour {text!r} is given twice")
        ids.append(found[0])
    return ids


def _run_damage(args: argparse.Namespace) -> Result:
    session, (command, hit) = _step(
        args,
        lambda s, services: s.damage(
            args.name,
            args.amount,
            piercing=args.piercing,
            knock_out=args.knock_out,
            armour_order=_armour_ids(s, services, args.name, args.armour),
            seed=args.seed,
        ),
    )
    payload, shown = _shown(session, command.text)
    payload["wounds_to_place"] = hit.wounds_to_place
    return payload, shown


def _run_condition(args: argparse.Namespace) -> Result:
    session, (command, _) = _step(
        args, lambda s, _: (s.toggle_condition(args.name, args.condition), None)
    )
    return _shown(session, command.text)


def _run_surprise(args: argparse.Namespace) -> Result:
    session, (command, _) = _step(args, lambda s, _: (s.toggle_surprised(args.name), None))
    return _shown(session, command.text)


def _run_remove(args: argparse.Namespace) -> Result:
    session, (command, _) = _step(args, lambda s, _: (s.remove(args.name), None))
    return _shown(session, command.text)


def _run_dt_end(args: argparse.Namespace) -> Result:
    session, (command, _) = _step(args, lambda s, _: (s.dt_ended(), None))
    return _shown(session, command.text)


def _run_maneuver(args: argparse.Namespace) -> Result:
    from refkit.dice.rng import parse_dice_values

    for name in ("edges", "banes"):
        if getattr(args, name) < 0:
            raise CliError(f"--{name} must be 0 or more, got {getattr(args, name)}")
    dice = None
    if args.dice is not None:
        dice = parse_dice_values(args.dice, sides=10, label="--dice")
        if len(dice) < 2:
            raise CliError(f"--dice: a maneuver rolls two d10, got {len(dice)} value (e.g. 7,9)")
    kind = args.maneuver_kind

    def make(session: Any, _: Any) -> Any:
        step = session.maneuver(
            kind,
            args.actor,
            getattr(args, "target", None),
            tested=getattr(args, "tested", None),
            edges=args.edges,
            banes=args.banes,
            bonuses=tuple(args.bonus),
            break_free=getattr(args, "break_free", False),
            dice=dice,
            seed=args.seed,
        )
        return step, step.report

    session, (command, report) = _step(args, make)
    payload, shown = _shown(session, command.text)
    outcome, test = report.outcome, report.outcome.test
    payload["maneuver"] = {
        "kind": kind,
        "actor": report.actor,
        "target": report.target,
        "tested": report.tested,
        "dice": list(test.dice),
        "total": test.total,
        "tier": test.tier,
        "crit": test.crit,
        "doom": test.doom,
        "reasons": list(outcome.reasons),
        "grabbed": outcome.grabbed,
        "freed": outcome.freed,
        "push": outcome.push,
        "may_shift": outcome.may_shift,
        "free_move": outcome.free_move,
        "counter_tier": outcome.counter_tier,
        "counter_damage": report.counter_damage,
        "seed": report.seed,
    }
    if report.unused_dice:
        payload["maneuver"]["unused_dice"] = [
            {"option": "--dice", "dice": list(report.unused_dice)}
        ]
    return payload, shown
