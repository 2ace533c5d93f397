"""``refkit lookup``: the contract's JSON, plain-text snippets, and one error line for bad input."""

from __future__ import annotations

import json
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
    assert json.loads(out)["results"][0]["id"] == "greed-bonus"
