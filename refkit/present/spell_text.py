"""A spell in words and as JSON: the lines ``refkit spell show`` prints (a spell card's face, in
order: name, rank and discipline, casting, targets, range and area, duration, each tier, the
book) and the object it gives with ``--json``."""

from __future__ import annotations

from typing import Any

from refkit.rules.magic.spell import Spell
from refkit.rules.magic.spell_range import RangeKind


def spell_dict(spell: Spell) -> dict[str, Any]:
    return {
        "name": spell.name,
        "rank": spell.rank,
        "discipline": str(spell.discipline),
        "expertise": spell.expertise,
        "casting_time": str(spell.casting_time.kind),
        "trigger": spell.casting_time.trigger or None,
        "in_game_minutes": spell.casting_time.in_game_minutes,
        "attack": spell.attack,
        "targets": spell.targets.text or None,
        "range": spell.range.text,
        "area": None if spell.area is None else spell.area.text,
        "duration": spell.duration.text,
        "description": spell.description,
        "outcomes": {
            f"tier{tier}": {"text": outcome.text, "damage": outcome.damage or None}
            for tier, outcome in sorted(spell.outcomes.items())
        },
        "book": {
            "name": spell.book.name,
            "usage_dice": spell.book.usage_dice,
            "price": spell.book.price,
        },
    }


TIER_BANDS = {1: "≤11", 2: "12–16", 3: "17+"}


def spell_lines(spell: Spell) -> list[str]:
    kind = "attack" if spell.attack else spell.casting_time.text
    lines = [
        spell.name,
        f"rank {spell.rank} {spell.discipline} ({kind}); expertise: {spell.expertise}",
    ]
    if spell.casting_time.in_game_minutes:
        lines.append(f"takes {spell.casting_time.in_game_minutes} in-game minutes")
    reach = [f"range {spell.range.text}"]
    if spell.targets.text:
        reach.insert(0, f"targets {spell.targets.text}")
    if spell.area is not None:
        reach.append(f"area {spell.area.text}")
    lines.append(", ".join(reach))
    lines.append(f"duration {spell.duration.text}")
    lines.append(spell.description)
    for tier in (1, 2, 3):
        outcome = spell.outcome(tier)
        if outcome is None:
            lines.append(f"  {TIER_BANDS[tier]:>5}  a miss")
            continue
        damage = f" — {outcome.damage} damage" if outcome.damage else ""
        lines.append(f"  {TIER_BANDS[tier]:>5}  {outcome.text}{damage}")
    lines.append(
        f"book: {spell.book.name}, {spell.book.usage_dice} usage "
        f"{'die' if spell.book.usage_dice == 1 else 'dice'} (a rest restores them), "
        f"{spell.book.price} gc"
    )
    return lines


def spell_damage(damage: str, mind: int | None) -> int | None:
    """An attack spell's damage (``2+M``) as a number when the caster's Mind is known."""
    if mind is None or not damage:
        return None
    base, plus, what = damage.replace(" ", "").partition("+")
    if not base.isdigit() or (plus and what.upper() != "M"):
        return None
    return int(base) + (mind if plus else 0)


def spell_outcome_words(spell: Spell, tier: int, mind: int | None) -> tuple[str, int | None]:
    """What the spell does at ``tier``, in words, and its damage when known. An attack spell's
    tier 1 misses; a melee one leaves the caster open to the target's counter (L715)."""
    outcome = spell.outcome(tier)
    if outcome is None:
        if spell.range.kind is RangeKind.MELEE:
            return (
                "a miss: the target may counter with its reaction (its weapon's tier 2 "
                "result, tier 3 on a doom)",
                None,
            )
        return "a miss", None
    dealt = spell_damage(outcome.damage, mind)
    if dealt is not None:
        return f"{outcome.text} ({outcome.damage} = {dealt} damage)", dealt
    damage = f" ({outcome.damage} damage)" if outcome.damage else ""
    return f"{outcome.text}{damage}", None
