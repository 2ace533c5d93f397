"""``refkit krynn tracker …``: the Warriors of Krynn table kept in the database (per campaign).

Each change is one undoable step through ``Services.do`` (the window's Edit menu undoes the same
steps); ``show`` only reads. Every command prints the tracker as it is afterwards:
``{"heroes":[{"name", "stress", "stress_max", "hand", "discarded", "equipment", "over_max",
"dead"}…], "active":name|null, "actions_left":n, "respites":n, "turn":n, "key_moments":n,
"final_key_moment":n|null, "ended":text|null}``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.games.trackers import (
    Result,
    given_counters,
    read_tracker,
    step_tracker,
    tracker_command,
)
from refkit.cli.parsing import whole_number

if TYPE_CHECKING:
    from refkit.games.warriors_of_krynn.tracker import KrynnTracker

SPENDS = {
    "examine": "examining an objective",
    "fire": "putting out a fire",
    "transfer": "transferring equipment",
    "other": "an action",
}


def add_tracker(actions: Any) -> None:
    """The ``tracker`` command of ``krynn`` and its own actions."""
    action = tracker_command(
        actions, "each hero's stress and ability cards, the turn's four actions"
    )
    action("show", "the tracker as stored", _show)
    add = action("add", "a hero joins the table", _add)
    add.add_argument("name", metavar="NAME")
    add.add_argument(
        "--stress-max", type=whole_number, required=True, metavar="N", help="from the hero board"
    )
    add.add_argument("--hand", type=whole_number, default=0, metavar="N", help="ability cards")
    remove = action("remove", "a hero leaves the table", _remove)
    remove.add_argument("name", metavar="NAME")
    counters = action("set", "set a hero's counters as they are on the table", _set)
    counters.add_argument("name", metavar="NAME")
    for counter in ("stress", "stress-max", "hand", "discarded", "equipment"):
        counters.add_argument(f"--{counter}", type=whole_number, metavar="N")
    stress = action("stress", "a hero takes stress (absorbed hits, a card)", _stress)
    stress.add_argument("name", metavar="NAME")
    stress.add_argument("amount", type=whole_number, metavar="N")
    stress.add_argument("--relieve", action="store_true", help="lower the stress instead")
    turn = action("turn", "a hero's turn begins: four actions to spend", _turn)
    turn.add_argument("name", metavar="NAME")
    spend = action("spend", "the active hero spends an action", _spend)
    spend.add_argument("what", choices=tuple(SPENDS), metavar="WHAT", help=", ".join(SPENDS))
    spend.add_argument("--actions", type=whole_number, default=1, metavar="N")
    move = action("move", "the active hero moves (1 action)", _move)
    move.add_argument(
        "--from-champion",
        action="store_true",
        help="leaving a tile with a vile champion: +1 stress",
    )
    respite = action("respite", "the active hero's respite: stress -2 or 2 cards back", _respite)
    respite.add_argument("choice", choices=("stress", "cards"), metavar="stress|cards")
    respite.add_argument("--units", type=whole_number, default=0, metavar="N", help="Dragon Army")
    respite.add_argument("--champions", type=whole_number, default=0, metavar="N")
    key = action("key-moment", "a key moment card: the tracker advances", _key_moment)
    key.add_argument("--final", type=whole_number, metavar="N", help="the scenario's last one")


def tracker_payload(tracker: KrynnTracker) -> dict[str, Any]:
    return tracker.to_dict()


def tracker_text(tracker: KrynnTracker) -> str:
    lines = [
        f"turn {tracker.turn}: "
        + (
            f"{tracker.active}, {tracker.actions_left} of 4 actions left"
            + (f", {tracker.respites} respite(s)" if tracker.respites else "")
            if tracker.active
            else "no hero's turn yet"
        )
        + f"; key moments {tracker.key_moments}"
        + (f" of {tracker.final_key_moment}" if tracker.final_key_moment else "")
    ]
    for hero in tracker.heroes:
        status = "dead" if hero.dead else "over the maximum" if hero.over_max else ""
        lines.append(
            f"{hero.name}: stress {hero.stress}/{hero.stress_max}, {hero.hand} in hand, "
            f"{hero.discarded} discarded, {hero.equipment} equipment"
            + (f" ({status})" if status else "")
        )
    if tracker.ended:
        lines.append(f"The scenario ends: {tracker.ended}.")
    return "\n".join(lines)


def _show(args: argparse.Namespace) -> Result:
    from refkit.app.games.krynn_table import krynn_table

    tracker = read_tracker(args, krynn_table)
    return tracker_payload(tracker), tracker_text(tracker)


def do_step(
    args: argparse.Namespace, text: str, change: Callable[[KrynnTracker], KrynnTracker]
) -> KrynnTracker:
    """Make and do the step ``text`` on the stored tracker; the tracker after it."""
    from refkit.app.games.krynn_table import krynn_table

    return step_tracker(args, krynn_table, "krynn tracker", text, change)


def _step(
    args: argparse.Namespace, text: str, change: Callable[[KrynnTracker], KrynnTracker]
) -> Result:
    tracker = do_step(args, text, change)
    return tracker_payload(tracker), tracker_text(tracker)


def _add(args: argparse.Namespace) -> Result:
    from refkit.games.warriors_of_krynn.tracker import Hero, KrynnTrackerError

    try:
        hero = Hero(args.name, args.stress_max, hand=args.hand)
    except KrynnTrackerError as problem:
        raise CliError(f"krynn tracker add: {problem}") from None
    return _step(args, f"Add {hero.name} to the Krynn table", lambda t: t.added(hero))


def _remove(args: argparse.Namespace) -> Result:
    return _step(args, f"Remove {args.name}", lambda t: t.removed(args.name))


def _set(args: argparse.Namespace) -> Result:
    names = ("stress", "stress_max", "hand", "discarded", "equipment")
    values = given_counters(args, names, "krynn tracker set")
    return _step(args, f"Set {args.name}'s counters", lambda t: t.changed(args.name, **values))


def _stress(args: argparse.Namespace) -> Result:
    change = -args.amount if args.relieve else args.amount
    if args.amount < 0:
        raise CliError(f"krynn tracker stress: N is 0 or more, got {args.amount}")
    text = f"{args.name} {'loses' if args.relieve else 'takes'} {args.amount} stress"
    return _step(args, text, lambda t: t.stressed(args.name, change))


def _turn(args: argparse.Namespace) -> Result:
    return _step(args, f"{args.name}'s turn", lambda t: t.start_turn(args.name))


def _spend(args: argparse.Namespace) -> Result:
    what = SPENDS[args.what]
    return _step(args, f"Spend on {what}", lambda t: t.spend(args.actions, what))


def _move(args: argparse.Namespace) -> Result:
    return _step(args, "Move the hero", lambda t: t.move(args.from_champion))


def _respite(args: argparse.Namespace) -> Result:
    for name in ("units", "champions"):
        if getattr(args, name) < 0:
            raise CliError(f"krynn tracker respite: --{name} is 0 or more")
    clear = args.units == 0 and args.champions == 0
    return _step(
        args,
        f"Respite: {'stress' if args.choice == 'stress' else 'ability cards'}",
        lambda t: t.respite(args.choice, tile_clear=clear),
    )


def _key_moment(args: argparse.Namespace) -> Result:
    def change(tracker: KrynnTracker) -> KrynnTracker:
        if args.final is not None:
            tracker = tracker.with_final_key_moment(args.final)
        return tracker.key_moment()

    return _step(args, "A key moment", change)
