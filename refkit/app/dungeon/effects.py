"""Tracked effects at the table: add (or from a light preset, or lit from a crow's item), douse,
use, light, refuel, restore at a rest, remove.

A light lit from a crow's item rolls that item's dice (see :mod:`.carried`); refuelling it spends
the fuel the crow carries (a flask of oil for a lantern, L398) or says that none is carried."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from refkit.app.dungeon import log_text
from refkit.app.dungeon.carried import CarriedDice
from refkit.app.dungeon.runner import Plan, TurnRunner, plan
from refkit.app.dungeon.state import DungeonTurnState, Outcome
from refkit.rules.common.name_text import require_plain_name
from refkit.rules.dungeon.effects import (
    LIGHT_PRESETS,
    DouseResult,
    EffectKind,
    EffectRoll,
    TrackedEffect,
    activate,
    add_effect,
    douse,
    find_effect,
    light,
    light_from_item,
    next_effect_id,
    parse_modes,
    refuel,
    relight,
    remove_effect,
    replace_effect,
    restore_on_rest,
    with_crow_renamed,
)
from refkit.rules.usage_dice import UsageDiceMode


def effect_kind(kind: EffectKind | str) -> EffectKind:
    """``kind`` as an :class:`EffectKind`; ValueError naming the kinds for an unknown one."""
    if isinstance(kind, EffectKind):
        return kind
    try:
        return EffectKind(str(kind).strip().casefold())
    except ValueError:
        kinds = ", ".join(item.value for item in EffectKind)
        raise ValueError(f"unknown effect kind {kind!r} (expected one of {kinds})") from None


def _restorable(effect: TrackedEffect) -> TrackedEffect:
    if UsageDiceMode.REST not in effect.modes:
        raise ValueError(f"{effect.name} has no Rest mode; a rest does not restore it")
    if effect.spent:
        raise ValueError(f"{effect.name} is spent for good and cannot be restored")
    return restore_on_rest(effect)


class EffectSteps:
    """Each call is one step on the dungeon turn (see :class:`TurnRunner`)."""

    def __init__(self, runner: TurnRunner) -> None:
        self._runner = runner

    def add_effect(
        self,
        name: str,
        usage_dice: int,
        modes: Iterable[str | UsageDiceMode] | str = (),
        kind: EffectKind | str = EffectKind.CUSTOM,
        *,
        owner: str = "",
        lit: bool | None = None,
        ends_at_dt_end: bool = False,
        refuel_with: str = "",
        ends_at_rest: bool = False,
    ) -> Outcome[TrackedEffect]:
        """Track a new effect. A light is lit unless ``lit`` is false. ValueError, nothing
        changed, for a bad name, kind or mode, or usage dice outside 1..20 (0 is allowed only for
        an effect that simply ends with the DT or the next rest, or a backlash lasting until the
        referee removes it)."""
        require_plain_name("an effect's name", str(name))
        require_plain_name("the owner's name", owner)
        parsed_modes = parse_modes(modes)
        parsed_kind = effect_kind(kind)
        if isinstance(usage_dice, bool) or not isinstance(usage_dice, int):
            raise ValueError(f"usage dice must be a whole number, got {usage_dice!r}")
        if usage_dice < 0:
            raise ValueError(f"usage dice cannot be negative, got {usage_dice}")
        lasts_without_dice = ends_at_dt_end or ends_at_rest or parsed_kind is EffectKind.BACKLASH
        if usage_dice == 0 and not lasts_without_dice:
            raise ValueError(
                f"{name}: an effect needs at least 1 usage die (or to end with the DT)"
            )

        def step(state: DungeonTurnState, now: float) -> Plan[TrackedEffect]:
            effect = TrackedEffect(
                id=next_effect_id(state.effects),
                name=" ".join(str(name).split()),
                kind=parsed_kind,
                usage_dice=usage_dice,
                max_usage_dice=usage_dice,
                modes=parsed_modes,
                lit=(parsed_kind is EffectKind.LIGHT) if lit is None else lit,
                ends_at_dt_end=ends_at_dt_end,
                refuel_with=refuel_with,
                owner=owner,
                ends_at_rest=ends_at_rest,
            )
            return _added(state, effect)

        return self._runner.run(step)

    def add_preset(
        self, preset: str, *, owner: str = "", lit: bool = True
    ) -> Outcome[TrackedEffect]:
        """Track a light from a preset: ``torch``, ``lantern`` or ``candle``."""
        if preset.strip().casefold() not in LIGHT_PRESETS:
            presets = ", ".join(LIGHT_PRESETS)
            raise ValueError(f"unknown light {preset!r} (presets: {presets})")

        def step(state: DungeonTurnState, now: float) -> Plan[TrackedEffect]:
            effect = light(next_effect_id(state.effects), preset, owner=owner, lit=lit)
            return _added(state, effect)

        return self._runner.run(step)

    def douse(
        self, effect_id: str, faces: Sequence[int] | None = None, *, seed: int | None = None
    ) -> Outcome[DouseResult]:
        """Put a light out; one that burns down at each DT end rolls its usage dice once more
        (``faces`` gives those dice outright)."""
        rng, used_seed = self._runner.rng_factory(seed)

        def step(state: DungeonTurnState, now: float) -> Plan[DouseResult]:
            effect = find_effect(state.effects, effect_id)
            result = douse(effect, rng, faces=faces)
            line = log_text.doused(effect, result, used_seed)
            effects = replace_effect(state.effects, result.effect)
            return plan(f"Douse {effect.name}", state.clock, effects, result, line)

        return self._runner.run(step)

    def activate(
        self, effect_id: str, faces: Sequence[int] | None = None, *, seed: int | None = None
    ) -> Outcome[EffectRoll]:
        """An item with the Activate mode was used: roll its usage dice."""
        rng, used_seed = self._runner.rng_factory(seed)

        def step(state: DungeonTurnState, now: float) -> Plan[EffectRoll]:
            effect = find_effect(state.effects, effect_id)
            rolled = activate(effect, rng, faces=faces)
            effects = (
                replace_effect(state.effects, rolled.effect)
                if rolled.effect is not None
                else remove_effect(state.effects, effect.id)
            )
            line = log_text.used(effect, rolled.roll, used_seed)
            return plan(f"Use {effect.name}", state.clock, effects, rolled, line)

        return self._runner.run(step)

    def light_item(self, crow: str, item_id: str) -> Outcome[TrackedEffect]:
        """Light ``crow``'s item ``item_id`` (a torch, a lantern): a tracked light bound to the
        item, its dice the item's; one of a stack is first taken into a free hand. Lighting it
        again when it is tracked and out relights that light. ValueError, nothing changed, when
        the crow carries no such item, it is already lit, it does not burn at the end of a DT,
        it has no dice left, or no hand is free for one of a stack."""
        keeper = self._runner.carried
        dice = None if keeper is None else keeper.carried_dice(crow, item_id)
        if keeper is None or dice is None:
            raise ValueError(f"{crow} carries no item {item_id!r} to light")
        if dice.count == 1:
            return self._runner.run(self._light_step(crow, item_id, dice))
        light_from_item("-", crow, item_id, dice.name, dice.current, dice.max, dice.modes)
        # the hand and the light, or neither
        one_id, taken = keeper.take_one(crow, item_id)
        outcome = self._runner.run(self._light_step(crow, one_id, replace(dice, count=1)))
        change = outcome.change
        joined = replace(change, hook_results=(taken, *change.hook_results))
        return Outcome(outcome.value, joined, outcome.now)

    def _light_step(
        self, crow: str, item_id: str, dice: CarriedDice
    ) -> Callable[[DungeonTurnState, float], Plan[TrackedEffect]]:
        def step(state: DungeonTurnState, now: float) -> Plan[TrackedEffect]:
            tracked = next(
                (e for e in state.effects if (e.crow, e.item_id) == (crow, item_id)), None
            )
            if tracked is not None:
                lit = relight(tracked)
                line = log_text.effect_changed(lit, "lit")
                effects = replace_effect(state.effects, lit)
                return plan(f"Light {lit.source}", state.clock, effects, lit, line)
            if dice.useless:
                raise ValueError(f"{crow}'s {dice.name} is spent for good and cannot be lit")
            effect = light_from_item(
                next_effect_id(state.effects),
                crow,
                item_id,
                dice.name,
                dice.current,
                dice.max,
                dice.modes,
                refuel_with=dice.refuel_with,
            )
            effects = add_effect(state.effects, effect)
            line = log_text.effect_changed(effect, "lit")
            return plan(f"Light {effect.source}", state.clock, effects, effect, line)

        return step

    def relight(self, effect_id: str) -> Outcome[TrackedEffect]:
        return self._change(effect_id, relight, "Light", "lit")

    def refuel(self, effect_id: str) -> Outcome[TrackedEffect]:
        """Fill a light back to its maximum usage dice (L398). One lit from a crow's item spends
        one of the fuel that crow carries (DomainError with the reason when none is carried)."""
        effect = find_effect(self._runner.synced(self._runner.store.load().effects), effect_id)
        keeper = self._runner.carried
        if not effect.bound or keeper is None:
            return self._change(effect_id, refuel, "Refuel", "refuelled")
        refuel(effect)  # refuses an item that cannot be refuelled, before anything is spent
        spent = keeper.refuel(effect.crow, effect.item_id)
        outcome = self._change(effect_id, lambda e: e, "Refuel", "refuelled")
        change = outcome.change
        joined = replace(change, hook_results=(spent, *change.hook_results))
        return Outcome(outcome.value, joined, outcome.now)

    def restore_on_rest(self, effect_id: str) -> Outcome[TrackedEffect]:
        """Give an item with the Rest mode its maximum usage dice back."""
        return self._change(effect_id, _restorable, "Restore", "restored")

    def follow_crow_rename(self, old: str, new: str) -> None:
        """A crow was renamed: the lights lit from its items stay bound to them (not logged,
        not undoable: undoing the rename renames it back, and this follows)."""

        def step(state: DungeonTurnState, now: float) -> Plan[None]:
            effects = with_crow_renamed(state.effects, old, new)
            return plan(f"Crow {old} renamed", state.clock, effects, None)

        effects = self._runner.store.load().effects
        if with_crow_renamed(effects, old, new) != effects:  # else nothing to write
            self._runner.run(step)

    def remove(self, effect_id: str) -> Outcome[TrackedEffect]:
        """Stop tracking an effect; returns it as it was."""

        def step(state: DungeonTurnState, now: float) -> Plan[TrackedEffect]:
            effect = find_effect(state.effects, effect_id)
            effects = remove_effect(state.effects, effect_id)
            line = log_text.effect_removed(effect)
            return plan(f"Remove {effect.name}", state.clock, effects, effect, line)

        return self._runner.run(step)

    def _change(
        self,
        effect_id: str,
        operation: Callable[[TrackedEffect], TrackedEffect],
        verb: str,
        past: str,
    ) -> Outcome[TrackedEffect]:
        def step(state: DungeonTurnState, now: float) -> Plan[TrackedEffect]:
            effect = find_effect(state.effects, effect_id)
            changed = operation(effect)
            effects = replace_effect(state.effects, changed)
            line = log_text.effect_changed(changed, past)
            return plan(f"{verb} {effect.name}", state.clock, effects, changed, line)

        return self._runner.run(step)


def _added(state: DungeonTurnState, effect: TrackedEffect) -> Plan[TrackedEffect]:
    effects = add_effect(state.effects, effect)
    line = log_text.effect_added(effect)
    return plan(f"Add {effect.name}", state.clock, effects, effect, line)
