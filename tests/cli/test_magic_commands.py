"""``refkit cast``, ``refkit backlash`` and ``refkit spell`` as the contract fixes them: keys,
exit codes, the roll log, and bad input refused with one error line and nothing written."""

from __future__ import annotations

import json
import random

import pytest

from refkit.store.database import Database
from refkit.store.location import DATABASE_FILE_NAME
from refkit.store.roll_log import RollLogRepository
from tests.cli.cli_helpers import assert_bad_input

CONTRACT_KEYS = {
    "tier",
    "crit",
    "doom",
    "chaos",
    "backlash",
    "backlash_index",
    "backlash_entry",
    "book_ud",
}


def words(cli, line: str):
    """Run ``refkit`` with the words of ``line`` (no word here holds a space)."""
    return cli(*line.split())


def logged(data_dir):
    with Database.open(str(data_dir / DATABASE_FILE_NAME)) as db:
        return list(reversed(RollLogRepository(db).recent(limit=None)))


def test_v28_a_doom_backlashes_rolls_the_book_and_reads_d100_plus_rank(cli, refkit_data_dir):
    run = words(
        cli,
        "cast --mind 1 --rank 2 --book-ud 2 --dice 1,2 --ud-dice 5,2 --backlash-dice 4,7 --json",
    )
    assert run.code == 0, run.err
    result = run.json
    assert set(result) >= CONTRACT_KEYS
    assert (result["tier"], result["doom"], result["chaos"], result["backlash"]) == (
        1,
        True,
        None,
        True,
    )
    assert result["backlash_index"] == 49
    assert result["backlash_entry"].startswith("Gravity lets go of you")
    assert result["book_ud"] == {"before": 2, "rolled": [5, 2], "after": 1}
    (roll,) = logged(refkit_data_dir)
    assert (roll.source, roll.record.kind, list(roll.record.faces)) == ("cli", "cast", [1, 2])
    assert roll.record.detail["backlash"]["index"] == 49
    assert roll.record.summary == "backlash 49 (doom), book 2 → 1"


def test_v27_a_crit_leaves_the_book_alone(cli):
    result = words(cli, "cast --mind 0 --rank 0 --book-ud 2 --dice 10,9 --json").json
    assert (result["tier"], result["crit"], result["backlash"]) == (3, True, False)
    assert result["book_ud"] == {"before": 2, "rolled": None, "after": 2}


@pytest.mark.parametrize(("chaos", "backlash"), [("1", True), ("4", False)])
def test_v29_a_tier_1_makes_the_chaos_roll(cli, chaos, backlash):
    dice = f"--dice 3,4 --chaos {chaos} --ud-dice 6 --backlash-dice 1,1"
    result = words(cli, f"cast --mind 0 --rank 0 --book-ud 1 {dice} --json").json
    assert (result["tier"], result["chaos"], result["backlash"]) == (1, int(chaos), backlash)
    assert (result["backlash_index"] is not None) is backlash
    assert (result["spell_tier"] is None) is backlash


def test_the_odds_of_the_cast_come_with_it_exactly(cli):
    result = words(cli, "cast --mind 1 --rank 0 --book-ud 1 --dice 6,6 --ud-dice 3 --json").json
    exact = result["odds"]["exact"]
    assert (exact["tier1"], exact["backlash"], exact["book_loses_die"]) == (
        "9/20",
        "1/10",
        "97/300",
    )


def test_a_seeded_cast_draws_its_dice_in_order_from_the_seed(cli):
    result = words(cli, "cast --mind 0 --rank 0 --book-ud 1 --seed 11 --json").json
    rng = random.Random(11)
    assert result["dice"] == [rng.randint(1, 10), rng.randint(1, 10)]
    assert result["seed"] == 11
    again = words(cli, "cast --mind 0 --rank 0 --book-ud 1 --seed 11 --json").json
    assert again == result


def test_a_named_spell_gives_its_rank_and_its_tier_in_words(cli):
    run = cli(
        "cast",
        "--mind",
        "1",
        "--spell",
        "Fire lance book",
        *["--book-ud", "1", "--dice", "8,8", "--ud-dice", "4"],
    )
    assert run.code == 0, run.err
    assert run.out.splitlines()[0].startswith("odds: tier 1 45.0%")
    assert "Fire Lance: Mind test, dice 8 + 8 = 16, total 17: tier 3" in run.out
    assert "tier 3: A searing hit. (4+M = 5 damage)" in run.out  # Mind 1 is known


def test_a_conditions_bane_applies(cli):
    result = words(
        cli,
        "cast --mind 0 --rank 0 --book-ud 1 --dice 6,6 --condition Weakened --chaos 5 --ud-dice 3 "
        "--json",
    ).json
    assert (result["total"], result["tier"], result["conditions"]) == (
        10,
        1,
        ["weakened: a bane"],
    )


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--rank", "0", "--book-ud", "0"], ["no usage dice left", "rest restores"]),
        (["--rank", "6", "--book-ud", "1"], ["rank runs from 0 to 5, got 6"]),
        (["--rank", "-1", "--book-ud", "1"], ["rank runs from 0 to 5, got -1"]),
        (["--book-ud", "1"], ["--rank R"]),
        (["--rank", "0", "--book-ud", "1", "--dice", "11,2"], ["--dice", "11"]),
        (["--rank", "0", "--book-ud", "2", "--ud-dice", "3"], ["--ud-dice", "expected 2"]),
        (["--rank", "0", "--book-ud", "1", "--chaos", "7"], ["--chaos", "7"]),
        (["--rank", "0", "--book-ud", "1", "--backlash-dice", "0,3"], ["--backlash-dice"]),
        (["--rank", "0", "--book-ud", "1", "--condition", "sleepy"], ["unknown condition"]),
        (["--spell", "Fireball", "--book-ud", "1"], ["no spell or spellbook called 'Fireball'"]),
        (["--spell", "Corrupt", "--rank", "0", "--book-ud", "1"], ["Corrupt is a rank 1"]),
        (["--rank", "0", "--book-ud", "1", "--edges", "-1"], ["--edges must be 0 or more"]),
    ],
)
def test_bad_input_is_one_error_line_and_writes_nothing(cli, refkit_data_dir, args, needles):
    run = cli("cast", "--mind", "1", *args, "--json")
    assert_bad_input(run, *needles)
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()


def test_an_unknown_or_unfit_table_is_refused_and_nothing_is_logged(cli, refkit_data_dir):
    assert_bad_input(
        cli("cast", "--mind", "1", "--rank", "0", "--book-ud", "1", "--table", "Nope"),
        "no table called 'Nope'",
    )
    assert_bad_input(
        cli("backlash", "--rank", "1", "--table", "Encounters: goblin warren"),
        "but a backlash is d100",
    )
    assert logged(refkit_data_dir) == []


def test_a_backlash_on_an_imported_table_named_with_table(cli, tmp_path):
    rows = "\n".join(f"{n}-{n + 1}: Mishap {n}" for n in range(1, 104, 2)) + "\n105: The end\n"
    path = tmp_path / "official.txt"
    path.write_text(rows, encoding="utf-8")
    options = "--name Official --dice d100 --max-modifier 5 --modifier-name rank"
    imported = cli("table", "import", str(path), *options.split())
    assert imported.code == 0, imported.err
    result = words(cli, "backlash --rank 4 --dice 10,10 --table Official --json").json
    assert (result["index"], result["entry"]["text"], result["table"]) == (
        104,
        "Mishap 103",
        "Official",
    )


def test_backlash_follows_the_contract_and_is_logged(cli, refkit_data_dir):
    result = cli("backlash", "--rank", "5", "--dice", "10,10", "--seed", "3", "--json").json
    assert result["index"] == 105
    assert result["entry"] == {
        "low": 105,
        "high": 105,
        "text": "The magic devours you from within: your Stamina drops to 0 and you take "
        "1d6 wounds.",
        "duration": "instant",
    }
    assert "1d6" not in result["text"] and result["duration_kind"] == "instant"
    (roll,) = logged(refkit_data_dir)
    assert (roll.record.kind, roll.record.total, roll.record.seed) == ("backlash", 105, 3)


def test_backlash_text_names_the_roll_and_the_duration(cli):
    run = cli("backlash", "--rank", "3", "--dice", "4,4")
    assert run.out.startswith("backlash: d100 44 + rank 3 = 47 (47–48), until a rest: ")


def test_backlash_refuses_a_rank_outside_0_to_5(cli, refkit_data_dir):
    assert_bad_input(cli("backlash", "--rank", "9"), "rank runs from 0 to 5, got 9")
    assert_bad_input(cli("backlash", "--rank", "0", "--dice", "3"), "--dice")
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()


def test_spell_list_and_show(cli, refkit_data_dir):
    spells = cli("spell", "list", "--json").json["spells"]
    assert len(spells) == 27
    assert {"name": "Corrupt", "rank": 1, "discipline": "necromancy"}.items() <= spells[3].items()
    shown = cli("spell", "show", "group healing", "--json").json
    assert (shown["targets"], shown["range"], shown["book"]["price"]) == (
        "3 creatures",
        "ranged 3",
        500,
    )
    assert shown["outcomes"]["tier3"] == {"text": "Each regains 4+M Stamina.", "damage": None}
    text = cli("spell", "show", "Stream").out
    assert "targets All creatures, range within 1, area line 5×1" in text
    assert_bad_input(cli("spell", "show", "Fireball"), "no spell or spellbook called 'Fireball'")
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()


CASTER = {
    "format": "refkit-character",
    "version": 1,
    "name": "Ilse Marrow",
    "characteristics": {"agility": 0, "mind": 2, "strength": 0},
    "stamina": {"max": 7, "current": 7},
    "speed": 5,
    "cruelty": 0,
    "conditions": ["weakened"],
    "expertises": [{"name": "Illusion", "category": "spellcasting", "uses": 1, "spent": 0}],
    "items": [
        {
            "id": "light",
            "name": "Light book",
            "area": "hand",
            "at": 1,
            "usage_dice": {"max": 2, "current": 2, "modes": ["Rest", "Activate"]},
        },
        {"id": "torch", "name": "Torch", "area": "hand", "at": 2},
        {
            "id": "jaunt",
            "name": "Jaunt book",
            "area": "backpack",
            "at": 1,
            "usage_dice": {"max": 1, "current": 1, "modes": ["Rest", "Activate"]},
        },
    ],
    "wounds": [],
    "notes": "",
}


@pytest.fixture
def caster(cli, tmp_path):
    path = tmp_path / "ilse.crow.json"
    path.write_text(json.dumps(CASTER), encoding="utf-8")
    assert cli("character", "import", str(path)).code == 0
    return "Ilse Marrow"


def test_a_cast_for_a_crow_uses_its_mind_conditions_and_book_and_saves_them(cli, caster, tmp_path):
    # Mind 2, weakened (−2): 6 + 5 + 2 − 2 = 11 → tier 1; Illusion lifts it to 2. Book 1, 4.
    run = cli("cast", "--crow", caster, *words_of("--expertise --dice 6,5 --ud-dice 1,4 --json"))
    assert run.code == 0, run.err
    result = run.json
    assert (result["total"], result["tier"], result["expertise"], result["chaos"]) == (
        11,
        2,
        "Illusion",
        None,
    )
    assert result["book_ud"] == {"before": 2, "rolled": [1, 4], "after": 1}
    assert result["tracked_effect"]["name"] == "Light"
    saved = tmp_path / "saved.crow.json"
    assert cli("character", "export", caster, "--out", str(saved)).code == 0
    crow = json.loads(saved.read_text(encoding="utf-8"))
    (book,) = [item for item in crow["items"] if item["name"] == "Light book"]
    assert book["usage_dice"]["current"] == 1
    assert crow["expertises"][0]["spent"] == 1
    effects = cli("effect", "list", "--json").json["effects"]
    assert [(e["name"], e["usage_dice"]) for e in effects] == [("Light", 1)]
    again = cli("cast", "--crow", caster, *words_of("--expertise --dice 6,5"))
    assert_bad_input(again, "Illusion has no uses left")


def words_of(line: str) -> list[str]:
    return line.split()


@pytest.mark.parametrize(
    ("extra", "needles"),
    [
        (["--mind", "3"], ["--mind comes from the crow"]),
        (["--book", "jaunt"], ["Jaunt book is not in a hand"]),
        (["--book", "torch"], ["Torch holds no spell"]),
        (["--book", "wand"], ["carries no item called 'wand'"]),
    ],
)
def test_a_cast_for_a_crow_refuses_what_it_cannot_do(cli, caster, refkit_data_dir, extra, needles):
    assert_bad_input(cli("cast", "--crow", caster, *extra), *needles)
    assert_bad_input(cli("cast", "--crow", "Nobody"), "Nobody")
    assert logged(refkit_data_dir) == []
