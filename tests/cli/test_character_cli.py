"""The Characters rows of CONTRACT.md: check, import, export, list — keys, exit codes, errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from refkit.locate import resource_path
from refkit.rules.inventory.model import ERROR_CODES, WARNING_CODES
from refkit.store.location import DATABASE_FILE_NAME
from tests.cli.cli_helpers import assert_bad_input, assert_error_line

CHECK_KEYS = {"valid", "errors", "warnings", "speed", "dead"}
SAMPLE_NAMES = ["Brannoc Tull", "Hesper Quill", "Wren Ashdown"]
WREN_FILE = resource_path("sample_party", "wren-ashdown.crow.json")


def base_document(name: str = "Mara Vell") -> dict[str, Any]:
    """A valid crow in the contract's own shape."""
    return {
        "format": "refkit-character",
        "version": 1,
        "name": name,
        "characteristics": {"agility": 1, "mind": 0, "strength": 2},
        "stamina": {"max": 7, "current": 7},
        "speed": 5,
        "cruelty": 0,
        "conditions": ["weakened"],
        "expertises": [{"name": "Stealth", "category": "general", "uses": 2, "spent": 0}],
        "items": [
            {
                "name": "Torch",
                "slots": 1,
                "area": "hand",
                "at": 1,
                "usage_dice": {"max": 2, "current": 2, "modes": ["DT", "Useless"]},
            },
            {
                "name": "Healing potion",
                "slots": 1,
                "area": "backpack",
                "at": 3,
                "count": 3,
                "stack": {"kind": "potion", "limit": 5},
            },
            {
                "name": "Leather armour",
                "slots": 2,
                "area": "backpack",
                "at": 1,
                "armor": {"ad": 3, "max_ad": 3, "worn": True},
            },
            {"name": "Ring of embers", "area": "magic", "magic_slot": "finger"},
        ],
        "wounds": [2, 7],
        "notes": "",
    }


def write(path: Path, document: dict[str, Any]) -> Path:
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def add_item(document: dict[str, Any], **item: Any) -> None:
    document["items"].append({"slots": 1, **item})


BREACHES: dict[str, tuple[str, Any]] = {
    "slot_out_of_range": ("error", lambda d: add_item(d, name="Rock", area="backpack", at=11)),
    "overlap": ("error", lambda d: add_item(d, name="Rope", area="backpack", at=2)),
    "stack_limit": (
        "error",
        lambda d: add_item(
            d,
            name="Antitoxin",
            area="backpack",
            at=3,
            count=3,
            stack={"kind": "potion", "limit": 5},
        ),
    ),
    "not_stackable": ("error", lambda d: add_item(d, name="Rope", area="belt", at=1, count=2)),
    "hand_stack": (
        "error",
        lambda d: add_item(
            d, name="Dart", area="hand", at=2, count=2, stack={"kind": "dart", "limit": 3}
        ),
    ),
    "wound_slot": ("error", lambda d: d.update(wounds=[2, 2, 12])),
    "magic_slot": (
        "error",
        lambda d: add_item(d, name="Tail ring", area="magic", magic_slot="tail"),
    ),
    "worn_armor": (
        "error",
        lambda d: add_item(
            d, name="Gambeson", area="belt", at=4, armor={"ad": 1, "max_ad": 1, "worn": True}
        ),
    ),
    "characteristic_range": ("error", lambda d: d["characteristics"].update(strength=6)),
    "magic_overload": (
        "warning",
        lambda d: add_item(d, name="Ring of frost", area="magic", magic_slot="finger"),
    ),
    "characteristic_above_max": ("warning", lambda d: d["characteristics"].update(mind=5)),
}


def test_every_contract_code_has_a_crafted_breach() -> None:
    assert set(BREACHES) == set(ERROR_CODES) | set(WARNING_CODES)


# -- check ------------------------------------------------------------------------------------


def test_check_of_a_valid_file(cli, tmp_path: Path) -> None:
    run = cli(
        "character", "check", str(write(tmp_path / "mara.crow.json", base_document())), "--json"
    )
    assert run.code == 0, run.err
    data = run.json
    assert data.keys() >= CHECK_KEYS
    assert data["valid"] is True and data["errors"] == [] and data["warnings"] == []
    assert data["speed"] == 4  # a wound in backpack slot 2, under the armour
    assert data["dead"] is False
    assert run.err == ""


@pytest.mark.parametrize("code", BREACHES)
def test_check_reports_each_code(cli, tmp_path: Path, code: str) -> None:
    severity, breach = BREACHES[code]
    document = base_document()
    breach(document)
    run = cli("--json", "character", "check", str(write(tmp_path / "x.crow.json", document)))
    data = run.json
    listed = data["errors"] if severity == "error" else data["warnings"]
    assert code in [entry["code"] for entry in listed]
    for entry in data["errors"] + data["warnings"]:
        assert set(entry) == {"code", "message"} and entry["message"]
    assert data["valid"] is (severity == "warning")
    assert run.code == (0 if severity == "warning" else 1)
    assert run.err == ""


def test_check_with_every_breach_at_once(cli, tmp_path: Path) -> None:
    document = base_document()
    for _, breach in BREACHES.values():
        breach(document)
    run = cli("character", "check", str(write(tmp_path / "all.crow.json", document)), "--json")
    assert run.code == 1
    data = run.json
    assert {e["code"] for e in data["errors"]} == set(ERROR_CODES)
    assert {w["code"] for w in data["warnings"]} == set(WARNING_CODES)


@pytest.mark.parametrize("slots", [11, 99])
def test_an_item_longer_than_its_area_is_a_rule_error(cli, tmp_path: Path, slots: int) -> None:
    """CONTRACT: an item past its area is ``slot_out_of_range`` (exit 1), not an unreadable file."""
    document = base_document()
    add_item(document, name="Ladder", area="backpack", at=1, slots=slots)
    run = cli("--json", "character", "check", str(write(tmp_path / "x.crow.json", document)))
    assert run.code == 1, run.err
    assert "slot_out_of_range" in [entry["code"] for entry in run.json["errors"]]


def test_an_absurd_slot_count_is_refused_as_unreadable(cli, tmp_path: Path) -> None:
    document = base_document()
    add_item(document, name="Ladder", area="backpack", at=1, slots=100)
    run = cli("character", "check", str(write(tmp_path / "x.crow.json", document)))
    assert run.code == 2
    assert "slots: 100 is more than 99" in run.err


def test_check_text_lists_each_problem(cli, tmp_path: Path) -> None:
    document = base_document()
    BREACHES["overlap"][1](document)
    BREACHES["magic_overload"][1](document)
    run = cli("character", "check", str(write(tmp_path / "x.crow.json", document)))
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines[0].startswith("Mara Vell: 1 rule error")
    assert lines[1].strip().startswith("error overlap:")
    assert lines[2].strip().startswith("warning magic_overload:")


def test_check_derives_speed_and_death(cli, tmp_path: Path) -> None:
    document = base_document()
    document["wounds"] = list(range(1, 11))
    data = cli("character", "check", str(write(tmp_path / "x.crow.json", document)), "--json").json
    assert data["dead"] is True
    assert data["speed"] == 2  # the three backpack slots holding items are wounded
    assert data["valid"] is True


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"\xff\xfe\x00", "not UTF-8"),
        (b'{"format": ', "not JSON"),
        (b"[]", "one JSON object"),
        (json.dumps({**base_document(), "version": 3}).encode(), "version"),
        (json.dumps({**base_document(), "stamina": {"max": 7}}).encode(), "stamina.current"),
    ],
)
def test_check_of_an_unreadable_file_exits_2(cli, tmp_path: Path, content: bytes, needle: str):
    path = tmp_path / "bad.crow.json"
    path.write_bytes(content)
    assert_bad_input(cli("character", "check", str(path), "--json"), needle, str(path))


def test_check_of_a_missing_file_or_folder_exits_2(cli, tmp_path: Path) -> None:
    assert_bad_input(cli("character", "check", str(tmp_path / "none.crow.json")), "no such file")
    assert_bad_input(cli("character", "check", str(tmp_path)), "is a folder")


def test_check_touches_no_database(cli, refkit_data_dir: Path, tmp_path: Path) -> None:
    cli("character", "check", str(write(tmp_path / "x.crow.json", base_document())))
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()


# -- list -------------------------------------------------------------------------------------


def test_list_on_a_fresh_machine_shows_the_sample_party(cli) -> None:
    run = cli("character", "list", "--json")
    assert run.code == 0, run.err
    characters = run.json["characters"]
    assert [c["name"] for c in characters] == SAMPLE_NAMES
    for entry in characters:
        assert {"name", "player", "speed", "dead", "stamina", "stamina_max", "wounds"} <= set(entry)
        assert entry["speed"] == 5 and entry["dead"] is False
        assert entry["parties"] == ["The Sample Party"]
    assert run.json["parties"] == [{"name": "The Sample Party", "members": SAMPLE_NAMES}]


def test_list_text(cli) -> None:
    run = cli("character", "list")
    assert run.code == 0
    assert run.out.splitlines()[0] == "Brannoc Tull: Stamina 9/9, 0 wounds, speed 5"
    assert "party The Sample Party: Brannoc Tull, Hesper Quill, Wren Ashdown" in run.out


@pytest.mark.parametrize("where", ["top", "sub"])
def test_db_option_before_or_after_the_subcommand(
    cli, tmp_path: Path, refkit_data_dir: Path, where: str
) -> None:
    db = tmp_path / "elsewhere.sqlite3"
    path = write(tmp_path / "mara.crow.json", base_document())
    if where == "top":
        run = cli("--db", str(db), "character", "import", str(path))
        listing = cli("--db", str(db), "--json", "character", "list").json
    else:
        run = cli("character", "import", str(path), "--db", str(db))
        listing = cli("character", "list", "--json", "--db", str(db)).json
    assert run.code == 0, run.err
    assert "Mara Vell" in [c["name"] for c in listing["characters"]]
    assert db.exists()
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()


def test_a_bad_database_is_an_error_line(cli, tmp_path: Path) -> None:
    not_a_db = tmp_path / "notes.sqlite3"
    not_a_db.write_text("just some text, not SQLite\n" * 200, encoding="utf-8")
    run = cli("character", "list", "--db", str(not_a_db))
    assert_bad_input(run, str(not_a_db))
    assert run.code == 2


# -- import -----------------------------------------------------------------------------------


def test_import_adds_the_character(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "mara.crow.json", base_document("<b>Mara</b> & Vell 🐦"))
    run = cli("character", "import", str(path), "--json")
    assert run.code == 0, run.err
    assert run.json["imported"] is True and run.json["replaced"] is False
    assert run.json["name"] == "<b>Mara</b> & Vell 🐦"
    names = [c["name"] for c in cli("character", "list", "--json").json["characters"]]
    assert "<b>Mara</b> & Vell 🐦" in names
    again = cli("character", "import", str(path), "--replace")
    assert again.out == "imported <b>Mara</b> & Vell 🐦 (replacing the stored crow)\n"


def test_import_refuses_an_invalid_file_and_writes_nothing(
    cli, tmp_path: Path, refkit_data_dir: Path
) -> None:
    document = base_document("Broken Crow")
    BREACHES["overlap"][1](document)
    BREACHES["wound_slot"][1](document)
    path = write(tmp_path / "broken.crow.json", document)
    run = cli("character", "import", str(path), "--json")
    assert run.code == 2
    line = assert_error_line(run, str(path), "not imported", "overlap:", "wound_slot:")
    assert "Broken Crow breaks 3 rules" in line
    data = run.json
    assert data["imported"] is False
    assert [e["code"] for e in data["errors"]] == ["overlap", "wound_slot", "wound_slot"]
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()
    text = cli("character", "import", str(path))
    assert text.code == 2
    assert [row.split(":")[0].strip() for row in text.out.splitlines()[1:]] == [
        "error overlap",
        "error wound_slot",
        "error wound_slot",
    ]


def test_an_invalid_import_leaves_the_database_as_it_was(cli, tmp_path: Path) -> None:
    before = cli("character", "list", "--json").json
    document = base_document()
    BREACHES["slot_out_of_range"][1](document)
    assert cli("character", "import", str(write(tmp_path / "x.crow.json", document))).code == 2
    assert_bad_input(cli("character", "import", str(tmp_path / "missing.crow.json")), "no such")
    assert cli("character", "list", "--json").json == before


def test_import_of_a_stored_name_needs_replace(cli, tmp_path: Path) -> None:
    document = json.loads(WREN_FILE.read_text(encoding="utf-8"))
    document["name"] = "WREN ASHDOWN"
    document["cruelty"] = 3
    path = write(tmp_path / "wren.crow.json", document)
    assert_bad_input(cli("character", "import", str(path)), "already a character", "--replace")
    run = cli("character", "import", str(path), "--replace", "--json")
    assert run.code == 0 and run.json["replaced"] is True
    characters = cli("character", "list", "--json").json["characters"]
    assert [c["name"] for c in characters] == ["Brannoc Tull", "Hesper Quill", "WREN ASHDOWN"]


def test_import_reports_warnings_but_imports(cli, tmp_path: Path) -> None:
    document = base_document()
    BREACHES["characteristic_above_max"][1](document)
    run = cli("character", "import", str(write(tmp_path / "x.crow.json", document)), "--json")
    assert run.code == 0
    assert [w["code"] for w in run.json["warnings"]] == ["characteristic_above_max"]


# -- export -----------------------------------------------------------------------------------


def test_export_writes_the_file_format(cli, tmp_path: Path) -> None:
    out = tmp_path / "wren.crow.json"
    run = cli("character", "export", "wren ashdown", "--out", str(out), "--json")
    assert run.code == 0, run.err
    assert run.json == {"name": "Wren Ashdown", "out": str(out)}
    assert out.read_bytes() == WREN_FILE.read_bytes()


def test_export_import_round_trip_through_the_cli(cli, tmp_path: Path) -> None:
    first, second = tmp_path / "one.crow.json", tmp_path / "two.crow.json"
    source = write(tmp_path / "src.crow.json", base_document('Zoë "Quill" <3'))
    assert cli("character", "import", str(source)).code == 0
    assert cli("character", "export", 'Zoë "Quill" <3', "--out", str(first)).code == 0
    other_db = str(tmp_path / "other.sqlite3")
    assert cli("character", "import", str(first), "--db", other_db).code == 0
    assert cli("character", "export", 'Zoë "Quill" <3', "--out", str(second), "--db", other_db)
    assert second.read_bytes() == first.read_bytes()


def test_export_overwrites_a_file_but_never_a_folder(cli, tmp_path: Path) -> None:
    out = tmp_path / "old.crow.json"
    out.write_text("old", encoding="utf-8")
    assert cli("character", "export", "Hesper Quill", "--out", str(out)).code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["name"] == "Hesper Quill"
    folder = tmp_path / "folder"
    folder.mkdir()
    assert_bad_input(
        cli("character", "export", "Hesper Quill", "--out", str(folder)),
        "is a folder",
        "nothing written",
    )
    assert list(folder.iterdir()) == []


def test_a_refused_export_writes_nothing_anywhere(cli, tmp_path: Path, refkit_data_dir) -> None:
    run = cli("character", "export", "Wren Ashdown", "--out", str(tmp_path / "no" / "x.json"))
    assert_bad_input(run, "does not exist", "nothing written")
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()
    assert not (tmp_path / "no").exists()


def test_export_errors(cli, tmp_path: Path) -> None:
    assert_bad_input(
        cli("character", "export", "Nobody", "--out", str(tmp_path / "x.json")), "'Nobody'"
    )
    assert_bad_input(
        cli("character", "export", "Wren Ashdown", "--out", str(tmp_path / "no" / "x.json")),
        "does not exist",
    )
    assert_bad_input(cli("character", "export", "Wren Ashdown"), "--out")
    assert not (tmp_path / "x.json").exists()


# -- the command itself -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("character",), "ACTION"),
        (("character", "frobnicate"), "frobnicate"),
        (("character", "check"), "FILE"),
        (("character", "list", "--bogus"), "--bogus"),
    ],
)
def test_bad_command_lines_exit_2(cli, args: tuple[str, ...], needle: str) -> None:
    assert_bad_input(cli(*args), needle)


def test_character_commands_run_as_a_real_process(cli_process, tmp_path: Path) -> None:
    run = cli_process("character", "list", "--json")
    assert run.code == 0, run.err
    assert [c["name"] for c in json.loads(run.out)["characters"]] == SAMPLE_NAMES
    bad = cli_process("character", "check", str(tmp_path / "none.crow.json"))
    assert bad.code == 2 and bad.out == "" and bad.err.startswith("error: ")
