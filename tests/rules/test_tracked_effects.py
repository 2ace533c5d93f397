"""Tracked effects: lights, spells, backlashes and custom effects with usage dice."""

from __future__ import annotations

import pytest

from refkit.rules.dungeon.effects import (
    LIGHT_PRESETS,
    EffectKind,
    LightStatus,
    TrackedEffect,
    activate,
    add_effect,
    backlash_effect,
    custom_effect,
    douse,
    light,
    light_from_item,
    next_effect_id,
    parse_modes,
    refuel,
    relight,
    remove_effect,
    replace_effect,
    restore_on_rest,
    roll_effect,
    spell_duration,
    with_crow_renamed,
)
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.usage_dice import UsageDiceMode
from tests.rules.scripted_random import ScriptedRandom

DT = UsageDiceMode.DT
USELESS = UsageDiceMode.USELESS
REFUEL = UsageDiceMode.REFUEL
REST = UsageDiceMode.REST


@pytest.mark.parametrize("preset", sorted(LIGHT_PRESETS))
def test_a_light_preset_has_the_dice_of_its_catalogue_card(preset: str) -> None:
    card = find_catalogue_item(load_item_catalogue(), LIGHT_PRESETS[preset].name)
    tracked = light("t", preset)
    assert card.usage_dice is not None
    assert (tracked.max_usage_dice, tracked.modes) == (card.usage_dice.count, card.usage_dice.modes)
    assert tracked.refuel_with == (card.usage_dice.refuel_with or "")


def test_light_presets() -> None:
    torch, lantern, candle = light("t", "torch"), light("l", "Lantern"), light("c", "candle")
    assert (torch.max_usage_dice, torch.modes) == (1, frozenset({USELESS, DT}))
    assert (lantern.max_usage_dice, lantern.modes, lantern.refuel_with) == (
        2,
        frozenset({REFUEL, DT}),
        "Oil flask",
    )
    assert (candle.max_usage_dice, candle.modes) == (1, frozenset({USELESS, DT}))
    assert all(effect.lit and effect.kind is EffectKind.LIGHT for effect in (torch, candle))
    assert set(LIGHT_PRESETS) == {"torch", "lantern", "candle"}
    with pytest.raises(ValueError, match="unknown light 'brazier'"):
        light("b", "brazier")


@pytest.mark.parametrize(
    ("usage_dice", "max_usage_dice", "message"),
    [
        (-1, 2, "usage dice must be between 0 and 20, got -1"),
        (2, 21, "maximum usage dice must be between 0 and 20, got 21"),
        (3, 2, "usage dice 3 exceed the maximum 2"),
        (1.5, 2, "must be a whole number"),
    ],
)
def test_impossible_usage_dice_are_refused(
    usage_dice: int, max_usage_dice: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        TrackedEffect("x", "Glow", EffectKind.CUSTOM, usage_dice, max_usage_dice)


def test_other_invalid_effects_are_refused() -> None:
    with pytest.raises(ValueError, match="needs a name"):
        TrackedEffect("x", " ", EffectKind.CUSTOM, 1, 1)
    with pytest.raises(ValueError, match="only a light can be lit"):
        TrackedEffect("x", "Haste", EffectKind.SPELL, 1, 1, lit=True)
    with pytest.raises(ValueError, match="unknown effect kind 'weather'"):
        TrackedEffect("x", "Rain", "weather", 1, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown usage-dice mode 'Sometimes'"):
        custom_effect("x", "Odd", 1, "DT, Sometimes")
    with pytest.raises(ValueError, match="needs usage dice or to end with the DT"):
        spell_duration("s", "Haste", 0)


def test_parse_modes_reads_names_in_any_case() -> None:
    assert parse_modes("dt; useless") == frozenset({DT, USELESS})
    assert parse_modes(["Rest", UsageDiceMode.ACTIVATE]) == frozenset(
        {REST, UsageDiceMode.ACTIVATE}
    )


def test_which_effects_roll_at_the_end_of_a_dt() -> None:
    assert light("t", "torch").rolls_at_dt_end
    assert not light("t", "torch", lit=False).rolls_at_dt_end
    assert spell_duration("s", "Ward", 2).rolls_at_dt_end
    assert backlash_effect("b", "Shaking hands", 1).rolls_at_dt_end
    assert not backlash_effect("b", "Withered arm").rolls_at_dt_end  # until removed: no UD
    assert custom_effect("c", "Fuse", 3, "DT").rolls_at_dt_end
    assert not custom_effect("c", "Quiver", 2, "Activate, Useless").rolls_at_dt_end
    assert custom_effect("c", "Poison", 2).rolls_at_dt_end  # an effect, not an item


def test_candle_rolling_a_2_is_spent_for_good() -> None:
    """V25: a candle UD 1 (Useless; DT) rolls [2] at the end of a DT -> permanently useless."""
    rolled = roll_effect(light("c", "candle"), ScriptedRandom([2]))
    assert (rolled.roll.before, rolled.roll.rolled, rolled.roll.after) == (1, (2,), 0)
    assert rolled.ran_out
    assert rolled.effect is not None
    assert rolled.effect.spent
    assert not rolled.effect.lit
    assert rolled.effect.light_status is LightStatus.OUT
    with pytest.raises(ValueError, match="spent for good"):
        relight(rolled.effect)
    with pytest.raises(ValueError, match="Candle is spent"):
        roll_effect(rolled.effect, ScriptedRandom())


def test_lantern_runs_dry_then_oil_restores_2_ud() -> None:
    """V26: a lantern at 0 UD refuelled with a pint of oil is back to 2 UD."""
    rolled = roll_effect(light("l", "lantern"), ScriptedRandom([1, 2]))
    lantern = rolled.effect
    assert lantern is not None
    assert (lantern.usage_dice, lantern.spent, lantern.lit) == (0, False, False)
    refuelled = refuel(lantern)
    assert refuelled.usage_dice == 2
    # It went out for want of oil: refuelled, it burns again (issue 24 item 6).
    assert refuelled.light_status is LightStatus.BURNING


def test_an_effect_that_runs_out_ends() -> None:
    rolled = roll_effect(spell_duration("s", "Ward", 2), ScriptedRandom([1, 1]))
    assert rolled.effect is None
    assert rolled.to_dict() == {"effect": "Ward", "before": 2, "rolled": [1, 1], "after": 0}


def test_a_roll_that_keeps_dice_counts_the_survivors() -> None:
    rolled = roll_effect(spell_duration("s", "Ward", 3), ScriptedRandom([1, 3, 6]))
    assert rolled.effect is not None
    assert rolled.effect.usage_dice == 2
    assert not rolled.ran_out


def test_dousing_a_dt_light_rolls_its_dice_once_more() -> None:
    result = douse(light("l", "lantern"), ScriptedRandom([4, 1]))
    assert result.roll is not None
    assert result.roll.rolled == (4, 1)
    assert (result.effect.usage_dice, result.effect.lit, result.effect.spent) == (1, False, False)
    assert relight(result.effect).light_status is LightStatus.GUTTERING


def test_dousing_a_torch_to_zero_spends_it() -> None:
    result = douse(light("t", "torch"), ScriptedRandom([2]))
    assert result.effect.spent


def test_dousing_a_light_without_the_dt_mode_rolls_nothing() -> None:
    glowstone = TrackedEffect("g", "Glowstone", EffectKind.LIGHT, 2, 2, frozenset({REST}), lit=True)
    result = douse(glowstone, ScriptedRandom())
    assert result.roll is None
    assert not result.effect.lit


def test_douse_needs_a_lit_light() -> None:
    with pytest.raises(ValueError, match="is not lit"):
        douse(light("t", "torch", lit=False), ScriptedRandom())
    with pytest.raises(ValueError, match="not a light"):
        douse(spell_duration("s", "Ward", 1), ScriptedRandom())
    with pytest.raises(ValueError, match="already lit"):
        relight(light("t", "torch"))


def test_light_status_for_the_players_window() -> None:
    lantern = light("l", "lantern")
    assert lantern.light_status is LightStatus.BURNING
    assert relight(douse(lantern, ScriptedRandom([6, 1])).effect).light_status == "guttering"
    assert light("t", "torch", lit=False).light_status is LightStatus.OUT
    with pytest.raises(ValueError, match="not a light"):
        _ = spell_duration("s", "Ward", 1).light_status


def test_refuel_needs_the_refuel_mode() -> None:
    with pytest.raises(ValueError, match="Torch has no Refuel mode"):
        refuel(light("t", "torch"))


def test_rest_restores_only_rest_mode_items() -> None:
    ring = custom_effect("r", "Ring of sparks", 1, "Rest, Activate")
    used = activate(ring, ScriptedRandom([2])).effect
    assert used is not None
    assert used.usage_dice == 0
    assert restore_on_rest(used).usage_dice == 1
    torch = douse(light("t", "torch"), ScriptedRandom([5])).effect
    assert restore_on_rest(torch) == torch


def test_activate_needs_the_activate_mode() -> None:
    with pytest.raises(ValueError, match="no Activate mode"):
        activate(light("t", "torch"), ScriptedRandom())


def test_effect_lists() -> None:
    effects = add_effect((), light("e1", "torch"))
    effects = add_effect(effects, spell_duration(next_effect_id(effects), "Ward", 2))
    assert [effect.id for effect in effects] == ["e1", "e2"]
    with pytest.raises(ValueError, match="id 'e1' already exists"):
        add_effect(effects, light("e1", "candle"))
    doused = douse(effects[0], ScriptedRandom([6])).effect
    assert replace_effect(effects, doused)[0] == doused
    assert remove_effect(effects, "e1") == (effects[1],)
    with pytest.raises(ValueError, match="no tracked effect with id 'e9'"):
        remove_effect(effects, "e9")


def test_effects_roundtrip_through_dicts() -> None:
    for effect in (
        light("a", "lantern", owner="Mara"),
        spell_duration("b", "Ward", 3),
        backlash_effect("c", "Weak knees", ends_at_dt_end=True),
        custom_effect("d", "Fuse", 2, "DT, Useless"),
    ):
        assert TrackedEffect.from_dict(effect.to_dict()) == effect
    with pytest.raises(ValueError, match="missing the key 'name'"):
        TrackedEffect.from_dict({"id": "x"})


def test_given_faces_decide_the_roll_and_no_die_is_rolled() -> None:
    no_dice = ScriptedRandom()  # any die asked for would fail the test
    rolled = roll_effect(spell_duration("s", "Ward", 3), no_dice, faces=[1, 3, 6])
    assert rolled.roll.rolled == (1, 3, 6)
    assert rolled.effect is not None and rolled.effect.usage_dice == 2
    doused = douse(light("l", "lantern"), no_dice, faces=[4, 1])
    assert doused.roll is not None and doused.roll.rolled == (4, 1)
    assert (doused.effect.usage_dice, doused.effect.lit) == (1, False)
    ring = custom_effect("r", "Ring", 2, {UsageDiceMode.ACTIVATE})
    used = activate(ring, no_dice, faces=[2, 2])
    assert used.roll.after == 0 and used.ran_out


def test_given_faces_must_fit_what_is_rolled() -> None:
    with pytest.raises(ValueError, match="exactly 2 faces"):
        douse(light("l", "lantern"), ScriptedRandom(), faces=[4])
    glowstone = TrackedEffect("g", "Glowstone", EffectKind.LIGHT, 2, 2, frozenset({REST}), lit=True)
    with pytest.raises(ValueError, match="rolls no usage dice when doused"):
        douse(glowstone, ScriptedRandom(), faces=[3])
    with pytest.raises(ValueError, match="no Activate mode"):
        activate(spell_duration("s", "Ward", 1), ScriptedRandom(), faces=[3])


def test_a_fresh_one_die_light_burns_and_only_a_burnt_down_light_gutters() -> None:
    """Guttering means a light has burnt down to its last die, not that it started with one."""
    assert light("t", "torch").light_status is LightStatus.BURNING
    assert light("c", "candle").light_status is LightStatus.BURNING
    burnt = douse(light("l", "lantern"), ScriptedRandom([4, 1])).effect
    assert relight(burnt).light_status is LightStatus.GUTTERING


def test_a_crow_renamed_takes_its_lights_and_carried_effects_and_nobody_elses() -> None:
    mine = light_from_item("e1", "Wren  Ashdown", "torch", "Torch", 1, 1, [DT])
    carried = light("e2", "candle", owner="wren ashdown")
    other = light_from_item("e3", "Wrenna", "torch", "Torch", 1, 1, [DT])
    renamed = with_crow_renamed((mine, carried, other), "Wren Ashdown", "Wren Hale")
    assert [(e.crow, e.owner) for e in renamed] == [
        ("Wren Hale", "Wren Hale"),
        ("", "Wren Hale"),
        ("Wrenna", "Wrenna"),
    ]
    assert renamed[2] is other
    assert with_crow_renamed((other,), "Wren Ashdown", "Wren Hale") == (other,)
