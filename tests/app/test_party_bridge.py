"""The party at the table in the dungeon turn: conditions, magic overload and rests act on its
crows, are saved at once, and come undone with the DT step that made them."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app import character_commands as cmd
from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_commands import EndTurnCommand, FinishRestCommand, StartRestCommand
from refkit.app.party_bridge import (
    OverloadWounds,
    PartyBridge,
    PartyRest,
    PromptedEdit,
    WoundPrompt,
    answering_prompt,
    dungeon_service_with_party,
)
from refkit.cli import run_cli
from refkit.compose import open_character_service
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import rations_carried
from refkit.rules.dungeon.end_of_turn import EndedCondition
from refkit.rules.inventory.model import MAGIC, Item, UsageDiceState
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store import CharacterRepository, Database, DungeonTurnStore
from tests.app.scripted_dice import ScriptedDice
from tests.runner import run

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"
WREN = "Wren Ashdown"
SAMPLE_PARTY = "The Sample Party"
START = 1_900_000_000.0


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class Table:
    """One database with the sample party, the party bridge and the dungeon turn on it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = Database.open(str(path))
        self.characters = CharacterService(CharacterRepository(self.db))
        self.clock = FakeClock()
        self.dice = ScriptedDice()
        self.service, self.bridge = dungeon_service_with_party(
            DungeonTurnStore(self.db),
            self.characters,
            clock=self.clock,
            rng_factory=self.dice.factory,
        )

    def close(self) -> None:
        self.bridge.close()
        self.db.close()

    def crow(self, name: str) -> Character:
        return self.characters.get(name)

    def change(self, name: str, **changes: object) -> Character:
        crow = replace(self.crow(name), **changes)  # type: ignore[arg-type]
        self.characters.save(crow)
        return crow

    def stored_elsewhere(self, name: str) -> Character:
        """The crow as another process reads it from the database file (saved at once?)."""
        with Database.open(str(self.path)) as other:
            return CharacterRepository(other).get(name)

    def end_dt(self, die: int = 5) -> EndTurnCommand:
        command = run(self.db, EndTurnCommand(self.service, die))
        command.do()
        return command


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(tmp_path / "refkit.sqlite3")
    table.service.start(dungeon="The Drowned Crypt")
    yield table
    table.close()


def with_rings(crow: Character, slot: str = "finger") -> Character:
    """The crow wearing two magic rings in one slot: no rest, 1d6 wounds at each DT end."""
    items = crow.items
    for letter in "ab":
        items = items.with_item(
            Item(f"Ring {letter}", area=MAGIC, magic_slot=slot, id=f"ring-{letter}")
        )
    return crow.with_items(items)


def overload(command: EndTurnCommand) -> OverloadWounds:
    assert command.outcome is not None
    (result,) = command.outcome.change.hook_results
    assert isinstance(result, OverloadWounds)
    return result


# -- the party at the table ---------------------------------------------------------------------


def test_the_only_party_is_at_the_table_until_the_referee_chooses(table: Table) -> None:
    assert table.bridge.choice().chosen is False
    assert table.bridge.party_name() == SAMPLE_PARTY
    assert table.bridge.to_dict() == {"party": SAMPLE_PARTY, "members": [BRANNOC, HESPER, WREN]}
    table.characters.create_party("Night watch", [WREN])
    assert table.bridge.party_name() is None  # two parties, none chosen: nobody


def test_the_choice_is_stored_and_read_back_by_another_process(table: Table) -> None:
    table.characters.create_party("Night watch", [WREN])
    assert table.bridge.set_party("night WATCH") == "Night watch"
    with Database.open(str(table.path)) as other:
        again = PartyBridge(CharacterService(CharacterRepository(other)))
        assert again.to_dict() == {"party": "Night watch", "members": [WREN]}
    assert table.bridge.set_party(None) is None
    assert table.bridge.to_dict() == {"party": None, "members": []}
    assert table.bridge.choice().chosen is True  # "nobody" is a choice: no default any more
    texts = [entry.text for entry in table.service.store.session_log.entries(kinds=["settings"])]
    assert texts[-2:] == [
        "Party in the dungeon: Night watch (Wren Ashdown)",
        "No party in the dungeon",
    ]


def test_an_unknown_party_is_refused_and_nothing_changes(table: Table) -> None:
    with pytest.raises(ValueError, match=r"no party called 'Lost souls'.*The Sample Party"):
        table.bridge.set_party("Lost souls")
    assert table.bridge.choice().chosen is False
    assert table.bridge.party_name() == SAMPLE_PARTY


def test_the_choice_follows_a_renamed_party_and_a_deleted_one_leaves_nobody(table: Table) -> None:
    table.bridge.set_party(SAMPLE_PARTY)
    table.characters.rename_party(SAMPLE_PARTY, "The Crows")
    assert table.bridge.party_name() == "The Crows"
    table.characters.delete_party("The Crows")
    assert table.bridge.party_name() is None
    assert table.bridge.crows() == []


def test_the_miasma_flag_keeps_the_default_party(table: Table) -> None:
    table.bridge.set_rest_in_miasma(True)
    assert table.bridge.rest_in_miasma is True
    assert table.bridge.choice().chosen is False
    table.characters.create_party("Night watch", [WREN])
    assert table.bridge.party_name() is None


# -- conditions at the end of a DT --------------------------------------------------------------


def test_end_dt_ends_a_weakened_crows_condition_and_undo_gives_it_back(table: Table) -> None:
    table.change(BRANNOC, conditions=("weakened", "prone"))
    table.change(HESPER, conditions=("blessed",))
    outsider = replace(table.crow(WREN), name="Odo Stray", conditions=("vulnerable",))
    table.characters.create(outsider)  # not in the party: not at the table

    command = table.end_dt()
    assert command.outcome is not None
    result = command.outcome.value
    assert set(result.conditions_ended) == {
        EndedCondition(BRANNOC, "weakened"),
        EndedCondition(HESPER, "blessed"),
    }
    assert result.to_dict(command.outcome.now)["conditions_ended"] == [
        {"character": BRANNOC, "condition": "weakened"},
        {"character": HESPER, "condition": "blessed"},
    ]
    assert table.stored_elsewhere(BRANNOC).conditions == ("prone",)
    assert table.stored_elsewhere(HESPER).conditions == ()
    assert table.crow("Odo Stray").conditions == ("vulnerable",)

    command.undo()
    assert table.stored_elsewhere(BRANNOC).conditions == ("weakened", "prone")
    assert table.stored_elsewhere(HESPER).conditions == ("blessed",)
    assert table.service.status()["dt"] == 1

    command.do()  # redo: the same step again
    assert table.crow(BRANNOC).conditions == ("prone",)
    assert table.service.status()["dt"] == 2


def test_with_no_party_at_the_table_no_crow_is_touched(table: Table) -> None:
    table.change(BRANNOC, conditions=("weakened",))
    table.bridge.set_party(None)
    command = table.end_dt()
    assert command.outcome is not None
    assert command.outcome.value.conditions_ended == ()
    assert table.crow(BRANNOC).conditions == ("weakened",)
    assert overload(command).entries == ()


# -- magic overload -----------------------------------------------------------------------------


def test_a_doubled_magic_slot_leaves_1d6_wounds_to_place_undone_with_end_dt(table: Table) -> None:
    table.characters.save(with_rings(table.crow(BRANNOC)))
    table.dice.script = [4]  # the overload d6 (the encounter die is given)
    command = table.end_dt()
    assert table.dice.script == []
    step = overload(command)
    assert step.to_list() == [
        {"character": BRANNOC, "wounds": 4, "to_place": 4, "placed": [], "dead": False}
    ]
    assert table.bridge.last_overload is step
    assert table.crow(BRANNOC).wounds == ()  # where they go is the player's choice
    assert table.bridge.prompts.get(BRANNOC) == WoundPrompt(to_place=4)
    assert "place 4 on the sheet" in step.lines()[0]
    logged = table.service.store.session_log.entries(kinds=["dt_end"], text="magic overload")
    assert len(logged) == 1 and "4 wounds" in logged[0].text

    command.undo()
    assert table.bridge.prompts.get(BRANNOC).empty
    assert table.service.store.session_log.entries(kinds=["dt_end"], text="magic overload") == []

    command.do()  # redo rolls nothing (the script is empty) and asks for the same wounds
    assert table.bridge.prompts.get(BRANNOC) == WoundPrompt(to_place=4)
    assert len(table.service.store.session_log.entries(text="magic overload")) == 1


def test_overload_wounds_that_fill_every_free_slot_are_placed_at_once(table: Table) -> None:
    table.characters.save(replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9))))
    table.dice.script = [5]
    command = table.end_dt()
    (entry,) = overload(command).entries
    assert (entry.wounds, entry.to_place, entry.placed, entry.dead) == (5, 0, (9, 10), True)
    assert table.stored_elsewhere(HESPER).dead
    assert table.bridge.prompts.get(HESPER).empty
    command.undo()
    assert table.stored_elsewhere(HESPER).wounds == tuple(range(1, 9))


def test_undo_gives_back_both_the_condition_and_the_slots_of_one_crow(table: Table) -> None:
    crow = replace(with_rings(table.crow(BRANNOC)), conditions=("weakened",), wounds=(1, 2, 3))
    table.characters.save(crow)
    table.dice.script = [6]  # 6 wounds, 7 free slots: the player places them
    command = table.end_dt()
    assert table.crow(BRANNOC).conditions == ()
    assert table.bridge.prompts.get(BRANNOC) == WoundPrompt(to_place=6)
    command.undo()
    assert table.stored_elsewhere(BRANNOC) == crow
    assert table.bridge.prompts.get(BRANNOC).empty

    filled = replace(crow, wounds=(1, 2, 3, 4, 5, 6))
    table.characters.save(filled)
    table.dice.script = [6]  # 6 wounds, 4 free slots: placed at once, the crow dies
    command = table.end_dt()
    after = table.crow(BRANNOC)
    assert (after.conditions, after.dead) == ((), True)
    command.undo()  # the wounds come off and the condition comes back, whatever the order
    assert table.stored_elsewhere(BRANNOC) == filled
    command.do()
    assert table.crow(BRANNOC) == after


def test_a_dead_crow_rolls_no_overload(table: Table) -> None:
    table.characters.save(replace(with_rings(table.crow(WREN)), wounds=tuple(range(1, 11))))
    command = table.end_dt()  # the empty script would fail on any roll
    assert overload(command).entries == ()


def test_placing_a_wound_answers_the_prompt_in_the_same_undo_step(table: Table) -> None:
    table.bridge.prompts.add(BRANNOC, to_place=3)
    place = answering_prompt(
        table.bridge.prompts, cmd.place_wounds(table.characters, BRANNOC, [7]), placed=1
    )
    assert isinstance(place, PromptedEdit)
    place.do()
    assert table.crow(BRANNOC).wounds == (7,)
    assert table.bridge.prompts.get(BRANNOC) == WoundPrompt(to_place=2)
    place.undo()
    assert table.crow(BRANNOC).wounds == ()
    assert table.bridge.prompts.get(BRANNOC) == WoundPrompt(to_place=3)
    # nothing asked of Hesper: the plain edit comes back
    plain = cmd.place_wounds(table.characters, HESPER, [1])
    assert answering_prompt(table.bridge.prompts, plain, placed=1) is plain


def test_prompts_follow_a_renamed_crow_and_go_with_a_deleted_one(table: Table) -> None:
    table.bridge.prompts.add(BRANNOC, to_place=2, to_heal=1)
    table.characters.rename(BRANNOC, "Brannoc the Bold")
    assert table.bridge.prompts.pending() == {"Brannoc the Bold": WoundPrompt(2, 1)}
    table.characters.delete("Brannoc the Bold")
    assert table.bridge.prompts.pending() == {}


def test_a_prompt_is_clipped_to_what_the_crow_can_still_do(table: Table) -> None:
    crow = replace(table.crow(BRANNOC), wounds=(1, 2, 3, 4, 5, 6, 7, 8))
    assert WoundPrompt(to_place=5, to_heal=20).within(crow) == WoundPrompt(2, 8)
    with pytest.raises(ValueError, match="0 or more"):
        WoundPrompt(to_place=-1)


# -- a finished rest ----------------------------------------------------------------------------


def rest_items(crow: Character) -> Character:
    """An amulet whose usage dice come back with a rest, spent."""
    amulet = Item(
        "Amulet of Breath",
        area=MAGIC,
        magic_slot="neck",
        id="amulet-1",
        usage_dice=UsageDiceState(
            max=2, current=0, modes=frozenset({UsageDiceMode.REST, UsageDiceMode.ACTIVATE})
        ),
    )
    return crow.with_items(crow.items.with_item(amulet))


def spent(crow: Character) -> Character:
    return replace(crow, expertises=tuple(replace(e, spent=e.uses) for e in crow.expertises))


def finish_rest(table: Table) -> FinishRestCommand:
    StartRestCommand(table.service).do()
    command = FinishRestCommand(table.service)
    command.do()
    return command


def party_rest(command: FinishRestCommand) -> PartyRest:
    assert command.outcome is not None
    (result,) = command.outcome.value.hook_results
    assert isinstance(result, PartyRest)
    return result


def test_a_finished_rest_restores_the_crows_and_leaves_the_wound_to_heal_to_the_player(
    table: Table,
) -> None:
    brannoc = rest_items(spent(table.crow(BRANNOC)))
    brannoc = replace(brannoc, stamina=replace(brannoc.stamina, current=2), wounds=(3, 6))
    table.characters.save(brannoc)
    hesper = replace(table.crow(HESPER), wounds=(4,))
    table.characters.save(hesper)
    before = {name: table.crow(name) for name in (BRANNOC, HESPER, WREN)}

    command = finish_rest(table)
    rest = party_rest(command)
    assert [entry.character for entry in rest.entries] == [BRANNOC, HESPER, WREN]
    after = table.stored_elsewhere(BRANNOC)
    assert after.stamina.current == after.stamina.max == 9
    assert all(expertise.spent == 0 for expertise in after.expertises)
    assert after.items.find("amulet-1").usage_dice.current == 2  # type: ignore[union-attr]
    assert after.wounds == (3, 6)  # which wound heals is the player's choice
    assert table.bridge.prompts.get(BRANNOC) == WoundPrompt(to_heal=1)
    first = rest.entries[0]
    assert (first.stamina_regained, first.uses_restored, first.items_restored) == (
        7,
        5,
        ("Amulet of Breath",),
    )
    assert "heal 1 wound: click it on the sheet" in first.line()
    assert table.stored_elsewhere(HESPER).wounds == ()  # one wound: no choice to make
    assert rest.entries[1].healed == (4,)
    # Nothing to restore, but every rest costs a ration from the pack (L439).
    assert rest.entries[2].ration_eaten == "Ration"
    assert rations_carried(table.crow(WREN)) == rations_carried(before[WREN]) - 1
    assert table.crow(WREN).stamina == before[WREN].stamina

    command.undo()
    for name, crow in before.items():
        assert table.stored_elsewhere(name) == crow
    assert table.bridge.prompts.pending() == {}
    assert table.service.status()["state"] == "resting"

    command.do()
    assert table.crow(BRANNOC).stamina.current == 9
    assert table.bridge.prompts.get(BRANNOC) == WoundPrompt(to_heal=1)
    assert table.service.status()["state"] == "running"


def test_a_crow_that_cannot_rest_gets_nothing_and_the_report_says_why(table: Table) -> None:
    wren = with_rings(spent(table.crow(WREN)))
    wren = replace(wren, stamina=replace(wren.stamina, current=1))
    table.characters.save(wren)
    table.characters.save(replace(table.crow(HESPER), wounds=tuple(range(1, 11))))
    rest = party_rest(finish_rest(table))
    by_name = {entry.character: entry for entry in rest.entries}
    assert not by_name[WREN].rested and "finger" in by_name[WREN].reason
    assert table.crow(WREN) == wren
    assert not by_name[HESPER].rested and "dead" in by_name[HESPER].reason
    assert by_name[BRANNOC].rested
    assert by_name[WREN].line() == f"No rest: {WREN} cannot rest with two items in the finger slot"
    assert by_name[HESPER].line() == f"No rest: {HESPER} is dead"
    logged = table.service.store.session_log.entries(kinds=["rest"], text="The party rested")
    assert len(logged) == 1 and "No rest" in logged[0].text


def test_a_rest_in_the_miasma_gives_no_expertise_uses(table: Table) -> None:
    table.characters.save(spent(table.crow(BRANNOC)))
    table.bridge.set_rest_in_miasma(True)
    rest = party_rest(finish_rest(table))
    assert rest.in_miasma
    assert [e.spent for e in table.crow(BRANNOC).expertises] == [2, 2, 1]
    assert rest.entries[0].uses_restored == 0


def test_an_interrupted_rest_gives_nothing(table: Table) -> None:
    table.characters.save(spent(table.crow(BRANNOC)))
    StartRestCommand(table.service).do()
    command = FinishRestCommand(table.service, interrupted=True)
    command.do()
    assert command.outcome is not None and command.outcome.value.hook_results == ()
    assert [e.spent for e in table.crow(BRANNOC).expertises] == [2, 2, 1]


# -- the command line ---------------------------------------------------------------------------


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = run_cli([*args, "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    return json.loads(out)


def test_the_command_line_ends_the_party_crows_conditions(capsys) -> None:
    with open_character_service() as characters:  # the default database of the data folder
        crow = characters.get(BRANNOC)
        characters.save(replace(crow, conditions=("weakened",)))
    assert cli_json(capsys, "dt", "party") == {
        "party": SAMPLE_PARTY,
        "members": [BRANNOC, HESPER, WREN],
    }
    cli_json(capsys, "dt", "start", "--dungeon", "Crypt")
    ended = cli_json(capsys, "dt", "end", "--die", "3", "--seed", "1")
    assert ended["conditions_ended"] == [{"character": BRANNOC, "condition": "weakened"}]
    assert ended["overload_wounds"] == []
    with open_character_service() as characters:
        assert characters.get(BRANNOC).conditions == ()

    code = run_cli(["dt", "end", "--die", "3"])
    assert code == 0
    assert "End of DT 2: EN 9, rolled 3: no encounter" in capsys.readouterr().out


def test_the_command_line_chooses_the_party(capsys) -> None:
    assert cli_json(capsys, "dt", "party", "--none") == {"party": None, "members": []}
    assert cli_json(capsys, "dt", "party", "the sample party")["party"] == SAMPLE_PARTY
    assert run_cli(["dt", "party", "Nobody Here"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: dt party: no party called 'Nobody Here'")
    assert run_cli(["dt", "party", SAMPLE_PARTY, "--none"]) == 2
    assert "not both" in capsys.readouterr().err


def test_the_command_line_reports_overload_wounds(capsys) -> None:
    with open_character_service() as characters:
        characters.save(with_rings(characters.get(WREN)))
    cli_json(capsys, "dt", "start", "--dungeon", "Crypt")
    ended = cli_json(capsys, "dt", "end", "--die", "3", "--seed", "11")
    (entry,) = ended["overload_wounds"]
    assert entry["character"] == WREN and 1 <= entry["wounds"] <= 6
    assert entry["to_place"] == entry["wounds"]
    # the encounter die was given and nothing else rolls: the d6 is the seed's first draw
    assert entry["wounds"] == random.Random(11).randint(1, 6)
    with Database.open() as db:
        prompts = PartyBridge(CharacterService(CharacterRepository(db), seed_samples=False)).prompts
        assert prompts.get(WREN) == WoundPrompt(to_place=entry["wounds"])
