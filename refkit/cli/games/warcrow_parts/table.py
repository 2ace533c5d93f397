"""``refkit warcrow tracker …``: the Warcrow table's tracker kept in the database (per campaign).

Each change is one undoable step through ``Services.do`` (the window's Edit menu undoes the same
steps); ``show`` only reads. Every command prints the tracker as it is afterwards:
``{"round":n, "dial":n, "active":name|null, "stacks":{"N":[bottom…top]}, "figures":[…]}``.
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
    from refkit.games.warcrow.tracker import Tracker


def register(actions: Any) -> None:
    """The ``tracker`` action of ``warcrow`` and its own actions."""
    action = tracker_command(
        actions, "the Initiative dial and each figure's Energy, Wounds, Stain and States"
    )
    action("show", "the tracker as stored", _show)
    add = action("add", "a Character or Enemy joins the table", _add)
    add.add_argument("name", metavar="NAME")
    add.add_argument("--initiative", type=whole_number, required=True, metavar="N")
    add.add_argument("--vitality", type=whole_number, required=True, metavar="N")
    add.add_argument("--energy", type=whole_number, default=0, metavar="N")
    add.add_argument("--enemy", action="store_true", help="an Enemy (unit), not a Character")
    remove = action("remove", "a figure leaves the table (and the dial)", _remove)
    remove.add_argument("name", metavar="NAME")
    counters = action("set", "set a figure's counters", _set)
    counters.add_argument("name", metavar="NAME")
    for counter in ("energy", "wounds", "stain", "tinge"):
        counters.add_argument(f"--{counter}", type=whole_number, metavar="N")
    wound = action("wound", "a figure suffers Wounds (above Vitality they are ignored)", _wound)
    wound.add_argument("name", metavar="NAME")
    wound.add_argument("amount", type=whole_number, metavar="N")
    heal = action("heal", "heal a figure's Wounds", _heal)
    heal.add_argument("name", metavar="NAME")
    heal.add_argument("amount", type=whole_number, metavar="N")
    state = action("state", "a figure receives a State (or loses it with --remove)", _state)
    state.add_argument("name", metavar="NAME")
    state.add_argument("state", metavar="STATE")
    state.add_argument("--remove", action="store_true")
    tinge = action("tinge", "Hawthorn Point: 10 Stain become a Tinge card", _tinge)
    tinge.add_argument("name", metavar="NAME")
    combat = action("combat", "start a combat: every token at its Initiative, dial at 1", _combat)
    combat.add_argument("--order", metavar="NAME,…", help="who is placed first (bottom)")
    done = action("done", "a figure's Activation ends: its token advances", _done)
    done.add_argument("name", metavar="NAME")
    done.add_argument("--extra", type=whole_number, default=0, metavar="N")
    move = action("move", "a trigger moves a figure's token N positions on", _move)
    move.add_argument("name", metavar="NAME")
    move.add_argument("steps", type=whole_number, metavar="N")
    arrive = action("arrive", "a new Enemy's token N positions ahead of the dial", _arrive)
    arrive.add_argument("name", metavar="NAME")
    arrive.add_argument("ahead", type=whole_number, metavar="N")
    dial = action("next", "turn the dial to the next position with a token", _next)
    dial.add_argument("--one", action="store_true", help="turn it one position only")


def tracker_payload(tracker: Tracker) -> dict[str, Any]:
    dial = tracker.dial.to_dict()
    return {
        "round": dial["round"],
        "dial": dial["position"],
        "active": tracker.dial.active,
        "stacks": dial["stacks"],
        "figures": [figure.to_dict() for figure in tracker.figures],
    }


def tracker_text(tracker: Tracker) -> str:
    dial = tracker.dial
    lines = [f"round {dial.round}, dial at {dial.position}, active: {dial.active or 'nobody'}"]
    for number in range(1, 11):
        if dial.stack(number):
            lines.append(f"  {number}: " + " < ".join(dial.stack(number)) + " (top last)")
    for figure in tracker.figures:
        states = ", ".join(sorted(state.label for state in figure.states)) or "no States"
        who = "Enemy" if figure.enemy else "Character"
        lines.append(
            f"{figure.name} ({who}, Initiative {figure.initiative}): Energy {figure.energy}, "
            f"Wounds {figure.wounds}/{figure.vitality}, Stain {figure.stain}, "
            f"Tinge {figure.tinge}; {states}" + (", unconscious" if figure.unconscious else "")
        )
    return "\n".join(lines)


def _show(args: argparse.Namespace) -> Result:
    from refkit.app.games.warcrow_table import WarcrowTable

    tracker = read_tracker(args, WarcrowTable)
    return tracker_payload(tracker), tracker_text(tracker)


def _step(args: argparse.Namespace, text: str, change: Callable[[Tracker], Tracker]) -> Result:
    """Make and do the step ``text`` on the stored tracker; the tracker after it."""
    from refkit.app.games.warcrow_table import WarcrowTable

    tracker = step_tracker(args, WarcrowTable, "warcrow tracker", text, change)
    return tracker_payload(tracker), tracker_text(tracker)


def _add(args: argparse.Namespace) -> Result:
    from refkit.games.warcrow.tracker import Figure, TrackerError

    try:
        figure = Figure(
            args.name.strip(), args.initiative, args.vitality, args.enemy, energy=args.energy
        )
    except TrackerError as problem:
        raise CliError(f"warcrow tracker add: {problem}") from None
    return _step(args, f"Add {figure.name} to the Warcrow table", lambda t: t.added(figure))


def _remove(args: argparse.Namespace) -> Result:
    return _step(args, f"Remove {args.name}", lambda t: t.removed(args.name))


def _set(args: argparse.Namespace) -> Result:
    names = ("energy", "wounds", "stain", "tinge")
    values = given_counters(args, names, "warcrow tracker set")
    return _step(args, f"Set {args.name}'s counters", lambda t: t.changed(args.name, **values))


def _wound(args: argparse.Namespace) -> Result:
    def change(tracker: Tracker) -> Tracker:
        return tracker.with_figure(tracker.figure(args.name).wounded(args.amount))

    return _step(args, f"{args.amount} Wounds to {args.name}", change)


def _heal(args: argparse.Namespace) -> Result:
    def change(tracker: Tracker) -> Tracker:
        return tracker.with_figure(tracker.figure(args.name).healed(args.amount))

    return _step(args, f"Heal {args.amount} Wounds of {args.name}", change)


def _state(args: argparse.Namespace) -> Result:
    from refkit.games.warcrow.states import StateError, parse_state

    try:
        state = parse_state(args.state, where="warcrow tracker state")
    except StateError as problem:
        raise CliError(str(problem)) from None

    def change(tracker: Tracker) -> Tracker:
        figure = tracker.figure(args.name)
        figure = figure.without_state(state) if args.remove else figure.with_state(state)
        return tracker.with_figure(figure)

    verb = "loses" if args.remove else "receives"
    return _step(args, f"{args.name} {verb} {state.label}", change)


def _tinge(args: argparse.Namespace) -> Result:
    def change(tracker: Tracker) -> Tracker:
        return tracker.with_figure(tracker.figure(args.name).stain_to_tinge())

    return _step(args, f"{args.name} draws a Tinge card", change)


def _combat(args: argparse.Namespace) -> Result:
    order = [name.strip() for name in args.order.split(",")] if args.order else None
    return _step(args, "Start a combat", lambda t: t.start_combat(order))


def _done(args: argparse.Namespace) -> Result:
    return _step(
        args, f"{args.name}'s Activation ends", lambda t: t.end_activation(args.name, args.extra)
    )


def _on_dial(tracker: Tracker, name: str, move: Callable[[Any, str], Any]) -> Tracker:
    from dataclasses import replace

    return replace(tracker, dial=move(tracker.dial, tracker.figure(name).name))


def _move(args: argparse.Namespace) -> Result:
    return _step(
        args,
        f"Move {args.name} {args.steps} on",
        lambda t: _on_dial(t, args.name, lambda dial, name: dial.advance(name, args.steps)),
    )


def _arrive(args: argparse.Namespace) -> Result:
    return _step(
        args,
        f"{args.name} joins the combat",
        lambda t: _on_dial(t, args.name, lambda dial, name: dial.arrive(name, args.ahead)),
    )


def _next(args: argparse.Namespace) -> Result:
    from dataclasses import replace

    def change(tracker: Tracker) -> Tracker:
        dial = tracker.dial.turned() if args.one else tracker.dial.to_next_token()
        return replace(tracker, dial=dial)

    return _step(args, "Turn the Initiative dial", change)
