"""``refkit attack`` and ``refkit creature``: the contract's rules for --json, --seed, --dice and
exit codes, attacks logged in the roll log, and bad input refused whole."""

from __future__ import annotations

import random

from refkit.compose import open_character_service
from refkit.store.database import Database
from refkit.store.location import DATABASE_FILE_NAME
from refkit.store.roll_log import RollLogRepository
from tests.cli.cli_helpers import assert_bad_input


def logged_rolls(data_dir):
    path = data_dir / DATABASE_FILE_NAME
    if not path.exists():
        return []
    with Database.open(str(path)) as db:
        return RollLogRepository(db).recent(limit=None)


def test_a_hit_deals_tier_damage_plus_the_characteristic_through_the_targets_ad(cli):
    run = cli(
        "attack",
        "--char",
        "2",
        "--damage",
        "3/6",
        "--dice",
        "5,6",
        "--target-ad",
        "2",
        "--target-stamina",
        "9",
        "--json",
    )
    assert run.code == 0, run.err
    result = run.json
    assert (result["tier"], result["hit"], result["damage"]) == (2, True, 5)
    assert result["target"] == {
        "ad_before": 2,
        "stamina_before": 9,
        "ad": 0,
        "stamina": 6,
        "standing": "fighting",
    }
    assert result["odds"]["exact"]["hit"] == "16/25"
    assert result["seed"] is None


def test_piercing_skips_ad_and_a_knock_out_leaves_1_stamina(cli):
    run = cli(
        "attack",
        "--char",
        "0",
        "--damage",
        "4/8",
        "--piercing",
        "--dice",
        "9,9",
        "--target-ad",
        "10",
        "--target-stamina",
        "5",
        "--knock-out",
        "--json",
    )
    assert run.json["target"] == {
        "ad_before": 10,
        "stamina_before": 5,
        "ad": 10,
        "stamina": 1,
        "standing": "knocked_out",
    }


def test_a_melee_miss_offers_the_counter_and_a_doom_the_tier_3_counter(cli):
    assert (
        cli("attack", "--char", "0", "--damage", "3/6", "--dice", "4,5", "--json").json[
            "counter_tier"
        ]
        == 2
    )
    assert (
        cli("attack", "--char", "0", "--damage", "3/6", "--dice", "1,2", "--json").json[
            "counter_tier"
        ]
        == 3
    )


def test_a_ranged_miss_next_to_allies_rolls_the_stray_die_given_with_dice(cli):
    run = cli(
        "attack",
        "--char",
        "1",
        "--weapon",
        "Longbow",
        "--distance",
        "23",
        "--allies",
        "2",
        "--dice",
        "4,5,3,2",
        "--json",
    )
    result = run.json
    assert result["reasons"] == ["3 squares beyond range: −6"]
    assert result["total"] == 4 and not result["hit"]
    assert result["ally_hit"] == {"ally": 2, "tier": 2, "damage": 4}
    assert result["ammunition_spent"]


def test_flanking_and_the_ranged_adjacent_bane_change_the_total(cli):
    flanked = cli(
        "attack", "--char", "0", "--damage", "3/6", "--flanking", "--dice", "5,5", "--json"
    ).json
    assert (flanked["total"], flanked["tier"]) == (12, 2)
    shot = cli(
        "attack",
        "--char",
        "0",
        "--damage",
        "2/4",
        "--ranged",
        "--range",
        "10",
        "--adjacent",
        "--dice",
        "7,7",
        "--json",
    ).json
    assert (shot["total"], shot["net"]) == (12, "bane")


def test_a_crit_grants_another_action(cli):
    assert cli("attack", "--char", "0", "--damage", "3/6", "--dice", "10,9", "--json").json[
        "extra_action"
    ]


def test_a_seeded_attack_repeats_and_lands_in_the_roll_log(cli, refkit_data_dir):
    first = cli("attack", "--char", "1", "--damage", "3/6", "--seed", "11", "--json").json
    again = cli("attack", "--char", "1", "--damage", "3/6", "--seed", "11", "--json").json
    rng = random.Random(11)
    assert first["dice"] == [rng.randint(1, 10), rng.randint(1, 10)] == again["dice"]
    assert first["seed"] == 11
    rolls = logged_rolls(refkit_data_dir)
    assert [r.record.kind for r in rolls] == ["attack", "attack"]
    assert rolls[0].source == "cli" and rolls[0].record.seed == 11
    assert rolls[0].record.detail["damage"] == first["damage"]


def test_without_json_one_short_line(cli):
    run = cli("attack", "--char", "2", "--damage", "3/6", "--dice", "8,8")
    assert run.code == 0
    assert run.out.startswith("8+8 → 18, tier 3; hit for 8 damage")


def test_bad_input_exits_2_with_one_error_line_and_logs_nothing(cli, refkit_data_dir):
    cases = [
        (("--char", "2", "--damage", "3-6"), "--damage must read T2/T3"),
        (("--char", "2", "--damage", "3/6", "--dice", "11,2"), "--dice"),
        (("--char", "2", "--damage", "3/6", "--distance", "2"), "the target is 2 away"),
        (("--char", "9", "--damage", "3/6"), "characteristic"),
        (("--char", "1", "--weapon", "Rope"), "Rope is not a weapon"),
        (("--char", "1", "--weapon", "Wand of wonder"), "no item called"),
        (("--char", "1", "--damage", "3/6", "--target-ad", "3"), "--target-ad needs"),
        (("--char", "1", "--damage", "6/3"), "tier 3 (3) is less than tier 2 (6)"),
        (("--char", "1", "--damage", "3/6", "--attacker-condition", "unconscious"), "unconscious"),
    ]
    for args, needle in cases:
        assert_bad_input(cli("attack", *args), needle)
    assert logged_rolls(refkit_data_dir) == []


def test_creature_list_and_show(cli):
    listed = cli("creature", "list", "--json").json["creatures"]
    ghoul = {
        "name": "Tunnel ghoul",
        "size": "medium",
        "stamina": 9,
        "ad": 2,
        "source": "refkit-example",
    }
    assert ghoul in listed
    shown = cli("creature", "show", "tunnel ghoul", "--json").json
    assert shown["attacks"][1]["damage"] == "3+S / 6+S P"
    assert_bad_input(cli("creature", "show", "dragon"), "no creature called 'dragon'")


def test_creature_export_writes_a_file_creature_check_reads_back(cli, tmp_path):
    out = tmp_path / "mine.toml"
    run = cli("creature", "export", "Mire troll", "Cellar rat", "--out", str(out), "--json")
    assert run.json["creatures"] == 2
    checked = cli("creature", "check", str(out), "--json").json
    assert checked == {"valid": True, "creatures": ["Mire troll", "Cellar rat"]}


def test_creature_check_names_the_file_line_and_field(cli, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'format = "refkit-bestiary"\nversion = 1\n\n[[creature]]\nname = "Imp"\n'
        'size = "tiny"\nstamina = -1\n',
        encoding="utf-8",
    )
    assert_bad_input(cli("creature", "check", str(bad)), f"{bad}:7", "stamina")
    assert_bad_input(cli("creature", "check", str(tmp_path / "none.toml")), "no such file")


# -- a crow from the roster attacks a creature of the bestiary --------------------------------


def add_crows(data_dir):
    from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
    from refkit.rules.inventory.model import BELT, HAND, Inventory, Item, TierDamage, UsageDiceState
    from refkit.rules.usage_dice import UsageDiceMode

    quiver = UsageDiceState(2, 2, frozenset({UsageDiceMode.USELESS, UsageDiceMode.ACTIVATE}))
    ada = Character(
        "Ada Crane",
        Characteristics(agility=2, mind=0, strength=1),
        Stamina(6, 6),
        conditions=("weakened",),
        expertises=(Expertise("Bow", "weapon", 1),),
        items=Inventory(
            (
                Item(
                    "Shortbow",
                    area=HAND,
                    at=1,
                    damage=TierDamage(2, 4, "A"),
                    attack_range="ranged 10",
                    keywords=("bow",),
                    id="bow",
                ),
                Item(
                    "Quiver", area=BELT, at=1, usage_dice=quiver, tags=("ammunition",), id="quiver"
                ),
            )
        ),
    )
    cole = Character("Cole Marsh", Characteristics(0, 0, 2), Stamina(8, 8))
    with open_character_service(str(data_dir / DATABASE_FILE_NAME), seed_samples=False) as roster:
        roster.create(ada)
        roster.create(cole)
        return roster.get("Ada Crane")


def test_a_crow_shoots_a_bestiary_creature_with_its_own_numbers_and_conditions(
    cli, refkit_data_dir
):
    before = add_crows(refkit_data_dir)
    run = cli(
        "attack",
        "--crow",
        "Ada Crane",
        "--weapon",
        "Shortbow",
        "--target",
        "tunnel ghoul",
        "--dice",
        "7,7",
        "--seed",
        "4",
        "--json",
    )
    assert run.code == 0, run.err
    result = run.json
    assert (result["crow"], result["characteristic"], result["tested"]) == (
        "Ada Crane",
        2,
        "agility",
    )
    assert result["reasons"] == ["weakened: a bane"]
    assert result["total"] == 7 + 7 + 2 - 2 and result["damage"] == 2 + 2
    assert result["target"]["name"] == "Tunnel ghoul 1"
    assert (result["target"]["ad"], result["target"]["stamina"]) == (0, 7)
    assert result["ammunition"]["before"] == 2 and result["seed"] == 4

    with open_character_service(str(refkit_data_dir / DATABASE_FILE_NAME)) as roster:
        assert roster.get("Ada Crane") == before  # the command line never changes the sheet
    assert [r.record.kind for r in logged_rolls(refkit_data_dir)] == ["attack"]


def test_a_stray_shot_names_the_crow_it_hits(cli, refkit_data_dir):
    add_crows(refkit_data_dir)
    run = cli(
        "attack",
        "--crow",
        "Ada Crane",
        "--weapon",
        "Shortbow",
        "--target",
        "mire troll",
        "--ally",
        "Cole Marsh",
        "--dice",
        "2,3,5",
        "--json",
    )
    assert run.json["ally_hit"]["name"] == "Cole Marsh"
    assert run.json["ally_hit"]["damage"] == 2 + 2


def test_crow_attack_refusals(cli, refkit_data_dir):
    add_crows(refkit_data_dir)
    base = ("attack", "--crow", "Ada Crane", "--target", "tunnel ghoul")
    assert_bad_input(cli(*base, "--weapon", "Axe"), "has no 'Axe' in hand; it has Shortbow")
    assert_bad_input(cli(*base, "--weapon", "Shortbow", "--char", "3"), "--char comes from")
    assert_bad_input(cli("attack", "--crow", "Nobody", "--weapon", "Axe"), "Nobody")
    assert_bad_input(cli(*base[:3], "--target", "dragon", "--weapon", "Shortbow"), "dragon")
    assert_bad_input(
        cli("attack", "--char", "1", "--damage", "3/6", "--target", "x"), "--target needs --crow"
    )


def test_expertise_uses_the_crows_weapon_expertise_when_it_raises_the_tier(cli, refkit_data_dir):
    add_crows(refkit_data_dir)
    run = cli(
        "attack",
        "--crow",
        "Ada Crane",
        "--weapon",
        "Shortbow",
        "--target",
        "tunnel ghoul",
        "--expertise",
        "--dice",
        "4,4",
        "--json",
    )
    assert (run.json["tier"], run.json["expertise"]) == (2, "Bow")
    assert_bad_input(
        cli("attack", "--crow", "Cole Marsh", "--weapon", "x", "--expertise"),
        "Cole Marsh has no weapon expertise",
    )


def test_a_vulnerable_target_takes_a_d6_more_rolled_from_the_seed(cli):
    run = cli(
        "attack",
        "--char",
        "2",
        "--damage",
        "3/6",
        "--dice",
        "5,6",
        "--target-ad",
        "0",
        "--target-stamina",
        "20",
        "--target-condition",
        "vulnerable",
        "--seed",
        "1",
        "--json",
    )
    die = random.Random(1).randint(1, 6)
    assert run.json["vulnerable_die"] == die
    assert run.json["target"]["stamina"] == 20 - 5 - die
    assert run.json["seed"] == 1  # the seed rolled the vulnerable die


def test_char_takes_a_crows_name_as_the_issue_writes_it(tmp_path, capsys) -> None:
    """``refkit attack --char NAME --weapon ITEM --target NAME`` is ``--crow NAME``."""
    import json

    from refkit.cli import run_cli

    db = str(tmp_path / "refkit.sqlite3")
    common = ["--weapon", "Shortbow", "--target", "Tunnel ghoul", "--dice", "4,10"]
    assert run_cli(["--json", "--db", db, "attack", "--char", "Wren Ashdown", *common]) == 0
    by_char = json.loads(capsys.readouterr().out)
    assert run_cli(["--json", "--db", db, "attack", "--crow", "Wren Ashdown", *common]) == 0
    by_crow = json.loads(capsys.readouterr().out)
    assert by_char["crow"] == "Wren Ashdown"
    assert by_char["total"] == by_crow["total"] and by_char["hit"] == by_crow["hit"]
    both = ["--char", "Wren Ashdown", "--crow", "Wren Ashdown", *common]
    assert run_cli(["--db", db, "attack", *both]) == 2
    assert "give the crow once" in capsys.readouterr().err
