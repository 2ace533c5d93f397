"""``refkit stworze tracker …``: the Stworze table kept in the database (per campaign).

Each change is one undoable step through ``Services.do``; ``show`` only reads. Every command
prints the table afterwards: ``{"players":[{"name", "vitality", "vitality_max", "fear", "favor",
"influence_bar", "lair", "lock1", "lock2", "lock3", "locked", "in_lair", "tokens":[owner…],
"missions", "completed", "completed_this_round"}…], "active", "round", "events":[{"event",
"die", "top", "bottom", "position"}…], "villages":[{"village", "fear", "favor", "impact",
"fear_bet", "favor_bet"}…], "start", "limit", "winner", "said"}``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.games.trackers import Result, read_tracker, step_tracker, tracker_command
from refkit.cli.parsing import whole_number

if TYPE_CHECKING:
    from refkit.games.stworze.table import StworzeTable

SIDES = ("fear", "favor")
ICONS = ("lair", "lock1", "lock2", "lock3")


def add_tracker(rows: Any) -> None:
    action = tracker_command(
        rows, "the table: players' Vitality and tokens, the Event row, the Villages"
    )
    action("show", "the table as stored", _show)
    add = action("add", "a player joins with full Vitality and four Stworze tokens", _add)
    add.add_argument("name", metavar="NAME")
    add.add_argument("--vitality", type=whole_number, required=True, metavar="N")
    add.add_argument("--fear", type=whole_number, default=0, metavar="N")
    add.add_argument("--favor", type=whole_number, default=0, metavar="N")
    add.add_argument("--influence-bar", type=whole_number, metavar="N")
    add.add_argument("--missions", type=whole_number, default=8, metavar="N")
    for icon in ICONS:
        add.add_argument(
            f"--{icon}", type=whole_number, metavar="V", help=f"{icon} icon uncovered at Vitality V"
        )
    remove = action("remove", "a player leaves", _remove)
    remove.add_argument("name", metavar="NAME")
    setup = action("setup", "the Event row as dealt; every die at the start", _setup)
    setup.add_argument("--events", metavar="E,E,E,E,E", help="left to right")
    setup.add_argument("--pairs", metavar="TOP/BOTTOM,…", help="five pairs, left to right")
    action("next", "the round ends; the next player's round begins", _next)
    choose = action("choose", "the active player takes the Action at POSITION (1 = right)", _choose)
    choose.add_argument("position", type=whole_number, metavar="POSITION")
    action("events", "phase 4: the Events whose die is off take effect", _events)
    action("tally", "phase 5: the Villages at the limit are counted, bets settled", _tally)
    die = action("die", "set an Event's die (a card's effect)", _die)
    die.add_argument("slot", type=whole_number, metavar="SLOT", help="1 = leftmost")
    die.add_argument("value", type=whole_number, metavar="N")
    spend = action("spend", "a token played: to a Village (move, entry) or the Pool", _spend)
    spend.add_argument("name", metavar="NAME")
    spend.add_argument("side", choices=SIDES)
    where = spend.add_mutually_exclusive_group(required=True)
    where.add_argument("--at", metavar="LOCATION", help="face down in this Location's Village")
    where.add_argument("--pool", action="store_true", help="a test modifier, to the Pool")
    draw = action("draw", "tokens taken from the Pool", _draw)
    draw.add_argument("name", metavar="NAME")
    draw.add_argument("--fear", type=whole_number, default=0, metavar="N")
    draw.add_argument("--favor", type=whole_number, default=0, metavar="N")
    lose = action("lose", "Vitality or Influence lost (a shortfall is paid in the other)", _lose)
    lose.add_argument("name", metavar="NAME")
    lose.add_argument("what", choices=("vitality", "influence", *SIDES))
    lose.add_argument("amount", type=whole_number, metavar="N")
    gain = action("gain", "Vitality regained (up to the bar)", _gain)
    gain.add_argument("name", metavar="NAME")
    gain.add_argument("amount", type=whole_number, metavar="N")
    bet = action("bet", "Here I Am: a bet token in a Village", _bet)
    bet.add_argument("name", metavar="NAME")
    bet.add_argument("side", choices=SIDES)
    bet.add_argument("--at", required=True, metavar="VILLAGE")
    mission = action("mission", "a player completes the current Mission", _mission)
    mission.add_argument("name", metavar="NAME")
    duel = action("duel", "the Duel's winner takes a Stworze token from the loser", _duel)
    duel.add_argument("winner", metavar="WINNER")
    duel.add_argument("loser", metavar="LOSER")


def table_text(table: StworzeTable) -> str:
    lines = [table.said] if table.said else []
    lines.append(
        f"round {table.round}, {table.active or 'nobody'} active; dice start at {table.start}, "
        f"Villages count at {table.limit}"
    )
    for slot, (event, die, (top, bottom)) in enumerate(
        zip(table.events, table.dice, table.pairs, strict=True)
    ):
        lines.append(f"  {5 - slot}: {event} [{die if die else 'off'}] {top} (under it {bottom})")
    for player in table.players:
        lines.append(
            f"{player.name}: Vitality {player.vitality}/{player.vitality_max}"
            + (f" ({player.locked} locked)" if player.locked else "")
            + f", Fear {player.fear}, Favor {player.favor}, {len(player.tokens)} Stworze tokens, "
            f"Missions {player.completed}/{player.missions}"
        )
    for village in table.villages:
        impact = village.impact.label if village.impact else "no"
        bets = [
            f"{b} bets {side}"
            for side, b in (("Fear", village.fear_bet), ("Favor", village.favor_bet))
            if b
        ]
        lines.append(
            f"{village.name}: {village.tokens} tokens, {impact} Impact"
            + ("; " + ", ".join(bets) if bets else "")
        )
    if table.winner:
        lines.append(f"{table.winner} is Guardian of the Realm.")
    return "\n".join(lines)


def _show(args: argparse.Namespace) -> Result:
    from refkit.app.games.stworze_table import stworze_table

    table = read_tracker(args, stworze_table)
    return table.to_dict(), table_text(table)


def _step(
    args: argparse.Namespace, text: str, change: Callable[[StworzeTable], StworzeTable]
) -> Result:
    from refkit.app.games.stworze_table import stworze_table

    after = step_tracker(args, stworze_table, "stworze tracker", text, change)
    return after.to_dict(), table_text(after)


def _side(text: str) -> Any:
    from refkit.games.stworze.resolver import Influence

    return Influence(text)


def _add(args: argparse.Namespace) -> Result:
    from refkit.games.stworze.players import Player, StworzeTableError

    icons = {icon: getattr(args, icon) for icon in ICONS}
    try:
        player = Player.new(
            args.name,
            args.vitality,
            fear=args.fear,
            favor=args.favor,
            influence_bar=args.influence_bar,
            missions=args.missions,
            **icons,
        )
    except StworzeTableError as problem:
        raise CliError(f"stworze tracker add: {problem}") from None
    return _step(args, f"{player.name} joins the Stworze table", lambda t: t.added(player))


def _remove(args: argparse.Namespace) -> Result:
    return _step(args, f"{args.name} leaves", lambda t: t.removed(args.name))


def _setup(args: argparse.Namespace) -> Result:
    events = tuple(e.strip() for e in args.events.split(",")) if args.events else None
    pairs = None
    if args.pairs:
        pairs = []
        for text in args.pairs.split(","):
            top, _, bottom = text.partition("/")
            if "/" not in text:
                raise CliError(f"stworze tracker setup: a pair is TOP/BOTTOM, got {text!r}")
            pairs.append((" ".join(top.split()), " ".join(bottom.split())))
        pairs = _rejoin(pairs)
    for what, values in (("--events", events), ("--pairs", pairs)):
        if values is not None and len(values) != 5:
            raise CliError(f"stworze tracker setup: {what} takes 5, got {len(values)}")
    return _step(
        args, "Set up the Event row", lambda t: t.set_up(events, tuple(pairs) if pairs else None)
    )


def _rejoin(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``Lost Children/Hunter`` and ``Warrior/Mage`` hold a slash of their own: a pair written
    ``Warrior/Mage/Quest`` splits at the slash that leaves two card names."""
    from refkit.games.stworze.table import ACTIONS

    fixed = []
    for top, bottom in pairs:
        whole = f"{top}/{bottom}"
        for action in ACTIONS:
            if whole.startswith(action + "/") and whole[len(action) + 1 :] in ACTIONS:
                top, bottom = action, whole[len(action) + 1 :]
                break
        fixed.append((top, bottom))
    return fixed


def _next(args: argparse.Namespace) -> Result:
    return _step(args, "Next round", lambda t: t.next_round())


def _choose(args: argparse.Namespace) -> Result:
    return _step(args, f"Choose position {args.position}", lambda t: t.chosen(args.position))


def _events(args: argparse.Namespace) -> Result:
    return _step(args, "Phase 4: Events", lambda t: t.events_resolved())


def _tally(args: argparse.Namespace) -> Result:
    return _step(args, "Phase 5: tally", lambda t: t.tallied())


def _die(args: argparse.Namespace) -> Result:
    return _step(args, "Set a countdown die", lambda t: t.die_set(args.slot, args.value))


def _spend(args: argparse.Namespace) -> Result:
    place = None if args.pool else args.at
    return _step(
        args, f"{args.name} plays a token", lambda t: t.spent(args.name, _side(args.side), place)
    )


def _draw(args: argparse.Namespace) -> Result:
    return _step(
        args, f"{args.name} draws tokens", lambda t: t.drawn(args.name, args.fear, args.favor)
    )


def _lose(args: argparse.Namespace) -> Result:
    def change(table: StworzeTable) -> StworzeTable:
        if args.what == "vitality":
            return table.vitality_lost(args.name, args.amount)
        side = None if args.what == "influence" else _side(args.what)
        return table.influence_lost(args.name, args.amount, side)

    return _step(args, f"{args.name} loses {args.what}", change)


def _gain(args: argparse.Namespace) -> Result:
    return _step(
        args, f"{args.name} regains Vitality", lambda t: t.vitality_gained(args.name, args.amount)
    )


def _bet(args: argparse.Namespace) -> Result:
    return _step(args, f"{args.name} bets", lambda t: t.bet(args.name, _side(args.side), args.at))


def _mission(args: argparse.Namespace) -> Result:
    return _step(args, f"{args.name} completes a Mission", lambda t: t.completed(args.name))


def _duel(args: argparse.Namespace) -> Result:
    return _step(args, f"{args.winner} wins a Duel", lambda t: t.duel_won(args.winner, args.loser))
