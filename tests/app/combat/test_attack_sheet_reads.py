"""The attack window's reads, each from one read of the attacker's sheet: what it may pick from
(weapons in hand, weapon expertises left, Bury the Point) and the attack prepared (there were
five reads of the same sheet for one preparation; each is a database read on a filled file)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.combat.bestiary import Bestiary
from refkit.app.combat.fight_session import AttackerChoices, FightSession
from refkit.compose import open_character_service
from refkit.rules.combat.attack import Situation
from tests.app.combat.test_fight_session import MARA, TOBIN, mara, seeded, tobin


class CountedReads:
    def __init__(self, characters: CharacterService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.names: list[str] = []
        get = characters.get

        def counted(name: str):  # type: ignore[no-untyped-def]
            self.names.append(name)
            return get(name)

        monkeypatch.setattr(characters, "get", counted)


@pytest.fixture
def fight(tmp_path: Path) -> Iterator[FightSession]:
    with open_character_service(str(tmp_path / "refkit.sqlite3"), seed_samples=False) as opened:
        opened.create(mara())
        opened.create(tobin())
        session = FightSession(opened, Bestiary.shipped(), rng_factory=seeded)
        session.add_crows([MARA, TOBIN]).do()
        session.add_creatures("tunnel ghoul", 2).do()
        session.start_round(die=8).do()
        yield session


def test_the_attackers_choices_come_from_one_read_and_match_the_separate_questions(
    fight: FightSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = CountedReads(fight.characters, monkeypatch)
    choices = fight.attacker_choices(MARA)
    assert reads.names == [MARA]
    assert choices == AttackerChoices(
        fight.attacks_of(MARA), fight.weapon_expertises(MARA), fight.buries_the_point(MARA)
    )
    assert choices.expertises == ("Swords",)
    ghoul = fight.attacker_choices("Tunnel ghoul 1")
    assert ghoul.attacks == fight.attacks_of("Tunnel ghoul 1") and ghoul.attacks
    assert ghoul.expertises == () and not ghoul.buries


def test_an_attack_is_prepared_from_one_read_of_the_attackers_sheet(
    fight: FightSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight.toggle_condition(MARA, "weakened").do()
    reads = CountedReads(fight.characters, monkeypatch)
    prepared = fight.prepare_attack(
        MARA, "Sword", "Tunnel ghoul 1", situation=Situation(flanking=True), expertise="Swords"
    )
    assert reads.names == [MARA]
    assert prepared.crow is not None and prepared.crow.name == MARA
    assert prepared.request.attacker_conditions == ("weakened",)  # the sheet's conditions
    assert prepared.request.characteristic == 2  # Mara's strength, the better one for a sword
    reads.names.clear()
    fight.prepare_attack("Tunnel ghoul 1", "Claws", TOBIN)  # a crow as the target: its sheet
    assert reads.names == [TOBIN]
