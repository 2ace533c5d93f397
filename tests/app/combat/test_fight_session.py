"""A fight run through the app: creatures from the bestiary, crows from the roster, and every
step (joins, initiative, turns, attacks, damage, conditions) done, undone and redone whole."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.combat.bestiary import Bestiary, UnknownCreatureError
from refkit.app.combat.fight_session import FightSession
from refkit.app.undo import UndoConflictError
from refkit.compose import open_character_service
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.combat.attack import AttackRefused, Situation
from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    HAND,
    Armor,
    Inventory,
    Item,
    TierDamage,
    UsageDiceState,
)
from refkit.rules.usage_dice import UsageDiceMode

MARA = "Mara Vell"
TOBIN = "Tobin Ash"


def mara() -> Character:
    items = Inventory(
        (
            Item(
                "Sword",
                area=HAND,
                at=1,
                damage=TierDamage(3, 6, "S"),
                attack_range="melee 1",
                keywords=("slashing", "parry 4"),
                id="sword",
            ),
            Item(
                "Knife",
                area=HAND,
                at=2,
                damage=TierDamage(2, 4, "A/S"),
                attack_range="melee 1 / thrown 5",
                id="knife",
            ),
            Item("Light armour", area=BACKPACK, at=1, slots=2, armor=Armor(5, 5, True), id="suit"),
        )
    )
    return Character(
        MARA,
        Characteristics(agility=1, mind=0, strength=2),
        Stamina(7, 7),
        expertises=(Expertise("Swords", "weapon", 2), Expertise("Stealth", "general", 1)),
        items=items,
    )


def tobin() -> Character:
    quiver = UsageDiceState(2, 2, frozenset({UsageDiceMode.USELESS, UsageDiceMode.ACTIVATE}))
    items = Inventory(
        (
            Item(
                "Longbow",
                area=HAND,
                at=1,
                slots=2,
                damage=TierDamage(3, 6, "A"),
                attack_range="ranged 20",
                keywords=("bow",),
                id="bow",
            ),
            Item(
                "Quiver of 20 arrows",
                area=BELT,
                at=1,
                usage_dice=quiver,
                tags=("ammunition",),
                id="quiver",
            ),
        )
    )
    return Character(TOBIN, Characteristics(2, 0, 0), Stamina(5, 5), items=items)


class Log:
    """The fight log as a list: each entry's text and whether it is marked undone."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, bool]] = []

    def write(self, text: str) -> int:
        self.entries.append((text, False))
        return len(self.entries) - 1

    def mark_undone(self, entry: int, undone: bool) -> None:
        self.entries[entry] = (self.entries[entry][0], undone)


def seeded(seed: int | None) -> tuple[random.Random, int]:
    return random.Random(seed or 0), seed or 0


@pytest.fixture
def characters(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3"), seed_samples=False) as opened:
        opened.create(mara())
        opened.create(tobin())
        yield opened


@pytest.fixture
def log() -> Log:
    return Log()


@pytest.fixture
def session(characters: CharacterService, log: Log) -> FightSession:
    fight = FightSession(characters, Bestiary.shipped(), rng_factory=seeded, log=log)
    fight.add_crows([MARA, TOBIN]).do()
    fight.add_creatures("tunnel ghoul", 2).do()
    fight.start_round(die=8).do()
    return fight


def test_creatures_come_numbered_from_the_bestiary_and_crows_from_the_roster(
    session: FightSession, log: Log
) -> None:
    names = [f.name for f in session.state.combatants]
    assert names == [MARA, TOBIN, "Tunnel ghoul 1", "Tunnel ghoul 2"]
    assert log.entries[1] == ("Tunnel ghoul 1, Tunnel ghoul 2 join the fight", False)
    assert log.entries[2] == ("Round 1: initiative 8, the crows act first", False)
    with pytest.raises(UnknownCreatureError, match="no creature called 'dragon'"):
        session.add_creatures("dragon")


def test_a_hit_on_a_creature_goes_through_its_ad_then_stamina_and_undoes_whole(
    session: FightSession, log: Log
) -> None:
    step = session.attack(MARA, "Sword", "Tunnel ghoul 1", dice=(6, 6))  # 12 + 2: tier 2
    report = step.report
    assert report.outcome.hit and report.outcome.damage == 5
    step.do()
    ghoul = session.state.combatant("Tunnel ghoul 1")
    assert (ghoul.ad, ghoul.stamina) == (0, 9 - 3)  # AD 2 soaks 2, Stamina takes 3
    assert log.entries[-1][0].startswith(
        "Mara Vell attacks Tunnel ghoul 1 with Sword: tier 2 hit; Tunnel ghoul 1 takes 5 damage"
    )
    entries = len(log.entries)
    step.undo()
    assert session.state.combatant("Tunnel ghoul 1").stamina == 9
    assert log.entries[-1][1] is True  # marked undone, not rewritten
    step.do()
    assert session.state.combatant("Tunnel ghoul 1").stamina == 6
    assert len(log.entries) == entries and log.entries[-1][1] is False


def test_a_knock_out_leaves_the_creature_down_at_1_stamina(session: FightSession) -> None:
    session.damage("Tunnel ghoul 1", 9)[0].do()  # AD 2 gone, Stamina 2 left
    step = session.attack(MARA, "Sword", "Tunnel ghoul 1", dice=(6, 6), knock_out=True)
    step.do()
    ghoul = session.state.combatant("Tunnel ghoul 1")
    assert (ghoul.stamina, ghoul.standing, ghoul.players_see) == (1, "knocked_out", "down")
    assert "knocked out" in step.text
    session.dt_ended().do()
    assert session.state.combatant("Tunnel ghoul 1").standing == "fighting"


def test_a_melee_miss_offers_the_counter_with_the_targets_melee_attack(
    session: FightSession,
) -> None:
    report = session.attack(MARA, "Sword", "Tunnel ghoul 1", dice=(3, 4)).report
    assert not report.outcome.hit and report.outcome.counter_tier == 2
    assert report.counter_damage == 2 + 2  # Claws 2+S, the ghoul's Strength 2
    doom = session.attack(MARA, "Sword", "Tunnel ghoul 1", dice=(1, 2)).report
    assert doom.outcome.counter_tier == 3 and doom.counter_damage == 5 + 2


def test_damage_to_a_crow_goes_through_its_sheet_armour_stamina_and_wounds(
    session: FightSession, characters: CharacterService
) -> None:
    step = session.attack("Tunnel ghoul 1", "Grave bite", MARA, dice=(9, 8))  # 17+2: tier 3
    hit = step.report.hit
    assert hit is not None and hit.piercing and step.report.outcome.damage == 6 + 2
    step.do()
    crow = characters.get(MARA)
    assert crow.armor_defense == 5  # piercing skips AD
    assert crow.stamina.current == 0
    assert hit.wounds_to_place == 1  # 8 piercing: 7 Stamina, then 1 wound for the player to place
    step.undo()
    assert characters.get(MARA).stamina.current == 7


def test_the_weapon_expertise_is_spent_only_when_it_raises_the_tier(
    session: FightSession, characters: CharacterService
) -> None:
    missed = session.attack(MARA, "Sword", "Tunnel ghoul 1", dice=(4, 4), expertise="Swords")
    assert missed.report.outcome.hit and missed.report.expertise == "Swords"
    missed.do()
    assert characters.get(MARA).expertises[0].spent == 1
    crit = session.attack(MARA, "Sword", "Tunnel ghoul 2", dice=(10, 10), expertise="Swords")
    crit.do()
    assert crit.report.expertise is None and crit.report.outcome.extra_action
    assert characters.get(MARA).expertises[0].spent == 1
    with pytest.raises(AttackRefused, match="Stealth is a general expertise"):
        session.attack(MARA, "Sword", "Tunnel ghoul 2", expertise="Stealth")


def test_a_shot_spends_ammunition_and_a_miss_near_allies_can_hit_one(
    session: FightSession, characters: CharacterService
) -> None:
    step = session.attack(
        TOBIN,
        "Longbow",
        "Tunnel ghoul 1",
        allies=[MARA],
        dice=(2, 4, 5),
        situation=Situation(distance=3),
    )
    report = step.report
    assert not report.outcome.hit
    assert report.stray is not None and report.stray.name == MARA
    assert report.outcome.stray is not None and report.outcome.stray.damage == 3 + 2
    assert report.ammunition is not None and report.ammunition.before == 2
    step.do()
    tobin_after = characters.get(TOBIN)
    assert tobin_after.items.find("quiver").usage_dice.current == report.ammunition.after  # type: ignore[union-attr]
    assert characters.get(MARA).armor_defense == 0  # her armour soaked the 5
    step.undo()
    assert characters.get(MARA).armor_defense == 5
    assert characters.get(TOBIN).items.find("quiver").usage_dice.current == 2  # type: ignore[union-attr]


def test_a_crow_with_no_arrows_cannot_shoot(
    session: FightSession, characters: CharacterService
) -> None:
    empty = tobin()
    quiver = empty.items.find("quiver")
    items = empty.items.replaced(
        Item(
            quiver.name,
            area=BELT,
            at=1,
            usage_dice=UsageDiceState(2, 0, quiver.usage_dice.modes),  # type: ignore[union-attr]
            tags=quiver.tags,
            id="quiver",
        )
    )
    characters.put(TOBIN, empty.with_items(items))
    with pytest.raises(AttackRefused, match="no ammunition left for Longbow"):
        session.attack(TOBIN, "Longbow", "Tunnel ghoul 1")


def test_weapons_in_hand_and_their_thrown_use(session: FightSession) -> None:
    names = [a.name for a in session.attacks_of(MARA)]
    assert names == ["Sword", "Knife (melee)", "Knife (thrown)"]
    thrown = session.attack(MARA, "Knife (thrown)", "Tunnel ghoul 1", dice=(6, 6)).report
    assert thrown.outcome.hit and not thrown.outcome.ammunition_spent
    with pytest.raises(AttackRefused, match="has no 'Axe' in hand"):
        session.attack(MARA, "Axe", "Tunnel ghoul 1")


def test_a_condition_toggles_on_the_crows_sheet_or_on_the_creature(
    session: FightSession, characters: CharacterService
) -> None:
    session.toggle_condition(MARA, "blessed").do()
    assert characters.get(MARA).conditions == ("blessed",)
    step = session.toggle_condition("Tunnel ghoul 1", "prone")
    step.do()
    assert session.state.combatant("Tunnel ghoul 1").conditions == ("prone",)
    report = session.attack(MARA, "Sword", "Tunnel ghoul 1", dice=(4, 4)).report
    assert report.outcome.modifiers.edges == 2  # blessed + prone target: a double edge
    assert report.outcome.damage == 3 + 2 + 2  # blessed adds Strength once more
    step.undo()
    assert session.state.combatant("Tunnel ghoul 1").conditions == ()


def test_turns_follow_the_initiative_and_undo_refuses_once_the_fight_moved_on(
    session: FightSession,
) -> None:
    assert session.state.current == MARA
    first = session.next_turn()
    first.do()
    assert session.state.current == TOBIN
    session.next_turn().do()
    assert (session.state.acting, session.state.current) == ("enemies", "Tunnel ghoul 1")
    with pytest.raises(UndoConflictError, match="the fight changed since"):
        first.undo()


def test_a_refused_attack_changes_nothing(session: FightSession, log: Log) -> None:
    before, entries = session.state, len(log.entries)
    with pytest.raises(AttackRefused, match="reaches 1 square; the target is 4 away"):
        session.attack(MARA, "Sword", "Tunnel ghoul 1", situation=Situation(distance=4))
    assert session.state == before and len(log.entries) == entries


def test_attacks_on_a_surprised_creature_get_plus_1_in_round_1_only(
    characters: CharacterService,
) -> None:  # V69
    fight = FightSession(characters, Bestiary.shipped(), rng_factory=seeded)
    fight.add_crows([MARA]).do()
    fight.add_creatures("tunnel ghoul").do()
    fight.toggle_surprised("Tunnel ghoul 1").do()
    fight.start_round(die=9).do()
    first = fight.attack(MARA, "Sword", "Tunnel ghoul 1", dice=(4, 5)).report.outcome
    assert first.test.total == 9 + 2 + 1 and "surprised target: +1" in first.modifiers.reasons
    fight.end_round().do()
    fight.start_round(die=9).do()
    later = fight.attack(MARA, "Sword", "Tunnel ghoul 1", dice=(4, 5)).report.outcome
    assert later.test.total == 9 + 2
