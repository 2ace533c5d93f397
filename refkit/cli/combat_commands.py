"""The combat rows of the command line: ``attack`` (one attack, resolved and logged); the
``creature`` rows are in :mod:`refkit.cli.creature_commands`, the ``fight`` rows in
:mod:`refkit.cli.fight_commands`.

``attack`` takes the weapon as numbers (``--damage 3/6``, ``--ranged``, ``--range``,
``--piercing``) or by its catalogue name (``--weapon Longbow``), the situation as flags, and the
target's AD and Stamina if the damage should be worked through them. Its odds are worked out
before the roll, and the roll lands in the roll log (kind ``attack``, tagged ``cli``).
"""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Any

from refkit.cli.crow_names import full_crow_name
from refkit.cli.errors import CliError
from refkit.cli.output import fraction_text, percent
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services

if TYPE_CHECKING:
    from refkit.compose import Services
    from refkit.dice.records import RollRecord
    from refkit.rules.character.model import Character
    from refkit.rules.combat.attack import AttackOutcome, Situation
    from refkit.rules.combat.attack_odds import AttackOdds
    from refkit.rules.combat.creature import Attack

Result = tuple[dict[str, Any], str]
KIND_ATTACK = "attack"
_DAMAGE = re.compile(r"^\s*(\d{1,3})\s*/\s*(\d{1,3})\s*$")
CONDITION_CHOICES = ("blessed", "grabbed", "prone", "vulnerable", "unconscious", "weakened")


def register(commands: Subcommands) -> None:
    from refkit.cli import creature_commands, fight_commands

    _register_attack(commands)
    creature_commands.register(commands)
    fight_commands.register(commands)


# --- attack -----------------------------------------------------------------------------------


def _register_attack(commands: Subcommands) -> None:
    parser = commands.add_parser("attack", help="one attack: the test, then its damage")
    parser.add_argument(
        "--char",
        type=_number_or_name,
        metavar="N|NAME",
        help="the attacker's characteristic the weapon tests, or a crow's name (as --crow)",
    )
    parser.add_argument(
        "--crow",
        metavar="NAME",
        help="a crow attacks with a weapon in its hands (--weapon), with its characteristic "
        "and conditions; nothing on its sheet changes",
    )
    parser.add_argument(
        "--target", metavar="NAME", help="with --crow: a bestiary creature (its AD and Stamina)"
    )
    parser.add_argument(
        "--ally",
        action="append",
        default=[],
        metavar="NAME",
        help="with --crow: a crow next to the target (repeatable)",
    )
    weapon = parser.add_mutually_exclusive_group(required=True)
    weapon.add_argument("--damage", metavar="T2/T3", help="the weapon's damage, e.g. 3/6")
    weapon.add_argument("--weapon", metavar="ITEM", help="a weapon of the item catalogue")
    parser.add_argument("--ranged", action="store_true", help="a ranged attack (default melee)")
    parser.add_argument("--thrown", action="store_true", help="with --weapon: its thrown use")
    parser.add_argument(
        "--range",
        type=whole_number,
        metavar="SQUARES",
        help="reach (melee) or range (ranged) in squares; default 1, or the weapon's",
    )
    parser.add_argument(
        "--distance",
        type=whole_number,
        metavar="SQUARES",
        help="squares to the target (ranged: -2 per square beyond range)",
    )
    parser.add_argument("--piercing", action="store_true", help="the damage ignores AD")
    parser.add_argument("--flanking", action="store_true", help="an ally on the far side (melee)")
    parser.add_argument("--high-ground", action="store_true")
    parser.add_argument("--cover", action="store_true")
    parser.add_argument("--surprised", action="store_true", help="the target is surprised: +1")
    parser.add_argument(
        "--opportunity",
        action="store_true",
        help="an opportunity attack (the target leaves reach): a miss offers no counter",
    )
    parser.add_argument(
        "--bury-the-point",
        action="store_true",
        help="with --crow: Bury the Point, a melee stabbing hit deals double damage",
    )
    parser.add_argument(
        "--adjacent",
        action="store_true",
        help="the target stands next to the attacker (a ranged attack's bane)",
    )
    parser.add_argument(
        "--allies",
        type=whole_number,
        default=0,
        metavar="N",
        help="the attacker's allies next to the target (a ranged miss may hit one)",
    )
    parser.add_argument(
        "--attacker-condition", action="append", default=[], choices=CONDITION_CHOICES, metavar="C"
    )
    parser.add_argument(
        "--target-condition", action="append", default=[], choices=CONDITION_CHOICES, metavar="C"
    )
    parser.add_argument("--edges", type=whole_number, default=0, metavar="E")
    parser.add_argument("--banes", type=whole_number, default=0, metavar="B")
    parser.add_argument("--bonus", type=whole_number, action="append", default=[], metavar="N")
    parser.add_argument("--expertise", action="store_true", help="spend a weapon expertise use")
    parser.add_argument("--target-ad", type=whole_number, metavar="N")
    parser.add_argument("--target-stamina", type=whole_number, metavar="N")
    parser.add_argument(
        "--knock-out",
        action="store_true",
        help="knock the target out instead of killing it at 0 Stamina",
    )
    parser.add_argument(
        "--dice",
        metavar="A,B[,S[,P]]",
        help="the two d10 faces, then the stray d6 and the ally hit, if rolled",
    )
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_attack)


def _weapon_attack(args: argparse.Namespace) -> Attack:
    from refkit.rules.combat.creature import MELEE, RANGED, Attack
    from refkit.rules.combat.weapon import weapon_attacks

    if args.damage is not None:
        match = _DAMAGE.match(args.damage)
        if match is None:
            raise CliError(f"--damage must read T2/T3, e.g. 3/6, not {args.damage!r}")
        if args.thrown and not args.ranged:
            raise CliError("--thrown is a ranged attack: give --ranged too")
        return Attack(
            name="Weapon",
            kind=RANGED if args.ranged else MELEE,
            squares=args.range if args.range is not None else 1,
            tier2=int(match[1]),
            tier3=int(match[2]),
            characteristic="S",
            piercing=args.piercing,
            thrown=args.thrown,
            ammunition=args.ranged and not args.thrown,
        )
    from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue

    try:
        entry = find_catalogue_item(load_item_catalogue(), args.weapon)
    except (KeyError, LookupError):
        raise CliError(f"--weapon: no item called {args.weapon!r} in the catalogue") from None
    offered = weapon_attacks(entry.to_item())
    if not offered:
        raise CliError(f"--weapon: {entry.name} is not a weapon")
    if args.thrown:
        chosen = [a for a in offered if a.thrown]
    elif args.ranged:
        chosen = sorted((a for a in offered if a.kind == RANGED), key=lambda a: a.thrown)
    else:
        chosen = [a for a in offered if a.kind == MELEE] or list(offered)
    if not chosen:
        uses = ", ".join(a.range_text for a in offered)
        raise CliError(f"--weapon: {entry.name} is used {uses}, not as asked")
    attack = chosen[0]
    changes: dict[str, Any] = {}
    if args.range is not None:
        changes["squares"] = args.range
    if args.piercing:
        changes["piercing"] = True
    if changes:
        from dataclasses import replace

        attack = replace(attack, **changes)
    return attack


def _situation(args: argparse.Namespace, allies: int) -> Situation:
    from refkit.rules.combat.attack import Situation

    return Situation(
        flanking=args.flanking,
        high_ground=args.high_ground,
        target_adjacent=args.adjacent,
        distance=args.distance,
        cover=args.cover,
        surprised_target=args.surprised,
        allies_near_target=allies,
        edges=args.edges,
        banes=args.banes,
        bonuses=tuple(args.bonus),
        expertise=args.expertise,
        opportunity=args.opportunity,
    )


def _given_dice(args: argparse.Namespace) -> tuple[int, ...] | None:
    from refkit.dice.rng import parse_dice_values

    if args.dice is None:
        return None
    parts = args.dice.split(",")
    if not 2 <= len(parts) <= 4:
        raise CliError(f"--dice takes 2 to 4 faces (A,B[,S[,P]]), got {args.dice!r}")
    first = parse_dice_values(",".join(parts[:2]), sides=10, count=2, label="--dice")
    return (*first, *(whole_number_or_error(p, "--dice") for p in parts[2:]))


def _number_or_name(text: str) -> int | str:
    """argparse type for --char: a whole number (the characteristic) or a crow's name."""
    if text.strip().lstrip("+-").isdigit():
        return whole_number(text)  # a number out of bounds says so, not "no crow called"
    try:
        return whole_number(text)
    except argparse.ArgumentTypeError:
        if not text.strip():
            raise argparse.ArgumentTypeError("--char needs a number or a crow's name") from None
        return text.strip()


def _run_attack(args: argparse.Namespace) -> Result:
    from refkit.dice.rng import make_rng
    from refkit.rules.combat.attack import AttackRequest, roll_attack
    from refkit.rules.combat.attack_odds import attack_odds
    from refkit.rules.combat.damage import damage_creature

    for name in ("edges", "banes", "allies"):
        if getattr(args, name) < 0:
            raise CliError(f"--{name} must be 0 or more, got {getattr(args, name)}")
    if args.target_ad is not None and args.target_stamina is None:
        raise CliError("--target-ad needs --target-stamina (the target's Stamina now)")
    if isinstance(args.char, str):  # --char NAME: the crow attacks, as with --crow
        if args.crow is not None:
            raise CliError("give the crow once: --char NAME or --crow NAME")
        args.crow, args.char = args.char, None
    if args.crow is not None:
        return _run_crow_attack(args)
    if args.bury_the_point:
        raise CliError("--bury-the-point is a crow's trait: give --crow NAME")
    for option in ("target", "ally"):
        if getattr(args, option):
            raise CliError(f"--{option} needs --crow NAME (or give the target's numbers)")
    if args.char is None:
        raise CliError("give --char N (the characteristic), or --crow NAME")
    attack = _weapon_attack(args)
    request = AttackRequest(
        attack=attack,
        characteristic=args.char,
        tested="strength",
        attacker_conditions=tuple(args.attacker_condition),
        target_conditions=tuple(args.target_condition),
        situation=_situation(args, args.allies),
    )
    dice = _given_dice(args)
    odds = attack_odds(request)  # refuses an attack that cannot be made, before any roll
    rng, seed = make_rng(args.seed)
    rolled = roll_attack(rng, request, dice=dice)
    outcome = rolled.outcome
    seed_used = None if dice is not None and len(dice) >= len(rolled.faces) else seed
    target = None
    vulnerable_die: int | None = None
    if args.target_stamina is not None:
        ad = args.target_ad or 0
        target = {
            "ad_before": ad,
            "stamina_before": args.target_stamina,
            "ad": ad,
            "stamina": args.target_stamina,
            "standing": "fighting",
        }
        vulnerable = (
            outcome.hit and outcome.damage > 0 and "vulnerable" in request.target_conditions
        )
        if vulnerable:
            vulnerable_die = rng.randint(1, 6)  # +1d6 each time it takes damage (L379)
            seed_used = seed
        hit = damage_creature(
            args.target_stamina,
            ad,
            outcome.damage if outcome.hit else 0,
            piercing=outcome.piercing,
            knock_out=args.knock_out,
            vulnerable_extra=vulnerable_die or 0,
            conditions=request.target_conditions,
        )
        if outcome.hit:
            target.update(ad=hit.ad_after, stamina=hit.stamina_after, standing=hit.standing)
    payload = _attack_payload(outcome, rolled.faces, odds, target, seed_used, attack)
    payload["vulnerable_die"] = vulnerable_die
    text = _attack_line(payload, attack)
    text += _said_unused(payload, rolled.unused)
    with command_services(args) as services:
        services.dice.log_roll(_attack_record(services, payload, text, rolled.faces))
    return payload, text


def _run_crow_attack(args: argparse.Namespace) -> Result:
    """``attack --crow NAME --weapon ITEM [--target CREATURE]``: worked out through the fight
    session (the weapon in hand, the crow's characteristic and conditions), never done."""
    from dataclasses import replace

    from refkit.app.combat.bestiary import Bestiary
    from refkit.app.combat.fight_session import FightSession
    from refkit.errors import DomainError
    from refkit.rules.combat.attack_odds import attack_odds
    from refkit.rules.combat.creature import Attack, Creature
    from refkit.rules.combat.fight import Fight

    for option in ("char", "damage"):
        if getattr(args, option) is not None:
            raise CliError(f"--{option} comes from the crow's sheet with --crow")
    if args.attacker_condition:
        raise CliError("--attacker-condition comes from the crow's sheet with --crow")
    if args.allies:
        raise CliError("with --crow, name the allies next to the target with --ally NAME")
    dice = _given_dice(args)
    with command_services(args) as services:
        try:
            args.crow = full_crow_name(services, args.crow)
            crow = services.characters.get(args.crow)
            allies = [services.characters.get(name).name for name in args.ally]
            bestiary = Bestiary.shipped()
            if args.target is not None:
                creature = bestiary.get(args.target)
            else:
                stand_in = Attack("None", "melee", 1, 0, 0)
                creature = Creature("Target", "medium", stamina=999, attacks=(stand_in,))
            fight = Fight().with_crows([crow.name, *allies]).with_creatures(creature)
            target = fight.combatants[-1]
            target = replace(
                target,
                ad=args.target_ad if args.target_ad is not None else target.ad,
                stamina=args.target_stamina if args.target_stamina is not None else target.stamina,
                conditions=tuple(dict.fromkeys((*target.conditions, *args.target_condition))),
            )
            fight = Fight(combatants=(*fight.combatants[:-1], target))
            session = FightSession(
                services.characters, bestiary, rng_factory=services.rng_factory, state=fight
            )
            expertise = _first_weapon_expertise(crow) if args.expertise else None
            situation = replace(_situation(args, 0), expertise=False)
            prepared = session.prepare_attack(
                crow.name,
                args.weapon,
                target.name,
                situation=situation,
                allies=allies,
                expertise=expertise,
                bury=args.bury_the_point,
            )
            odds = attack_odds(prepared.request)
            step = session.make_attack(
                prepared, knock_out=args.knock_out, dice=dice, seed=args.seed
            )
        except DomainError as error:
            raise CliError(str(error)) from None
        report = step.report
        shown_target = None
        if args.target is not None or args.target_stamina is not None:
            after = report.hit.creature if report.hit is not None else None
            shown_target = {
                "name": target.name if args.target is not None else None,
                "ad_before": target.ad,
                "stamina_before": target.stamina,
                "ad": after.ad_after if after else target.ad,
                "stamina": after.stamina_after if after else target.stamina,
                "standing": after.standing if after else "fighting",
            }
        payload = _attack_payload(
            report.outcome, report.faces, odds, shown_target, report.seed, prepared.attack
        )
        if report.buried:  # Bury the Point: the hit's damage doubled
            payload["damage"] *= 2
        payload.update(
            bury_the_point=report.buried,
            crow=crow.name,
            weapon=prepared.attack.name,
            characteristic=prepared.request.characteristic,
            tested=prepared.request.tested,
            expertise=report.expertise,
            counter_damage=report.counter_damage,
            ammunition=None
            if report.ammunition is None
            else {
                "before": report.ammunition.before,
                "rolled": list(report.ammunition.rolled),
                "after": report.ammunition.after,
            },
        )
        if payload["ally_hit"] is not None and report.stray is not None:
            payload["ally_hit"]["name"] = report.stray.name
            payload["ally_hit"]["wounds_to_place"] = report.stray.wounds_to_place
        text = f"{crow.name} with {prepared.attack.name}: {_attack_line(payload, prepared.attack)}"
        text += _said_unused(payload, report.unused_dice)
        services.dice.log_roll(_attack_record(services, payload, text, report.faces))
    return payload, text


def unused_text(faces: tuple[int, ...]) -> str:
    return ",".join(str(face) for face in faces)


def _said_unused(payload: dict[str, Any], unused: tuple[int, ...]) -> str:
    """Faces of --dice the attack did not need: into the JSON, and a note for the text."""
    if not unused:
        return ""
    payload["unused_dice"] = [{"option": "--dice", "dice": list(unused)}]
    return f" (--dice {unused_text(unused)}: not needed, unused)"


def _first_weapon_expertise(crow: Character) -> str:
    for expertise in crow.expertises:
        if expertise.category == "weapon" and expertise.left > 0:
            return str(expertise.name)
    raise CliError(f"--expertise: {crow.name} has no weapon expertise with a use left")


def whole_number_or_error(text: str, option: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise CliError(f"{option}: {text.strip()!r} is not a whole number") from None


def _attack_payload(
    outcome: AttackOutcome,
    faces: tuple[int, ...],
    odds: AttackOdds,
    target: dict[str, Any] | None,
    seed: int | None,
    attack: Attack,
) -> dict[str, Any]:
    test = outcome.test
    stray = outcome.stray
    return {
        "dice": list(test.dice),
        "faces": list(faces),
        "natural": test.natural,
        "total": test.total,
        "tier": test.tier,
        "crit": test.crit,
        "doom": test.doom,
        "net": test.net,
        "expertise_applied": test.expertise_applied,
        "attack": {
            "kind": attack.kind,
            "squares": attack.squares,
            "tier2": attack.tier2,
            "tier3": attack.tier3,
            "piercing": attack.piercing,
            "keywords": [k.label for k in attack.keywords],
        },
        "reasons": list(outcome.modifiers.reasons),
        "hit": outcome.hit,
        "damage": outcome.damage,
        "piercing": outcome.piercing,
        "counter_tier": outcome.counter_tier,
        "stray_die": outcome.stray_die,
        "ally_hit": None
        if stray is None
        else {"ally": stray.ally, "tier": stray.tier, "damage": stray.damage},
        "extra_action": outcome.extra_action,
        "ammunition_spent": outcome.ammunition_spent,
        "target": target,
        "odds": odds_payload(odds),
        "seed": seed,
    }


ODDS_KEYS = ("hit", "miss", "crit", "doom", "counter", "ally_hit", "expected_damage")


def odds_payload(odds: AttackOdds) -> dict[str, Any]:
    """An attack's exact odds as the JSON gives them: floats, and ``exact`` fractions."""
    payload: dict[str, Any] = {key: float(getattr(odds, key)) for key in ODDS_KEYS}
    payload["exact"] = {key: fraction_text(getattr(odds, key)) for key in ODDS_KEYS}
    return payload


def _attack_line(payload: dict[str, Any], attack: Attack) -> str:
    a, b = payload["dice"]
    head = f"{a}+{b} → {payload['total']}, tier {payload['tier']}"
    if payload["crit"]:
        head += " (crit)"
    if payload["doom"]:
        head += " (doom)"
    parts = [head]
    if payload["hit"]:
        kind = " piercing" if payload["piercing"] else ""
        vulnerable = payload.get("vulnerable_die")
        extra = f" + {vulnerable} (the vulnerable target's d6)" if vulnerable else ""
        parts.append(f"hit for {payload['damage']}{kind} damage{extra}")
    else:
        parts.append("miss")
    if payload["counter_tier"]:
        counter = payload.get("counter_damage")
        dealt = f" for {counter} damage" if counter is not None else ""
        parts.append(f"the target may counter{dealt} (tier {payload['counter_tier']})")
    if payload["ally_hit"]:
        ally = payload["ally_hit"]
        who = ally.get("name") or f"ally {ally['ally']}"
        parts.append(f"stray: {who} takes {ally['damage']} (tier {ally['tier']})")
    elif payload["stray_die"] is not None:
        parts.append(f"stray die {payload['stray_die']}: no ally hit")
    if payload["extra_action"]:
        parts.append("another action")
    if payload.get("bury_the_point"):  # attack --crow is worked out, not done: say what follows
        parts.append("Bury the Point: double damage; the weapon is then useless until fixed")
    used = payload.get("ammunition")
    if used is not None:
        parts.append(f"ammunition {used['before']} → {used['after']} UD (rolled {used['rolled']})")
    elif payload["ammunition_spent"]:
        parts.append("ammunition spent: roll the quiver's usage dice")
    target = payload["target"]
    if target is not None:
        parts.append(
            f"target AD {target['ad']}, Stamina {target['stamina']}"
            + (
                ""
                if target["standing"] == "fighting"
                else f", {target['standing']}".replace("knocked_out", "knocked out")
            )
        )
    odds = payload["odds"]
    line = "; ".join(parts)
    line += f" [odds: hit {percent(odds['hit'])}]"
    if payload["reasons"]:
        line += f" ({'; '.join(payload['reasons'])})"
    return line


def _attack_record(
    services: Services, payload: dict[str, Any], text: str, faces: tuple[int, ...]
) -> RollRecord:
    from refkit.dice.records import RollRecord

    detail = {key: value for key, value in payload.items() if key not in ("odds",)}
    return RollRecord(
        kind=KIND_ATTACK,
        expression=f"Attack: 2d10{payload['total'] - payload['natural']:+d}",
        faces=faces,
        total=payload["total"],
        seed=payload["seed"],
        rolled_at=services.utc_now(),
        summary=text.split(" [odds")[0],
        detail=detail,
    )
