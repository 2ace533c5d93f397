"""``refkit export sheet | cards | party | spells | quick-sheet``: a PDF on success; on bad input
exit 2, one ``error:`` line, and nothing written (an existing file at --out is left as it was)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.cli_helpers import assert_bad_input
from tests.export.crows import HOSTILE_NAME, crow_file
from tests.export.pdf_reading import page_count, page_size_pt, pdf_text


def test_export_sheet_writes_a_one_page_pdf_and_says_so_in_json(cli, tmp_path):
    source = crow_file(tmp_path, HOSTILE_NAME, items=16)
    out = tmp_path / "sheet.pdf"
    run = cli("export", "sheet", str(source), "--out", str(out), "--paper", "letter", "--json")
    assert run.code == 0, run.err
    assert run.json == {"out": str(out), "pages": 1, "paper": "letter", "name": HOSTILE_NAME}
    assert page_size_pt(out) == pytest.approx((612, 792), abs=0.5)
    assert HOSTILE_NAME in pdf_text(out)


def test_export_cards_with_a_bleed_and_backs(cli, tmp_path):
    source = crow_file(tmp_path, items=16)
    out = tmp_path / "cards.pdf"
    run = cli(
        "export",
        "cards",
        str(source),
        "--out",
        str(out),
        "--bleed",
        "0",
        "--backs",
        "--blanks",
        "2",
        "--json",
    )
    assert run.code == 0, run.err
    assert run.json["cards"] == 16 and run.json["per_page"] == 9 and run.json["bleed_mm"] == 0
    assert page_count(out) == 4  # 18 cards: two fronts, two backs


def test_export_party_puts_every_crow_in_one_pdf(cli, tmp_path):
    first = crow_file(tmp_path, "Mara Vell", items=4)
    second = crow_file(tmp_path, "Odo Quill", items=2)
    out = tmp_path / "party.pdf"
    run = cli("export", "party", str(first), str(second), "--out", str(out), "--json")
    assert run.code == 0, run.err
    assert run.json["names"] == ["Mara Vell", "Odo Quill"]
    assert run.json["pages"] == page_count(out) == 2 + 1  # two sheets; six cards at nine a page


def test_export_spells_and_the_quick_sheet(cli, tmp_path):
    out = tmp_path / "spells.pdf"
    run = cli("export", "spells", "Spark", "Fire Lance", "--out", str(out), "--json")
    assert run.code == 0, run.err
    assert run.json["spells"] == ["Spark", "Fire Lance"] and page_count(out) == 1
    sheet = tmp_path / "quick.pdf"
    assert cli("export", "quick-sheet", "--out", str(sheet)).code == 0
    assert page_count(sheet) == 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["sheet", "{missing}"], "no such file"),
        (["sheet", "{broken}"], "not JSON"),
        (["sheet", "{good}", "--paper", "a5"], "--paper"),
        (["cards", "{good}", "--bleed", "nan"], "--bleed"),
        (["cards", "{good}", "--bleed", "-1"], "--bleed"),
        (["cards", "{good}", "--bleed", "11"], "from 0 to 10 mm"),
        (["cards", "{empty}"], "no items"),
        (["party", "{good}", "{broken}"], "not JSON"),
        (["spells", "No Such Spell"], "no spell or spellbook"),
    ],
)
def test_bad_input_is_one_error_line_and_leaves_the_old_file(cli, tmp_path, args, needle):
    files = {
        "missing": str(tmp_path / "missing.crow.json"),
        "good": str(crow_file(tmp_path, items=3)),
        "empty": str(crow_file(tmp_path, "Empty Hands", items=0)),
        "broken": str(tmp_path / "broken.crow.json"),
    }
    (tmp_path / "broken.crow.json").write_text("{not json", encoding="utf-8")
    out = tmp_path / "out.pdf"
    out.write_bytes(b"the old file")
    run = cli("export", *[a.format(**files) for a in args], "--out", str(out))
    assert_bad_input(run, needle)
    assert out.read_bytes() == b"the old file"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".out.pdf")) == []


def test_a_folder_or_a_missing_folder_as_out_is_refused(cli, tmp_path):
    source = str(crow_file(tmp_path))
    assert_bad_input(cli("export", "sheet", source, "--out", str(tmp_path)), "is a folder")
    run = cli("export", "sheet", source, "--out", str(tmp_path / "nowhere" / "x.pdf"))
    assert_bad_input(run, "does not exist")


def test_the_file_written_is_the_same_for_the_same_input(cli, tmp_path):
    source = str(crow_file(tmp_path, items=16))
    for name in ("a.pdf", "b.pdf"):
        assert cli("export", "party", source, "--out", str(tmp_path / name)).code == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


HOSTILE = sorted((Path(__file__).parents[1] / "hostile_input" / "crows").glob("*.crow.json"))


@pytest.mark.parametrize("hostile", HOSTILE, ids=lambda path: path.name)
def test_every_hostile_crow_file_is_refused_and_nothing_written(cli, tmp_path, hostile):
    out = tmp_path / "out.pdf"
    run = cli("export", "party", str(hostile), "--out", str(out))
    assert_bad_input(run, hostile.name)
    assert list(tmp_path.iterdir()) == []


def _rule_breaker(folder: Path) -> Path:
    """Agility 9, a thing in hand 7, a belt overlap and a wound in slot 12: a readable file of a
    crow that breaks five rules."""
    import json

    from tests.export.crows import crow_data

    data = crow_data("Odo Quill", items=16)
    data["characteristics"]["agility"] = 9
    data["items"].append({"name": "Spare knife", "slots": 1, "area": "hand", "at": 7})
    data["items"].append({"name": "Belt lump", "slots": 2, "area": "belt", "at": 1})
    data["wounds"] = [2, 12]
    path = folder / "odo.crow.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("what", ["sheet", "cards", "party"])
def test_a_crow_that_breaks_the_rules_prints_but_says_so_and_exits_1(cli, tmp_path, what):
    """Issue 27 item 8: as ``character check`` does, every rule error on stderr, exit 1."""
    fine = crow_file(tmp_path, "Mara Vell", items=4)
    broken = _rule_breaker(tmp_path)
    files = [str(fine), str(broken)] if what == "party" else [str(broken)]
    out = tmp_path / "out.pdf"
    run = cli("export", what, *files, "--out", str(out), "--json")
    assert run.code == 1, run.err
    assert out.exists() and run.json["out"] == str(out)
    lines = run.err.strip().splitlines()
    assert len(lines) == 5, run.err
    assert all(line.startswith(f"rule error: {broken}: Odo Quill breaks ") for line in lines)
    for code in ("slot_out_of_range", "overlap", "wound_slot", "characteristic_range"):
        assert any(f"breaks {code}:" in line for line in lines), code
    assert "Mara Vell" not in run.err


def test_export_sheet_and_party_make_fillable_sheets_on_request(cli, tmp_path):
    import pdfplumber

    source = crow_file(tmp_path, items=6)
    for what in ("sheet", "party"):
        out = tmp_path / f"{what}.pdf"
        run = cli("export", what, str(source), "--out", str(out), "--fillable", "--json")
        assert run.code == 0, run.err
        with pdfplumber.open(out) as document:
            assert len(document.pages[0].annots) > 10
