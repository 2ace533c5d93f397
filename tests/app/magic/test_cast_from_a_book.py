"""A crow casts from a book in hand: one undo step writing the book's dice, the expertise use and
the tracked duration; logged in the roll and session logs; refused with the reason otherwise."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.characters.roll_for import ExpertiseRefused
from refkit.app.magic.cast import CastCommand, CastRefused, plan_cast
from refkit.compose import Services
from refkit.rules.dungeon.effects import EffectKind
from refkit.rules.magic.casting import BookEmptyError, CastDice
from refkit.rules.magic.spellbooks import load_default_spells
from refkit.rules.tables.defaults import BACKLASH_TABLE, default_table
from tests.casters import CROW, ILLUSION, book, caster, services_with

TABLE = default_table(BACKLASH_TABLE)
SPELLS = load_default_spells()


CASTER = caster(
    [
        book("Light book", "light", "hand", 1, 2),
        book("Deadspeech book", "deadspeech", "hand", 2),
        book("Corrupt book", "corrupt", "backpack", 1),
    ],
    [ILLUSION],
)


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with services_with(tmp_path, CASTER) as built:
        yield built


def cast(services: Services, item_id: str, dice: CastDice, **options) -> CastCommand:
    plan = plan_cast(
        services.characters,
        CROW,
        item_id,
        spells=SPELLS,
        backlash_table=TABLE,
        rng=random.Random(0),
        effects=services.dungeon.effects(),
        dice=dice,
        **options,
    )
    return CastCommand(
        plan, services.characters, services.dungeon, services.dice.log_roll, services.utc_now
    )


def book_dice(services: Services, item_id: str) -> int:
    dice = services.characters.get(CROW).items.find(item_id).usage_dice
    assert dice is not None
    return dice.current


def test_a_cast_writes_the_book_the_expertise_and_the_spells_duration_as_one_undo_step(
    services: Services,
) -> None:
    # Mind 2 + 5 + 4 = 11 → tier 1, Illusion lifts it to tier 2 (a use spent); book 1 and 5.
    command = cast(services, "light", CastDice(test=(5, 4), book=(1, 5)), expertise=True)
    assert (command.plan.result.spell_tier, command.plan.expertise) == (2, "Illusion")
    assert book_dice(services, "light") == 2  # nothing written before the command is done
    command.do()
    crow = services.characters.get(CROW)
    assert book_dice(services, "light") == 1
    assert crow.expertises[0].spent == 1
    (effect,) = services.dungeon.effects()
    assert (effect.name, effect.kind, effect.usage_dice, effect.owner) == (
        "Light",
        EffectKind.SPELL,
        1,
        CROW,
    )
    command.undo()
    assert book_dice(services, "light") == 2
    assert services.characters.get(CROW).expertises[0].spent == 0
    assert services.dungeon.effects() == ()
    command.do()  # redo: the same result
    assert book_dice(services, "light") == 1 and len(services.dungeon.effects()) == 1


def test_the_cast_lands_in_the_roll_log_and_the_session_log_once(services: Services) -> None:
    command = cast(services, "light", CastDice(test=(8, 8), book=(4, 4)))
    command.do()
    command.undo()
    command.do()
    (roll,) = services.dice.recent(limit=None)
    assert (roll.record.kind, roll.record.detail["crow"]) == ("cast", CROW)
    assert roll.record.summary == "Light: tier 3, book 2 → 2"
    entries = [entry for entry in services.session_log.entries() if entry.kind == "cast"]
    assert len(entries) == 1
    assert entries[0].text.startswith(f"{CROW} casts Light: Mind test, dice 8 + 8 = 16")


def test_a_backlash_with_usage_dice_is_tracked_on_the_caster_and_is_rolled_again(
    services: Services,
) -> None:
    # 1 + 2: a doom. Book 6. Backlash d100 19 + rank 1 = 20: the 19–20 row, 2 UD.
    first = cast(services, "deadspeech", CastDice(test=(1, 2), book=(6,), backlash=(1, 9)))
    first.do()
    (effect,) = services.dungeon.effects()
    assert (effect.name, effect.kind, effect.usage_dice, effect.owner) == (
        "Backlash 19–20",
        EffectKind.BACKLASH,
        2,
        CROW,
    )
    assert book_dice(services, "deadspeech") == 1  # the book still rolled on a backlash
    again = cast(services, "deadspeech", CastDice(test=(1, 1), book=(3,), backlash=(1, 9)))
    draws = again.plan.result.backlash.draws
    assert draws[0].index == 20 and len(draws) == 2  # the same lasting row: rolled again


def test_a_spell_lasting_to_the_end_of_the_dt_ends_with_it(services: Services) -> None:
    command = cast(services, "deadspeech", CastDice(test=(6, 6), book=(4,)))
    command.do()
    (effect,) = services.dungeon.effects()
    assert (effect.name, effect.ends_at_dt_end, effect.usage_dice) == ("Deadspeech", True, 0)


def test_a_book_not_in_a_hand_or_used_up_or_unknown_is_refused_and_nothing_is_written(
    services: Services,
) -> None:
    before = services.characters.get(CROW)
    with pytest.raises(CastRefused, match="Corrupt book is not in a hand"):
        cast(services, "corrupt", CastDice())
    with pytest.raises(CastRefused, match="carries no item 'sword'"):
        cast(services, "sword", CastDice())
    with pytest.raises(ExpertiseRefused, match="no expertise called 'Necromancy'"):
        cast(services, "deadspeech", CastDice(), expertise=True)
    cast(services, "deadspeech", CastDice(test=(6, 6), book=(1,))).do()  # the die is lost
    with pytest.raises(BookEmptyError, match="rest restores them"):
        cast(services, "deadspeech", CastDice(test=(6, 6)))
    after = services.characters.get(CROW)
    assert after.items.find("corrupt") == before.items.find("corrupt")
    assert len(services.dice.recent(limit=None)) == 1
