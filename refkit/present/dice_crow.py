"""What the dice panel says about the crow it rolls for, Qt-free: the characteristic buttons'
captions, the expertise uses it offers, the prepared task's +2 and the conditions' line. The
panel (:class:`refkit.gui.dice.panel.DicePanel`) only draws these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from refkit.present.test_text import shown_signed
from refkit.rules.checks.conditions import NO_EFFECT, ConditionEffect, conditions_on_test
from refkit.rules.checks.prepared import PREPARED_BONUS

if TYPE_CHECKING:  # the dice panel is built before the first paint, without the crows' model
    from refkit.rules.character.model import Character

NO_CROW_EXPERTISE = "Spend an expertise use after the roll: +1 tier (X)"


def characteristic_caption(caption: str, crow: Character | None, name: str) -> str:
    """``Agility +1`` for a crow, the bare caption without one."""
    if crow is None:
        return caption
    return f"{caption} {shown_signed(crow.characteristics.as_dict()[name])}"


@dataclass(frozen=True)
class ExpertiseOffer:
    """The expertise uses a crow may spend on this roll: (shown text, name) for each with uses
    left, and the tooltip of the expertise box (plain text: the crow's name as typed)."""

    choices: tuple[tuple[str, str], ...]
    tooltip: str

    @property
    def spendable(self) -> bool:
        return bool(self.choices)


def expertise_offer(crow: Character) -> ExpertiseOffer:
    choices = tuple(
        (f"{expertise.name} ({expertise.left} left)", expertise.name)
        for expertise in crow.expertises
        if expertise.left > 0
    )
    tooltip = (
        f"Spend a use of {crow.name}'s chosen expertise after the roll: +1 tier (X)"
        if choices
        else f"{crow.name} has no expertise uses left until the next rest"
    )
    return ExpertiseOffer(choices, tooltip)


def prepared_offer(crow: Character | None, task: str) -> tuple[str, str]:
    """The prepared task's box text and tooltip (both empty: no box) for the crow's test."""
    if crow is None or not task:
        return "", ""
    return (
        f"Prepared for: {task} (+{PREPARED_BONUS})",
        f"{crow.name} prepared for this at the last rest: +{PREPARED_BONUS} on it until the "
        "next rest ends",
    )


def effect_on_test(crow: Character | None, tested: str | None) -> ConditionEffect:
    """What the crow's conditions do to this test: blessed and weakened act on every test, so
    they show before a characteristic is chosen; the unconscious doom waits for Agility or
    Strength."""
    if crow is None:
        return NO_EFFECT
    return conditions_on_test(crow.conditions, tested or "mind")


def conditions_line(crow: Character, tested: str | None, effect: ConditionEffect) -> str:
    """``For Wren · blessed: +1 edge …``: whom the test is for and what acts on it."""
    words = [f"For {crow.name}"]
    if tested is None:
        words.append("choose Agility, Strength or Mind")
    words.extend(effect.reasons)
    if "unconscious" in crow.conditions and tested is None:
        words.append("unconscious: Agility and Strength tests are a doom")
    return " · ".join(words)
