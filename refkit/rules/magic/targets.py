"""Whom or what a spell targets (L1002–1009): at most a number of them, or all in range or area.

Kinds: allies (you included), an enemy, a creature (anyone but you), an object (not carried or
worn by another creature; a corpse is one), a target (a creature other than you or such an
object), or yourself. A spell with no target entry (an attack that hits anything in its area, or
one whose description says) has :data:`NO_TARGETS`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from refkit.rules.magic.words import SpellFieldError, plain_words

MOST_TARGETS = 20


class TargetKind(StrEnum):
    ALLY = "ally"
    ENEMY = "enemy"
    CREATURE = "creature"
    OBJECT = "object"
    TARGET = "target"  # a creature other than you, or an object: mixing is allowed
    SELF = "self"
    NONE = "none"


_PLURALS = {
    "ally": TargetKind.ALLY,
    "allies": TargetKind.ALLY,
    "enemy": TargetKind.ENEMY,
    "enemies": TargetKind.ENEMY,
    "creature": TargetKind.CREATURE,
    "creatures": TargetKind.CREATURE,
    "object": TargetKind.OBJECT,
    "objects": TargetKind.OBJECT,
    "target": TargetKind.TARGET,
    "targets": TargetKind.TARGET,
    "corpse": TargetKind.OBJECT,  # a corpse is an object (L116-122)
    "corpses": TargetKind.OBJECT,
}


@dataclass(frozen=True)
class Targets:
    """``count`` is the most that may be picked (fewer is fine); None with ``every`` means All."""

    kind: TargetKind
    count: int | None = None
    every: bool = False
    detail: str = ""  # what narrows the kind: "Tiny"
    written: str = ""  # the entry as the spell writes it ("1 corpse"), shown as it is

    @property
    def may_be_an_object(self) -> bool:
        """True when the spell may be cast on an object (so a backlash may need retargeting)."""
        return self.kind in (TargetKind.OBJECT, TargetKind.TARGET)

    @property
    def only_objects(self) -> bool:
        return self.kind is TargetKind.OBJECT

    @property
    def text(self) -> str:
        if self.written:
            return self.written
        if self.kind is TargetKind.NONE:
            return ""
        if self.kind is TargetKind.SELF:
            return "self"
        noun = {"ally": "allies", "enemy": "enemies"}.get(self.kind.value, f"{self.kind}s")
        detail = f"{self.detail} " if self.detail else ""
        if self.every:
            return f"All {detail}{noun}"
        one = self.count == 1
        return f"{self.count} {detail}{self.kind.value if one else noun}"


NO_TARGETS = Targets(TargetKind.NONE)
_ENTRY = re.compile(r"^(?:(?P<count>\d{1,3})|(?P<all>all))\s+(?P<rest>.+)$")


def parse_targets(text: str) -> Targets:
    """Read ``1 creature``, ``3 allies``, ``All creatures``, ``1 Tiny object``, ``2 targets``,
    ``self`` or an empty entry (no targets)."""
    words = plain_words(text)
    if not words:
        return NO_TARGETS
    if words in ("self", "you", "yourself"):
        return Targets(TargetKind.SELF, count=1)
    match = _ENTRY.match(words)
    if match is None:
        raise SpellFieldError(_expected(text))
    noun = match["rest"].split(" ")[-1]
    kind = _PLURALS.get(noun)
    if kind is None:
        raise SpellFieldError(_expected(text))
    shown_detail = " ".join(text.split()[1:-1])  # as typed ("Tiny"), not case-folded
    written = " ".join(text.split())
    if match["all"]:
        return Targets(kind, every=True, detail=shown_detail, written=written)
    count = int(match["count"])
    if not 1 <= count <= MOST_TARGETS:
        raise SpellFieldError(f"targets {text!r}: a spell targets 1 to {MOST_TARGETS}, or All")
    return Targets(kind, count=count, detail=shown_detail, written=written)


def _expected(text: str) -> str:
    return (
        f"cannot read targets {text!r}: expected a number or All and allies, enemy, "
        "creature, object or target (e.g. '1 creature', 'All creatures'), or 'self'"
    )
