"""What the window's crow builder shows and decides, Qt-free (rules/characters-facts.md §1, §2, §6).

The builder's pages draw these texts and ask these functions: the background table with the odds
of each on a 2d6 roll (first die the row, second the column), the characteristics a choice gives,
the Stamina / expertise-uses trade as the backgrounds print it, the kit, the purse and the pet,
the NPC connection, and every reason a choice is not allowed, named by the field it is about
(:func:`refkit.rules.character.creation.field_problems`), so the page can say it next to that
field. The crow itself is made by :func:`refkit.rules.character.creation.new_crow`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from refkit.rules.character.build_data import Background, BuildData, UnknownNameError
from refkit.rules.character.creation import (
    SHAPES,
    CreationChoices,
    field_problems,
    kit_names,
)
from refkit.rules.character.model import CHARACTERISTIC_NAMES
from refkit.rules.character.progress import CONNECTION_BENEFITS, Connection

D6_FACES = range(1, 7)
PAGE_FIELDS: dict[str, tuple[str, ...]] = {
    "identity": ("name",),
    "background": ("background",),
    "characteristics": ("two", "shape", "high"),
    "kit": ("coins", "connection"),
}
"""The choices each builder page asks for, in the names :func:`field_problems` uses."""
SHAPE_LABELS = {"10": "2, 1, 0", "m12": "2, 2, −1"}
CONNECTION_BENEFIT_TEXT: dict[str, str] = {
    "Animal Lover": "feeds your pets in the village for free; resting animals heal more wounds",
    "Caretaker": "you may rest in their home: heal 2 more wounds (3 at Prosperity 6+)",
    "Concerned": "once a cycle, a torch for you when you set out",
    "Crafty": "+2 on your crafting rolls made in the village",
    "Foodie": "once a cycle, rations (half the Prosperity, at least 1) when you set out",
    "Magic Enthusiast": "identifies magic items for you, up to the Prosperity a day (at least 1)",
    "Money Bags": "lends up to 100 gc per point of Prosperity (at least 100); repay first",
    "Monster Collector": "swaps 1 monster part of a kind for 5 parts of another kind",
    "Rival": "once a cycle, a 50 gc bet on whose trip earns more (even die: you win)",
    "Smarty Pants": "looks one question up at a time, answering a day later if the village knows",
}
"""One line per connection benefit, in our own words (characters-facts.md §6)."""
assert tuple(CONNECTION_BENEFIT_TEXT) == CONNECTION_BENEFITS


@dataclass(frozen=True)
class BackgroundRow:
    """One row of the background table as the builder lists it."""

    roll: str
    name: str
    odds: str
    two_in: str
    stamina: int
    uses: int
    trait: str


def odds(data: BuildData) -> dict[str, Fraction]:
    """Each background's chance on the 2d6 roll, counted over the 36 ways the dice fall."""
    counts = Counter(
        data.background_rolled(first, second).name for first in D6_FACES for second in D6_FACES
    )
    return {name: Fraction(count, 36) for name, count in counts.items()}


def odds_text(chance: Fraction) -> str:
    ways = chance * 36
    return f"{ways} in 36 ({float(chance):.1%})"


def two_in_text(background: Background) -> str:
    if len(background.two_in) == len(CHARACTERISTIC_NAMES):
        return "any"
    return " or ".join(name.capitalize() for name in background.two_in)


def background_rows(data: BuildData) -> list[BackgroundRow]:
    """The 36 backgrounds in table order (by roll), each with its odds on 2d6."""
    chances = odds(data)
    return [
        BackgroundRow(
            roll=background.roll_text,
            name=background.name,
            odds=odds_text(chances.get(background.name, Fraction(0))),
            two_in=two_in_text(background),
            stamina=background.stamina,
            uses=background.total_uses,
            trait=background.starting_trait,
        )
        for background in sorted(data.backgrounds, key=lambda b: b.roll)
    ]


def rolled_text(data: BuildData, first: int, second: int) -> str:
    """What a 2d6 roll on the table says: the dice, the background and its odds."""
    background = data.background_rolled(first, second)
    chance = odds(data)[background.name]
    return (
        f"Rolled {first} (row) and {second} (column): {background.name}, "
        f"a {odds_text(chance)} chance"
    )


def find_background(data: BuildData, name: str) -> Background | None:
    try:
        return data.background(name)
    except UnknownNameError:
        return None


def usual_uses(data: BuildData) -> dict[int, int]:
    """For each Stamina the backgrounds give (highest first), the total expertise uses most of
    them give."""
    by_stamina: dict[int, Counter[int]] = {}
    for background in data.backgrounds:
        by_stamina.setdefault(background.stamina, Counter())[background.total_uses] += 1
    return {
        stamina: counts.most_common(1)[0][0]
        for stamina, counts in sorted(by_stamina.items(), reverse=True)
    }


def trade_text(data: BuildData, background: Background) -> str:
    """The Stamina / expertise-uses trade: tougher backgrounds know less, as printed."""
    usual = usual_uses(data)
    pattern = ", ".join(f"Stamina {s} comes with {u} uses" for s, u in usual.items())
    own = (
        f"{background.name} gives Stamina {background.stamina} and "
        f"{background.total_uses} expertise uses"
    )
    expected = usual.get(background.stamina)
    if expected is not None and expected != background.total_uses:
        own += f" — printed so, off the usual {expected} (the backgrounds are taken as printed)"
    return f"The tougher the background, the fewer its expertise uses: {pattern}. {own}."


def expertise_lines(data: BuildData, background: Background) -> list[str]:
    """The background's expertises, each with its uses (the printed number is the total)."""
    lines = []
    for starting in background.expertises:
        info = next(
            (e for e in data.expertises if e.name.casefold() == starting.name.casefold()), None
        )
        kind = f"{info.category}: {info.covers}" if info is not None else ""
        uses = "1 use" if starting.uses == 1 else f"{starting.uses} uses"
        lines.append(f"{starting.name} — {uses}" + (f" ({kind})" if kind else ""))
    return lines


def starting_trait_text(data: BuildData, background: Background) -> str:
    """The free starting trait and what it does."""
    try:
        trait = data.trait(background.starting_trait)
    except UnknownNameError:
        return background.starting_trait
    return f"{trait.key} (free) — {trait.summary}"


def characteristic_values(
    background: Background, two: str, shape: str, high: str
) -> dict[str, int] | None:
    """The three characteristics the choice gives (None: the choice is not complete yet)."""
    two = two or (background.two_in[0] if len(background.two_in) == 1 else "")
    others = [name for name in CHARACTERISTIC_NAMES if name != two]
    if two not in background.two_in or shape not in SHAPES or high not in others:
        return None
    values = dict.fromkeys(CHARACTERISTIC_NAMES, 0)
    values[two] = 2
    low = next(name for name in others if name != high)
    values[high], values[low] = (1, 0) if shape == "10" else (2, -1)
    return values


def values_text(values: dict[str, int] | None) -> str:
    if values is None:
        return "Choose the shape and which characteristic gets the higher value."
    return ", ".join(f"{name.capitalize()} {values[name]:+d}" for name in CHARACTERISTIC_NAMES)


def kit_lines(background: Background) -> list[str]:
    """The standard kit and the background's, one item a line."""
    return [f"{count} × {name}" if count > 1 else name for name, count in kit_names(background)]


def pet_text(background: Background) -> str:
    if not background.pet:
        return "No pet comes with this background."
    return f"A {background.pet} comes with this background (its feed is in the kit)."


def coins_text(background: Background, dice: Sequence[int]) -> str:
    """The purse: 3d6 gc plus the background's extra gold."""
    rolled = " + ".join(str(d) for d in dice)
    total = sum(dice) + background.extra_gc
    extra = (
        f", plus {background.extra_gc} gc from the {background.name}" if background.extra_gc else ""
    )
    return f"3d6 = {rolled} = {sum(dice)} gc{extra}: {total} gc in the purse"


def connection_from(name: str, relationship: str, benefit: str) -> Connection | None:
    """The NPC connection typed (None: none yet). Raises ValueError naming a bad value."""
    if not (name.strip() or relationship.strip() or benefit):
        return None
    return Connection(name.strip(), relationship.strip(), benefit)


def connection_problems(name: str, relationship: str, benefit: str) -> list[str]:
    try:
        connection_from(name, relationship, benefit)
    except ValueError as error:
        return [str(error)]
    return []


def page_problems(
    data: BuildData, choices: CreationChoices, page: str, *, connection_problem: str = ""
) -> list[tuple[str, str]]:
    """The reasons ``page`` cannot be left yet, each as (field, reason)."""
    fields = PAGE_FIELDS[page]
    found = [(field, reason) for field, reason in field_problems(data, choices) if field in fields]
    if connection_problem and "connection" in fields:
        found.append(("connection", connection_problem))
    return found


def summary_lines(data: BuildData, choices: CreationChoices) -> list[str]:
    """A last look at the crow the choices make."""
    background = find_background(data, choices.background)
    if background is None:
        return ["No background chosen yet."]
    values = characteristic_values(background, choices.two, choices.shape, choices.high)
    lines = [
        f"{background.name} (roll {background.roll_text})",
        values_text(values),
        f"Stamina {background.stamina}, speed 5",
        "Expertises: " + ", ".join(f"{e.name} {e.uses}" for e in background.expertises),
        f"Starting trait: {background.starting_trait}",
        coins_text(background, choices.coin_dice),
    ]
    if background.pet:
        lines.append(f"Pet: {background.pet}")
    connection = choices.connection
    if connection is not None:
        tail = ", ".join(t for t in (connection.relationship, connection.benefit) if t)
        lines.append(f"Connection: {connection.name}" + (f" ({tail})" if tail else ""))
    else:
        lines.append("No NPC connection (the rules give every crow one in the village)")
    return lines
