"""The ``table`` rows of CONTRACT.md: list, roll, import — and imports refused whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.cli_helpers import assert_bad_input

GOBLINS = "Encounters: goblin warren"


def table_list(cli) -> list[dict]:
    run = cli("table", "list", "--json")
    assert run.code == 0
    return run.json["tables"]


def test_list_shows_the_shipped_tables(cli) -> None:
    tables = table_list(cli)
    for table in tables:
        assert {"name", "dice", "rows"} <= set(table)
        assert isinstance(table["rows"], int) and table["rows"] > 0
    by_name = {table["name"]: table for table in tables}
    assert by_name[GOBLINS]["dice"] == "2d6"
    assert "Refkit default backlashes" in by_name
    assert f"{GOBLINS} (2d6, " in cli("table", "list").out


def test_roll_with_a_total_gives_the_contract_shape(cli) -> None:
    run = cli("table", "roll", GOBLINS, "--total", "7", "--json")
    assert run.code == 0
    data = run.json
    assert {"table", "index", "entry", "text"} <= set(data)
    assert data["table"] == GOBLINS
    assert data["index"] == 7
    entry = data["entry"]
    assert {"low", "high", "text"} <= set(entry)
    assert entry["low"] <= 7 <= entry["high"]
    assert isinstance(data["text"], str) and data["text"]


def test_a_seed_repeats_the_roll_and_names_ignore_case(cli) -> None:
    first = cli("table", "roll", GOBLINS.upper(), "--seed", "12", "--json").json
    second = cli("table", "roll", GOBLINS, "--seed", "12", "--json").json
    assert first == second
    assert 2 <= first["index"] <= 12


def test_rolls_go_into_the_session_log(cli) -> None:
    cli("table", "roll", GOBLINS, "--total", "2")
    entries = cli("dt", "log", "--kind", "table_roll", "--json").json["entries"]
    assert len(entries) == 1 and entries[0]["text"].startswith(GOBLINS)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("table", "roll", "Owlbears"), "no table called 'Owlbears'"),
        (("table", "roll", GOBLINS, "--total", "13"), "outside 2d6's range 2–12"),
        (("table", "roll", GOBLINS, "--total", "x"), "not a whole number"),
        (("table", "import", "missing.txt", "--name", "X"), "cannot read the file"),
    ],
)
def test_bad_input_is_exit_2(cli, args, needle) -> None:
    assert_bad_input(cli(*args, "--json"), needle)


class TestImport:
    def test_import_text_then_roll_on_it(self, cli, tmp_path: Path) -> None:
        file = tmp_path / "vermin.txt"
        file.write_text("01–02 Rats\n3 1d4 bats\n4-6: A cat\n", encoding="utf-8")
        run = cli("table", "import", str(file), "--name", "Vermin", "--json")
        assert run.code == 0
        assert run.json["table"] == "Vermin" and run.json["rows"] == 3
        assert {"name": "Vermin", "dice": "1d6", "rows": 3} in [
            {key: table[key] for key in ("name", "dice", "rows")} for table in table_list(cli)
        ]
        rolled = cli("table", "roll", "vermin", "--total", "3", "--json").json
        assert rolled["entry"]["text"] == "1d4 bats"
        assert rolled["text"].endswith(" bats") and "1d4" not in rolled["text"]

    def test_dice_option_and_csv(self, cli, tmp_path: Path) -> None:
        file = tmp_path / "crowd.csv"
        file.write_text("low,high,text\n2,6,Quiet\n7,12,Rowdy\n", encoding="utf-8")
        run = cli("table", "import", str(file), "--name", "Crowd", "--dice", "2d6", "--json")
        assert run.json == {"table": "Crowd", "rows": 2, "dice": "2d6"}

    @pytest.mark.parametrize(
        ("content", "needles"),
        [
            ("1-2 Rats\n3 Bats\n5-6 Cats\n", ("no row covers 4", "rows 2 and 3")),
            ("1-3 Rats\n3-4 Bats\n5-6 Cats\n", ("rows 1 and 2", "both cover 3")),
            ("1-2 Rats\nthree Bats\n", ("line 2", "no range")),
        ],
    )
    def test_gaps_and_overlaps_name_the_rows_and_import_nothing(
        self, cli, tmp_path: Path, content: str, needles: tuple[str, ...]
    ) -> None:
        before = table_list(cli)
        file = tmp_path / "broken.txt"
        file.write_text(content, encoding="utf-8")
        run = cli("table", "import", str(file), "--name", "Broken", "--dice", "1d6", "--json")
        for needle in needles:
            assert_bad_input(run, needle)
        assert table_list(cli) == before

    def test_a_taken_name_needs_replace(self, cli, tmp_path: Path) -> None:
        file = tmp_path / "road.txt"
        file.write_text("1 Bandits\n2 Deer\n", encoding="utf-8")
        assert_bad_input(
            cli("table", "import", str(file), "--name", "encounters: FOREST road"),
            "already exists",
        )
        run = cli("table", "import", str(file), "--name", "Encounters: forest road", "--replace")
        assert run.code == 0
        by_name = {table["name"]: table for table in table_list(cli)}
        assert by_name["Encounters: forest road"]["rows"] == 2


def test_delete_and_restore_defaults(cli) -> None:
    assert cli("table", "delete", GOBLINS, "--json").json == {"deleted": GOBLINS}
    assert GOBLINS not in {table["name"] for table in table_list(cli)}
    assert cli("table", "restore-defaults", "--json").json == {"restored": [GOBLINS]}
    assert GOBLINS in {table["name"] for table in table_list(cli)}


def test_show_lists_the_rows(cli) -> None:
    data = cli("table", "show", GOBLINS, "--json").json
    assert data["name"] == GOBLINS and len(data["rows"]) == 11


def test_open_ended_row_still_reports_a_whole_number_high(cli):
    """CONTRACT: entry.high is an int, even for the Miasma table's open-ended 13+ row."""
    run = cli(
        "table",
        "roll",
        "Refkit default Miasma effects",
        "--total",
        "10",
        "--modifier",
        "5",
        "--json",
    )
    assert run.code == 0, run.err
    entry = run.json["entry"]
    assert isinstance(entry["high"], int) and entry["low"] == 13
    assert entry["low"] <= run.json["index"] <= entry["high"]
    assert entry["open_ended"] is True


def test_a_referees_own_backlash_table_runs_to_105_with_max_modifier(cli, tmp_path: Path) -> None:
    """d100 + rank reaches 105: the referee's copy imports once the modifier is declared."""
    lines = [f"{low:02d}-{low + 1:02d} backlash {low}" for low in range(1, 100, 2)]
    lines += [f"{index} big backlash {index}" for index in range(101, 106)]
    source = tmp_path / "my-backlash.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")

    refused = cli("table", "import", str(source), "--name", "Mine", "--dice", "d100", "--json")
    assert refused.code == 2 and "101" in refused.err
    assert "Mine" not in [t["name"] for t in table_list(cli)]

    run = cli(
        "table",
        "import",
        str(source),
        "--name",
        "Mine",
        "--dice",
        "d100",
        "--max-modifier",
        "5",
        "--modifier-name",
        "rank",
        "--json",
    )
    assert run.code == 0, run.err
    assert run.json["rows"] == 55
    rolled = cli("table", "roll", "Mine", "--total", "100", "--modifier", "5", "--json").json
    assert rolled["index"] == 105 and rolled["entry"]["text"] == "big backlash 105"
