"""The build and growth rows of the contract's v1.2 additions: ``background list | show NAME |
roll [--dice a,b]``, ``trait list [--tree T] | show NAME``, ``character xp NAME --add N`` and
``character advance NAME --trait T | --expertise E [--stamina] | --characteristic C |
--stamina``.

``background`` and ``trait`` read the shipped build data and touch no database. ``xp`` and
``advance`` are undoable app commands run as one step (``Services.do``); a purchase the rules
refuse (no prerequisite, not enough XP, no bonus earned) is one ``error:`` line, exit 2, and
nothing changed. ``--expertise E --stamina`` together take one bonus as one use and +1 Stamina.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services

if TYPE_CHECKING:
    from refkit.rules.character.build_data import Background, BuildData, Trait
    from refkit.rules.character.model import Character

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    background = commands.add_parser("background", help="the 36 backgrounds: list, show, roll")
    actions = background.add_subparsers(dest="background_action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every background, in roll order")
    add_json_flag(listing)
    listing.set_defaults(handler=_run_background_list)
    show = actions.add_parser("show", help="one background")
    show.add_argument("name", metavar="NAME")
    add_json_flag(show)
    show.set_defaults(handler=_run_background_show)
    roll = actions.add_parser("roll", help="roll 2d6 on the background table")
    roll.add_argument("--dice", metavar="A,B", help="the two d6 faces, e.g. 6,3")
    add_seed(roll)
    add_json_flag(roll)
    roll.set_defaults(handler=_run_background_roll)

    trait = commands.add_parser("trait", help="the 276 traits of the 23 trees: list, show")
    trait_actions = trait.add_subparsers(dest="trait_action", metavar="ACTION", required=True)
    trait_list = trait_actions.add_parser("list", help="every trait, or one tree's")
    trait_list.add_argument("--tree", metavar="T")
    add_json_flag(trait_list)
    trait_list.set_defaults(handler=_run_trait_list)
    trait_show = trait_actions.add_parser("show", help='one trait ("Name" or "Tree: Name")')
    trait_show.add_argument("name", metavar="NAME")
    add_json_flag(trait_show)
    trait_show.set_defaults(handler=_run_trait_show)
    trait_odds = trait_actions.add_parser(
        "odds", help="exact odds of a test with the traits that change it"
    )
    trait_odds.add_argument("--test", required=True, metavar="KIND", help="e.g. attack:chopping")
    trait_odds.add_argument(
        "--with",
        dest="conditions",
        action="append",
        default=[],
        metavar="COND[,COND…]",
        help="what holds during the test: armor, unarmored, shield, hidden, lockpicks…",
    )
    trait_odds.add_argument("--char", type=whole_number, required=True, metavar="N")
    who = trait_odds.add_mutually_exclusive_group(required=True)
    who.add_argument("--crow", metavar="NAME", help="a stored crow: its traits")
    who.add_argument("--trait", action="append", metavar="T", help="a trait (repeat for more)")
    trait_odds.add_argument("--edges", type=whole_number, default=0, metavar="E")
    trait_odds.add_argument("--banes", type=whole_number, default=0, metavar="B")
    trait_odds.add_argument("--bonus", type=whole_number, action="append", default=[], metavar="N")
    trait_odds.add_argument("--expertise", action="store_true", help="spend an expertise use")
    trait_odds.add_argument(
        "--db", metavar="URL", default=argparse.SUPPRESS, help="database URL or file (with --crow)"
    )
    add_json_flag(trait_odds)
    trait_odds.set_defaults(handler=_run_trait_odds)


def register_character_actions(actions: Any, add_common: Any) -> None:
    """``character xp`` and ``character advance`` (beside check, import, export, list)."""
    xp = actions.add_parser("xp", help="award XP to a stored crow")
    xp.add_argument("name", metavar="NAME")
    xp.add_argument("--add", required=True, type=whole_number, metavar="N")
    add_common(xp)
    xp.set_defaults(handler=_run_xp)

    advance = actions.add_parser("advance", help="spend XP or a bonus on a stored crow")
    advance.add_argument("name", metavar="NAME")
    advance.add_argument("--trait", metavar="T", help='buy a trait ("Name" or "Tree: Name")')
    advance.add_argument("--expertise", metavar="E", help="one more use of an expertise")
    advance.add_argument("--characteristic", metavar="C", help="+1 agility, mind or strength")
    advance.add_argument(
        "--stamina", action="store_true", help="+2 Stamina (with --expertise: +1 and one use)"
    )
    add_common(advance)
    advance.set_defaults(handler=_run_advance)


def _data() -> BuildData:
    from refkit.rules.character.build_data import load_build_data

    return load_build_data()


def _not_found(read: Any, name: str) -> Any:
    from refkit.rules.character.build_data import UnknownNameError

    try:
        return read(name)
    except UnknownNameError as error:
        raise CliError(str(error)) from None


# --- backgrounds --------------------------------------------------------------------------------


def background_json(background: Background) -> dict[str, Any]:
    return {
        "name": background.name,
        "roll": background.roll_text,
        "stamina": background.stamina,
        "two_in": list(background.two_in),
        "starting_trait": background.starting_trait,
        "expertises": [{"name": e.name, "uses": e.uses} for e in background.expertises],
        "kit": list(background.kit),
        "spellbooks": list(background.spellbooks),
        "pet": background.pet or None,
        "extra_gc": background.extra_gc,
    }


def _background_line(background: Background) -> str:
    two = " or ".join(c.capitalize() for c in background.two_in)
    if len(background.two_in) == 3:
        two = "any"
    return (
        f"{background.roll_text} {background.name}: Stamina {background.stamina}, 2 in {two}, "
        f"starts with {background.starting_trait}"
    )


def _background_text(background: Background) -> str:
    uses = ", ".join(f"{e.name} {e.uses}" for e in background.expertises)
    kit = ", ".join(background.kit)
    lines = [_background_line(background), f"  expertises: {uses}", f"  kit: {kit}"]
    if background.spellbooks:
        lines.append(f"  spellbooks: {', '.join(background.spellbooks)}")
    if background.pet:
        lines.append(f"  pet: {background.pet}")
    if background.extra_gc:
        lines.append(f"  {background.extra_gc} gc more in the purse")
    return "\n".join(lines)


def _run_background_list(args: argparse.Namespace) -> Result:
    backgrounds = _data().backgrounds
    payload = {"backgrounds": [background_json(b) for b in backgrounds]}
    return payload, "\n".join(_background_line(b) for b in backgrounds)


def _run_background_show(args: argparse.Namespace) -> Result:
    background = _not_found(_data().background, args.name)
    return {"backgrounds": [background_json(background)]}, _background_text(background)


def _run_background_roll(args: argparse.Namespace) -> Result:
    from refkit.dice.rng import make_rng, parse_dice_values

    seed: int | None = None
    if args.dice is not None:
        first, second = parse_dice_values(args.dice, sides=6, count=2, label="--dice")
    else:
        rng, seed = make_rng(args.seed)
        first, second = rng.randint(1, 6), rng.randint(1, 6)
    background = _data().background_rolled(first, second)
    payload: dict[str, Any] = {
        "dice": [first, second],
        "backgrounds": [background_json(background)],
    }
    if seed is not None:
        payload["seed"] = seed
    return payload, f"rolled {first}, {second} (each background 1 in 36)\n" + _background_text(
        background
    )


# --- traits ------------------------------------------------------------------------------------


def trait_json(trait: Trait) -> dict[str, Any]:
    return {
        "name": trait.name,
        "tree": trait.tree,
        "tier": trait.tier,
        "cost": trait.cost,
        "requires": list(trait.requires),
        "column": trait.column,
        "summary": trait.summary,
        "tags": list(trait.tags),
    }


def _trait_line(trait: Trait) -> str:
    needs = f"; after {' or '.join(trait.requires)}" if trait.requires else "; starting"
    return f"{trait.key} (tier {trait.tier}, {trait.cost:,} XP{needs}): {trait.summary}"


def _run_trait_list(args: argparse.Namespace) -> Result:
    data = _data()
    traits = data.traits if args.tree is None else _not_found(data.tree, args.tree).traits
    return {"traits": [trait_json(t) for t in traits]}, "\n".join(_trait_line(t) for t in traits)


def _run_trait_show(args: argparse.Namespace) -> Result:
    from refkit.present.trait_in_refkit import in_refkit

    trait = _not_found(_data().trait, args.name)
    said = in_refkit(trait.key)
    shown = {**trait_json(trait), **({"in_refkit": said} if said else {})}
    return {"traits": [shown]}, _trait_line(trait) + (f"\nIn Refkit: {said}" if said else "")


# --- xp and advance ----------------------------------------------------------------------------


def _progress(character: Character, data: BuildData) -> dict[str, Any]:
    from refkit.rules.character.advancement import bonuses_left

    es_left, char_left = bonuses_left(character, data)
    return {
        "name": character.name,
        "xp": {"total": character.xp.total, "spendable": character.xp.spendable},
        "bonuses_left": {
            "expertise_stamina": es_left,
            "expertise_uses": character.xp.es_uses_left,
            "characteristic": char_left,
        },
    }


def _progress_text(payload: dict[str, Any]) -> str:
    xp, left = payload["xp"], payload["bonuses_left"]
    text = f"{payload['name']}: {xp['total']:,} TXP, {xp['spendable']:,} XP to spend"
    extras = []
    if left["expertise_stamina"]:
        extras.append(f"{left['expertise_stamina']} Expertise & Stamina bonus(es)")
    if left["expertise_uses"]:
        extras.append(f"{left['expertise_uses']} expertise use(s) of a claimed bonus")
    if left["characteristic"]:
        extras.append(f"{left['characteristic']} characteristic bonus(es)")
    return text + (f"; to claim: {', '.join(extras)}" if extras else "")


def _run_xp(args: argparse.Namespace) -> Result:
    from refkit.app.characters.advancement import award_xp

    data = _data()
    with command_services(args) as services:
        command = award_xp(services.characters, args.name, args.add)
        services.do(command)
        payload = _progress(command.after, data)
    return {**payload, "added": args.add}, _progress_text(payload)


def _run_advance(args: argparse.Namespace) -> Result:
    from refkit.app.characters import advancement

    chosen = [o for o in ("trait", "expertise", "characteristic") if getattr(args, o)]
    if len(chosen) > 1 or (args.stamina and chosen and chosen != ["expertise"]):
        raise CliError(
            "give one of --trait, --expertise, --characteristic or --stamina "
            "(only --expertise and --stamina go together: one use and +1 Stamina)"
        )
    if not chosen and not args.stamina:
        raise CliError("say what to buy: --trait T, --expertise E, --characteristic C or --stamina")
    data = _data()
    with command_services(args) as services:
        service = services.characters
        if args.trait:
            command = advancement.buy_trait(service, args.name, args.trait, data)
        elif args.expertise:
            command = advancement.add_expertise_use(
                service, args.name, args.expertise, with_stamina=args.stamina, data=data
            )
        elif args.characteristic:
            command = advancement.raise_characteristic(
                service, args.name, args.characteristic, data
            )
        else:
            command = advancement.add_stamina(service, args.name, data)
        services.do(command)
        payload = _progress(command.after, data)
    after = command.after
    payload.update(
        {
            "advanced": command.text,
            "traits": list(after.traits),
            "characteristics": after.characteristics.as_dict(),
            "stamina": {"max": after.stamina.max, "current": after.stamina.current},
            "expertises": [{"name": e.name, "uses": e.uses} for e in after.expertises],
        }
    )
    return payload, f"{command.text}\n{_progress_text(payload)}"


def _run_trait_odds(args: argparse.Namespace) -> Result:
    from dataclasses import replace

    from refkit.cli.output import fraction_text, percent
    from refkit.rules.character.model import Character, Characteristics, Stamina
    from refkit.rules.character.trait_effects import (
        changes_for,
        load_trait_effects,
        odds_with_changes,
    )

    data = _data()
    if args.crow is not None:
        with command_services(args) as services:
            crow = services.characters.get(args.crow)
    else:
        keys = tuple(_not_found(data.trait, name).key for name in args.trait)
        crow = replace(Character("traits", Characteristics(0, 0, 0), Stamina(5, 5)), traits=keys)
    conditions = [c.strip() for given in args.conditions for c in given.split(",") if c.strip()]
    if args.edges < 0 or args.banes < 0:
        raise CliError("--edges and --banes must be 0 or more")
    changes = changes_for(crow, args.test, conditions, load_trait_effects(data))
    odds = odds_with_changes(
        args.char,
        changes,
        edges=args.edges,
        banes=args.banes,
        bonuses=tuple(args.bonus),
        expertise=args.expertise,
    )
    names = ("tier1", "tier2", "tier3", "crit", "doom")
    values = {name: getattr(odds, name) for name in names}
    payload: dict[str, Any] = {name: float(value) for name, value in values.items()}
    payload["exact"] = {name: fraction_text(value) for name, value in values.items()}
    payload.update(
        {
            "traits_applied": list(changes.traits),
            "crit_min": changes.crit_min,
            "bonus": changes.bonus,
            "roll_twice": changes.roll_twice,
        }
    )
    by = ", ".join(changes.traits) or "no trait"
    how = []
    if changes.crit_min != 19:
        how.append(f"crit on {changes.crit_min}+")
    if changes.bonus:
        how.append(f"{changes.bonus:+d}")
    if changes.roll_twice:
        how.append("rolled twice, the better kept")
    text = "  ".join(f"{name} {percent(value)}" for name, value in values.items())
    return payload, f"{text}\n{by}" + (f": {', '.join(how)}" if how else "")
