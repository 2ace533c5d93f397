"""Each villain type's reserve in the Widower's Wood tracker (L114, L319-323, L448): the box's
miniatures as a new type's reserve, a spawn taking one as an undoable step (``widowers spawn
--from-tracker``), an Incapacitated villain going back, and index tokens picking the type."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refkit.app.games.widowers_table import WidowersTable
from refkit.cli.runner import run_cli
from refkit.games.widowers_wood.box import box_counts
from refkit.games.widowers_wood.tracker import TrackerError, VillainType, WoodTable
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.runner import run


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "campaign.sqlite3")


@pytest.fixture
def refkit(db_path: str, capsys: pytest.CaptureFixture[str]):
    def call(*argv: str, code: int = 0) -> dict | str:
        assert run_cli(["--db", db_path, "widowers", *argv, "--json"]) == code
        captured = capsys.readouterr()
        if code:
            assert captured.out == "" and captured.err.count("\n") == 1
            return captured.err
        return json.loads(captured.out)

    return call


def _stored(db_path: str) -> WoodTable:
    with Database.open(db_path) as db:
        return WidowersTable(CharacterRepository(db)).read()[0]


def test_the_box_gives_a_new_types_reserve_less_those_on_the_board() -> None:  # L114
    assert box_counts("Bog Trog") == ("Bog Trog Lancers", (5, 5))
    assert box_counts("swamp shambler") == ("Swamp Shamblers", (4, 4))
    assert box_counts("Gatorman") is None  # two Gatorman types: the referee says which
    assert box_counts("Gatormen Clubbers") == ("Gatormen Clubbers", (3, 3))
    assert box_counts("Deathless") is None
    bog = VillainType.new("Bog Trog", 2, blue=1)
    assert (bog.reserve_red, bog.reserve_blue) == (5, 4)
    assert VillainType.new("Deathless").reserve_red == 0


def test_a_spawn_moves_one_from_the_reserve_and_a_defeat_moves_it_back() -> None:  # L448
    table = WoodTable(villains=(VillainType("Mist Speaker", 1, reserve_red=1),))
    taken = table.spawned("mist speaker", "red")
    speaker = taken.villain("Mist Speaker")
    assert (speaker.red, speaker.reserve_red) == (1, 0)
    with pytest.raises(TrackerError, match="no red miniature is left"):
        taken.spawned("Mist Speaker", "red")
    back = taken.villain_defeated("Mist Speaker", "red").villain("Mist Speaker")
    assert (back.red, back.reserve_red) == (0, 1)
    with pytest.raises(TrackerError, match="no blue miniature is on the board"):
        table.villain_defeated("Mist Speaker", "blue")


def test_index_tokens_pick_a_type_and_are_never_on_two() -> None:  # L347
    gobber = VillainType("Swamp Gobber", 1, tokens=(1, 2))
    gatorman = VillainType("Gatorman", 3, tokens=(3, 4, 5, 6))
    table = WoodTable(villains=(gobber, gatorman))
    assert table.villain_for_token(2) is gobber and table.villain_for_token(6) is gatorman
    assert WoodTable(villains=(VillainType("Bog Trog", 2),)).villain_for_token(2) is not None
    with pytest.raises(TrackerError, match="index token 3 is on two"):
        WoodTable(villains=(gatorman, VillainType("Shambler", 3)))
    with pytest.raises(TrackerError, match="the lowest being its index"):
        VillainType("Odd", 2, tokens=(1, 2))
    again = WoodTable.from_dict(json.loads(json.dumps(table.to_dict())))
    assert again == table


def test_spawn_from_the_tracker_takes_the_majority_colour_as_a_step(refkit, db_path) -> None:
    # W11 (L343-345): Bog Trogs 3 red / 4 blue left: blue.
    refkit("tracker", "deck", "10")
    refkit("tracker", "round", "--colour", "red")
    refkit("tracker", "villain", "Bog Trog", "--index", "2", "--red", "2", "--blue", "1")
    state = refkit("tracker", "villain", "Bog Trog", "--reserve-red", "3", "--reserve-blue", "4")
    assert state["villains"][0]["reserve"] == {"red": 3, "blue": 4}
    spawn = refkit("spawn", "--dice", "2,5", "--from-tracker")
    assert (spawn["villain"], spawn["take"], spawn["passage"]) == ("blue", "blue", 5)
    assert spawn["activate_farthest"] is False and spawn["villain_type"] == "Bog Trog"
    bog = _stored(db_path).villain("Bog Trog")
    assert (bog.blue, bog.reserve_blue, bog.red, bog.reserve_red) == (2, 3, 2, 3)
    # A tie goes to the round's priority colour, read from the tracker (L319-321).
    assert refkit("spawn", "--dice", "2,1", "--from-tracker")["take"] == "red"


def test_an_empty_reserve_takes_nothing_and_writes_nothing(refkit, db_path) -> None:  # L323
    refkit("tracker", "villain", "Mist Speaker", "--index", "4", "--red", "1", "--blue", "1")
    before = _stored(db_path)
    assert before.villain("Mist Speaker").reserve_red == 0  # the box's one of each is out
    spawn = refkit("spawn", "--dice", "4,3", "--from-tracker")
    assert spawn["take"] is None and spawn["activate_farthest"] is True
    assert _stored(db_path) == before
    refkit("tracker", "defeat", "Mist Speaker", "--colour", "blue")
    spawn = refkit("spawn", "--dice", "4,3", "--from-tracker")
    assert spawn["take"] == "blue"
    gone = refkit("spawn", "--dice", "4,3", "--gone", "3", "--from-tracker")
    assert gone["take"] is None and gone["activate_farthest"] is True


def test_spawn_from_the_tracker_refusals(refkit, db_path) -> None:
    refkit("tracker", "villain", "Bog Trog", "--index", "2")
    assert "no villain type at the table holds that index token" in refkit(
        "spawn", "--dice", "5,1", "--from-tracker", code=2
    )
    assert "leave out --red and --blue" in refkit(
        "spawn", "--dice", "2,1", "--from-tracker", "--red", "1", code=2
    )
    assert "--red N --blue N" in refkit("spawn", "--dice", "2,1", code=2)
    # 5 red and 5 blue left, no round begun and no --priority: said, nothing taken.
    assert "priority colour decides" in refkit("spawn", "--dice", "2,1", "--from-tracker", code=2)
    assert _stored(db_path).villain("Bog Trog").reserve_red == 5
    assert refkit("spawn", "--dice", "2,1", "--from-tracker", "--priority", "blue")["take"] == (
        "blue"
    )


def test_the_spawn_step_undoes(db_path) -> None:
    with Database.open(db_path) as db:
        store = WidowersTable(CharacterRepository(db))
        run(db, store.step("Add", lambda t: t.villain_set(VillainType.new("Bog Trog", 2)))).do()
        step = run(db, store.step("Spawn", lambda t: t.spawned("Bog Trog", "red")))
        step.do()
        assert store.read()[0].villain("Bog Trog").reserve_red == 4
        step.undo()
        bog = store.read()[0].villain("Bog Trog")
        assert (bog.red, bog.reserve_red) == (0, 5)
