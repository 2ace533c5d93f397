"""Growing a crow with XP (rules/characters-facts.md §4.1, §5).

- XP earned raises both the total (TXP) and the spendable XP.
- A trait costs 500 / 1,000 / 1,500 / 2,000 XP by its row. Any starting trait (row 1) may be
  bought; a later one only when the crow has a trait of the row above, in the same tree, joined
  to it by a printed line. Each trait is bought once; the background's starting trait is free.
- Each Expertise & Stamina bonus earned by TXP is one of: 3 expertise uses (split freely, new
  expertises allowed, none above the most uses for the TXP), +2 Stamina max, or 1 use and +1
  Stamina max. ``add_expertise_use`` takes the uses one at a time: the first use opens a bonus
  and keeps the other two for the next ones.
- Each characteristic bonus is +1 to one characteristic, at most 4; when all three are at 4 it is
  +2 Stamina max instead.

Every refusal is an :class:`AdvanceRefused` saying what is missing; nothing is changed. When the
XP may be spent (the end of a rest) is the referee's call and not checked here.
"""

from __future__ import annotations

from dataclasses import replace

from refkit.errors import DomainError
from refkit.rules.character.build_data import BuildData, Trait, UnknownNameError, fold
from refkit.rules.character.model import (
    CHARACTERISTIC_NAMES,
    Character,
    Expertise,
    expertise_category,
    load_expertise_names,
)
from refkit.rules.character.progress import Experience
from refkit.rules.inventory.model import WARNING, Problem

XP_MOST = 100_000_000


class AdvanceRefused(DomainError, ValueError):
    """An advancement the rules do not allow now; the message says why. Nothing changed."""


def add_xp(character: Character, amount: int) -> Character:
    """``amount`` XP earned: added to the total and to the spendable XP."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise AdvanceRefused(f"XP to add must be a whole number of 1 or more, not {amount!r}")
    if character.xp.total + amount > XP_MOST:
        raise AdvanceRefused(f"{character.name} would have more than {XP_MOST:,} XP")
    xp = replace(
        character.xp,
        total=character.xp.total + amount,
        spendable=character.xp.spendable + amount,
    )
    return replace(character, xp=xp)


def has_trait(character: Character, trait: Trait) -> bool:
    return any(fold(owned) == fold(trait.key) for owned in character.traits)


def trait_refusal(character: Character, trait: Trait) -> str | None:
    """Why ``character`` cannot buy ``trait`` now (None: it can)."""
    if has_trait(character, trait):
        return f"{character.name} already has {trait.key}"
    if trait.requires and not any(
        fold(f"{trait.tree}: {needed}") in {fold(t) for t in character.traits}
        for needed in trait.requires
    ):
        options = " or ".join(trait.requires)
        return f"{trait.key} needs {options} first (a trait joined to it by a line in its tree)"
    if character.xp.spendable < trait.cost:
        return (
            f"{trait.key} costs {trait.cost:,} XP; {character.name} has "
            f"{character.xp.spendable:,} XP to spend"
        )
    return None


def buy_trait(character: Character, data: BuildData, name: str) -> tuple[Character, Trait]:
    """The crow with the trait called ``name`` bought for its cost in XP."""
    trait = _trait(data, name)
    refusal = trait_refusal(character, trait)
    if refusal is not None:
        raise AdvanceRefused(refusal)
    xp = replace(character.xp, spendable=character.xp.spendable - trait.cost)
    return replace(character, traits=(*character.traits, trait.key), xp=xp), trait


def _trait(data: BuildData, name: str) -> Trait:
    try:
        return data.trait(name)
    except UnknownNameError as error:
        raise AdvanceRefused(str(error)) from None


def bonuses_left(character: Character, data: BuildData) -> tuple[int, int]:
    """(Expertise & Stamina bonuses, characteristic bonuses) earned and not yet claimed."""
    advancement, xp = data.advancement, character.xp
    return (
        max(0, advancement.expertise_stamina_bonuses(xp.total) - xp.es_taken),
        max(0, advancement.characteristic_bonuses(xp.total) - xp.char_taken),
    )


def _claim_es_bonus(character: Character, data: BuildData) -> Experience:
    es_left, _ = bonuses_left(character, data)
    if es_left < 1:
        nxt = next_es_threshold(character.xp.total, data)
        raise AdvanceRefused(
            f"{character.name} has no Expertise & Stamina bonus to claim "
            f"({character.xp.total:,} TXP; the next comes at {nxt:,} TXP)"
        )
    return replace(character.xp, es_taken=character.xp.es_taken + 1)


def next_es_threshold(txp: int, data: BuildData) -> int:
    """The TXP at which the next Expertise & Stamina bonus is earned."""
    advancement = data.advancement
    for threshold in advancement.es_thresholds:
        if threshold > txp:
            return threshold
    last = advancement.es_thresholds[-1]
    return last + ((txp - last) // advancement.es_repeat + 1) * advancement.es_repeat


def _with_one_more_use(character: Character, data: BuildData, name: str) -> Character:
    names = load_expertise_names()
    category = expertise_category(name, names)
    if category is None:
        raise AdvanceRefused(f"no expertise called {name!r} (the 30 expertises of the rules)")
    canonical = next(n for n in names[category] if fold(n) == fold(name))
    most = data.advancement.max_uses(character.xp.total)
    expertises = list(character.expertises)
    for index, expertise in enumerate(expertises):
        if fold(expertise.name) == fold(canonical):
            if expertise.uses >= most:
                raise AdvanceRefused(
                    f"{expertise.name} has {expertise.uses} uses, the most one expertise may "
                    f"have at {character.xp.total:,} TXP"
                )
            expertises[index] = replace(expertise, uses=expertise.uses + 1)
            break
    else:
        expertises.append(Expertise(name=canonical, category=category, uses=1))
    return replace(character, expertises=tuple(expertises))


def add_expertise_use(character: Character, data: BuildData, name: str) -> Character:
    """One expertise use (a new expertise at 1 use) from an Expertise & Stamina bonus: from the
    uses an earlier claim left over, else from a newly claimed "3 uses" bonus."""
    if character.xp.es_uses_left > 0:
        xp = replace(character.xp, es_uses_left=character.xp.es_uses_left - 1)
    else:
        xp = replace(_claim_es_bonus(character, data), es_uses_left=data.advancement.es_uses - 1)
    return replace(_with_one_more_use(character, data, name), xp=xp)


def add_stamina(character: Character, data: BuildData) -> Character:
    """An Expertise & Stamina bonus taken as +2 Stamina max (and +2 current)."""
    return _more_stamina(
        replace(character, xp=_claim_es_bonus(character, data)), data.advancement.es_stamina
    )


def add_mix(character: Character, data: BuildData, name: str) -> Character:
    """An Expertise & Stamina bonus taken as one use of ``name`` and +1 Stamina max."""
    xp = _claim_es_bonus(character, data)
    raised = _with_one_more_use(character, data, name)
    return _more_stamina(replace(raised, xp=xp), data.advancement.mix_stamina)


def _more_stamina(character: Character, amount: int) -> Character:
    stamina = replace(
        character.stamina,
        max=character.stamina.max + amount,
        current=character.stamina.current + amount,
    )
    return replace(character, stamina=stamina)


def raise_characteristic(character: Character, data: BuildData, name: str) -> Character:
    """A characteristic bonus: +1 to ``name`` (at most 4), or +2 Stamina max when all three are
    at 4 already."""
    wanted = name.strip().casefold()
    if wanted not in CHARACTERISTIC_NAMES:
        raise AdvanceRefused(
            f"no characteristic called {name!r} (one of {', '.join(CHARACTERISTIC_NAMES)})"
        )
    _, char_left = bonuses_left(character, data)
    if char_left < 1:
        raise AdvanceRefused(
            f"{character.name} has no characteristic bonus to claim ({character.xp.total:,} "
            "TXP; they come at 5,000, 15,000 and 30,000 TXP, then every 30,000)"
        )
    advancement = data.advancement
    xp = replace(character.xp, char_taken=character.xp.char_taken + 1)
    values = character.characteristics.as_dict()
    if all(v >= advancement.char_maximum for v in values.values()):
        return _more_stamina(replace(character, xp=xp), advancement.stamina_when_all_max)
    if values[wanted] >= advancement.char_maximum:
        raise AdvanceRefused(
            f"{wanted.capitalize()} is {values[wanted]}; advancement raises a characteristic "
            f"to {advancement.char_maximum} at most"
        )
    values[wanted] += 1
    characteristics = replace(character.characteristics, **{wanted: values[wanted]})
    return replace(character, characteristics=characteristics, xp=xp, advanced=True)


def progress_problems(character: Character, data: BuildData) -> list[Problem]:
    """Warnings about the version 2 keys: a background or trait the rules do not know, a trait
    held without a trait joined to it above, more bonuses claimed than the TXP earned."""
    problems: list[Problem] = []
    if character.background:
        try:
            data.background(character.background)
        except UnknownNameError:
            problems.append(
                Problem(
                    "unknown_background",
                    f"{character.background!r} is not one of the 36 backgrounds",
                    WARNING,
                )
            )
    owned = {fold(t) for t in character.traits}
    for name in character.traits:
        try:
            trait = data.trait(name)
        except UnknownNameError as error:
            problems.append(Problem("unknown_trait", str(error), WARNING))
            continue
        if trait.requires and not any(
            fold(f"{trait.tree}: {needed}") in owned for needed in trait.requires
        ):
            problems.append(
                Problem(
                    "trait_unreachable",
                    f"{trait.key} is held without {' or '.join(trait.requires)} above it",
                    WARNING,
                )
            )
    advancement, xp = data.advancement, character.xp
    if xp.es_taken > advancement.expertise_stamina_bonuses(xp.total) or (
        xp.char_taken > advancement.characteristic_bonuses(xp.total)
    ):
        problems.append(
            Problem(
                "xp_bonuses",
                f"more advancement bonuses are claimed than {xp.total:,} TXP gives",
                WARNING,
            )
        )
    return problems
