"""``refkit widowers tracker …``: the Widower's Wood table kept in the database (per campaign) —
heroes' health, the event deck as the chapter's timer, the villains on the board and the order
they activate in.

Each change is one undoable step through ``Services.do`` (the window's Edit menu undoes the same
steps); ``show`` and ``order`` only read. ``widowers spawn --from-tracker`` reads the rolled
type's reserve here and takes the miniature as a step of its own. Every command prints the
table as it is afterwards:
``{"heroes":[…], "turn_order":[names], "deck":{…}, "timer":str, "villains":[…],
"defeat":str|null}``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.games.trackers import Result, read_tracker, step_tracker, tracker_command
from refkit.cli.parsing import whole_number

if TYPE_CHECKING:
    from refkit.games.widowers_wood.tracker import Hero, WoodTable


def add_tracker(rolls: Any) -> None:
    """The ``tracker`` action of ``widowers`` and its own actions."""
    action = tracker_command(
        rolls, "heroes' health, the event-deck timer and the villain activation order"
    )
    action("show", "the table as stored", _show)
    hero = action("hero", "a hero joins the table, every Life token red", _hero)
    hero.add_argument("name", metavar="NAME")
    hero.add_argument("--init", type=whole_number, required=True, metavar="N")
    hero.add_argument("--vit", type=whole_number, required=True, metavar="N")
    remove = action("remove", "a hero leaves the table", _remove)
    remove.add_argument("name", metavar="NAME")
    damage = action("damage", "a hero loses health (0 at least; 0 knocks it down)", _damage)
    damage.add_argument("name", metavar="NAME")
    damage.add_argument("amount", type=whole_number, metavar="N")
    heal = action("heal", "a hero's black tokens turn red again", _heal)
    heal.add_argument("name", metavar="NAME")
    heal.add_argument("amount", type=whole_number, metavar="N")
    spawning = action(
        "spawning", "an Incapacitated hero's Spawning Phase: 2 black tokens to the box", _spawning
    )
    spawning.add_argument("name", metavar="NAME")
    stand = action("stand", "a Knocked Down hero stands up", _stand)
    stand.add_argument("name", metavar="NAME")
    revive = action("revive", "REVIVER spends its Full vial to revive TARGET", _revive)
    revive.add_argument("reviver", metavar="REVIVER")
    revive.add_argument("target", metavar="TARGET")
    deck = action("deck", "set the event cards in the chapter's deck (its timer)", _deck)
    deck.add_argument("cards", type=whole_number, metavar="N")
    round_ = action("round", "a round begins: draw its event card", _round)
    round_.add_argument("--colour", choices=("red", "blue"), required=True)
    round_.add_argument(
        "--environment", metavar="TITLE", help="the card is an ENVIRONMENT card of this title"
    )
    villain = action(
        "villain", "a villain type: its index token and miniatures on the board", _villain
    )
    villain.add_argument("name", metavar="NAME")
    villain.add_argument("--index", type=whole_number, metavar="N", help="0 without a token")
    villain.add_argument("--red", type=whole_number, metavar="N", help="red ones on the board")
    villain.add_argument("--blue", type=whole_number, metavar="N", help="blue ones on the board")
    villain.add_argument(
        "--tokens",
        metavar="T,…",
        help="every index token on its stat card (the spawn die's results that pick it); "
        "the lowest is its index",
    )
    villain.add_argument(
        "--reserve-red", type=whole_number, metavar="N", help="red ones left in its reserve"
    )
    villain.add_argument(
        "--reserve-blue", type=whole_number, metavar="N", help="blue ones left in its reserve"
    )
    villain.add_argument("--remove", action="store_true", help="take the type off the table")
    defeat = action(
        "defeat", "a villain is Incapacitated: its miniature goes back to the reserve", _defeat
    )
    defeat.add_argument("name", metavar="NAME")
    defeat.add_argument("--colour", choices=("red", "blue"), required=True)
    order = action("order", "the order the villains on the board activate in", _order)
    order.add_argument("--colour", choices=("red", "blue"), help="only villains of this colour")
    order.add_argument("--villain", metavar="NAME", help="only villains of this type")


def table_payload(table: WoodTable) -> dict[str, Any]:
    return {
        **table.to_dict(),
        "turn_order": [hero.name for hero in table.turn_order()],
        "timer": table.deck.timer_text(),
        "defeat": table.defeated(),
    }


def table_text(table: WoodTable) -> str:
    deck = table.deck
    lines = [deck.timer_text()]
    if deck.priority:
        lines.append(f"priority colour: {deck.priority}")
    if deck.environment:
        lines.append(f"environment: {deck.environment}")
    for hero in table.turn_order():
        vial = "Full" if hero.restoration else "empty"
        lines.append(
            f"{hero.name} (Initiative {hero.initiative}): health {hero.health}/{hero.tokens} "
            f"tokens of {hero.vitality}; {hero.status()}; restoration {vial}"
        )
    lines += [f"{h.name}: Passed Out" for h in table.heroes if h.passed_out]
    for villain in table.villains:
        tokens = ",".join(str(t) for t in villain.spawn_tokens) or "none"
        lines.append(
            f"{villain.name} (index {villain.index}, tokens {tokens}): {villain.red} red, "
            f"{villain.blue} blue on the board; {villain.reserve_red} red, "
            f"{villain.reserve_blue} blue in the reserve"
        )
    if table.defeated():
        lines.append(f"the chapter is lost: {table.defeated()}")
    return "\n".join(lines)


def _show(args: argparse.Namespace) -> Result:
    from refkit.app.games.widowers_table import WidowersTable

    table = read_tracker(args, WidowersTable)
    return table_payload(table), table_text(table)


def _step(args: argparse.Namespace, text: str, change: Callable[[WoodTable], WoodTable]) -> Result:
    """Make and do the step ``text`` on the stored table; the table after it."""
    from refkit.app.games.widowers_table import WidowersTable

    after = step_tracker(args, WidowersTable, "widowers tracker", text, change)
    return table_payload(after), table_text(after)


def _hero(args: argparse.Namespace) -> Result:
    from refkit.games.widowers_wood.tracker import Hero, TrackerError

    try:
        hero = Hero.new(args.name, args.init, args.vit)
    except TrackerError as problem:
        raise CliError(f"widowers tracker hero: {problem}") from None
    return _step(args, f"{hero.name} joins the Widower's Wood table", lambda t: t.added(hero))


def _on_hero(args: argparse.Namespace, text: str, change: Callable[[Hero], Hero]) -> Result:
    return _step(args, text, lambda t: t.changed(args.name, change))


def _remove(args: argparse.Namespace) -> Result:
    return _step(args, f"{args.name} leaves the table", lambda t: t.removed(args.name))


def _damage(args: argparse.Namespace) -> Result:
    return _on_hero(
        args, f"{args.name} loses {args.amount} health", lambda h: h.damaged(args.amount)
    )


def _heal(args: argparse.Namespace) -> Result:
    return _on_hero(args, f"{args.name} heals {args.amount}", lambda h: h.healed(args.amount))


def _spawning(args: argparse.Namespace) -> Result:
    return _on_hero(args, f"{args.name} discards 2 black tokens", lambda h: h.spawning_phase())


def _stand(args: argparse.Namespace) -> Result:
    return _on_hero(args, f"{args.name} stands up", lambda h: h.stood_up())


def _revive(args: argparse.Namespace) -> Result:
    return _step(
        args,
        f"{args.reviver} revives {args.target}",
        lambda t: t.revived(args.reviver, args.target),
    )


def _deck(args: argparse.Namespace) -> Result:
    from dataclasses import replace

    return _step(
        args,
        f"The event deck holds {args.cards} cards",
        lambda t: replace(t, deck=t.deck.with_cards(args.cards)),
    )


def _round(args: argparse.Namespace) -> Result:
    from dataclasses import replace

    return _step(
        args,
        f"A new round: a {args.colour} event card",
        lambda t: replace(t, deck=t.deck.new_round(args.colour, args.environment)),
    )


def _tokens(text: str | None) -> tuple[int, ...] | None:
    from refkit.dice.rng import parse_dice_values

    if text is None:
        return None
    if not text.strip():
        return ()
    return tuple(parse_dice_values(text, sides=6, label="--tokens"))


def _villain(args: argparse.Namespace) -> Result:
    from refkit.games.widowers_wood.tracker import TrackerError, VillainType

    if args.remove:
        return _step(args, f"{args.name} off the table", lambda t: t.villain_removed(args.name))

    tokens = _tokens(args.tokens)

    def change(table: WoodTable) -> WoodTable:
        old = next((v for v in table.villains if v.name.casefold() == args.name.casefold()), None)
        base = old or VillainType.new(args.name, red=args.red or 0, blue=args.blue or 0)
        values: dict[str, Any] = {
            key: getattr(args, key) if getattr(args, key) is not None else getattr(base, key)
            for key in ("index", "red", "blue", "reserve_red", "reserve_blue")
        }
        if tokens is not None:
            if args.index is not None and args.index != min(tokens, default=0):
                raise TrackerError(f"--index {args.index} is not the lowest of --tokens")
            values["tokens"], values["index"] = tokens, min(tokens, default=0)
        elif args.index is not None:
            values["tokens"] = ()  # a new index replaces the tokens the card had
        else:
            values["tokens"] = base.tokens
        return table.villain_set(VillainType(base.name, **values))

    return _step(args, f"Set the villain type {args.name}", change)


def _defeat(args: argparse.Namespace) -> Result:
    return _step(
        args,
        f"A {args.colour} {args.name} goes back to its reserve",
        lambda t: t.villain_defeated(args.name, args.colour),
    )


def _order(args: argparse.Namespace) -> Result:
    from refkit.app.games.widowers_table import WidowersTable
    from refkit.cli.services import command_services
    from refkit.games.widowers_wood.tracker import TrackerError

    with command_services(args) as services:
        try:
            table = WidowersTable(services.versioned_meta).read()[0]
            order = table.order(colour=args.colour, villain=args.villain)
        except TrackerError as problem:
            raise CliError(f"widowers tracker order: {problem}") from None
    payload = {
        "priority": table.deck.priority,
        "order": [
            {
                "villain": row.villain,
                "colour": row.colour,
                "index": row.index,
                "count": row.count,
                "tied_with_next": row.tied_with_next,
            }
            for row in order
        ],
    }
    text = "\n".join(f"{n}. {row.words()}" for n, row in enumerate(order, 1))
    return payload, text or "no villain on the board matches"
