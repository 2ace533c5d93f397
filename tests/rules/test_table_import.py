"""Importing tables from pasted text, CSV and TOML, with problems named by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.rules.tables.import_formats import (
    TableImportError,
    infer_dice,
    load_table_file,
    parse_table_csv,
    parse_table_text,
    parse_table_toml,
    table_to_toml,
)
from refkit.rules.tables.model import RollableTable, TableRow, TableSource


def ranges(imported: RollableTable) -> list[tuple[int, int | None]]:
    return [(row.low, row.high) for row in imported.rows]


def problem_texts(error: pytest.ExceptionInfo[TableImportError]) -> list[str]:
    return [str(problem) for problem in error.value.problems]


# -- pasted text --------------------------------------------------------------------------------

PASTED = """
01–02 Cold wind
3 A single crow
4-5: Footsteps behind you
6 — 7 Something drips
8.\tA low moan
9 ‒ 9 Nothing at all
10) The lights go out
"""


def test_pasted_lines_with_any_dash_and_separator() -> None:
    imported = parse_table_text(PASTED, "Omens", "1d10")
    assert ranges(imported) == [(1, 2), (3, 3), (4, 5), (6, 7), (8, 8), (9, 9), (10, 10)]
    assert [row.text for row in imported.rows] == [
        "Cold wind",
        "A single crow",
        "Footsteps behind you",
        "Something drips",
        "A low moan",
        "Nothing at all",
        "The lights go out",
    ]
    assert (imported.name, imported.dice, imported.source) == ("Omens", "1d10", "imported")


def test_00_reads_as_100_and_plus_means_and_up() -> None:
    text = "01–50 Mild\n51–00 Harsh\n"
    assert ranges(parse_table_text(text, "Hundred")) == [(1, 50), (51, 100)]
    open_ended = parse_table_text("1–12 Fine\n13+ Lost", "M", "1d10", max_modifier=None)
    assert ranges(open_ended) == [(1, 12), (13, None)]


def test_comments_blank_lines_and_wrapped_text() -> None:
    text = "# Omens\n\n1 A crow\n   circles overhead\n2 Rain\n"
    imported = parse_table_text(text, "Omens")
    assert [row.text for row in imported.rows] == ["A crow circles overhead", "Rain"]


def test_markdown_tables() -> None:
    text = (
        "| d6 | Result | Duration |\n"
        "|---|---|---|\n"
        "| 1–3 | Weakened | end of DT |\n"
        "| 4-6 | Nothing | |\n"
    )
    imported = parse_table_text(text, "Bits")
    assert ranges(imported) == [(1, 3), (4, 6)]
    assert [(row.text, row.duration) for row in imported.rows] == [
        ("Weakened", "end of DT"),
        ("Nothing", ""),
    ]
    assert imported.dice == "1d6"


def test_a_line_without_a_range_is_named_by_line() -> None:
    text = "1 A crow\n2 Rain\n\nFog rolls in\n3 Wind\n"
    with pytest.raises(TableImportError) as error:
        parse_table_text(text, "Omens", "1d3")
    assert problem_texts(error) == [
        "line 4: no range at the start (expected e.g. '3 text' or '1–2 text'): 'Fog rolls in'"
    ]
    assert "cannot import table 'Omens': 1 problem: line 4" in str(error.value)


def test_gaps_and_overlaps_are_named_by_row_and_line_and_nothing_is_imported() -> None:
    text = "1-2 a\n3-4 b\n\n7-8 c\n8-10 d\n"
    with pytest.raises(TableImportError) as error:
        parse_table_text(text, "Broken", "1d10")
    assert problem_texts(error) == [
        "rows 3 and 4 (lines 4 and 5) both cover 8: make row 4 start at 9?",
        "no row covers 5–6 (between rows 2 and 3, lines 2 and 4)",
    ]


def test_rows_outside_the_dice_are_named_by_line() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_text("1-6 a\n7-8 b\n", "T", "1d6")
    assert problem_texts(error) == ["row 2 (7–8, line 2) is outside 1d6's range 1–6"]


def test_a_row_needs_text() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_text("1 a\n2\n", "T", "1d2")
    assert problem_texts(error) == ["row 2 (line 2) has no text"]


def test_empty_text_is_refused() -> None:
    with pytest.raises(TableImportError, match="no rows found"):
        parse_table_text("\n\n", "T", "1d2")


def test_dice_are_inferred_only_when_the_rows_start_at_1() -> None:
    assert infer_dice([TableRow(1, 3, "a"), TableRow(4, 8, "b")]) == "1d8"
    assert infer_dice([TableRow(1, 100, "a")]) == "d100"
    with pytest.raises(ValueError, match="rows covering 2–12; give the dice expression"):
        infer_dice([TableRow(2, 12, "a")])
    with pytest.raises(TableImportError, match="give the dice expression"):
        parse_table_text("2-7 a\n8-12 b", "Warren")
    assert parse_table_text("2-7 a\n8-12 b", "Warren", "2d6").dice == "2d6"


# -- CSV ----------------------------------------------------------------------------------------


def test_csv_with_a_header_in_any_order() -> None:
    text = 'text,low,high,duration\n"Rats, lots of them",1,3,\nBats,4,6,2 UD\n'
    imported = parse_table_csv(text, "Vermin")
    assert ranges(imported) == [(1, 3), (4, 6)]
    assert [(row.text, row.duration) for row in imported.rows] == [
        ("Rats, lots of them", ""),
        ("Bats", "2 UD"),
    ]


def test_csv_without_a_header() -> None:
    imported = parse_table_csv("1,2,Rats\n3,,Bats\n4,+,Worse\n", "V", "1d4")
    assert ranges(imported) == [(1, 2), (3, 3), (4, None)]


def test_csv_range_and_text_columns_and_semicolons() -> None:
    assert ranges(parse_table_csv("1–2,Rats\n3-4,Bats\n", "V")) == [(1, 2), (3, 4)]
    assert ranges(parse_table_csv("low;high;text\n1;2;Rats\n3;4;Bats\n", "V")) == [
        (1, 2),
        (3, 4),
    ]


def test_csv_problems_are_named_by_line() -> None:
    text = "low,high,text\n1,2,Rats\nthree,4,Bats\n5,six,Cats\n7,8,Dogs,extra,more\n"
    with pytest.raises(TableImportError) as error:
        parse_table_csv(text, "V", "1d8")
    assert problem_texts(error) == [
        "line 3: low 'three' is not a whole number",
        "line 4: high 'six' is not a whole number (or '+' for 'and up')",
        "line 5: 5 columns, but the header names 3",
    ]


def test_csv_unknown_header_columns_are_refused() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_csv("low,high,flavour\n1,2,x\n", "V")
    assert problem_texts(error) == [
        "line 1: unknown column 'flavour' (expected low, high, text, duration, or range)",
        "line 1: the header needs a text column and a low or range column",
    ]


def test_csv_gaps_are_named_by_line() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_csv("low,high,text\n1,2,a\n\n5,6,b\n", "V", "1d6")
    assert problem_texts(error) == ["no row covers 3–4 (between rows 1 and 2, lines 2 and 4)"]


# -- TOML ---------------------------------------------------------------------------------------

TOML = """
[table]
name = "Warren"
dice = "2d6"
description = "Goblins"

[[rows]]
low = 2
high = 6
text = "1d4 goblins"

[[rows]]
range = "7–11"
text = "Dogs"
duration = "instant"

[[rows]]
low = 12
text = "The chief"
"""


def test_toml_tables() -> None:
    imported = parse_table_toml(TOML)
    assert (imported.name, imported.dice, imported.description) == ("Warren", "2d6", "Goblins")
    assert ranges(imported) == [(2, 6), (7, 11), (12, 12)]
    assert imported.rows[1].duration == "instant"
    assert imported.source is TableSource.IMPORTED
    assert parse_table_toml(TOML, name="Renamed").name == "Renamed"


def test_toml_schema_problems_name_rows_and_lines() -> None:
    text = TOML.replace('text = "Dogs"', 'txt = "Dogs"').replace("low = 12", "low = 12.5")
    with pytest.raises(TableImportError) as error:
        parse_table_toml(text)
    assert problem_texts(error) == [
        "line 12: row 2: unknown key 'txt'",
        "line 12: row 2: text must be given as text",
        "line 17: row 3: low must be a whole number, got 12.5",
    ]


def test_toml_gaps_name_lines() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_toml(TOML.replace("high = 6", "high = 5"))
    assert problem_texts(error) == ["no row covers 6 (between rows 1 and 2, lines 7 and 12)"]


def test_toml_syntax_errors_give_the_line() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_toml('[table]\nname = "x"\ndice = \n')
    assert error.value.problems[0].line == 3
    assert "not valid TOML" in error.value.problems[0].message


def test_toml_header_problems() -> None:
    text = (
        '[table]\ndice = "1d2"\ncolour = "red"\nmax_modifier = -1\n\n'
        '[[rows]]\nlow = 1\nhigh = 2\ntext = "a"\n'
    )
    with pytest.raises(TableImportError) as error:
        parse_table_toml(text)
    assert problem_texts(error) == [
        "unknown key 'colour' in [table]",
        "[table] needs a name (text), got None",
        '[table] max_modifier must be a whole number from 0 up or "any", got -1',
    ]


def test_toml_roundtrip() -> None:
    original = RollableTable(
        'Miasma "test"',
        "1d10",
        (TableRow(1, 6, "Bad \\ worse", "1 UD"), TableRow(7, 7, "Odd"), TableRow(8, None, "Gone")),
        TableSource.CUSTOM,
        "A description",
        None,
        "cruelty",
    )
    assert parse_table_toml(table_to_toml(original)) == original


# -- files --------------------------------------------------------------------------------------


def test_files_are_read_by_extension(tmp_path: Path) -> None:
    (tmp_path / "omens.txt").write_text("1 Crow\n2 Rain\n", encoding="utf-8")
    (tmp_path / "omens.md").write_text("| 1 | Crow |\n| 2 | Rain |\n", encoding="utf-8")
    (tmp_path / "omens.csv").write_bytes("\ufefflow,high,text\n1,1,Crow\n2,2,Rain\n".encode())
    (tmp_path / "omens.toml").write_text(TOML, encoding="utf-8")
    for suffix in ("txt", "md", "csv"):
        imported = load_table_file(tmp_path / f"omens.{suffix}", "Omens")
        assert ranges(imported) == [(1, 1), (2, 2)]
        assert imported.dice == "1d2"
    assert load_table_file(tmp_path / "omens.txt").name == "omens"
    from_toml = load_table_file(tmp_path / "omens.toml", "Imported warren")
    assert (from_toml.name, from_toml.source) == ("Imported warren", TableSource.IMPORTED)


def test_the_backlash_shape_imports_with_a_modifier(tmp_path: Path) -> None:
    lines = [f"{n:02d}–{n + 1:02d} effect {n}" for n in range(1, 100, 2)]
    lines += [f"{n} effect {n}" for n in range(101, 106)]
    path = tmp_path / "backlash.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    imported = load_table_file(path, "Official backlashes", "d100", max_modifier=5)
    assert len(imported.rows) == 55
    with pytest.raises(TableImportError, match=r"row 51 \(101, line 51\) is outside d100"):
        load_table_file(path, "Official backlashes", "d100")


def test_unreadable_and_unknown_files(tmp_path: Path) -> None:
    with pytest.raises(TableImportError, match="cannot read the file"):
        load_table_file(tmp_path / "missing.csv", "X")
    (tmp_path / "table.xlsx").write_bytes(b"PK")
    with pytest.raises(TableImportError, match=r"unknown table file type '\.xlsx'"):
        load_table_file(tmp_path / "table.xlsx", "X")
    (tmp_path / "latin.txt").write_bytes(b"1 caf\xe9\n")
    with pytest.raises(TableImportError, match="not UTF-8"):
        load_table_file(tmp_path / "latin.txt", "X")
