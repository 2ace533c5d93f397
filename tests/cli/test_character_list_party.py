"""``refkit character list --party NAME``: the crows at the table, not every crow stored.

The plain list prints every crow the file holds (the contract's list), ten thousand in a long
campaign; ``--party`` reads and prints one party's crows only, the same lines and keys.
"""

from __future__ import annotations

import json
from pathlib import Path

SAMPLE = ["Brannoc Tull", "Hesper Quill", "Wren Ashdown"]


def add_a_stray_crow(cli, tmp_path: Path) -> None:
    document = json.loads(cli("character", "export", "Wren Ashdown", "--out", "-").out)
    document["name"] = "Stray Crow"
    path = tmp_path / "stray.crow.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert cli("character", "import", str(path)).code == 0


def test_the_list_of_one_party_holds_its_crows_only(cli, cli_process, tmp_path: Path) -> None:
    add_a_stray_crow(cli, tmp_path)
    everyone = cli("character", "list", "--json").json
    assert "Stray Crow" in [crow["name"] for crow in everyone["characters"]]

    for run in (cli, cli_process):  # this process's store, a command's own process
        listed = run("character", "list", "--party", "the SAMPLE party", "--json")
        assert listed.code == 0, listed.err
        party = listed.json
        assert [crow["name"] for crow in party["characters"]] == SAMPLE
        assert party["characters"] == [
            crow for crow in everyone["characters"] if crow["name"] in SAMPLE
        ]
        assert party["parties"] == [{"name": "The Sample Party", "members": SAMPLE}]

    text = cli_process("character", "list", "--party", "The Sample Party").out.splitlines()
    assert [line.split(":")[0] for line in text] == [*SAMPLE, "party The Sample Party"]


def test_an_unknown_party_is_named_and_nothing_listed(cli, cli_process) -> None:
    cli("character", "list")
    for run in (cli, cli_process):
        refused = run("character", "list", "--party", "Nobody Here", "--json")
        assert refused.code == 2
        assert refused.out == ""
        assert refused.err == "error: no party called 'Nobody Here'\n"
