"""One fight at the table: its state (a frozen :class:`~refkit.rules.combat.fight.Fight`) and the
undoable commands that change it.

Creatures come from the bestiary; crows from the roster, and everything about a crow (Stamina,
AD, wounds, conditions, expertise uses, ammunition) stays on its sheet and changes through the
sheet's own commands (:mod:`refkit.app.character_commands`): damage to a crow goes through its
armour and Stamina into wounds the player places, exactly as on the sheet. Each command rolls its
dice when it is made and is one step for the undo stack; every step done or undone is told to the
fight log (the session log) and to listeners.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from refkit.app import character_commands
from refkit.app.character_service import CharacterService
from refkit.app.combat.attack_report import AttackReport as AttackReport
from refkit.app.combat.attack_report import Hit as Hit
from refkit.app.combat.attack_report import attack_text as attack_text
from refkit.app.combat.attack_report import hit_text
from refkit.app.combat.bestiary import Bestiary
from refkit.app.combat.fight_steps import FightLog, FightStep
from refkit.app.combat.fight_store import FightStore
from refkit.app.combat.maneuver_step import (
    ManeuverCommand,
    crow_condition_in_fight,
    grabs_ended_on_sheets,
    make_maneuver,
)
from refkit.app.party.wound_prompts import WoundPrompts, raising_prompt
from refkit.app.undo import Command, CompositeCommand
from refkit.dice.rng import make_rng
from refkit.rules.character.model import Character
from refkit.rules.character.trait_rest import has_trait
from refkit.rules.combat.attack import (
    AttackRefused,
    AttackRequest,
    Situation,
    attack_modifiers,
    roll_attack,
    tier_damage,
)
from refkit.rules.combat.creature import MELEE, Attack
from refkit.rules.combat.damage import Standing
from refkit.rules.combat.fight import Combatant, Fight, FightError
from refkit.rules.combat.initiative import first_side
from refkit.rules.combat.maneuvers import Maneuver
from refkit.rules.combat.weapon import (
    bury_the_point_refusal,
    useless_weapon_refusal,
    weapon_attacks,
    weapon_in_hand,
)
from refkit.rules.inventory.model import HAND, Item
from refkit.rules.inventory.moves import use_item as use_inventory_item
from refkit.rules.inventory.useless import BURY_THE_POINT
from refkit.rules.usage_dice import UsageDiceMode, UsageDiceRoll
from refkit.store.errors import CharacterNotFoundError

RngFactory = Callable[[int | None], tuple[random.Random, int]]
AMMUNITION_TAG = "ammunition"


class FightListener(Protocol):
    def fight_changed(self, fight: Fight) -> None: ...


@dataclass(frozen=True)
class PreparedAttack:
    """An attack checked and ready to roll."""

    attacker: Combatant
    target: Combatant
    attack: Attack
    request: AttackRequest
    crow: Character | None
    expertise: str | None
    ammunition: Item | None
    allies: tuple[str, ...]
    bury: bool = False
    """Bury the Point: a hit deals double damage and leaves the weapon useless until fixed."""


@dataclass(frozen=True)
class AttackerChoices:
    """What an attacker may pick from, read from its sheet at once: its attacks (a crow's
    weapons in hand), the weapon expertises it has a use of left, and whether it may bury the
    point (a crow with Bury the Point)."""

    attacks: tuple[Attack, ...] = ()
    expertises: tuple[str, ...] = ()
    buries: bool = False


@dataclass(frozen=True)
class AttackCommand:
    """An attack as one undoable step, and its report."""

    command: Command
    report: AttackReport

    @property
    def text(self) -> str:
        return self.command.text

    def do(self) -> None:
        self.command.do()

    def undo(self) -> None:
        self.command.undo()


class FightSession:
    """The fight being run, and the factories of its commands (made, not yet done)."""

    def __init__(
        self,
        characters: CharacterService,
        bestiary: Bestiary,
        *,
        rng_factory: RngFactory = make_rng,
        log: FightLog | None = None,
        state: Fight | None = None,
        store: FightStore | None = None,
        prompts: WoundPrompts | None = None,
    ) -> None:
        self._prompts = prompts
        self._characters = characters
        self._bestiary = bestiary
        self._rng_factory = rng_factory
        self._log = log
        self._store = store
        if state is None:
            state = store.load() if store is not None else Fight()
        self._state = state
        self._listeners: list[FightListener] = []

    # -- the state ----------------------------------------------------------------------------

    @property
    def state(self) -> Fight:
        return self._state

    @property
    def bestiary(self) -> Bestiary:
        return self._bestiary

    @property
    def log(self) -> FightLog | None:
        return self._log

    def with_sheets(self, fight: Fight | None = None) -> Fight:
        """``fight`` (the fight as it stands) with each crow standing as its sheet says: dead
        with all ten backpack slots wounded (L357), knocked out while unconscious, else
        fighting. A crow no longer on the roster is left as it was."""
        fight = self._state if fight is None else fight
        for fighter in fight.combatants:
            if not fighter.is_crow:
                continue
            try:
                crow = self._characters.get(fighter.name)
            except CharacterNotFoundError:
                continue
            fight = fight.with_standing(fighter.name, _crow_standing(crow))
        return fight

    def replace_state(self, state: Fight) -> None:
        if self._store is not None:
            self._store.save(state)  # refused (ConflictError) before anything here changes
        self._state = state
        for listener in list(self._listeners):
            listener.fight_changed(state)

    def reload(self) -> Fight:
        """Read the stored fight again (after another program moved it on)."""
        if self._store is not None:
            self._state = self._store.load()
            for listener in list(self._listeners):
                listener.fight_changed(self._state)
        return self._state

    def add_listener(self, listener: FightListener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: FightListener) -> None:
        self._listeners.remove(listener)

    @property
    def characters(self) -> CharacterService:
        return self._characters

    @property
    def rng_factory(self) -> RngFactory:
        return self._rng_factory

    def step_to(self, after: Fight, text: str) -> FightStep:
        return self._step(after, text)

    def joined(self, text: str, children: Sequence[Command]) -> Command:
        return self._joined(text, children)

    def maneuver(
        self, kind: Maneuver, actor: str, target: str | None = None, **options: Any
    ) -> ManeuverCommand:
        """Grab, Escape Grab or Knockback (see ``maneuver_step.make_maneuver``)."""
        return make_maneuver(self, kind, actor, target, **options)

    def _joined(self, text: str, children: Sequence[Command]) -> Command:
        """Child commands as one step (a hit on a crow and the fight's step commit together or
        not at all, in the one unit of work the step's runner opens)."""
        return CompositeCommand(text, children)

    def _step(self, after: Fight, text: str) -> FightStep:
        def ended(before: Fight, now: Fight) -> list[Command]:
            return grabs_ended_on_sheets(self._characters, before, now)

        return FightStep(self, self._state, after, text, follow=ended)

    # -- who is in it -------------------------------------------------------------------------

    def add_creatures(self, name: str, count: int = 1) -> FightStep:
        creature = self._bestiary.get(name)
        after = self._state.with_creatures(creature, count)
        added = [f.name for f in after.combatants[len(self._state.combatants) :]]
        return self._step(after, f"{', '.join(added)} join the fight")

    def add_crows(self, names: Sequence[str]) -> FightStep:
        """The party at the table joins (crows already in stay as they are)."""
        crows = [self._characters.get(name).name for name in names]
        after = self._state.with_crows(crows)
        added = [f.name for f in after.combatants[len(self._state.combatants) :]]
        if not added:
            raise FightError("those crows are in the fight already")
        return self._step(after, f"{', '.join(added)} join the fight")

    def remove(self, name: str) -> FightStep:
        gone = self._state.combatant(name)
        return self._step(self._state.without(gone.name), f"{gone.name} leaves the fight")

    # -- rounds and turns ---------------------------------------------------------------------

    def start_round(self, *, die: int | None = None, seed: int | None = None) -> FightStep:
        """The next round, with the initiative d10 given or rolled."""
        if die is None:
            rng, _ = self._rng_factory(seed)
            die = rng.randint(1, 10)
        after = self.with_sheets().start_round(die)
        side = "the crows" if first_side(die) == "crows" else "the enemies"
        return self._step(after, f"Round {after.round}: initiative {die}, {side} act first")

    def next_turn(self, name: str | None = None) -> FightStep:
        after = self.with_sheets().next_turn(name)
        if after.current is None:
            return self._step(after, f"Round {after.round} is over")
        return self._step(after, f"{after.current}'s turn")

    def choose(self, name: str) -> FightStep:
        after = self.with_sheets().choose(name)
        return self._step(after, f"{after.current} goes first")

    def toggle_surprised(self, name: str) -> FightStep:
        after = self._state.toggle_surprised(name)
        fighter = after.combatant(name)
        text = f"{fighter.name} is {'' if fighter.surprised else 'no longer '}surprised"
        return self._step(after, text)

    def end_round(self) -> FightStep:
        after = self._state.end_round()
        return self._step(after, f"Round {after.round} is over")

    def dt_ended(self) -> FightStep:
        """The DT ended during the fight: DT conditions end, knocked-out creatures wake."""
        return self._step(self._state.at_dt_end(), "The DT ends: its conditions end in the fight")

    # -- conditions ---------------------------------------------------------------------------

    def conditions_of(self, name: str) -> tuple[str, ...]:
        fighter = self._state.combatant(name)
        if fighter.is_crow:
            return self._characters.get(fighter.name).conditions
        return fighter.conditions

    def toggle_condition(self, name: str, condition: str) -> Command:
        """Give ``name`` the condition or end it: a crow's on its sheet, a creature's here."""
        fighter = self._state.combatant(name)
        if fighter.is_crow:
            crow = self._characters.get(fighter.name)
            if condition in crow.conditions:
                edit = character_commands.remove_condition(self._characters, crow.name, condition)
                text = f"{crow.name} is no longer {condition}"
            else:
                edit = character_commands.add_condition(self._characters, crow.name, condition)
                text = f"{crow.name} is {condition}"
            gained = condition not in crow.conditions
            after = crow_condition_in_fight(self._state, fighter.name, condition, gained)
            return self._joined(text, [edit, self._step(after, text)])
        after = self._state.toggle_condition(fighter.name, condition)
        now = condition in after.combatant(fighter.name).conditions
        text = f"{fighter.name} is {'' if now else 'no longer '}{condition}"
        return self._step(after, text)

    # -- damage -------------------------------------------------------------------------------

    def damage(
        self,
        name: str,
        amount: int,
        *,
        piercing: bool = False,
        knock_out: bool = False,
        armour_order: Sequence[str] | None = None,
        wound_slots: Sequence[int] = (),
        vulnerable_roll: int | None = None,
        seed: int | None = None,
    ) -> tuple[Command, Hit]:
        """Damage dealt to one combatant by hand (a counter, a fall, a trap)."""
        fight, children, hit = self._damage(
            self._state,
            name,
            amount,
            piercing=piercing,
            knock_out=knock_out,
            armour_order=armour_order,
            wound_slots=wound_slots,
            vulnerable_roll=vulnerable_roll,
            rng=self._rng_factory(seed)[0],
        )
        text = hit_text(hit)
        return self._joined(text, [*children, self._step(fight, text)]), hit

    def _damage(
        self,
        fight: Fight,
        name: str,
        amount: int,
        *,
        piercing: bool,
        knock_out: bool = False,
        armour_order: Sequence[str] | None = None,
        wound_slots: Sequence[int] = (),
        vulnerable_roll: int | None = None,
        rng: random.Random,
    ) -> tuple[Fight, list[Command], Hit]:
        fighter = fight.combatant(name)
        if fighter.is_crow:
            edit, outcome = character_commands.apply_damage(
                self._characters,
                fighter.name,
                amount,
                piercing=piercing,
                armour_order=armour_order,
                wound_slots=wound_slots,
                vulnerable_roll=vulnerable_roll,
                rng=rng,
            )
            dealt = outcome.absorbed_by_armour + outcome.stamina_lost + outcome.wounds_taken
            if self._prompts is not None:
                # As on the sheet: the wounds wait for the player to place them, box by box.
                edit = raising_prompt(self._prompts, edit, to_place=outcome.wounds_to_place)
            fight = fight.with_standing(fighter.name, _crow_standing(edit.after))
            return fight, [edit], Hit(fighter.name, dealt, piercing, crow=outcome)
        extra = 0
        if amount > 0 and "vulnerable" in fighter.conditions:
            extra = vulnerable_roll if vulnerable_roll is not None else rng.randint(1, 6)
        after, result = fight.damaged(
            fighter.name, amount, piercing=piercing, knock_out=knock_out, vulnerable_extra=extra
        )
        return after, [], Hit(fighter.name, result.amount, piercing, creature=result)

    # -- attacks ------------------------------------------------------------------------------

    def attacks_of(self, name: str) -> tuple[Attack, ...]:
        """What ``name`` can attack with: a creature's attacks, a crow's weapons in hand."""
        return self._attacks(self._state.combatant(name))

    def _attacks(self, fighter: Combatant, crow: Character | None = None) -> tuple[Attack, ...]:
        """``fighter``'s attacks; ``crow``: its sheet read already (else it is read here)."""
        if fighter.creature is not None:
            return fighter.creature.attacks
        crow = crow if crow is not None else self._characters.get(fighter.name)
        return tuple(a for item in crow.items if item.area == HAND for a in weapon_attacks(item))

    def attacker_choices(self, name: str) -> AttackerChoices:
        """:meth:`attacks_of`, :meth:`weapon_expertises` and :meth:`buries_the_point` of
        ``name`` from one read of its sheet (the attack window offers them together)."""
        fighter = self._state.combatant(name)
        if fighter.creature is not None:
            return AttackerChoices(fighter.creature.attacks)
        crow = self._characters.get(fighter.name)
        return AttackerChoices(
            self._attacks(fighter, crow),
            _expertises_left(crow),
            has_trait(crow, BURY_THE_POINT),
        )

    def buries_the_point(self, name: str) -> bool:
        """Whether ``name`` is a crow with Bury the Point (its stabbing thrust may bury it)."""
        fighter = self._state.combatant(name)
        return fighter.is_crow and has_trait(self._characters.get(fighter.name), BURY_THE_POINT)

    def weapon_expertises(self, name: str) -> tuple[str, ...]:
        """The weapon expertises ``name`` (a crow) has a use of left; none for a creature."""
        fighter = self._state.combatant(name)
        if fighter.creature is not None:
            return ()
        return _expertises_left(self._characters.get(fighter.name))

    def prepare_attack(
        self,
        attacker: str,
        weapon: str,
        target: str,
        *,
        situation: Situation | None = None,
        allies: Sequence[str] = (),
        tested: str | None = None,
        expertise: str | None = None,
        bury: bool = False,
    ) -> PreparedAttack:
        """Everything an attack needs before its dice: who, with what, and the test's request
        (for its odds, :func:`~refkit.rules.combat.attack_odds.attack_odds`). ``bury``: a crow
        with Bury the Point buries the point of its stabbing weapon. Raises AttackRefused for an
        attack that cannot be made."""
        fight = self._state
        by = fight.combatant(attacker)
        at = fight.combatant(target)
        if by.name == at.name:
            raise AttackRefused(f"{by.name} cannot attack itself")
        if at.standing == "dead":
            raise AttackRefused(f"{at.name} is dead already")
        ally_names = tuple(fight.combatant(n).name for n in allies)
        if by.name in ally_names or at.name in ally_names:
            raise AttackRefused("the allies near the target are neither the attacker nor it")
        crow = self._characters.get(by.name) if by.is_crow else None  # its sheet read once
        attack = self._attack_called(by, weapon, crow)
        tested, value = self._characteristic(by, attack, tested, crow)
        spend = None
        if expertise is not None:
            if crow is None:
                raise AttackRefused("only a crow spends an expertise on an attack")
            spend = _weapon_expertise(crow, expertise)
        ammunition = _ammunition(crow, attack) if crow is not None and attack.ammunition else None
        if bury:
            refused = bury_the_point_refusal(crow, attack) if crow else "only a crow buries it"
            if refused:
                raise AttackRefused(refused)
        request = AttackRequest(
            attack=attack,
            characteristic=value,
            tested=tested,
            attacker_conditions=by.conditions if crow is None else crow.conditions,
            target_conditions=self.conditions_of(at.name),
            situation=replace(
                situation or Situation(),
                allies_near_target=len(ally_names),
                expertise=spend is not None,
                # +1 on attacks against a surprised creature in the first round (L589)
                surprised_target=(situation is not None and situation.surprised_target)
                or (at.surprised and fight.round <= 1),
            ),
        )
        attack_modifiers(request)  # refused now, not after the roll
        return PreparedAttack(by, at, attack, request, crow, spend, ammunition, ally_names, bury)

    def attack(
        self,
        attacker: str,
        weapon: str,
        target: str,
        *,
        situation: Situation | None = None,
        allies: Sequence[str] = (),
        tested: str | None = None,
        expertise: str | None = None,
        knock_out: bool = False,
        armour_order: Sequence[str] | None = None,
        dice: Sequence[int] | None = None,
        seed: int | None = None,
    ) -> AttackCommand:
        """``attacker`` attacks ``target`` with ``weapon`` (an attack's name, or for a crow a
        weapon in its hands: ``Knife`` or ``Knife (thrown)``). ``allies`` are the attacker's
        allies next to the target, who a ranged miss may hit. The dice are rolled now."""
        prepared = self.prepare_attack(
            attacker,
            weapon,
            target,
            situation=situation,
            allies=allies,
            tested=tested,
            expertise=expertise,
        )
        return self.make_attack(
            prepared, knock_out=knock_out, armour_order=armour_order, dice=dice, seed=seed
        )

    def make_attack(
        self,
        prepared: PreparedAttack,
        *,
        knock_out: bool = False,
        armour_order: Sequence[str] | None = None,
        dice: Sequence[int] | None = None,
        seed: int | None = None,
    ) -> AttackCommand:
        """Roll an attack :meth:`prepare_attack` made ready (its odds shown meanwhile)."""
        fight = self._state
        by, at, attack, request = (
            prepared.attacker,
            prepared.target,
            prepared.attack,
            prepared.request,
        )
        crow, spend, ammunition, ally_names = (
            prepared.crow,
            prepared.expertise,
            prepared.ammunition,
            prepared.allies,
        )
        rng, used_seed = self._rng_factory(seed)
        rolled = roll_attack(rng, request, dice=dice)
        outcome = rolled.outcome
        children: list[Command] = []

        used: UsageDiceRoll | None = None
        spent = spend if outcome.test.expertise_applied else None
        buried = prepared.bury and outcome.hit  # double damage, the weapon useless until fixed
        if crow is not None and (spent or ammunition or buried):
            crow_after, used = _attacker_after(crow, spent, ammunition, rng)
            if buried and (weapon := weapon_in_hand(crow_after.items, attack)) is not None:
                crow_after = crow_after.with_items(crow_after.items.replaced(weapon.with_useless()))
            children.append(
                character_commands.CharacterEdit(
                    self._characters, crow.name, crow, crow_after, f"{crow.name} attacks"
                )
            )
        after = fight
        hit = stray = None
        if outcome.hit:
            after, made, hit = self._damage(
                after,
                at.name,
                outcome.damage * (2 if buried else 1),
                piercing=attack.piercing,
                knock_out=knock_out,
                armour_order=armour_order,
                rng=rng,
            )
            children += made
        if outcome.stray is not None:
            ally = ally_names[outcome.stray.ally - 1]
            after, made, stray = self._damage(
                after, ally, outcome.stray.damage, piercing=attack.piercing, rng=rng
            )
            children += made
        counter = None
        if outcome.counter_tier is not None:
            counter = self._counter_damage(at, outcome.counter_tier)
        report = AttackReport(
            attacker=by.name,
            target=at.name,
            weapon=attack.name,
            outcome=outcome,
            faces=rolled.faces,
            # Faces given outright need no seed, unless the seed also rolled the quiver's dice.
            seed=None
            if dice is not None and len(dice) >= len(rolled.faces) and used is None
            else used_seed,
            hit=hit,
            stray=stray,
            counter_damage=counter,
            ammunition=used,
            expertise=spent,
            opportunity=request.situation.opportunity,
            unused_dice=rolled.unused,
            buried=buried,
        )
        text = attack_text(report)
        children.append(self._step(after, text))
        return AttackCommand(self._joined(text, children), report)

    def _attack_called(
        self, fighter: Combatant, weapon: str, crow: Character | None = None
    ) -> Attack:
        offered = self._attacks(fighter, crow)
        wanted = " ".join(weapon.split()).lower()
        matching = [a for a in offered if a.name.lower() == wanted]
        matching += [a for a in offered if a.name.lower().startswith(wanted + " (")]
        if matching:  # "Knife" is its melee use; "Knife (thrown)" the other
            if fighter.creature is None:  # a weapon useless until fixed is not used (Bury …)
                crow = crow if crow is not None else self._characters.get(fighter.name)
                refused = useless_weapon_refusal(crow.items, matching[0])
                if refused:
                    raise AttackRefused(f"{fighter.name} cannot attack with it: {refused}")
            return matching[0]
        have = ", ".join(a.name for a in offered) or "nothing"
        where = "" if fighter.creature is not None else " in hand"
        raise AttackRefused(f"{fighter.name} has no {weapon!r}{where}; it has {have}")

    def _characteristic(
        self,
        fighter: Combatant,
        attack: Attack,
        tested: str | None,
        crow: Character | None = None,
    ) -> tuple[str | None, int]:
        offered = attack.tested_characteristics()
        if not offered:
            return None, 0
        if fighter.creature is not None:
            values = {name: fighter.creature.characteristic(name) for name in offered}
        else:
            values = (
                crow if crow is not None else self._characters.get(fighter.name)
            ).characteristics.as_dict()
            values = {name: values[name] for name in offered}
        if tested is None:
            tested = max(offered, key=lambda name: values[name])  # the tester picks (§1.1)
        if tested not in values:
            raise AttackRefused(f"{attack.name} tests {' or '.join(offered)}, not {tested}")
        return tested, values[tested]

    def counter_damage_of(self, fighter: Combatant, tier: int) -> int | None:
        return self._counter_damage(fighter, tier)

    def _counter_damage(self, fighter: Combatant, tier: int) -> int | None:
        """The counter's damage with the target's first melee attack (None if it has none)."""
        crow = self._characters.get(fighter.name) if fighter.is_crow else None
        for attack in self._attacks(fighter, crow):
            if attack.kind == MELEE:
                _, value = self._characteristic(fighter, attack, None, crow)
                return tier_damage(attack, tier, value)
        return None


def _expertises_left(crow: Character) -> tuple[str, ...]:
    return tuple(e.name for e in crow.expertises if e.category == "weapon" and e.left > 0)


def _weapon_expertise(crow: Character, name: str) -> str:
    for expertise in crow.expertises:
        if expertise.name.lower() == name.strip().lower():
            if expertise.category != "weapon":
                raise AttackRefused(
                    f"{expertise.name} is a {expertise.category} expertise; a weapon attack "
                    "takes a weapon expertise (L254)"
                )
            if expertise.left <= 0:
                raise AttackRefused(f"{crow.name} has no use of {expertise.name} left")
            return expertise.name
    raise AttackRefused(f"{crow.name} has no expertise called {name!r}")


def _ammunition(crow: Character, attack: Attack) -> Item:
    for item in crow.items:
        dice = item.usage_dice
        loaded = dice is not None and dice.current > 0 and UsageDiceMode.ACTIVATE in dice.modes
        if AMMUNITION_TAG in item.tags and loaded:
            return item
    raise AttackRefused(f"{crow.name} has no ammunition left for {attack.name}")


def _attacker_after(
    crow: Character, expertise: str | None, ammunition: Item | None, rng: random.Random
) -> tuple[Character, UsageDiceRoll | None]:
    after = crow.spend_expertise(expertise) if expertise else crow
    roll = None
    if ammunition is not None:
        items, roll = use_inventory_item(after.items, ammunition.id, rng)
        after = after.with_items(items)
    return after, roll


def _crow_standing(crow: Character) -> Standing:
    if crow.dead:
        return "dead"
    return "knocked_out" if "unconscious" in crow.conditions else "fighting"
