"""What the Warcrow tracker shows, worked out without Qt: the dial's ten cells, the line above
them, and each figure's line (the panel only draws these)."""

from __future__ import annotations

from dataclasses import dataclass

from refkit.games.warcrow.states import State
from refkit.games.warcrow.tracker import POSITIONS, Figure, Tracker


@dataclass(frozen=True)
class DialCell:
    """One position of the tracker: its tokens top first (the first activates first)."""

    position: int
    tokens: tuple[str, ...]
    current: bool

    @property
    def text(self) -> str:
        return "\n".join((str(self.position), *self.tokens))

    @property
    def tooltip(self) -> str:
        if not self.tokens:
            return f"Position {self.position}: no token"
        order = ", then ".join(self.tokens)
        return f"Position {self.position}: {order} (the top token activates first)"


def dial_cells(tracker: Tracker) -> tuple[DialCell, ...]:
    dial = tracker.dial
    return tuple(
        DialCell(n, tuple(reversed(dial.stack(n))), n == dial.position)
        for n in range(1, POSITIONS + 1)
    )


def dial_line(tracker: Tracker) -> str:
    dial = tracker.dial
    if not dial.tokens():
        return f"Round {dial.round} · no tokens on the dial: start a combat to place them"
    active = dial.active
    now = f"{active} activates" if active else "nobody here: turn the dial on"
    return f"Round {dial.round} · dial at {dial.position} · {now}"


def figure_caption(figure: Figure) -> str:
    who = "Enemy" if figure.enemy else "Character"
    return f"{figure.name} · {who} · Init {figure.initiative} · Vit {figure.vitality}"


def figure_status(figure: Figure) -> str:
    """The States (and Unconscious / left the campaign) in words."""
    parts = [state.label for state in State if state in figure.states]
    if figure.unconscious:
        parts.append("dead" if figure.enemy else "Unconscious")
    if figure.left_campaign:
        parts.append("leaves the campaign (third Tinge card)")
    return ", ".join(parts) or "no States"


STATE_HELP = {
    State.FRIGHTENED: "Before rolling: one offensive die fewer to attack, one defensive to respond",
    State.STUNNED: "−1 Success on Attack, Magical Attack and Response rolls",
    State.FOCUS: "May upgrade one die of every roll until the end of the next Activation",
    State.DERANGED: "1 Wound at the end of each Activation (again: 1 Wound)",
    State.SLOWED: "The token advances one more position at the end of the Activation",
    State.BLEEDING: "1 Wound at the end of each Activation (again: 1 Wound)",
    State.VULNERABLE: "−1 Block on every roll",
}
"""Each State in a line, in Refkit's words (rulebook L958-966)."""
