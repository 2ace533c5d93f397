"""Crows from The Nest and the two Foundry systems: the nine samples of
formats/peer-crow-files.md (copied to tests/rules/data/peers/) and one more Nest save of our own
import and check clean, with the fields the format page maps; what cannot be mapped is in the
notes and said; broken and hostile files get one clean error; a crow goes back to a Nest save."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from refkit.rules.character.file_format import check_character
from refkit.rules.character.peers import PeerFileError, peer_kind, read_peer, write_nest
from refkit.rules.character.progress import Connection, Experience

DATA = Path(__file__).with_name("data")
PEERS = DATA / "peers"
SHARED = Path(__file__).parents[3] / "shared" / "formats" / "samples"
SAMPLES = sorted(p.name for p in PEERS.glob("*.json"))


def load(name: str) -> Any:
    path = DATA / name if name.startswith("nest-save-cook") else PEERS / name
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_copies_are_the_shared_samples() -> None:
    assert len(SAMPLES) == 9
    if not SHARED.exists():
        pytest.skip("the shared samples are not beside this checkout")
    for name in SAMPLES:
        assert (PEERS / name).read_bytes() == (SHARED / name).read_bytes(), name


# name, kind, background, (A, M, S), (Stamina max, current), (TXP, spendable), coins, speed
EXPECTED = {
    "nest-save-1.json": ("Wren Halloway", "nest", "Thief", (2, 1, 0), (5, 5), (0, 0), 10, 5),
    "nest-save-2.json": (
        "Brother Aldric Penn",
        "nest",
        "Acolyte of the Gardner",
        (-1, 2, 2),
        (8, 5),
        (1650, 150),
        37,
        5,
    ),
    "nest-save-3.json": (
        "Dame Petra Holm",
        "nest",
        "Knight",
        (1, 0, 3),
        (14, 9),
        (7200, 1700),
        312,
        4,
    ),
    "dv-actor-1.json": ("Kestrel Fenn", "dv", "Hunter", (2, 1, 0), (5, 5), (0, 0), 11, 5),
    "dv-actor-2.json": ("Nell Sorrow", "dv", "Thief", (3, 1, 0), (9, 4), (6200, 700), 610, 4),
    "dv-actor-3.json": (
        "Osric Tanner",
        "dv-pt1",
        "Blacksmith",
        (1, -1, 1),
        (11, 8),
        (600, 100),
        96,
        5,
    ),
    "pirsqed-actor-1.json": ("Tilde Marrow", "pirsqed", "Cook", (0, 1, 2), (7, 7), (0, 0), 12, 5),
    "pirsqed-actor-2.json": (
        "Ysolde Cinder",
        "pirsqed",
        "Pyromancer",
        (1, 2, 0),
        (9, 6),
        (2600, 1100),
        212,
        4,
    ),
    "pirsqed-actor-3.json": (
        "Dame Hesk Morrow",
        "pirsqed",
        "Knight",
        (1, 0, 3),
        (16, 12),
        (5300, 800),
        305,
        2,
    ),
    "nest-save-cook.json": (
        "Marla Quince",
        "nest",
        "Cook",
        (-1, 2, 2),
        (10, 6),
        (2400, 900),
        23,
        1,
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_sample_imports_and_checks_clean(name: str) -> None:
    crow_name, kind, background, chars, stamina, xp, coins, speed = EXPECTED[name]
    found = read_peer(load(name), name)
    assert found is not None and found.kind == kind
    crow = found.character
    assert crow.name == crow_name and crow.background == background
    assert tuple(crow.characteristics.as_dict().values()) == chars
    assert (crow.stamina.max, crow.stamina.current) == stamina
    assert (crow.xp.total, crow.xp.spendable) == xp
    assert crow.coins == coins
    report = check_character(crow)
    assert report.valid, report.errors
    assert report.warnings == ()
    assert report.speed == speed
    for line in (*found.migrated, *found.unmapped):
        assert f"- {line}" in crow.notes


def test_the_nest_save_maps_expertises_traits_wounds_and_the_connection() -> None:
    crow = read_peer(load("nest-save-2.json")).character
    uses = {e.name: (e.uses, e.spent) for e in crow.expertises}
    assert uses["Search"] == (1, 0) and uses["Benefaction"] == (2, 1)
    assert uses["Religious Lore"] == (2, 0) and uses["Handle Pet"] == (2, 0)
    assert crow.traits == (
        "Enchantment: Material Transfer",
        "Benefaction: Lasting Benefaction",
        "Benefaction: Many Blessings",
    )
    assert crow.wounds == (9,) and crow.conditions == ("blessed",)
    assert crow.connection == Connection("Sister Maud", "the prior who raised me", "Caretaker")
    armour = next(i for i in crow.items if i.name == "Light armor")
    assert armour.armor is not None and (armour.armor.ad, armour.armor.worn) == (3, True)
    ring = next(i for i in crow.items if i.area == "magic")
    assert (ring.name, ring.magic_slot) == ("Life ring", "finger")
    assert crow.notes.startswith("Owes the temple 40 gc.\n\n## Not mapped from The Nest save\n")


def test_our_own_nest_save_says_what_it_could_not_map() -> None:
    found = read_peer(load("nest-save-cook.json"))
    assert found is not None
    crow = found.character
    assert crow.xp == Experience(2400, 900, es_taken=4, es_uses_left=2, char_taken=0)
    assert crow.traits == ("Camping: Hearty Meals", "Camping: Leftovers", "Pets: Buddy")
    assert crow.conditions == ("prone",) and crow.wounds == (1, 4)
    assert {e.name: e.spent for e in crow.expertises}["Search"] == 2  # 5 spent of 2: clamped
    assert "trait 'Cooking|Stew Pot' (not a trait Refkit knows)" in found.unmapped
    assert "condition Hidden (not one of Refkit's)" in found.unmapped
    assert "the wound in backpack slot 1 is a starvation wound" in found.unmapped
    ladle = next(i for i in crow.items if i.name == "Grandmother's Ladle")
    assert (ladle.area, ladle.at) == ("backpack", 7)
    assert [i.name for i in crow.items.ground] == ["Ladder"]


def test_the_fifth_belt_slot_holds_what_the_crows_trait_allows() -> None:
    """Both samples carry a sword in belt slot 5 and have Scabbard: it stays there (issue 26 #3)."""
    for name in ("nest-save-3.json", "pirsqed-actor-3.json"):
        found = read_peer(load(name))
        assert found is not None
        sword = next(i for i in found.character.items if i.name == "Sword")
        assert (sword.area, sword.at) == ("belt", 5), name
        assert not any("belt slot 5" in line for line in found.unmapped)
        assert check_character(found.character).valid, name


def test_the_fifth_belt_slot_without_its_trait_goes_to_the_ground_and_is_said() -> None:
    data = load("nest-save-3.json")
    data["traits"] = [t for t in data["traits"] if t != "Slashing|Scabbard"]
    found = read_peer(data)
    assert found is not None
    assert sorted(i.name for i in found.character.items.ground) == ["Ladder", "Sword"]
    assert any("no trait that gives it" in line for line in found.unmapped)
    hesk = load("pirsqed-actor-3.json")
    hesk["items"] = [i for i in hesk["items"] if i["name"] != "Scabbard"]
    found = read_peer(hesk)
    assert found is not None and any("belt slot 5" in line for line in found.unmapped)
    assert "Sword" in [i.name for i in found.character.items.ground]


def test_a_fifth_belt_item_the_trait_does_not_take_goes_to_the_ground() -> None:
    data = load("nest-save-3.json")
    data["inv"] = [
        {**card, "key": "Torch"} if card.get("idx") == 4 and card["area"] == "belt" else card
        for card in data["inv"]
    ]
    found = read_peer(data)
    assert found is not None
    assert any("slashing weapons only" in line for line in found.unmapped)


def test_playtest_1_is_migrated_with_a_report() -> None:
    found = read_peer(load("dv-actor-3.json"))
    assert found is not None
    crow = found.character
    assert {e.name: e.uses for e in crow.expertises} == {
        "Athletics": 1,
        "Blacksmithing": 1,
        "Endurance": 1,
        "Stealth": 1,
        "Lift": 1,
        "Thievery": 1,
        "Bashing": 1,
    }
    assert crow.wounds == (8, 9)  # two wounds, empty backpack slots first
    assert "boned 1 dropped (Playtest 2 has no boned condition)" in found.migrated
    assert crow.notes.startswith("## Migrated from a DimitroffVodka Playtest 1 actor\n")


def test_dv_and_pirsqed_details() -> None:
    nell = read_peer(load("dv-actor-2.json"))
    assert nell is not None
    crow = nell.character
    assert crow.conditions == ("weakened",) and crow.wounds == (3, 10) and crow.cruelty == 1
    assert crow.connection is not None and crow.connection.benefit == "Rival"
    assert {e.name: (e.uses, e.spent) for e in crow.expertises}["Stealth"] == (3, 2)
    assert len(crow.traits) == 6 and crow.xp.es_taken == 6 and crow.xp.char_taken == 1
    ysolde = read_peer(load("pirsqed-actor-2.json"))
    assert ysolde is not None
    books = [i for i in ysolde.character.items if i.name == "Fire lance book"]
    assert books and books[0].usage_dice is not None and books[0].usage_dice.current == 0
    assert ysolde.character.conditions == ("vulnerable",)


def test_other_json_is_not_taken_for_a_peer_file() -> None:
    assert peer_kind({"format": "refkit-character"}) is None
    assert peer_kind([1, 2]) is None
    assert peer_kind({"type": "npc", "system": {}}) is None
    assert read_peer({"hello": 1}) is None


def _nest(**changes: Any) -> dict[str, Any]:
    return {**load("nest-save-1.json"), **changes}


def _dv(**changes: Any) -> dict[str, Any]:
    data = load("dv-actor-2.json")
    data["system"] = {**data["system"], **changes}
    return data


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_nest(bg=99), "bg is 99; the background table has indexes 0-35"),
        (_nest(bg="x"), "bg must be a whole number"),
        (_nest(twoChar="Mind"), "twoChar 'mind' is not a characteristic Thief sets to 2"),
        (_nest(pattern="22"), 'pattern must be "10" or "m12"'),
        (_nest(inv=[{"key": "Rope", "area": "attic"}]), "inv[0].area must be hand, belt"),
        (_nest(inv=[{"key": "", "area": "pack"}]), "inv[0].key must not be empty"),
        (_nest(play={"wounds": {"11": "w"}}), "play.wounds keys are backpack slots 0-9"),
        (_nest(txp=10**30), "txp is a number of about 31 digits, outside"),
        (_nest(notes=_deep(40)), "nests lists or objects more than 16 levels deep"),
        (_dv(stamina={"max": "nine"}), "system.stamina.max must be a whole number"),
        (_dv(expertises=[]), "system.expertises must be an object with keys"),
        (_dv(woundSlots="2"), "system.woundSlots must be a list"),
    ],
)
def test_broken_or_hostile_files_get_one_clean_error(data: Any, message: str) -> None:
    with pytest.raises(PeerFileError, match=re.escape(message)) as caught:
        read_peer(data, "crow.json")
    assert str(caught.value).startswith("crow.json: read as ")


@pytest.mark.parametrize(
    "name", ["nest-save-1.json", "nest-save-2.json", "nest-save-3.json", "nest-save-cook.json"]
)
def test_a_nest_crow_goes_back_to_the_same_choices(name: str) -> None:
    original = load(name)
    crow = read_peer(original).character
    save, left_out = write_nest(crow)
    assert left_out == ()
    for key in ("bg", "pattern", "txp", "coins", "esAlloc", "charBonus"):
        assert save[key] == original[key], key
    # A Cook sets any one to 2: Strength 2 with Mind high is Mind 2 with Strength high.
    assert {save["twoChar"], save["highChar"]} == {original["twoChar"], original["highChar"]}
    assert sorted(save["esBonus"]) == sorted(c for c in original["esBonus"] if c)
    known = [t for t in original["traits"] if not t.startswith("Cooking|")]
    assert save["traits"] == known
    again = read_peer(json.loads(json.dumps(save))).character
    assert replace(again, notes="") == replace(crow, notes="", items=again.items)
    assert [(i.name, i.area, i.at, i.count) for i in again.items] == [
        (i.name, i.area, i.at, i.count) for i in crow.items
    ]


def test_a_foundry_crow_goes_to_the_nest_too() -> None:
    crow = read_peer(load("pirsqed-actor-1.json")).character
    save, _ = write_nest(crow)
    again = read_peer(save).character
    assert again.characteristics == crow.characteristics
    assert again.stamina == crow.stamina and again.traits == crow.traits


def test_a_crow_without_a_background_cannot_be_a_nest_save() -> None:
    crow = replace(read_peer(load("nest-save-1.json")).character, background="")
    with pytest.raises(PeerFileError, match="The Nest needs one of the 36 backgrounds"):
        write_nest(crow)


def test_more_growth_than_the_txp_earns_is_said_on_export() -> None:
    crow = read_peer(load("nest-save-1.json")).character
    grown = replace(crow, stamina=replace(crow.stamina, max=crow.stamina.max + 4))
    _, left_out = write_nest(grown)
    assert left_out == (
        "the Stamina and expertise uses need 2 Expertise & Stamina bonuses; 0 TXP earns 0, "
        "and The Nest keeps only those",
    )
