"""What a cast leaves behind beyond the book: lasting backlashes tracked until a rest or by hand,
a condition backlash on the crow, an out-of-combat cast's ten minutes off the DT, and the
session-log entry marked undone while the cast is undone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.magic.cast import CastCommand, dt_under_way, plan_cast
from refkit.compose import Services
from refkit.rules.dungeon.effects import EffectKind
from refkit.rules.magic.casting import CastDice
from refkit.rules.magic.casting_time import CastingKind, CastingTime
from refkit.rules.magic.spellbooks import find_spell, load_default_spells
from refkit.rules.tables.defaults import BACKLASH_TABLE, default_table
from refkit.slot_record import replace
from tests.casters import CROW, book, caster, services_with

TABLE = default_table(BACKLASH_TABLE)
SPELLS = load_default_spells()
DOOM = (1, 2)  # 1 + 2 on the test: a doom, so a backlash


CASTER = caster(
    [
        book("Deadspeech book", "deadspeech", "hand", 1, 3),
        book("Light book", "light", "hand", 2, 3),
    ]
)


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with services_with(tmp_path, CASTER) as built:
        yield built


def cast(
    services: Services, dice: CastDice, item_id: str = "deadspeech", spells=SPELLS
) -> CastCommand:
    plan = plan_cast(
        services.characters,
        CROW,
        item_id,
        spells=spells,
        backlash_table=TABLE,
        rng=random.Random(0),
        effects=services.dungeon.effects(),
        dt_under_way=dt_under_way(services.dungeon),
        dice=dice,
    )
    return CastCommand(
        plan, services.characters, services.dungeon, services.dice.log_roll, services.utc_now
    )


def backlash(services: Services, tens: int, ones: int) -> CastCommand:
    """Deadspeech is rank 1: the backlash index is the d100 + 1."""
    command = cast(services, CastDice(test=DOOM, book=(6, 6, 6), backlash=(tens, ones)))
    command.do()
    return command


def test_a_backlash_until_a_rest_is_tracked_outlasts_the_dt_and_ends_at_the_rest(
    services: Services,
) -> None:
    backlash(services, 4, 4)  # 44 + 1 = 45: the 45–46 row, until a rest
    (effect,) = services.dungeon.effects()
    assert (effect.name, effect.kind, effect.usage_dice, effect.owner) == (
        "Backlash 45–46",
        EffectKind.BACKLASH,
        0,
        CROW,
    )
    assert effect.ends_at_rest and not effect.ends_at_dt_end
    services.dungeon.start()
    services.dungeon.end_turn(die=6)
    assert [e.name for e in services.dungeon.effects()] == ["Backlash 45–46"]
    services.dungeon.start_rest(seed=1)
    services.dungeon.rest_halfway()
    assert services.dungeon.effects() == ()


@pytest.mark.parametrize(
    ("tens", "ones", "row"), [(1, 10, "Backlash 11–12"), (8, 6, "Backlash 87–88")]
)
def test_permanent_and_until_removed_backlashes_stay_until_the_referee_removes_them(
    services: Services, tens: int, ones: int, row: str
) -> None:
    backlash(services, tens, ones)  # 10 + 1 = 11: permanent; 86 + 1 = 87: until removed
    (effect,) = services.dungeon.effects()
    assert (effect.name, effect.usage_dice, effect.ends_at_dt_end, effect.ends_at_rest) == (
        row,
        0,
        False,
        False,
    )
    services.dungeon.start()
    services.dungeon.end_turn(die=6)
    services.dungeon.start_rest(seed=1)
    services.dungeon.rest_halfway()
    assert [e.name for e in services.dungeon.effects()] == [row]
    services.dungeon.remove(effect.id)
    assert services.dungeon.effects() == ()


def test_a_condition_backlash_puts_its_conditions_on_the_crow_and_undo_takes_them_off(
    services: Services,
) -> None:
    command = backlash(services, 6, 10)  # 60 + 1 = 61: weakened and vulnerable
    assert services.characters.get(CROW).conditions == ("vulnerable", "weakened")
    (effect,) = services.dungeon.effects()
    assert (effect.name, effect.ends_at_dt_end) == ("Backlash 61–62", True)
    assert "Ilse Marrow is now vulnerable and weakened" in command.plan.lines
    command.undo()
    assert services.characters.get(CROW).conditions == ()
    assert services.dungeon.effects() == ()


def test_a_grabbed_backlash_is_tracked_until_removed(services: Services) -> None:
    backlash(services, 3, 2)  # 32 + 1 = 33: grabbed, which does not end with the DT
    assert services.characters.get(CROW).conditions == ("grabbed",)
    (effect,) = services.dungeon.effects()
    assert (effect.ends_at_dt_end, effect.ends_at_rest, effect.usage_dice) == (False, False, 0)


def test_an_instant_backlash_leaves_no_effect(services: Services) -> None:
    backlash(services, 8, 2)  # 82 + 1 = 83: two wounds, instant
    assert services.dungeon.effects() == ()


def _out_of_combat_spells():
    light = find_spell(SPELLS, "Light")
    slow = replace(light, casting_time=CastingTime(CastingKind.OUT_OF_COMBAT))
    return tuple(slow if spell is light else spell for spell in SPELLS)


def test_an_out_of_combat_cast_takes_ten_minutes_off_the_running_dt_in_the_same_undo_step(
    services: Services,
) -> None:
    services.dungeon.start(60)
    services.dungeon.pause()  # a paused clock holds still, so the minutes can be read exactly
    before = services.dungeon.store.load().clock.remaining(0)
    command = cast(
        services, CastDice(test=(8, 8), book=(4, 4, 4)), "light", _out_of_combat_spells()
    )
    assert command.plan.minutes_taken == 10
    command.do()
    clock = services.dungeon.store.load().clock
    assert clock.remaining(0) == pytest.approx(before - 600)
    assert clock.audit[-1].reason == f"{CROW} casts Light out of combat"
    command.undo()
    assert services.dungeon.store.load().clock.remaining(0) == pytest.approx(before)
    assert services.characters.get(CROW).items.find("light").usage_dice.current == 3


def test_an_out_of_combat_cast_with_no_dt_under_way_takes_no_minutes(services: Services) -> None:
    command = cast(
        services, CastDice(test=(8, 8), book=(4, 4, 4)), "light", _out_of_combat_spells()
    )
    assert command.plan.minutes_taken == 0
    command.do()
    assert services.dungeon.store.load().clock.audit == ()


def test_a_combat_spell_takes_no_minutes_off_the_dt(services: Services) -> None:
    services.dungeon.start(60)
    command = cast(services, CastDice(test=(8, 8), book=(4, 4, 4)), "light")
    assert command.plan.minutes_taken == 0


def test_undoing_a_cast_marks_its_session_log_entry_undone_and_redo_unmarks_it(
    services: Services,
) -> None:
    command = cast(services, CastDice(test=(8, 8), book=(4, 4, 4)), "light")
    command.do()

    def casts(include_undone: bool) -> list[tuple[str, bool]]:
        entries = services.session_log.entries(kinds=["cast"], include_undone=include_undone)
        return [(entry.text.split(":")[0], entry.undone) for entry in entries]

    assert casts(False) == [(f"{CROW} casts Light", False)]
    command.undo()
    assert casts(False) == []
    assert casts(True) == [(f"{CROW} casts Light", True)]
    command.do()
    assert casts(True) == [(f"{CROW} casts Light", False)]
