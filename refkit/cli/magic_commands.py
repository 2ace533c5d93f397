"""The magic rows of the contract: ``cast`` and ``backlash``; ``spell list | show | import | export
| delete`` for Refkit's spells and the referee's own.

A cast or a backlash lands in the roll log (tagged ``cli``) like ``test`` does. Everything is
checked before a die is rolled or the log is opened: a book at 0 usage dice, a rank outside 0–5,
illegal faces, an unknown spell or table are one ``error:`` line and exit 2, with nothing written.
Without ``--table`` the backlash is read on Refkit's shipped default table; ``--table NAME`` reads
a table from the database (an imported official table, or an edited default).
"""

from __future__ import annotations

import argparse

from refkit.cli.errors import CliError
from refkit.cli.output import fraction_text
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services
from refkit.dice.rng import make_rng, parse_dice_values
from refkit.rules.common.name_text import match_key

TYPE_CHECKING = False  # as typing's: a cast's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, TypeAlias

    from refkit.app.magic.cast import TrackedDuration
    from refkit.compose import Services
    from refkit.rules.character.model import Character
    from refkit.rules.magic.casting import CastDice, CastResult
    from refkit.rules.magic.odds import CastOdds
    from refkit.rules.magic.spell import Spell
    from refkit.rules.tables.model import RollableTable

    Result: TypeAlias = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    for register_command in COMMAND_REGISTERS.values():
        register_command(commands)


# --- cast -------------------------------------------------------------------------------------


def _register_cast(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "cast", help="cast a spell from a book: a Mind test, chaos roll, book dice, backlash"
    )
    parser.add_argument(
        "--mind", type=whole_number, metavar="M", help="the caster's Mind (or give --crow)"
    )
    parser.add_argument(
        "--rank", type=whole_number, metavar="R", help="the spell's rank, 0–5 (or give --spell)"
    )
    parser.add_argument(
        "--book-ud", type=whole_number, metavar="N", help="the book's usage dice (or --crow)"
    )
    parser.add_argument(
        "--crow",
        metavar="NAME",
        help="cast for this crow from a spellbook in its hand: its Mind, conditions, expertise "
        "and the book's dice apply, and the book's dice, the use spent and the duration are saved",
    )
    parser.add_argument(
        "--book", metavar="NAME", help="with --crow: which book in hand (its name or id)"
    )
    parser.add_argument(
        "--spell", metavar="NAME", help="a shipped spell or its book: its rank and targets apply"
    )
    parser.add_argument("--dice", metavar="A,B", help="the two d10 faces of the Mind test")
    parser.add_argument("--edges", type=whole_number, default=0, metavar="E")
    parser.add_argument("--banes", type=whole_number, default=0, metavar="B")
    parser.add_argument(
        "--bonus", type=whole_number, action="append", default=[], metavar="N",
        help="a flat bonus or penalty (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--expertise", action="store_true", help="spend a spellcasting expertise use"
    )
    parser.add_argument(
        "--condition", action="append", default=[], metavar="NAME",
        help="a condition of the caster (blessed, weakened...; repeatable)",
    )  # fmt: skip
    parser.add_argument("--crit-min", type=whole_number, default=19, metavar="N")
    parser.add_argument("--chaos", metavar="C", help="the chaos d6, if a tier 1 calls for it")
    parser.add_argument("--ud-dice", metavar="a,…", help="the book's d6 faces, one per die")
    parser.add_argument(
        "--backlash-dice", metavar="T,O", help="the backlash d100: tens die, ones die"
    )
    parser.add_argument("--table", metavar="NAME", help="the backlash table (default: in use)")
    parser.add_argument(
        "--on-object",
        action="store_true",
        help="the spell targeted an object: a backlash that needs a creature hits the caster",
    )
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_cast)


def _pair(text: str | None, sides: int, label: str) -> tuple[int, int] | None:
    if text is None:
        return None
    first, second = parse_dice_values(text, sides=sides, count=2, label=label)
    return first, second


def _conditions(given: list[str]) -> tuple[str, ...]:
    if not given:
        return ()  # the character rules are not loaded for a cast under no condition
    from refkit.rules.character.model import CONDITIONS

    conditions = tuple(match_key(name) for name in given)
    for name in conditions:
        if name not in CONDITIONS:
            raise CliError(f"--condition: unknown condition {name!r} ({', '.join(CONDITIONS)})")
    return conditions


def _backlash_table(args: argparse.Namespace, services: Services) -> RollableTable:
    """``--table NAME``, else the backlash table in use (``table use NAME --as backlash``)."""
    if args.table is None:
        return services.active_table("backlash")
    return services.tables.get(args.table)


def _run_cast(args: argparse.Namespace) -> Result:
    from refkit.rules.magic.casting import cast_spell, check_book_dice
    from refkit.rules.magic.odds import cast_odds
    from refkit.rules.magic.ranks import check_rank

    if args.crow is not None:
        return _run_cast_for_crow(args)
    if args.book is not None:
        raise CliError("cast: --book names a book in a crow's hand; give --crow NAME with it")
    for flag in ("mind", "book_ud"):
        if getattr(args, flag) is None:
            option = "--" + flag.replace("_", "-")
            raise CliError(f"cast: {option} is needed (or --crow NAME to cast for a crow)")
    spell = _spell(args.spell, args) if args.spell is not None else None
    rank = args.rank
    if rank is None:
        if spell is None:
            raise CliError("cast: give the spell's rank with --rank R (0–5), or --spell NAME")
        rank = spell.rank
    elif spell is not None and rank != spell.rank:
        raise CliError(f"cast: {spell.name} is a rank {spell.rank} spell, not rank {rank}")
    check_rank(rank)
    options = _test_options(args)
    check_book_dice(args.book_ud)
    dice = _given_dice(args, args.book_ud)
    conditions = _conditions(args.condition)
    odds = cast_odds(args.mind, book_usage_dice=args.book_ud, conditions=conditions, **options)
    targeted_object = args.on_object or (spell is not None and spell.targets.only_objects)
    rng, seed = make_rng(args.seed)
    with command_services(args) as services:
        table = _backlash_table(args, services)
        cast = cast_spell(
            mind=args.mind,
            rank=rank,
            book_usage_dice=args.book_ud,
            backlash_table=table,
            rng=rng,
            dice=dice,
            conditions=conditions,
            targeted_object=targeted_object,
            **options,
        )
        _log_cast(services, cast, spell, args, rank, seed, options)
    payload = _cast_payload(cast, odds, seed, spell)
    if spell is not None and cast.spell_tier is not None:
        from refkit.present.spell_text import spell_outcome_words

        payload["damage"] = spell_outcome_words(spell, cast.spell_tier, args.mind)[1]
    return payload, _cast_text(cast, odds, spell, mind=args.mind)


def _given_dice(args: argparse.Namespace, book_usage_dice: int | None) -> CastDice:
    """The faces given with --dice, --chaos, --ud-dice and --backlash-dice (checked now)."""
    from refkit.rules.magic.casting import CastDice

    chaos = None
    if args.chaos is not None:
        (chaos,) = parse_dice_values(args.chaos, sides=6, count=1, label="--chaos")
    book_faces = None
    if args.ud_dice is not None:
        book_faces = parse_dice_values(
            args.ud_dice, sides=6, count=book_usage_dice, label="--ud-dice"
        )
    return CastDice(
        test=_pair(args.dice, 10, "--dice"),
        chaos=chaos,
        book=book_faces,
        backlash=_pair(args.backlash_dice, 10, "--backlash-dice"),
    )


def _test_options(args: argparse.Namespace) -> dict[str, Any]:
    for name in ("edges", "banes"):
        if getattr(args, name) < 0:
            raise CliError(f"--{name} must be 0 or more, got {getattr(args, name)}")
    return {
        "edges": args.edges,
        "banes": args.banes,
        "bonuses": tuple(args.bonus),
        "expertise": args.expertise,
        "crit_min": args.crit_min,
    }


def _run_cast_for_crow(args: argparse.Namespace) -> Result:
    """``cast --crow NAME [--book NAME]``: the app's cast, written whole (one unit of work)."""
    from refkit.app.magic.cast import CastCommand, dt_under_way, plan_cast
    from refkit.cli.crow_names import full_crow_name
    from refkit.errors import DomainError
    from refkit.rules.magic.odds import cast_odds

    for flag in ("mind", "rank", "book_ud", "spell", "condition"):
        if getattr(args, flag) not in (None, []):
            option = "--" + flag.replace("_", "-")
            raise CliError(f"cast --crow: {option} comes from the crow and its book; leave it out")
    dice = _given_dice(args, None)
    options = _test_options(args)
    rng, seed = make_rng(args.seed)
    with command_services(args) as services:
        try:
            args.crow = full_crow_name(services, args.crow)
            crow = services.characters.get(args.crow)
            spells = services.spells.spells()
            item_id = _book_in_hand(crow, args.book, spells)
            plan = plan_cast(
                services.characters,
                crow.name,
                item_id,
                spells=spells,
                backlash_table=_backlash_table(args, services),
                rng=rng,
                seed=seed,
                effects=services.dungeon.effects(),
                dt_under_way=dt_under_way(services.dungeon),
                targeted_object=True if args.on_object else None,
                dice=dice,
                **options,
            )
        except DomainError as error:
            raise CliError(str(error)) from None
        book = plan.before.items.find(item_id)
        assert book.usage_dice is not None
        odds = cast_odds(
            crow.characteristics.mind,
            book_usage_dice=book.usage_dice.current,
            conditions=crow.conditions,
            **options,
        )
        services.do(
            CastCommand(
                plan,
                services.characters,
                services.dungeon,
                services.dice.log_roll,
                services.utc_now,
            )
        )
    payload = _cast_payload(plan.result, odds, seed, plan.spell)
    tracked = plan.tracked
    payload.update(
        crow=crow.name,
        book=book.name,
        expertise=plan.expertise,
        tracked_effect=None
        if tracked is None
        else {
            "name": tracked.name,
            "kind": str(tracked.kind),
            "usage_dice": tracked.usage_dice,
            "ends_at_dt_end": tracked.ends_at_dt_end,
            "ends_at_rest": tracked.ends_at_rest,
        },
        conditions_gained=list(plan.conditions_gained),
        minutes_taken=plan.minutes_taken,
    )
    mind = crow.characteristics.mind
    if plan.spell is not None and plan.result.spell_tier is not None:
        from refkit.present.spell_text import spell_outcome_words

        payload["damage"] = spell_outcome_words(plan.spell, plan.result.spell_tier, mind)[1]
    text = _cast_text(plan.result, odds, plan.spell, caster=crow.name, mind=mind)
    if tracked is not None:
        text += f"\ntracked: {tracked.name} ({_tracked_words(tracked)})"
    if plan.conditions_gained:
        text += f"\n{crow.name} is now {' and '.join(plan.conditions_gained)}"
    if plan.minutes_taken:
        text += f"\ncast out of combat: {plan.minutes_taken} minutes off the DT"
    return payload, text


def _tracked_words(tracked: TrackedDuration) -> str:
    if tracked.ends_at_dt_end:
        return "until the end of the DT"
    if tracked.usage_dice:
        return f"{tracked.usage_dice} usage {'die' if tracked.usage_dice == 1 else 'dice'}"
    return str(tracked.ending)


def _book_in_hand(crow: Character, wanted: str | None, spells: Iterable[Spell]) -> str:
    """The id of the spellbook ``wanted`` (name or id) in the crow's hands; with None, its one
    spellbook in hand (or absorbed with Burned in the Brain). CliError naming the crow and what
    it holds otherwise."""
    from refkit.rules.inventory.model import HAND
    from refkit.rules.magic.spellbooks import UnknownSpellError, find_spell

    if wanted is not None:
        key = match_key(wanted)
        for item in crow.items:
            if key in (item.id.casefold(), match_key(item.name)):
                return str(item.id)
        raise CliError(f"{crow.name} carries no item called {wanted!r}")
    books = []
    for item in crow.items:
        if item.area != HAND and not item.absorbed:  # an absorbed book is always wielded
            continue
        try:
            find_spell(spells, item.name)
        except UnknownSpellError:
            continue
        books.append(item)
    if not books:
        raise CliError(f"{crow.name} holds no spellbook in a hand")
    if len(books) > 1:
        names = ", ".join(item.name for item in books)
        raise CliError(f"{crow.name} holds {len(books)} spellbooks ({names}): name one with --book")
    return str(books[0].id)


def _log_cast(
    services: Services,
    cast: CastResult,
    spell: Spell | None,
    args: argparse.Namespace,
    rank: int,
    seed: int,
    options: dict[str, Any],
) -> None:
    from refkit.app.magic.roll_records import cast_record

    record = cast_record(
        cast,
        spell="" if spell is None else spell.name,
        mind=args.mind,
        rank=rank,
        edges=options["edges"],
        banes=options["banes"],
        bonuses=options["bonuses"],
        expertise=options["expertise"],
        seed=seed,
        rolled_at=services.utc_now(),
    )
    services.dice.log_roll(record)


def _odds_payload(odds: CastOdds) -> dict[str, Any]:
    names = ("tier1", "tier2", "tier3", "crit", "doom", "backlash", "book_loses_die")
    payload: dict[str, Any] = {name: float(getattr(odds, name)) for name in names}
    payload["book_runs_out"] = float(odds.book_runs_out)
    payload["exact"] = {
        name: fraction_text(getattr(odds, name)) for name in (*names, "book_runs_out")
    }
    return payload


def _cast_payload(
    cast: CastResult, odds: CastOdds, seed: int, spell: Spell | None
) -> dict[str, Any]:
    from refkit.app.magic.roll_records import backlash_detail

    test, backlash = cast.test, cast.backlash
    return {
        "tier": test.tier,
        "crit": test.crit,
        "doom": test.doom,
        "chaos": cast.chaos,
        "backlash": backlash is not None,
        "backlash_index": None if backlash is None else backlash.index,
        "backlash_entry": None if backlash is None else backlash.text,
        "book_ud": {
            "before": cast.book_before,
            "rolled": None if cast.book_roll is None else list(cast.book_roll.rolled),
            "after": cast.book_after,
        },
        "dice": list(test.dice),
        "natural": test.natural,
        "total": test.total,
        "net": test.net,
        "expertise_applied": test.expertise_applied,
        "conditions": list(cast.condition_reasons),
        "spell": None if spell is None else spell.name,
        "spell_tier": cast.spell_tier,
        "backlash_detail": None if backlash is None else backlash_detail(backlash),
        "odds": _odds_payload(odds),
        "seed": seed,
    }


def _cast_text(
    cast: CastResult,
    odds: CastOdds,
    spell: Spell | None,
    *,
    caster: str = "",
    mind: int | None = None,
) -> str:
    from refkit.present.cast_text import cast_lines, odds_line

    steps = cast_lines(cast, "" if spell is None else spell.name)
    if caster:
        steps[0] = f"{caster} casts {steps[0]}"
    lines = [f"odds: {odds_line(odds)}", *steps]
    if spell is not None and cast.spell_tier is not None:
        from refkit.present.spell_text import spell_outcome_words

        words, _ = spell_outcome_words(spell, cast.spell_tier, mind)
        lines.append(f"tier {cast.spell_tier}: {words}")
    return "\n".join(lines)


# --- backlash ---------------------------------------------------------------------------------


def _register_backlash(commands: Subcommands) -> None:
    parser = commands.add_parser("backlash", help="roll a backlash: d100 + the spell's rank")
    parser.add_argument("--rank", type=whole_number, required=True, metavar="R")
    parser.add_argument("--dice", metavar="TENS,ONES", help="the d100's tens die and ones die")
    parser.add_argument("--table", metavar="NAME", help="the backlash table (default: in use)")
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_backlash)


def _run_backlash(args: argparse.Namespace) -> Result:
    from refkit.app.magic.roll_records import backlash_record
    from refkit.present.cast_text import backlash_line
    from refkit.rules.magic.backlash import roll_backlash
    from refkit.rules.magic.ranks import check_rank
    from refkit.rules.tables.duration_kind import row_duration

    check_rank(args.rank)
    faces = _pair(args.dice, 10, "--dice")
    rng, seed = make_rng(args.seed)
    with command_services(args) as services:
        table = _backlash_table(args, services)
        backlash = roll_backlash(table, args.rank, rng, faces=faces)
        services.dice.log_roll(backlash_record(backlash, seed=seed, rolled_at=services.utc_now()))
    row = backlash.row
    duration = row_duration(row.duration)
    payload: dict[str, Any] = {
        "index": backlash.index,
        "entry": {"low": row.low, "high": row.high, "text": row.text, "duration": row.duration},
        "dice": [backlash.final.d100.tens, backlash.final.d100.ones],
        "d100": backlash.final.d100.value,
        "table": backlash.table,
        "text": backlash.text,
        "duration_kind": None if duration is None else str(duration.kind),
        "usage_dice": None if duration is None else duration.usage_dice or None,
        "seed": seed,
    }
    if row.high is None:
        payload["entry"]["high"] = backlash.index
        payload["entry"]["open_ended"] = True
    return payload, backlash_line(backlash).replace("backlash instead of the spell", "backlash")


# --- spells -----------------------------------------------------------------------------------


def _register_spell(commands: Subcommands) -> None:
    spell = commands.add_parser(
        "spell", help="the spells: Refkit's (the Playtest 2 books) and the referee's own"
    )
    actions = spell.add_subparsers(dest="spell_command", metavar="ACTION", parser_class=type(spell))
    actions.required = True
    listing = actions.add_parser("list", help="every spell (Refkit's first): rank, discipline")
    add_json_flag(listing)
    listing.set_defaults(handler=_run_spell_list)
    show = actions.add_parser("show", help="one spell in full")
    show.add_argument("name", metavar="NAME", help="the spell's name or its book's")
    add_json_flag(show)
    show.set_defaults(handler=_run_spell_show)
    reading = actions.add_parser("import", help="store a spell file as a spell of your own")
    reading.add_argument("file", metavar="FILE", help="a spell file (TOML), checked whole")
    reading.add_argument(
        "--replace", action="store_true", help="overwrite your spell of the same name"
    )
    add_json_flag(reading)
    reading.set_defaults(handler=_run_spell_import)
    writing = actions.add_parser("export", help="write a spell as a spell file")
    writing.add_argument("name", metavar="NAME", help="the spell's name or its book's")
    writing.add_argument("file", metavar="FILE", help="the file to write (replaced whole)")
    add_json_flag(writing)
    writing.set_defaults(handler=_run_spell_export)
    deleting = actions.add_parser("delete", help="forget a spell of your own")
    deleting.add_argument("name", metavar="NAME", help="the spell's name")
    add_json_flag(deleting)
    deleting.set_defaults(handler=_run_spell_delete)


def _has_database(args: argparse.Namespace) -> bool:
    """True when there is a database to hold spells of one's own: a file that exists (none is
    made just to look) or a server, which always holds the campaign."""
    from refkit.store.location import database_path, is_server_url, resolve_database_url

    resolved = resolve_database_url(getattr(args, "db", None))
    if is_server_url(resolved):
        return True
    stored = database_path(resolved)
    return stored is not None and stored.exists()


def _spell(name: str, args: argparse.Namespace | None = None) -> Spell:
    """The shipped spell called ``name``, else (given ``args``) one of the referee's own."""
    from refkit.rules.magic.spellbooks import UnknownSpellError, find_spell, load_default_spells

    try:
        return find_spell(load_default_spells(), name)
    except UnknownSpellError:
        if args is None or not _has_database(args):
            raise
    with command_services(args) as services:
        return services.spells.find(name)


def _run_spell_list(args: argparse.Namespace) -> Result:
    from refkit.rules.magic.spellbooks import load_default_spells

    shipped = len(load_default_spells())
    spells = list(load_default_spells())
    if _has_database(args):
        with command_services(args) as services:
            spells = services.spells.spells()
    payload: dict[str, Any] = {
        "spells": [
            {
                "name": spell.name,
                "rank": spell.rank,
                "discipline": str(spell.discipline),
                "casting_time": spell.casting_time.text,
                "attack": spell.attack,
                "duration": spell.duration.text,
                "book": spell.book.name,
                "own": index >= shipped,
            }
            for index, spell in enumerate(spells)
        ]
    }
    width = max(len(spell.name) for spell in spells)
    text = "\n".join(
        f"{spell.name:<{width}}  rank {spell.rank}  {spell.discipline:<11}  "
        f"{'attack' if spell.attack else spell.casting_time.text}"
        f"{'  (yours)' if index >= shipped else ''}"
        for index, spell in enumerate(spells)
    )
    return payload, text


def _run_spell_show(args: argparse.Namespace) -> Result:
    from refkit.present.spell_text import spell_dict, spell_lines

    spell = _spell(args.name, args)
    return spell_dict(spell), "\n".join(spell_lines(spell))


def _run_spell_import(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        spell = services.spells.import_file(args.file, replace=args.replace)
    return {"imported": spell.name, "book": spell.book.name}, f"imported {spell.name}"


def _run_spell_export(args: argparse.Namespace) -> Result:
    with command_services(args) as services:
        spell = services.spells.find(args.name)
        path = services.spells.export_file(spell.name, args.file)
    return {"exported": spell.name, "file": str(path)}, f"wrote {spell.name} to {path}"


def _run_spell_delete(args: argparse.Namespace) -> Result:
    from refkit.store.errors import UnknownStoredSpellError

    with command_services(args) as services:
        try:
            spell = services.spells.delete(args.name)
        except UnknownStoredSpellError as error:  # a shipped spell, or none by that name
            raise CliError(str(error)) from None
    return {"deleted": spell.name}, f"deleted {spell.name}"


COMMAND_REGISTERS: dict[str, Callable[[Subcommands], None]] = {
    "cast": _register_cast,
    "backlash": _register_backlash,
    "spell": _register_spell,
}
"""Each command's own registration, in ``--help`` order: ``refkit cast`` builds the parser of
``cast`` alone (:func:`refkit.cli.runner.build_parser`)."""
