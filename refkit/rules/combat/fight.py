"""A fight as a plain value: its combatants, the round, which side acts and who has acted.

Creatures come in from the bestiary, several of a kind numbered ("Ghoul 1", "Ghoul 2"); crows come
in by name, and their Stamina, AD and wounds stay on their sheets. Each round starts with the
initiative die (:mod:`refkit.rules.combat.initiative`); the first side's combatants take their
turns in the order their side picks, then the other side's, then the round is over. A turn is
never split, so the next turn goes to someone who has not acted yet.

Every change returns a new :class:`Fight`; nothing here rolls dice or reads a clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from refkit.errors import DomainError
from refkit.rules.character.model import (
    BACKPACK_WOUND_SLOTS,
    CONDITIONS,
    CONDITIONS_ENDING_WITH_THE_DT,
)
from refkit.rules.combat.creature import Creature
from refkit.rules.combat.damage import CreatureDamage, Standing, damage_creature
from refkit.rules.combat.initiative import Side, first_side, other_side
from refkit.rules.common.name_text import require_plain_name

Phase = Literal["setup", "acting", "round_over"]
MAX_COMBATANTS = 100
MAX_OF_A_KIND = 30


class FightError(DomainError, ValueError):
    """A change the fight refuses; the message says why."""


@dataclass(frozen=True)
class Combatant:
    """One side's fighter. Crows have no ``creature`` (and no Stamina or AD here)."""

    name: str
    side: Side
    creature: Creature | None = None
    stamina: int | None = None
    ad: int | None = None
    conditions: tuple[str, ...] = ()
    standing: Standing = "fighting"
    acted: bool = False
    surprised: bool = False
    """Unaware when the fight began: skips its turn in round 1, and attacks on it get +1 then."""
    wounds: int = 0
    """Wounds a creature that takes them (a human, an animal) has had past 0 Stamina: with
    one in every backpack slot it dies (L357)."""
    grabbed_by: str | None = None
    """Who holds it with a Grab (L369); a creature grabbed also has the condition here, a crow
    on its sheet."""

    @property
    def is_crow(self) -> bool:
        return self.creature is None

    @property
    def can_act(self) -> bool:
        return self.standing == "fighting" and "unconscious" not in self.conditions

    @property
    def players_see(self) -> str:
        """What the players' window shows of it: ``down``, ``wounded`` or nothing — never its
        Stamina or AD."""
        if self.standing != "fighting" or "unconscious" in self.conditions:
            return "down"
        full = self.creature.stamina if self.creature is not None else None
        if full is not None and self.stamina is not None and self.stamina < full:
            return "wounded"
        return ""


@dataclass(frozen=True)
class Fight:
    """The whole fight. ``round`` is 0 until the first initiative roll."""

    combatants: tuple[Combatant, ...] = ()
    round: int = 0
    first: Side | None = None
    acting: Side | None = None
    current: str | None = None
    initiative_die: int | None = None

    # -- reading ----------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.round == 0:
            return "setup"
        return "round_over" if self.acting is None else "acting"

    def combatant(self, name: str) -> Combatant:
        wanted = " ".join(name.split()).lower()
        for fighter in self.combatants:
            if fighter.name.lower() == wanted:
                return fighter
        names = ", ".join(f.name for f in self.combatants) or "nobody yet"
        raise FightError(f"no one called {name!r} is in the fight ({names})")

    def side(self, side: Side) -> tuple[Combatant, ...]:
        return tuple(f for f in self.combatants if f.side == side)

    def waiting(self, side: Side) -> tuple[Combatant, ...]:
        """Who on ``side`` may still take a turn this round (the surprised skip round 1, L589)."""
        return tuple(f for f in self.side(side) if f.can_act and not f.acted and not f.surprised)

    # -- who is in it -----------------------------------------------------------------------

    def with_creatures(self, creature: Creature, count: int = 1) -> Fight:
        """``count`` copies of ``creature`` on the enemies' side, numbered after those already
        in (a second "Ghoul" call after Ghoul 1 and 2 adds Ghoul 3)."""
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_OF_A_KIND:
            raise FightError(f"add 1 to {MAX_OF_A_KIND} creatures at a time, not {count!r}")
        self._room_for(count)
        taken = {f.name.lower() for f in self.combatants}
        number = 1
        added: list[Combatant] = []
        while len(added) < count:
            name = f"{creature.name} {number}"
            number += 1
            if name.lower() in taken:
                continue
            added.append(
                Combatant(
                    name=name,
                    side="enemies",
                    creature=creature,
                    stamina=creature.stamina,
                    ad=creature.ad,
                    conditions=creature.conditions,
                )
            )
        return replace(self, combatants=self.combatants + tuple(added))

    def with_crows(
        self, names: Iterable[str], conditions: dict[str, tuple[str, ...]] | None = None
    ) -> Fight:
        """The crows at the table, by name, on the crows' side (those already in are kept)."""
        have = {f.name.lower() for f in self.combatants}
        added: list[Combatant] = []
        for name in names:
            clean = " ".join(name.split())
            if not clean:
                raise FightError("a crow needs a name")
            require_plain_name("a crow's name", clean)
            if clean.lower() in have:
                continue
            have.add(clean.lower())
            added.append(
                Combatant(name=clean, side="crows", conditions=(conditions or {}).get(clean, ()))
            )
        self._room_for(len(added))
        return replace(self, combatants=self.combatants + tuple(added))

    def without(self, name: str) -> Fight:
        gone = self.combatant(name)
        current = None if self.current == gone.name else self.current
        return replace(
            self, combatants=tuple(f for f in self.combatants if f is not gone), current=current
        ).grabs_kept()

    # -- grabs ------------------------------------------------------------------------------

    def held_by(self, name: str) -> Combatant | None:
        """The one ``name`` holds with a Grab (one at a time), if any."""
        holder = self.combatant(name).name
        return next((f for f in self.combatants if f.grabbed_by == holder), None)

    def with_grab(self, grabber: str, target: str) -> Fight:
        """``target`` is grabbed by ``grabber`` (a creature gets the condition here)."""
        by, held = self.combatant(grabber), self.combatant(target)
        already = self.held_by(by.name)
        if already is not None and already.name != held.name:
            raise FightError(f"{by.name} already holds {already.name}: one grab at a time")
        conditions = held.conditions
        if not held.is_crow and "grabbed" not in conditions:
            conditions = (*conditions, "grabbed")
        return self._replaced(replace(held, grabbed_by=by.name, conditions=conditions))

    def released(self, name: str) -> Fight:
        """``name`` is no longer grabbed (a creature loses the condition here)."""
        held = self.combatant(name)
        kept = (
            held.conditions if held.is_crow else tuple(c for c in held.conditions if c != "grabbed")
        )
        return self._replaced(replace(held, grabbed_by=None, conditions=kept))

    def grabs_kept(self) -> Fight:
        """The fight with every grab whose grabber is gone, down, prone or unconscious ended
        (L371)."""
        fight = self
        for held in self.combatants:
            if held.grabbed_by is None:
                continue
            holder = next((f for f in fight.combatants if f.name == held.grabbed_by), None)
            if holder is None or not holder.can_act or "prone" in holder.conditions:
                fight = fight.released(held.name)
        return fight

    def _room_for(self, count: int) -> None:
        if len(self.combatants) + count > MAX_COMBATANTS:
            raise FightError(f"a fight holds at most {MAX_COMBATANTS} combatants")

    # -- rounds and turns -------------------------------------------------------------------

    def start_round(self, die: int) -> Fight:
        """A new round (the first, or the next once this one is over) with its initiative d10."""
        if self.phase == "acting":
            raise FightError(f"round {self.round} is still going: end it first")
        if not self.combatants:
            raise FightError("no one is in the fight yet")
        side = first_side(die)
        # Surprise lasts the first round only (L589).
        fresh = tuple(
            replace(f, acted=False, surprised=f.surprised and self.round == 0)
            for f in self.combatants
        )
        started = replace(
            self,
            combatants=fresh,
            round=self.round + 1,
            first=side,
            acting=side,
            current=None,
            initiative_die=die,
        )
        return started._moved_on()

    def next_turn(self, name: str | None = None) -> Fight:
        """End the current turn and give the next one to ``name`` (someone on the acting side who
        has not acted yet) or, without a name, to the next such combatant in list order."""
        if self.phase != "acting":
            raise FightError("roll initiative to start a round first")
        done = self._mark_acted(self.current) if self.current else self
        moved = replace(done, current=None)._moved_on()
        if name is None:
            return moved
        chosen = moved.combatant(name)
        if chosen.acted:
            raise FightError(f"{chosen.name} has already acted this round")
        if not chosen.can_act:
            raise FightError(f"{chosen.name} is {chosen.players_see or 'unable to act'}")
        if chosen.surprised:
            raise FightError(f"{chosen.name} is surprised and skips round {moved.round}")
        if moved.acting is None:
            raise FightError(f"round {moved.round} is over: roll initiative for the next")
        if chosen.side != moved.acting:
            raise FightError(f"the {moved.acting} are acting; {chosen.name} waits its side's turn")
        return replace(moved, current=chosen.name)

    def choose(self, name: str) -> Fight:
        """Give the turn that has not started yet to ``name`` instead (the side picks its own
        order): the one who was up still has its turn to come."""
        if self.phase != "acting":
            raise FightError("roll initiative to start a round first")
        return replace(self, current=None).next_turn(name)

    def end_round(self) -> Fight:
        """Everyone left has passed: the round is over (roll initiative for the next)."""
        if self.phase != "acting":
            raise FightError("no round is going")
        return replace(self, acting=None, current=None)

    def _mark_acted(self, name: str) -> Fight:
        return replace(
            self,
            combatants=tuple(
                replace(f, acted=True) if f.name == name else f for f in self.combatants
            ),
        )

    def _moved_on(self) -> Fight:
        """The first waiting combatant of the acting side; the other side once it is done;
        the round over when both are."""
        assert self.acting is not None and self.first is not None
        for side in (self.acting, other_side(self.acting)):
            if side != self.acting and side == self.first:
                break  # the first side already went
            waiting = self.waiting(side)
            if waiting:
                return replace(self, acting=side, current=waiting[0].name)
        return replace(self, acting=None, current=None)

    # -- conditions and damage --------------------------------------------------------------

    def toggle_surprised(self, name: str) -> Fight:
        """Mark ``name`` as surprised (unaware as the fight begins), or not; only before the
        first round."""
        if self.round != 0:
            raise FightError("surprise is for when the fight begins, before the first round")
        fighter = self.combatant(name)
        return self._replaced(replace(fighter, surprised=not fighter.surprised))

    def toggle_condition(self, name: str, condition: str) -> Fight:
        """Give ``name`` the condition, or end it if it has it (never two of one, L361)."""
        if condition not in CONDITIONS:
            raise FightError(f"{condition!r} is not a condition ({', '.join(CONDITIONS)})")
        fighter = self.combatant(name)
        if condition in fighter.conditions:
            kept = tuple(c for c in fighter.conditions if c != condition)
        else:
            kept = (*fighter.conditions, condition)
        changed = replace(fighter, conditions=kept)
        if condition == "grabbed" and "grabbed" not in kept:
            changed = replace(changed, grabbed_by=None)
        return self._replaced(changed).grabs_kept()

    def damaged(
        self,
        name: str,
        amount: int,
        *,
        piercing: bool = False,
        knock_out: bool = False,
        vulnerable_extra: int = 0,
    ) -> tuple[Fight, CreatureDamage]:
        """The fight after ``amount`` damage to the creature ``name`` (through its AD and
        Stamina, :func:`~refkit.rules.combat.damage.damage_creature`), and what the hit did.
        A creature downed on its own turn passes the turn on."""
        fighter = self.combatant(name)
        if fighter.creature is None or fighter.stamina is None or fighter.ad is None:
            raise FightError(f"{fighter.name} is a crow: damage goes on the crow's sheet")
        if fighter.standing == "dead":
            raise FightError(f"{fighter.name} is dead already")
        hit = damage_creature(
            fighter.stamina,
            fighter.ad,
            amount,
            piercing=piercing,
            knock_out=knock_out,
            vulnerable_extra=vulnerable_extra,
            uses_wounds=fighter.creature.uses_wounds,
            conditions=fighter.conditions,
        )
        wounds = fighter.wounds + hit.wounds
        standing = hit.standing
        if fighter.creature.uses_wounds and wounds >= len(BACKPACK_WOUND_SLOTS):
            standing = "dead"  # a wound in every backpack slot (L357)
        changed = replace(
            fighter,
            stamina=hit.stamina_after,
            ad=hit.ad_after,
            conditions=hit.conditions_after,
            standing=standing,
            wounds=min(wounds, len(BACKPACK_WOUND_SLOTS)),
        )
        fight = self._replaced(changed).grabs_kept()
        if fight.current == fighter.name and not changed.can_act:
            fight = fight.next_turn()
        return fight, hit

    def with_standing(self, name: str, standing: Standing) -> Fight:
        """The fight with ``name`` standing so (a crow's, as its sheet says: dead once all ten
        backpack slots hold wounds, L357); one who can no longer act passes the turn on and
        gets no other this round."""
        fighter = self.combatant(name)
        if fighter.standing == standing:
            return self
        changed = replace(fighter, standing=standing)
        fight = self._replaced(changed).grabs_kept()
        if fight.current == fighter.name and not changed.can_act:
            fight = fight.next_turn()
        return fight

    def at_dt_end(self) -> Fight:
        """The DT ended: blessed, vulnerable and weakened end (L365, L379, L387), and knocked-out
        creatures wake (at 1 Stamina, L351)."""
        changed = []
        for fighter in self.combatants:
            kept = tuple(c for c in fighter.conditions if c not in CONDITIONS_ENDING_WITH_THE_DT)
            standing = fighter.standing
            if standing == "knocked_out":
                standing = "fighting"
                kept = tuple(c for c in kept if c != "unconscious")
            changed.append(replace(fighter, conditions=kept, standing=standing))
        return replace(self, combatants=tuple(changed))

    def _replaced(self, fighter: Combatant) -> Fight:
        return replace(
            self,
            combatants=tuple(fighter if f.name == fighter.name else f for f in self.combatants),
        )
