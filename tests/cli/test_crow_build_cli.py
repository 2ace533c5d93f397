"""The v1.2 build and growth rows: background list|show|roll, trait list|show, character xp and
character advance — JSON keys as the contract names them, and refused purchases changing
nothing."""

from __future__ import annotations

import pytest

from tests.cli.cli_helpers import assert_bad_input

WREN = "Wren Ashdown"


def test_background_list_has_the_contract_keys_for_all_36(cli) -> None:
    run = cli("background", "list", "--json")
    assert run.code == 0, run.err
    backgrounds = run.json["backgrounds"]
    assert len(backgrounds) == 36
    assert {"name", "roll", "stamina"} <= set(backgrounds[0])
    assert backgrounds[0] == {
        "name": "Acolyte of the Gardner",
        "roll": "1-1",
        "stamina": 5,
        "two_in": ["mind"],
        "starting_trait": "Enchantment: Material Transfer",
        "expertises": [
            {"name": "Athletics", "uses": 1},
            {"name": "Handle Pet", "uses": 1},
            {"name": "Nature Lore", "uses": 1},
            {"name": "Navigate", "uses": 1},
            {"name": "Religious Lore", "uses": 1},
            {"name": "Benefaction", "uses": 2},
            {"name": "Elemental", "uses": 2},
        ],
        "kit": ["holy symbol", "torch"],
        "spellbooks": ["fire hands", "minor healing", "spark"],
        "pet": None,
        "extra_gc": 0,
    }


def test_background_show_finds_a_name_in_any_case(cli) -> None:
    run = cli("background", "show", "noble", "--json")
    [noble] = run.json["backgrounds"]
    assert (noble["roll"], noble["pet"], noble["extra_gc"]) == ("5-4", "riding horse", 50)
    assert_bad_input(cli("background", "show", "Pirate"), "no background called 'Pirate'")


def test_background_roll_reads_the_dice_given_or_rolls_repeatably(cli) -> None:
    run = cli("background", "roll", "--dice", "6,3", "--json")
    assert run.json["dice"] == [6, 3]
    assert run.json["backgrounds"][0]["name"] == "Thief"
    first = cli("background", "roll", "--seed", "11", "--json").json
    again = cli("background", "roll", "--seed", "11", "--json").json
    assert first == again and first["seed"] == 11
    assert_bad_input(cli("background", "roll", "--dice", "7,1"), "--dice")


def test_trait_list_and_show(cli) -> None:
    every = cli("trait", "list", "--json").json["traits"]
    assert len(every) == 276
    pets = cli("trait", "list", "--tree", "pets", "--json").json["traits"]
    assert len(pets) == 12 and {t["tree"] for t in pets} == {"Pets"}
    [leftovers] = cli("trait", "show", "Leftovers", "--json").json["traits"]
    assert {k: leftovers[k] for k in ("name", "tree", "tier", "cost")} == {
        "name": "Leftovers",
        "tree": "Camping",
        "tier": 2,
        "cost": 1000,
    }
    assert leftovers["requires"] == ["Hearty Meals", "Plotting"]
    assert_bad_input(cli("trait", "show", "Telepathic Connection"), "Illusion: Telepathic")
    assert_bad_input(cli("trait", "list", "--tree", "Cooking"), "no trait tree called")


def _wren(cli) -> dict:
    from refkit.rules.character.file_format import character_to_json

    run = cli("character", "export", WREN, "--out", "-")
    assert run.code == 0, run.err
    from refkit.rules.character.file_format import load_character_json

    return character_to_json(load_character_json(run.out))


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (("--trait", "Camping: Hearty Meals"), ("costs 500 XP", "has 0 XP to spend")),
        (("--trait", "Camping: Leftovers"), ("needs Hearty Meals or Plotting first",)),
        (("--expertise", "Stealth"), ("no Expertise & Stamina bonus",)),
        (("--stamina",), ("no Expertise & Stamina bonus",)),
        (("--characteristic", "mind"), ("no characteristic bonus",)),
        (("--trait", "Cooking: Stew"), ("no trait tree called 'Cooking'",)),
        (("--trait", "A", "--stamina"), ("only --expertise and --stamina go together",)),
        ((), ("say what to buy",)),
    ],
)
def test_a_refused_purchase_is_one_error_line_and_changes_nothing(cli, args, needles) -> None:
    before = _wren(cli)
    assert_bad_input(cli("character", "advance", WREN, *args), *needles)
    assert _wren(cli) == before


def test_xp_then_a_trait_bought_along_its_line(cli) -> None:
    run = cli("character", "xp", WREN, "--add", "1600", "--json")
    assert run.code == 0, run.err
    assert run.json["xp"] == {"total": 1600, "spendable": 1600}
    assert run.json["bonuses_left"]["expertise_stamina"] == 3
    bought = cli("character", "advance", WREN, "--trait", "Hearty Meals", "--json").json
    assert bought["traits"] == ["Camping: Hearty Meals"]
    assert bought["xp"] == {"total": 1600, "spendable": 1100}
    second = cli("character", "advance", WREN, "--trait", "Leftovers", "--json").json
    assert second["xp"]["spendable"] == 100
    assert_bad_input(
        cli("character", "advance", WREN, "--trait", "Camping: Hearty Meals"), "already has"
    )
    saved = _wren(cli)
    assert saved["version"] == 2
    assert saved["traits"] == ["Camping: Hearty Meals", "Camping: Leftovers"]


def test_expertise_and_stamina_bonuses(cli) -> None:
    cli("character", "xp", WREN, "--add", "500")  # two bonuses: 100 and 500 TXP
    one = cli("character", "advance", WREN, "--expertise", "Search", "--json").json
    assert {"name": "Search", "uses": 1} in one["expertises"]
    assert one["bonuses_left"] == {"expertise_stamina": 1, "expertise_uses": 2, "characteristic": 0}
    two = cli("character", "advance", WREN, "--expertise", "search", "--json").json
    assert {"name": "Search", "uses": 2} in two["expertises"]
    assert_bad_input(cli("character", "advance", WREN, "--expertise", "Search"), "the most")
    mix = cli("character", "advance", WREN, "--expertise", "Lift", "--stamina", "--json").json
    assert {"name": "Lift", "uses": 1} in mix["expertises"]
    assert mix["stamina"]["max"] == _wren_start_stamina() + 1
    assert mix["bonuses_left"]["expertise_stamina"] == 0
    assert mix["bonuses_left"]["expertise_uses"] == 1


def _wren_start_stamina() -> int:
    from refkit.locate import resource_path
    from refkit.rules.character.file_format import load_character_json

    path = resource_path("sample_party", "wren-ashdown.crow.json")
    return load_character_json(path.read_text(encoding="utf-8")).stamina.max


def test_a_characteristic_bonus_at_5000_txp(cli) -> None:
    cli("character", "xp", WREN, "--add", "5000")
    run = cli("character", "advance", WREN, "--characteristic", "Strength", "--json")
    assert run.code == 0, run.err
    before = _wren_start_stamina()
    assert run.json["characteristics"]["strength"] == _start_strength() + 1
    assert run.json["stamina"]["max"] == before
    assert_bad_input(
        cli("character", "advance", WREN, "--characteristic", "mind"), "no characteristic bonus"
    )


def _start_strength() -> int:
    from refkit.locate import resource_path
    from refkit.rules.character.file_format import load_character_json

    path = resource_path("sample_party", "wren-ashdown.crow.json")
    return load_character_json(path.read_text(encoding="utf-8")).characteristics.strength


def test_xp_must_be_one_or_more(cli) -> None:
    assert_bad_input(cli("character", "xp", WREN, "--add", "0"), "1 or more")
    assert_bad_input(cli("character", "xp", "Nobody", "--add", "5"), "Nobody")


def test_trait_odds_include_the_traits(cli) -> None:
    plain = cli("odds", "test", "--char", "0", "--json").json
    run = cli(
        "trait",
        "odds",
        "--test",
        "pick-lock",
        "--with",
        "lockpicks",
        "--char",
        "0",
        "--trait",
        "Safe Cracking",
        "--json",
    )
    assert run.code == 0, run.err
    assert run.json["roll_twice"] is True
    assert run.json["traits_applied"] == ["Thievery: Safe Cracking"]
    assert run.json["exact"]["tier1"] == "121/400" and plain["exact"]["tier1"] == "11/20"
    assert_bad_input(
        cli(
            "trait",
            "odds",
            "--test",
            "hide",
            "--with",
            "armor,unarmored",
            "--char",
            "0",
            "--trait",
            "Stealthy",
        ),
        "cannot both hold",
    )


def test_trait_odds_for_a_stored_crow(cli) -> None:
    cli("character", "xp", WREN, "--add", "500")
    assert cli("character", "advance", WREN, "--trait", "Armor: Stand Strong").code == 0
    run = cli(
        "trait",
        "odds",
        "--test",
        "rr:strength",
        "--with",
        "armor",
        "--char",
        "1",
        "--crow",
        WREN,
        "--json",
    )
    assert run.code == 0, run.err
    assert (run.json["bonus"], run.json["traits_applied"]) == (1, ["Armor: Stand Strong"])
