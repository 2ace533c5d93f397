"""A finished rest ends the tracked effects a resting crow owns that end at a rest (a backlash
"until a rest", a spell rolled at each DT end) — the sheet's rest as well as the dungeon's — in the
rest's one undo step; other crows' effects and effects lasting until removed stay."""

from __future__ import annotations

from refkit.app.party.rest import CrowRestCommand
from refkit.rules.dungeon.effects import EffectKind
from tests.app.test_rest_procedure import Camp, camp  # noqa: F401  (the fixture)
from tests.wound_crows import BRAM, IDA


def tracked(at: Camp) -> set[tuple[str, str]]:
    return {(effect.name, effect.owner) for effect in at.service.effects()}


def add_backlashes(at: Camp) -> None:
    service = at.service
    service.add_effect("Hollow voice", 0, (), EffectKind.BACKLASH, owner=IDA, ends_at_rest=True)
    service.add_effect("Glowing eyes", 2, (), EffectKind.SPELL, owner=IDA)
    service.add_effect("Ash hands", 0, (), EffectKind.BACKLASH, owner=IDA)  # until removed
    service.add_effect("Frost skin", 0, (), EffectKind.BACKLASH, owner=BRAM, ends_at_rest=True)


def sheet_rest(at: Camp, *names: str) -> CrowRestCommand:
    return CrowRestCommand(
        at.characters,
        at.bridge.prompts,
        [at.crow(name) for name in names],
        in_miasma=False,
        choices={},
        effects=at.service,
    )


def test_the_sheet_rest_ends_the_crows_until_a_rest_effects_as_one_undo_step(
    camp: Camp,  # noqa: F811
) -> None:
    camp.finish()
    camp.service.stop()  # out of the dungeon: the sheet rests the crow
    add_backlashes(camp)
    everything = tracked(camp)
    command = sheet_rest(camp, IDA)
    command.do()
    assert tracked(camp) == {("Ash hands", IDA), ("Frost skin", BRAM)}
    assert command.step is not None
    (entry,) = command.step.entries
    assert entry.effects_ended == ("Hollow voice", "Glowing eyes")
    assert "Hollow voice, Glowing eyes ended with the rest" in entry.line()
    assert entry.to_dict()["effects_ended"] == ["Hollow voice", "Glowing eyes"]
    command.undo()
    assert tracked(camp) == everything
    command.do()  # redo
    assert tracked(camp) == {("Ash hands", IDA), ("Frost skin", BRAM)}


def test_a_sheet_rest_without_the_dungeon_turn_ends_nothing(camp: Camp) -> None:  # noqa: F811
    camp.finish()
    camp.service.stop()
    add_backlashes(camp)
    everything = tracked(camp)
    command = CrowRestCommand(
        camp.characters, camp.bridge.prompts, [camp.crow(IDA)], in_miasma=False, choices={}
    )
    command.do()
    assert tracked(camp) == everything


def test_the_dungeons_finish_rest_ends_them_too(camp: Camp) -> None:  # noqa: F811
    add_backlashes(camp)  # during the rest
    camp.finish()
    names = {name for name, _owner in tracked(camp)}
    assert "Hollow voice" not in names and "Frost skin" not in names
    assert "Ash hands" in names
