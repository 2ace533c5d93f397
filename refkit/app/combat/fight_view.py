"""The fight as the tracker and the players' window show it: one row per combatant with its
Stamina and AD (a creature's from the fight, a crow's from its sheet), its conditions and its
standing in words, and the players' line that never tells Stamina or AD."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from refkit.rules.character.model import Character
from refkit.rules.combat.fight import Combatant, Fight

STANDING_WORDS = {"fighting": "", "knocked_out": "knocked out", "dead": "dead"}


@dataclass(frozen=True)
class Gauge:
    """``current`` of ``most`` (a bar's fill)."""

    current: int
    most: int


@dataclass(frozen=True)
class CombatantRow:
    """One combatant as the referee sees it."""

    name: str
    side: str
    is_crow: bool
    stamina: Gauge | None
    ad: Gauge | None
    conditions: tuple[str, ...]
    state: str
    """In words: "", "knocked out", "dead", "down" (unconscious), "wounds to place: 2"…"""
    current: bool
    acted: bool
    surprised: bool
    creature: str | None


def combatant_rows(
    fight: Fight, crow: Callable[[str], Character | None]
) -> tuple[CombatantRow, ...]:
    """Every combatant in the fight's order; ``crow(name)`` reads a crow's sheet (None: it is
    gone from the roster, and its row says so)."""
    return tuple(_row(fight, fighter, crow) for fighter in fight.combatants)


def _row(fight: Fight, fighter: Combatant, crow: Callable[[str], Character | None]) -> CombatantRow:
    words: list[str] = []
    stamina = ad = None
    conditions = fighter.conditions
    if fighter.creature is not None:
        if fighter.stamina is not None:
            stamina = Gauge(fighter.stamina, fighter.creature.stamina)
        if fighter.ad is not None:
            ad = Gauge(fighter.ad, fighter.creature.ad)
        if STANDING_WORDS[fighter.standing]:
            words.append(STANDING_WORDS[fighter.standing])
    else:
        sheet = crow(fighter.name)
        if sheet is None:
            words.append("not in the roster")
        else:
            conditions = sheet.conditions
            stamina = Gauge(sheet.stamina.current, sheet.stamina.max)
            sources = [i.armor for i in sheet.items.armor_sources() if i.armor is not None]
            if sources:
                ad = Gauge(sum(a.ad for a in sources), sum(a.max_ad for a in sources))
            if sheet.dead:
                words.append("dead")
            if sheet.wounds:
                words.append(f"{len(sheet.wounds)} wound{'s' if len(sheet.wounds) != 1 else ''}")
    fallen = {"dead", "knocked out"} & set(words)
    if "unconscious" in conditions and not fallen:  # knocked out or dead says more
        words.insert(0, "down")
    if fighter.grabbed_by:
        words.append(f"held by {fighter.grabbed_by}")
    if fighter.surprised:
        words.append("surprised")
    return CombatantRow(
        name=fighter.name,
        side=fighter.side,
        is_crow=fighter.is_crow,
        stamina=stamina,
        ad=ad,
        conditions=conditions,
        state=", ".join(words),
        current=fight.current == fighter.name,
        acted=fighter.acted,
        surprised=fighter.surprised,
        creature=None if fighter.creature is None else fighter.creature.name,
    )


def round_text(fight: Fight) -> str:
    """The round in words: "Round 2", or "No round yet"."""
    return f"Round {fight.round}" if fight.round else "No round yet"


def side_text(fight: Fight) -> str:
    """Whose side acts: "The crows act", "The enemies act", "Round over", "Setting up"."""
    if fight.phase == "setup":
        return "Setting up: roll initiative"
    if fight.acting is None:
        return "Round over: roll for the next"
    return f"The {fight.acting} act"


@dataclass(frozen=True)
class PlayersFight:
    """The fight as the players see it: the round, whose side acts, and each combatant with
    "wounded" or "down" or nothing — never Stamina or AD."""

    round_text: str
    side_text: str
    combatants: tuple[tuple[str, str], ...]
    """(name, what the players see of it) in the fight's order."""

    @property
    def head(self) -> str:
        return f"{self.round_text} · {self.side_text}"

    @property
    def people(self) -> str:
        return ", ".join(f"{name} ({seen})" if seen else name for name, seen in self.combatants)

    @property
    def line(self) -> str:
        return f"{self.head} — {self.people}"


def players_fight(
    fight: Fight, crow: Callable[[str], Character | None] = lambda _name: None
) -> PlayersFight | None:
    """What the players' window shows of ``fight`` (None: no one is in a fight). A crow is seen
    with the conditions on its sheet (``crow(name)``), so an unconscious crow shows as down."""
    if not fight.combatants:
        return None
    if fight.phase == "setup":
        side = "A fight begins"
    elif fight.acting is None:
        side = "Round over"
    else:
        side = f"The {fight.acting} act"
    seen: list[tuple[str, str]] = []
    for fighter in fight.combatants:
        sheet = crow(fighter.name) if fighter.is_crow else None
        if sheet is not None:
            fighter = replace(fighter, conditions=sheet.conditions)
        seen.append((fighter.name, fighter.players_see))
    return PlayersFight(
        round_text=round_text(fight) if fight.round else "Fight",
        side_text=side,
        combatants=tuple(seen),
    )
