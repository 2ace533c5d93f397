"""The sample party from the command line on a fresh machine: each crow exports to a file that
`character check` passes, lights its own lantern or torch, and the caster casts her book."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.cli_helpers import assert_bad_input

SAMPLE_NAMES = ["Brannoc Tull", "Hesper Quill", "Wren Ashdown"]


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_each_exported_sample_crow_passes_character_check(cli, tmp_path: Path, name: str) -> None:
    out = tmp_path / f"{name}.crow.json"
    assert cli("character", "export", name, "--out", str(out)).code == 0
    run = cli("character", "check", str(out), "--json")
    assert run.code == 0, run.out
    assert run.json["valid"] is True
    assert run.json["errors"] == [] and run.json["warnings"] == []
    assert run.json["speed"] == 5 and run.json["dead"] is False


def test_the_party_lights_its_own_lantern_and_torch(cli) -> None:
    assert cli("dt", "party", "The Sample Party", "--json").code == 0
    lantern = cli("effect", "light", "Hesper Quill", "Lantern", "--json")
    assert lantern.code == 0, lantern.err
    assert lantern.json["effect"]["item_id"] == "lantern-1"
    assert (lantern.json["effect"]["usage_dice"], lantern.json["effect"]["lit"]) == (2, True)
    torch = cli("effect", "light", "Wren Ashdown", "Torch", "--json")
    assert torch.code == 0, torch.err
    assert torch.json["effect"]["usage_dice"] == 1  # the card's one die
    # Axe and shield fill Brannoc's hands: a torch must be held to burn (L321).
    assert_bad_input(cli("effect", "light", "Brannoc Tull", "Torch"), "free hand")


def test_the_caster_casts_the_spellbook_she_holds(cli) -> None:
    run = cli("cast", "--crow", "Hesper Quill", "--dice", "8,7", "--ud-dice", "5", "--json")
    assert run.code == 0, run.err
    assert run.json["spell"] == "Fire Lance"
    assert run.json["book_ud"] == {"before": 1, "rolled": [5], "after": 1}
