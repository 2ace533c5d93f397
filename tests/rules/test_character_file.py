"""The *.crow.json character file: the contract's example, read errors, checks, round trips."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.rules.character.file_format import (
    CharacterFileError,
    check_character,
    dump_character_json,
    load_character_json,
)
from refkit.rules.character.model import (
    CONDITIONS,
    EXPERTISE_CATEGORIES,
    Character,
    Characteristics,
    Expertise,
    Stamina,
)
from refkit.rules.inventory.model import (
    AREAS,
    MAGIC_SLOTS,
    Armor,
    Inventory,
    Item,
    StackInfo,
    TierDamage,
    UsageDiceState,
)
from refkit.rules.usage_dice import UsageDiceMode

CONTRACT = Path(__file__).resolve().parents[3] / "shared" / "CONTRACT.md"

# The example of the character file contract, verbatim.
EXAMPLE = """
{
  "format": "refkit-character", "version": 1,
  "name": "Mara Vell",
  "characteristics": {"agility": 1, "mind": 0, "strength": 2},
  "stamina": {"max": 7, "current": 7},
  "speed": 5,
  "cruelty": 0,
  "conditions": ["weakened"],
  "expertises": [{"name": "Stealth", "category": "general", "uses": 2, "spent": 0}],
  "items": [
    {"name": "Torch", "slots": 1, "area": "hand", "at": 1,
     "usage_dice": {"max": 2, "current": 2, "modes": ["DT", "Useless"]}},
    {"name": "Healing potion", "slots": 1, "area": "backpack", "at": 3, "count": 3,
     "stack": {"kind": "potion", "limit": 5}},
    {"name": "Leather armour", "slots": 2, "area": "backpack", "at": 1,
     "armor": {"ad": 3, "max_ad": 3, "worn": true}},
    {"name": "Ring of embers", "area": "magic", "magic_slot": "finger"}
  ],
  "wounds": [2, 7],
  "notes": ""
}
"""


def example(**changes) -> dict:
    data = json.loads(EXAMPLE)
    data.update(changes)
    return data


def load(data: dict) -> Character:
    return load_character_json(json.dumps(data), "mara.crow.json")


def report_codes(data: dict) -> tuple[list[str], list[str]]:
    report = check_character(load(data))
    return [p.code for p in report.errors], [p.code for p in report.warnings]


# -- the contract's example ------------------------------------------------------------------------


@pytest.mark.skipif(not CONTRACT.exists(), reason="shared/CONTRACT.md is not beside the checkout")
def test_the_example_here_is_the_contracts_example() -> None:
    text = CONTRACT.read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", text[text.index("## Characters") :], re.S)
    assert block is not None
    assert json.loads(block.group(1)) == json.loads(EXAMPLE)


def test_the_contract_example_loads_and_checks_valid() -> None:
    character = load_character_json(EXAMPLE, "mara.crow.json")
    assert character.name == "Mara Vell"
    assert character.characteristics == Characteristics(agility=1, mind=0, strength=2)
    assert character.speed_base == 5
    assert character.conditions == ("weakened",)
    torch = next(i for i in character.items if i.name == "Torch")
    assert torch.usage_dice.modes == {UsageDiceMode.DT, UsageDiceMode.USELESS}
    ring = next(i for i in character.items if i.name == "Ring of embers")
    assert (ring.area, ring.magic_slot, ring.slots) == ("magic", "finger", 1)
    report = check_character(character)
    assert report.valid and report.errors == () and report.warnings == ()
    # Wound 2 lies under the leather armour (backpack 1–2); wound 7 is in an empty slot.
    assert report.speed == 4
    assert report.dead is False
    assert report.to_json() == {
        "valid": True,
        "errors": [],
        "warnings": [],
        "speed": 4,
        "dead": False,
    }


def test_ten_wounds_report_dead() -> None:
    report = check_character(load(example(wounds=list(range(1, 11)))))
    assert report.dead and report.valid and report.speed == 2


# -- one test per check code -----------------------------------------------------------------------


def _with_item(**fields) -> dict:
    data = example()
    data["items"].append({"name": "Thing", "slots": 1, "area": "belt", "at": 1, **fields})
    return data


def test_code_slot_out_of_range() -> None:
    assert report_codes(_with_item(at=5)) == (["slot_out_of_range"], [])


def test_code_overlap() -> None:
    assert report_codes(_with_item(area="hand", at=1)) == (["overlap"], [])


def test_code_stack_limit() -> None:
    data = example()
    data["items"][1]["count"] = 6
    assert report_codes(data) == (["stack_limit"], [])


def test_code_not_stackable() -> None:
    assert report_codes(_with_item(count=2)) == (["not_stackable"], [])


def test_code_hand_stack() -> None:
    data = example()
    data["items"][1].update(area="hand", at=2)
    assert report_codes(data) == (["hand_stack"], [])


def test_code_wound_slot() -> None:
    assert report_codes(example(wounds=[2, 2, 11])) == (["wound_slot", "wound_slot"], [])


def test_code_magic_slot() -> None:
    data = example()
    data["items"][3]["magic_slot"] = "tail"
    assert report_codes(data) == (["magic_slot"], [])


def test_code_worn_armor() -> None:
    data = example()
    data["items"][2].update(area="belt", at=1)
    assert report_codes(data) == (["worn_armor"], [])


def test_code_characteristic_range() -> None:
    data = example(characteristics={"agility": -6, "mind": 0, "strength": 2})
    assert report_codes(data) == (["characteristic_range"], [])


def test_code_magic_overload() -> None:
    data = _with_item(name="Ring of frost", area="magic", magic_slot="finger")
    assert report_codes(data) == ([], ["magic_overload"])


def test_code_characteristic_above_max() -> None:
    data = example(characteristics={"agility": 5, "mind": 0, "strength": 2})
    assert report_codes(data) == ([], ["characteristic_above_max"])


# -- files that are not readable character files ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "mara.crow.json: not JSON"),
        ("[]", "mara.crow.json: a character file holds one JSON object, not a list"),
    ],
)
def test_unreadable_text(text: str, message: str) -> None:
    with pytest.raises(CharacterFileError) as caught:
        load_character_json(text, "mara.crow.json")
    assert str(caught.value).startswith(message)


def _broken(path: str, value: object) -> dict:
    data = example()
    target = data
    keys = re.findall(r"[^.\[\]]+", path)
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    last = keys[-1]
    if value is KeyError:
        del target[last]
    elif last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "something-else", "format must be 'refkit-character'"),
        ("version", 3, "version must be 1 or 2"),
        ("version", True, "version must be 1 or 2"),
        ("name", KeyError, "name is missing"),
        ("characteristics.mind", "high", "characteristics.mind must be a whole number"),
        ("stamina.current", 9, "stamina.current (9) is above stamina.max (7)"),
        ("speed", -1, "speed must be 0 or more"),
        ("cruelty", 1.5, "cruelty must be a whole number"),
        ("conditions.0", "on fire", "conditions[0] must be one of blessed"),
        ("expertises.0.category", "magic", "expertises[0].category must be one of general"),
        ("expertises.0.spent", 3, "expertises[0].spent (3) is more than expertises[0].uses (2)"),
        ("items.2.slots", "2", "items[2].slots must be a whole number"),
        ("items.0.at", KeyError, "items[0].at is missing"),
        ("items.0.area", "pocket", "items[0].area must be one of hand, belt, backpack, magic"),
        ("items.1.stack.limit", 0, "items[1].stack.limit must be 1 or more"),
        ("items.0.usage_dice.modes", ["Sometimes"], "items[0].usage_dice.modes[0] must be one of"),
        ("items.2.armor.worn", "yes", "items[2].armor.worn must be true or false"),
        ("items", {}, "items must be a list"),
        ("wounds.1", "7", "wounds[1] must be a whole number"),
        ("notes", None, "notes must be text, not null"),
    ],
)
def test_missing_or_mistyped_keys_are_named(path: str, value: object, message: str) -> None:
    with pytest.raises(CharacterFileError) as caught:
        load(_broken(path, value))
    assert str(caught.value).startswith(f"mara.crow.json: {message}")


def test_repeated_conditions_and_ids_are_read_errors() -> None:
    with pytest.raises(CharacterFileError, match=r"conditions\[1\] repeats 'weakened'"):
        load(example(conditions=["weakened", "weakened"]))
    data = example()
    data["items"][0]["id"] = data["items"][1]["id"] = "same"
    with pytest.raises(CharacterFileError, match=r"items\[1\]\.id repeats the id 'same'"):
        load(data)


# -- writing and round trips -----------------------------------------------------------------------


def test_dump_writes_the_documented_keys() -> None:
    written = json.loads(dump_character_json(load_character_json(EXAMPLE)))
    assert list(written) == [
        "format",
        "version",
        "name",
        "characteristics",
        "stamina",
        "speed",
        "cruelty",
        "conditions",
        "expertises",
        "items",
        "wounds",
        "notes",
    ]
    assert written["format"] == "refkit-character" and written["version"] == 1
    ring = written["items"][3]
    assert ring["area"] == "magic" and ring["magic_slot"] == "finger" and "at" not in ring


def test_the_example_survives_a_round_trip() -> None:
    character = load_character_json(EXAMPLE)
    text = dump_character_json(character)
    assert load_character_json(text) == character
    assert dump_character_json(load_character_json(text)) == text


def test_optional_keys_round_trip() -> None:
    character = load_character_json(EXAMPLE)
    extended = Character(
        name=character.name,
        player="Sam",
        characteristics=character.characteristics,
        stamina=character.stamina,
        items=Inventory(character.items.items, (Item("Rope", id="rope"),)),
        portrait="portraits/mara.png",
        advanced=True,
        magic_characteristics=True,
    )
    text = dump_character_json(extended)
    data = json.loads(text)
    assert data["player"] == "Sam" and data["portrait"] == "portraits/mara.png"
    assert data["ground"] == [{"id": "rope", "name": "Rope", "slots": 1}]
    assert load_character_json(text) == extended


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_NAME = _TEXT.filter(lambda s: s.strip() != "")
_PLAIN_TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp")), max_size=12
)
_PLAIN_NAME = _PLAIN_TEXT.filter(lambda s: s.strip() != "")
"""Names hold no control or format characters (the file refuses them, see name_text)."""


@st.composite
def _items(draw) -> Item:
    area = draw(st.sampled_from([*AREAS, "ground"]))
    dice = None
    if draw(st.booleans()):
        maximum = draw(st.integers(0, 4))
        dice = UsageDiceState(
            max=maximum,
            current=draw(st.integers(0, maximum)),
            modes=frozenset(draw(st.sets(st.sampled_from(list(UsageDiceMode))))),
            refuel_with=draw(st.none() | _NAME),
        )
    armor = None
    if draw(st.booleans()):
        max_ad = draw(st.integers(0, 6))
        armor = Armor(draw(st.integers(0, max_ad)), max_ad, draw(st.booleans()))
    return Item(
        name=draw(_PLAIN_NAME),
        area=area,
        at=draw(st.integers(-2, 12)),
        slots=draw(st.integers(1, 4)),
        count=draw(st.integers(1, 6)),
        stack=draw(st.none() | st.builds(StackInfo, _NAME, st.integers(1, 6))),
        usage_dice=dice,
        armor=armor,
        magic_slot=draw(st.none() | st.sampled_from(MAGIC_SLOTS) | _NAME),
        damage=draw(
            st.none()
            | st.builds(
                TierDamage,
                st.integers(0, 9),
                st.integers(0, 9),
                st.sampled_from("AMS"),
                st.booleans(),
            )
        ),
        tags=tuple(draw(st.lists(_NAME, max_size=3))),
        notes=draw(_TEXT),
    )


@st.composite
def _expertises(draw) -> Expertise:
    uses = draw(st.integers(0, 4))
    return Expertise(
        draw(_PLAIN_NAME),
        draw(st.sampled_from(EXPERTISE_CATEGORIES)),
        uses,
        draw(st.integers(0, uses)),
    )


@st.composite
def _characters(draw) -> Character:
    maximum = draw(st.integers(0, 12))
    return Character(
        name=draw(_PLAIN_NAME),
        player=draw(_PLAIN_TEXT),
        characteristics=Characteristics(*draw(st.tuples(*[st.integers(-7, 7)] * 3))),
        stamina=Stamina(maximum, draw(st.integers(0, maximum))),
        speed_base=draw(st.integers(0, 8)),
        cruelty=draw(st.integers(0, 15)),
        conditions=tuple(draw(st.lists(st.sampled_from(CONDITIONS), unique=True))),
        expertises=tuple(draw(st.lists(_expertises(), max_size=3))),
        items=Inventory(tuple(draw(st.lists(_items(), max_size=6)))),
        wounds=tuple(draw(st.lists(st.integers(-1, 12), max_size=12))),
        notes=draw(_TEXT),
        portrait=draw(st.none() | _NAME),
        advanced=draw(st.booleans()),
        magic_characteristics=draw(st.booleans()),
    )


@settings(max_examples=150, deadline=None)
@given(_characters())
def test_export_writes_exactly_what_import_reads(character: Character) -> None:
    text = dump_character_json(character)
    loaded = load_character_json(text, "round-trip.crow.json")
    assert loaded == character
    assert dump_character_json(loaded) == text
    report = check_character(loaded)
    assert report.speed == character.speed and report.dead == character.dead
    assert report.valid == (report.errors == ())
