"""The one rest procedure (issue 9 "Rests, one path"): the dungeon's Finish rest and the sheet's
rest both eat rations, heal as the rules say (Tend Wounds: two, never both twice), do each crow's
one activity, keep the Seclude Camp of the rest's check, and undo as one step; a refused choice
writes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.dungeon.rests import RestPlan
from refkit.app.dungeon_turn_commands import FinishRestCommand, StartRestCommand
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.bridge import PartyBridge, dungeon_service_with_party
from refkit.app.party.rest import (
    CrowRestCommand,
    PartyRest,
    prepared_task,
    sheet_rest_refusal,
    starvation_wounds,
)
from refkit.app.party.wound_prompts import WoundPrompt
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import (
    Activity,
    ActivityChoice,
    ActivityRefused,
    rations_carried,
)
from refkit.rules.inventory.model import BELT, MAGIC, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore
from tests.app.scripted_dice import ScriptedDice
from tests.wound_crows import BRAM, IDA, add_wound_crows


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Camp:
    characters: CharacterService
    service: DungeonTurnService
    bridge: PartyBridge
    dice: ScriptedDice

    def crow(self, name: str) -> Character:
        return self.characters.get(name)

    def change(self, name: str, **changes: object) -> Character:
        crow = replace(self.crow(name), **changes)  # type: ignore[arg-type]
        self.characters.save(crow)
        return crow

    def finish(self, **activities: str) -> FinishRestCommand:
        plan = RestPlan({name: _choice(text) for name, text in activities.items()})
        command = FinishRestCommand(self.service, plan=plan)
        command.do()
        return command

    def resting(self) -> bool:
        return self.service.status()["state"] == "resting"


def _choice(text: str) -> ActivityChoice:
    activity, _, target = text.partition(":")
    return ActivityChoice(Activity(activity), target)


def rations(count: int) -> Item:
    return Item("Ration", area=BELT, at=1, count=count, stack=StackInfo("ration", 6), id="rations")


def party_rest(command: FinishRestCommand) -> PartyRest:
    assert command.outcome is not None
    (result,) = command.outcome.value.hook_results
    assert isinstance(result, PartyRest)
    return result


@pytest.fixture
def camp(tmp_path: Path) -> Iterator[Camp]:
    db = Database.open(str(tmp_path / "refkit.sqlite3"))
    characters = CharacterService(CharacterRepository(db), seed_samples=False)
    add_wound_crows(characters)
    for name in (IDA, BRAM):
        crow = characters.get(name)
        characters.save(crow.with_items(crow.items.with_item(rations(2))))
    characters.create_party("Crows", [IDA, BRAM])
    dice = ScriptedDice()
    service, bridge = dungeon_service_with_party(
        DungeonTurnStore(db), characters, clock=FakeClock(), rng_factory=dice.factory
    )
    service.start(dungeon="The Drowned Crypt")
    StartRestCommand(service).do()
    yield Camp(characters, service, bridge, dice)
    bridge.close()
    db.close()


def test_tend_wounds_heals_two_of_the_patients_wounds_and_the_rest_eats_a_ration(
    camp: Camp,
) -> None:
    camp.change(IDA, wounds=(4, 5, 6), stamina=replace(camp.crow(IDA).stamina, current=1))
    camp.change(BRAM, wounds=(7, 8))
    command = camp.finish(**{BRAM: "tend-wounds"})
    rest = party_rest(command)
    ida, bram = rest.entries
    assert camp.bridge.prompts.get(IDA) == WoundPrompt(to_heal=2)  # 2 of 3: the player picks
    assert (ida.tended_by, ida.wounds_to_heal) == (BRAM, 2)
    assert camp.bridge.prompts.get(BRAM) == WoundPrompt(to_heal=1)  # the tender heals its one
    assert bram.activity == "tend-wounds" and "tended Ida Fenwick's wounds" in bram.activity_result
    assert (ida.ration_eaten, ida.rations_left, ida.starving) == ("Ration", 1, False)
    assert rations_carried(camp.crow(IDA)) == 1 and camp.crow(IDA).stamina.current == 5
    assert ida.to_dict()["activity"] == "none"

    command.undo()  # one step: crows, rations, prompts and the clock
    assert rations_carried(camp.crow(IDA)) == 2 and camp.crow(IDA).stamina.current == 1
    assert camp.bridge.prompts.pending() == {}
    assert camp.resting()


def test_a_crow_with_one_wound_left_to_heal_has_it_healed_at_once(camp: Camp) -> None:
    camp.change(IDA, wounds=(4, 5))
    camp.change(BRAM, wounds=(2,))
    rest = party_rest(camp.finish(**{BRAM: "tend-wounds"}))
    assert camp.crow(IDA).wounds == () and rest.entries[0].healed == (4, 5)
    assert camp.crow(BRAM).wounds == ()


def test_a_crow_without_a_ration_starves_and_eating_later_heals_the_starvation(
    camp: Camp,
) -> None:
    ida = camp.crow(IDA)
    camp.change(IDA, items=ida.items.without("rations"), stamina=replace(ida.stamina, current=2))
    rest = party_rest(camp.finish())
    entry = rest.entries[0]
    assert entry.starving and not entry.rested and entry.ration_eaten == ""
    assert camp.crow(IDA).stamina.current == 2  # no rest benefits without a ration (L439)
    assert camp.bridge.prompts.get(IDA) == WoundPrompt(to_place=1)  # the starvation wound
    assert starvation_wounds(camp.characters.repository, IDA) == 1
    assert "no ration: no rest benefits, a starvation wound" in entry.line()

    camp.change(IDA, wounds=(3,), items=camp.crow(IDA).items.with_item(rations(1)))
    camp.bridge.prompts.add(IDA, to_place=-1)  # placed on the sheet (slot 3)
    camp.service.start_rest()
    party_rest(camp.finish())
    assert camp.crow(IDA).wounds == ()  # eating clears it, the rest heals nothing else
    assert starvation_wounds(camp.characters.repository, IDA) == 0


def test_repair_armor_and_prepare_for_a_task(camp: Camp) -> None:
    bram = camp.crow(BRAM).take_damage(5, armour_order=["shirt", "shield"]).character
    camp.characters.save(bram)
    rest = party_rest(camp.finish(**{BRAM: "repair-armor:shirt", IDA: "prepare:the vault lock"}))
    assert camp.crow(BRAM).items.find("shirt").armor.ad == 4  # type: ignore[union-attr]
    assert camp.crow(BRAM).items.find("shield").armor.ad == 1  # type: ignore[union-attr]
    assert rest.entries[1].repaired == "Chain shirt"
    assert prepared_task(camp.characters.repository, IDA) == "the vault lock"
    assert rest.entries[0].activity_result == "+2 on the vault lock until the next rest ends"
    camp.service.start_rest()
    party_rest(camp.finish())
    assert prepared_task(camp.characters.repository, IDA) == ""  # until the next rest ends


def test_a_refused_activity_refuses_the_finish_and_writes_nothing(camp: Camp) -> None:
    before = {name: camp.crow(name) for name in (IDA, BRAM)}
    logged = camp.service.store.session_log.count()
    with pytest.raises(ActivityRefused, match="Ida Fenwick carries no damaged armour"):
        camp.finish(**{IDA: "repair-armor"})
    with pytest.raises(ActivityRefused, match="'Hob' is not resting here"):
        camp.finish(Hob="seclude-camp")
    assert camp.resting()
    assert {name: camp.crow(name) for name in (IDA, BRAM)} == before
    assert camp.service.store.session_log.count() == logged


def test_seclude_camp_follows_the_rest_check(camp: Camp) -> None:
    camp.dice.script = [3]
    camp.service.rest_encounter_check(seclude=True)
    with pytest.raises(ActivityRefused, match="made with Seclude Camp: name the crow"):
        camp.finish()
    rest = party_rest(camp.finish(**{IDA: "seclude-camp"}))
    assert rest.secluded_by == IDA
    assert rest.entries[0].activity_result == "secluded the camp: the rest's EN +1"

    camp.service.start_rest()
    camp.dice.script = [3]
    camp.service.rest_encounter_check(seclude=False)
    with pytest.raises(ActivityRefused, match="check was made without Seclude Camp"):
        camp.finish(**{BRAM: "seclude-camp"})


def test_the_sheet_rest_goes_through_the_same_procedure_once(camp: Camp) -> None:
    assert "resting with the party at the table" in sheet_rest_refusal(camp.bridge, IDA)
    camp.finish()
    assert "in a dungeon turn" in sheet_rest_refusal(camp.bridge, IDA)
    camp.service.stop()
    assert sheet_rest_refusal(camp.bridge, IDA) == ""
    camp.change(IDA, wounds=(4, 5, 6))
    command = CrowRestCommand(
        camp.characters,
        camp.bridge.prompts,
        [camp.crow(IDA)],
        in_miasma=False,
        healed_slots={IDA: [5]},
        choices={},
    )
    command.do()
    assert camp.crow(IDA).wounds == (4, 6) and rations_carried(camp.crow(IDA)) == 0
    command.undo()
    assert camp.crow(IDA).wounds == (4, 5, 6) and rations_carried(camp.crow(IDA)) == 1
    command.do()  # redo
    assert camp.crow(IDA).wounds == (4, 6)


def test_the_rest_start_resolves_the_dt_only_with_the_setting(camp: Camp) -> None:
    camp.finish()
    camp.dice.script = [5]
    camp.service.add_preset("Torch")
    ida = camp.crow(IDA)
    rings = [Item(f"Ring {c}", area=MAGIC, magic_slot="finger", id=f"ring-{c}") for c in "ab"]
    items = ida.items
    for ring in rings:
        items = items.with_item(ring)
    camp.change(IDA, items=items)
    start = StartRestCommand(camp.service)
    start.do()  # default (§15 D2): no roll, nothing ends, no wounds
    assert start.outcome is not None and start.outcome.value.usage_dice == ()
    assert camp.bridge.prompts.get(IDA) == WoundPrompt()
    start.undo()

    camp.service.update_settings(resolve_dt_at_rest_start=True)
    camp.dice.script = [2, 4]  # the torch's die (2: it burns on), then Ida's 1d6 wounds
    start = StartRestCommand(camp.service)
    start.do()
    assert start.outcome is not None
    (rolled,) = start.outcome.value.usage_dice
    assert rolled.name == "Torch"
    assert camp.bridge.prompts.get(IDA) == WoundPrompt(to_place=4)
    assert camp.service.status()["pending_encounter"] is False  # still no encounter check
    start.undo()
    assert camp.bridge.prompts.get(IDA) == WoundPrompt()
