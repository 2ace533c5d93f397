"""Weapon keywords: labels with a short note, applied automatically never.

The rulebook names keywords (parry, brutal, disengage, dismember, reload, cumbersome …) without
saying what they do, so Refkit shows each as a label with a note the referee can change, and no
attack reads them. The notes below are Refkit's own reminders, not rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from refkit.rules.common.name_text import require_plain_name

KEYWORD_NOTES: dict[str, str] = {
    "bashing": "Weapon group: blunt weapons.",
    "bow": "Weapon group: bows and crossbows; needs ammunition.",
    "brutal": "No rule written yet; the referee decides what it does.",
    "chopping": "Weapon group: axes and choppers.",
    "cumbersome": "Needs both hands to use.",
    "disengage": "No rule written yet; the referee decides what it does.",
    "dismember": "No rule written yet; the referee decides what it does.",
    "light": "A light weapon; the referee decides what that allows.",
    "parry": "The number is how much a parry may stop; the referee rules on it.",
    "pummeling": "No rule written yet; the referee decides what it does.",
    "reload": "Reloading takes time between shots; the referee rules on it.",
    "slashing": "Weapon group: blades.",
    "stabbing": "Weapon group: points.",
}
"""Refkit's default note for each keyword the Playtest 2 weapon cards print."""

NOTE_MAX = 200
"""A keyword's note is a short reminder, not a rule text."""

_KEYWORD = re.compile(r"^(?P<name>[^\d]+?)\s*(?P<value>\d+)?$")


@dataclass(frozen=True)
class Keyword:
    """A keyword as printed (``parry 6``): its name, its number if any, and a note."""

    name: str
    value: int | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a keyword needs a name")
        require_plain_name("a keyword", self.name)
        object.__setattr__(self, "note", self.note.strip())  # as a file reads it back
        if len(self.note) > NOTE_MAX:
            raise ValueError(
                f"the note on keyword {self.name!r} is {len(self.note)} characters; "
                f"a note holds at most {NOTE_MAX}"
            )

    @property
    def label(self) -> str:
        """The keyword as the card prints it: ``parry 6``."""
        return self.name if self.value is None else f"{self.name} {self.value}"


def read_keyword(text: str, note: str | None = None) -> Keyword:
    """``parry 6`` as a Keyword, with ``note`` or Refkit's default note for its name."""
    clean = " ".join(text.split()).lower()
    match = _KEYWORD.match(clean)
    if not clean or match is None:
        raise ValueError(
            f"a keyword is a word with an optional number, e.g. 'parry 6'; got {text!r}"
        )
    name = match["name"].strip()
    value = int(match["value"]) if match["value"] is not None else None
    chosen = KEYWORD_NOTES.get(name, "") if note is None else note.strip()
    return Keyword(name=name, value=value, note=chosen)
