"""``refkit lookup``: the contract's JSON, plain-text snippets, and one error line for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from refkit.cli import run_cli
from refkit.store.lookup import HIT_END, HIT_START, INDEX_FILE_NAME


@pytest.fixture
def lookup(capsys):
    def run(*args: str) -> tuple[int, str, str]:
        code = run_cli(list(args))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


def test_json_has_the_contract_keys_best_first(lookup) -> None:
    code, out, err = lookup("--json", "lookup", "edge", "bane")
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["query"] == "edge bane"
    first = result["results"][0]
    assert {"game", "id", "title", "snippet"} <= set(first)
    assert (first["game"], first["id"], first["title"]) == (
        "crows",
        "edge-and-bane",
        "Edge and bane",
    )


def test_a_prefix_finds_the_torch_entries_and_snippets_are_plain(lookup) -> None:
    code, out, _ = lookup("--json", "lookup", "torc", "--game", "crows", "--limit", "3")
    results = json.loads(out)["results"]
    assert code == 0
    assert 1 <= len(results) <= 3
    assert {result["game"] for result in results} == {"crows"}
    assert any("torch" in result["snippet"].casefold() for result in results) or any(
        result["id"] == "light-and-darkness" for result in results
    )
    assert not any(
        HIT_START in result["snippet"] or HIT_END in result["snippet"] for result in results
    )


def test_each_result_says_what_kind_of_thing_it_is(lookup) -> None:
    code, out, _ = lookup("--json", "lookup", "torch")
    results = json.loads(out)["results"]
    assert code == 0
    assert (results[0]["kind"], results[0]["id"]) == ("item", "item-torch")
    assert {result["kind"] for result in results} <= {"rule", "item", "spell", "creature", "table"}
    assert "rule" in {result["kind"] for result in results}
    _, text, _ = lookup("lookup", "torch")
    assert text.splitlines()[0] == "crows: item: Torch (Item cards)  [item-torch]"


def test_a_misspelt_question_still_finds_its_entry(lookup) -> None:
    _, out, _ = lookup("--json", "lookup", "what", "happens", "when", "you", "get", "unconcious")
    assert json.loads(out)["results"][0]["id"] == "unconscious"


HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "PySide6", "qasync", "reportlab")
CLI_CORE = {
    "refkit.cli.launch",
    "refkit.cli.errors",
    "refkit.cli.parsing",
    "refkit.cli.output",
    "refkit.cli.runner",
    "refkit.cli.games",
    "refkit.cli.games.lookup",
}


def test_the_command_line_lookup_imports_no_orm_no_qt_and_no_other_command(
    refkit_data_dir: Path,
) -> None:
    run = [sys.executable, "-X", "importtime", "-m", "refkit", "--json", "lookup", "torch"]
    env = {**os.environ, "REFKIT_DATA_DIR": str(refkit_data_dir)}
    for attempt in ("builds the index", "reads the cached index"):
        done = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
        imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines()}
        heavy = {name for name in imported if name.split(".")[0] in HEAVY}
        commands = {name for name in imported if name.startswith("refkit.cli.")} - CLI_CORE
        elsewhere = {name for name in imported if name.startswith(("refkit.app", "refkit.gui"))}
        assert (heavy, commands, elsewhere) == (set(), set(), set()), attempt
        assert json.loads(done.stdout)["results"][0]["id"] == "item-torch", attempt
        if attempt == "reads the cached index":  # the card readers are needed only to build it
            readers = ("refkit.rules.inventory", "refkit.rules.magic", "refkit.rules.tables")
            assert not any(name.startswith(readers) for name in imported)
            # the quick path: no parser, no reading of the reference, no platformdirs
            assert not imported & QUICK_PATH_LEAVES_OUT, imported & QUICK_PATH_LEAVES_OUT


QUICK_PATH_LEAVES_OUT = {
    "argparse",
    "dataclasses",
    "tomllib",
    "platformdirs",
    "shutil",
    "refkit.games.reference",
    "refkit.cli.runner",
}
"""What a lookup with a current cached index (and REFKIT_DATA_DIR set) never imports: each
costs a good share of a bare Python start."""


@pytest.mark.parametrize(
    "args",
    [
        ("--json", "lookup", "torch"),
        ("lookup", "how", "far", "can", "we", "travel", "in", "a", "day"),
        ("lookup", "--game", "warcrow", "dice", "--json", "--limit=3"),
        ("--json", "lookup", "dice", "--game=stworze", "--limit", "2"),
        ("--json", "lookup", "torch", "--game", "chess"),
        ("--json", "lookup", "torch", "--limit", "0"),
        ("--json", "lookup", '"*:-()'),
        ("--json", "lookup", "zzzqqq"),
    ],
)
def test_the_quick_path_answers_as_the_full_command_line_does(
    lookup, capsys, args: tuple[str, ...]
) -> None:
    from refkit.cli.games.lookup import quick_lookup

    lookup("lookup", "torch")  # the index is cached now
    full = lookup(*args)
    code = quick_lookup(list(args))
    captured = capsys.readouterr()
    assert (code, captured.out, captured.err) == full


@pytest.mark.parametrize(
    "args",
    [
        ("lookup",),
        ("lookup", "--help"),
        ("lookup", "torch", "--gam", "crows"),
        ("lookup", "torch", "--limit", "many"),
        ("lookup", "torch", "--limit"),
        ("lookup", "torch", "--game", "--json"),
        ("lookup", "torch", "--game", "crows", "--game", "warcrow"),
        ("--db", "x.sqlite3", "lookup", "torch"),
        ("lookup", "-5"),
        ("dt", "lookup"),
    ],
)
def test_anything_but_a_plain_lookup_is_left_to_the_full_command_line(
    lookup, capsys, args: tuple[str, ...]
) -> None:
    from refkit.cli.games.lookup import quick_lookup

    lookup("lookup", "torch")  # a cached index: only the arguments decide
    capsys.readouterr()
    assert quick_lookup(list(args)) is None
    assert capsys.readouterr() == ("", "")


def test_the_quick_path_builds_nothing_it_leaves_a_missing_index_to_the_full_one(
    refkit_data_dir: Path, capsys
) -> None:
    from refkit.cli.games.lookup import quick_lookup

    assert quick_lookup(["lookup", "torch"]) is None
    assert not (refkit_data_dir / INDEX_FILE_NAME).exists()
    assert capsys.readouterr() == ("", "")


def test_text_output_names_game_title_and_id(lookup) -> None:
    code, out, _ = lookup("lookup", "greed")
    assert code == 0
    assert out.splitlines()[0] == "crows: Greed bonus (Dungeons)  [greed-bonus]"


def test_no_match_is_not_an_error(lookup) -> None:
    code, out, err = lookup("--json", "lookup", "zzzqqq")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"query": "zzzqqq", "results": []}


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("lookup", ""), "lookup: the query is empty"),
        (("lookup", '"*:-()'), "has no words to look up"),
        (("lookup", "torch", "--game", "chess"), "unknown game 'chess'; games: crows, warcrow"),
        (("lookup", "torch", "--limit", "0"), "--limit must be 1 to 200, got 0"),
        (("lookup", "torch", "--limit", "many"), "'many' is not a whole number"),
        (("lookup",), "required: QUERY"),
    ],
)
def test_bad_input_is_one_error_line_exit_2_and_writes_nothing(
    lookup, refkit_data_dir: Path, args: tuple[str, ...], needle: str
) -> None:
    code, out, err = lookup("--json", *args)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1 and needle in err, err
    assert not (refkit_data_dir / INDEX_FILE_NAME).exists()


def test_the_index_is_cached_in_the_data_folder(lookup, refkit_data_dir: Path) -> None:
    lookup("lookup", "miasma")
    assert (refkit_data_dir / INDEX_FILE_NAME).is_file()


def test_a_data_folder_that_cannot_be_made_still_answers(lookup, tmp_path, monkeypatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("REFKIT_DATA_DIR", str(blocked / "data"))
    code, out, err = lookup("--json", "lookup", "greed")
    assert (code, err) == (0, "")
    results = json.loads(out)["results"]
    assert results[0]["id"] == "greed-bonus"
    torch = json.loads(lookup("--json", "lookup", "torch")[1])["results"]
    assert torch[0]["kind"] == "item"  # the cards are there in memory too
