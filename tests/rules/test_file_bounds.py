"""Every number and list in character and table files has a bound, checked as the file is read."""

from __future__ import annotations

import copy
import json
import time
from typing import Any

import pytest

from refkit.rules.character.file_format import CharacterFileError, load_character_json
from refkit.rules.inventory.model import PACK_SLOTS_MOST, Item
from refkit.rules.tables.import_formats import TableImportError, parse_table_text, parse_table_toml
from refkit.rules.tables.model import RollableTable, TableRow, validate_table

CROW: dict[str, Any] = {
    "format": "refkit-character",
    "version": 1,
    "name": "Mara Vell",
    "characteristics": {"agility": 1, "mind": 0, "strength": 2},
    "stamina": {"max": 7, "current": 7},
    "speed": 5,
    "cruelty": 0,
    "conditions": [],
    "expertises": [{"name": "Stealth", "category": "general", "uses": 2, "spent": 0}],
    "items": [
        {"name": "Torch", "slots": 1, "area": "hand", "at": 1,
         "usage_dice": {"max": 2, "current": 2, "modes": ["DT"]}},
        {"name": "Potion", "slots": 1, "area": "backpack", "at": 3, "count": 3,
         "stack": {"kind": "potion", "limit": 5}},
        {"name": "Leather", "slots": 2, "area": "backpack", "at": 1,
         "armor": {"ad": 3, "max_ad": 3, "worn": True}},
    ],
    "wounds": [2],
    "notes": "",
}  # fmt: skip


def crow_with(path: str, value: Any) -> str:
    """The crow above with the value at a dotted path (``items.0.slots``) replaced."""
    data = copy.deepcopy(CROW)
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if key.isdigit() else node[key]
    if last.isdigit():
        node[int(last)] = value
    else:
        node[last] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("items.1.slots", 10**7, "items[1].slots: 10000000 is more than 99"),
        ("items.1.slots", 2**31, "items[1].slots: 2147483648 is more than 99"),
        ("items.1.slots", 10**100, "items[1].slots: a number of about 101 digits is more than 99"),
        ("items.1.count", 10**6, "items[1].count: 1000000 is more than 999"),
        ("items.1.stack.limit", 10**9, "items[1].stack.limit: 1000000000 is more than 999"),
        ("items.0.usage_dice.max", 10**6, "items[0].usage_dice.max: 1000000 is more than 20"),
        ("items.0.at", -(10**12), "items[0].at: -1000000000000 is less than -99"),
        ("items.2.armor.max_ad", 10**5, "items[2].armor.max_ad: 100000 is more than 99"),
        ("stamina.max", 10**100, "stamina.max: a number of about 101 digits is more than 999"),
        ("expertises.0.uses", 10**30, "expertises[0].uses: a number of about 31 digits"),
        ("characteristics.mind", 10**9, "characteristics.mind: 1000000000 is more than 99"),
        ("speed", 10**4, "speed: 10000 is more than 99"),
        ("cruelty", 10**4, "cruelty: 10000 is more than 99"),
        ("wounds.0", 10**18, "wounds[0]: 1000000000000000000 is more than 99"),
    ],
)
def test_a_number_beyond_its_bound_is_refused_naming_the_field(
    path: str, value: int, message: str
) -> None:
    started = time.monotonic()
    with pytest.raises(CharacterFileError, match=r"^big\.crow\.json: ") as refused:
        load_character_json(crow_with(path, value), "big.crow.json")
    assert message in str(refused.value)
    assert time.monotonic() - started < 5


def test_values_inside_the_bounds_still_load() -> None:
    text = crow_with("stamina", {"max": 999, "current": 999})
    assert load_character_json(text).stamina.max == 999
    assert load_character_json(crow_with("items.1.slots", 10)).items.find("potion-1").slots == 10


def test_too_many_items_are_refused_before_any_pair_is_compared() -> None:
    item = {"name": "Pebble", "area": "belt", "at": 1, "stack": {"kind": "pebble", "limit": 5}}
    with pytest.raises(CharacterFileError, match=r"items: 50000 entries is more than 200"):
        load_character_json(crow_with("items", [item] * 50_000))


def test_deep_nesting_is_refused_not_a_recursion_error() -> None:
    with pytest.raises(CharacterFileError, match="nested too deeply"):
        load_character_json("[" * 100_000 + "]" * 100_000, "deep.crow.json")


def test_a_number_too_long_for_python_to_read_is_a_file_error() -> None:
    with pytest.raises(CharacterFileError, match=r"huge\.crow\.json: not a readable JSON"):
        load_character_json(crow_with("speed", 0).replace('"speed": 0', '"speed": ' + "9" * 5000),
                            "huge.crow.json")  # fmt: skip


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("name", "Mara\x1b[2J", "name"),
        ("name", "Mara\x00", "name"),
        ("name", "\u202eMara", "name"),
        ("player", "Sam\x1b]0;owned\x07", "player"),
        ("items.0.name", "Torch\x1b[31m", "items[0].name"),
        ("expertises.0.name", "Stealth\u202e", "expertises[0].name"),
    ],
)
def test_control_characters_in_names_are_refused_naming_the_field(
    path: str, value: str, field: str
) -> None:
    with pytest.raises(CharacterFileError) as refused:
        load_character_json(crow_with(path, value))
    assert f"{field} holds the control character" in str(refused.value)


def test_an_item_of_ten_million_slots_built_in_code_checks_at_once() -> None:
    rope = Item("Rope", area="backpack", at=1, slots=10**7)
    started = time.monotonic()
    # A backpack's span runs to the largest pack (a pet's, with Beast of Burden); the check
    # reports a crow's own item past slot 10.
    assert rope.span == tuple(range(1, PACK_SLOTS_MOST + 1))
    assert Item("Rope", area="belt", at=-(10**12), slots=10**12 + 2).span == (1,)
    assert time.monotonic() - started < 5


# -- tables -------------------------------------------------------------------------------------


def test_a_100000_row_text_table_is_refused_in_well_under_a_second() -> None:
    text = "".join(f"{number} row {number}\n" for number in range(1, 100_001))
    started = time.monotonic()
    with pytest.raises(TableImportError, match=r"line 1001: more than 1000 rows \(row 1001"):
        parse_table_text(text, "Huge", "1d100")
    assert time.monotonic() - started < 5  # generous: reading stops at row 1001, in ~0.02 s


def test_a_row_wrapped_over_200000_lines_is_read_in_linear_time() -> None:
    text = "1 rats\n" + "  and more rats\n" * 200_000 + "2 bats\n"
    started = time.monotonic()
    table = parse_table_text(text, "Wrapped", "1d2")
    assert time.monotonic() - started < 5  # about 0.3 s; joining per line made it quadratic
    assert table.rows[0].text == "rats" + " and more rats" * 200_000
    assert table.rows[1].text == "bats"


def test_the_editor_check_refuses_a_table_of_more_than_1000_rows() -> None:
    rows = tuple(TableRow(n, n, f"row {n}") for n in range(1, 1002))
    found = validate_table(RollableTable("Big", "1d1000", rows))
    assert [problem.kind for problem in found] == ["rows"]
    assert "1001 rows; a table holds at most 1000" in found[0].message


def test_an_import_error_lists_twenty_problems_and_counts_the_rest() -> None:
    text = "".join(f"junk line {number}\n" for number in range(1, 501))
    with pytest.raises(TableImportError) as refused:
        parse_table_text(text, "Junk", "1d6")
    message = str(refused.value)
    assert message.count("no range at the start") == 20
    assert message.endswith("; and 480 more")
    assert len(refused.value.problems) == 500


def test_deep_toml_is_refused_not_a_recursion_error() -> None:
    text = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"
    with pytest.raises(TableImportError, match="nested too deeply"):
        parse_table_toml(text, origin="deep.toml")


def test_toml_rows_keep_their_line_numbers() -> None:
    rows = "".join(f'\n[[rows]]\nlow = {n}\ntext = "row {n}"\n' for n in range(1, 7))
    text = f'[table]\nname = "T"\ndice = "1d6"\n{rows}'.replace("low = 4", "low = 3")
    with pytest.raises(TableImportError, match=r"rows 3 and 4 \(lines 13 and 17\)"):
        parse_table_toml(text)


def test_table_names_and_row_ends_have_bounds() -> None:
    rows = (TableRow(1, 3, "rats"), TableRow(4, 10**12, "more rats"))
    found = validate_table(RollableTable("Rats\x1b[2J", "1d6", rows))
    messages = [problem.message for problem in found]
    assert any("name holds the control character U+001B (ESC)" in m for m in messages)
    assert any("row 2: its high end 1000000000000 is more than 10000000" in m for m in messages)
    huge_modifier = RollableTable("Rats", "1d6", rows[:1], max_modifier=10**30)
    assert any("more than 1000" in p.message for p in validate_table(huge_modifier))


def test_all_rows_overlapping_is_reported_in_bounded_time() -> None:
    rows = tuple(TableRow(1, 6, f"row {n}") for n in range(1000))
    started = time.monotonic()
    found = validate_table(RollableTable("Same", "1d6", rows))
    assert time.monotonic() - started < 5
    assert 0 < sum(problem.kind == "overlap" for problem in found) <= 1000


# -- what the app can build stays inside the file's bounds -------------------------------------


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("slots = 32", "slots: 32 is more than 10"),
        ('stack = {kind = "arrow", limit = 100000}', "stack.limit: 100000 is more than 999"),
        ("ad = 5000", "ad: 5000 is more than 99"),
        ('damage = "2 / 99999999999999999999999999999999"', "damage tier 3: a number of about"),
        ('usage_dice = "1000000 (DT)"', "an item has at most 20 usage dice"),
    ],
)
def test_a_catalogue_item_beyond_the_file_bounds_is_refused(entry: str, message: str) -> None:
    from refkit.rules.inventory.catalogue import CatalogueError, load_item_catalogue

    text = f'[[item]]\nname = "Ladder"\n{entry}\n'
    with pytest.raises(CatalogueError) as refused:
        load_item_catalogue(text, "custom items")
    assert message in str(refused.value)
