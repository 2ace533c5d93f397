"""``refkit table use NAME --as backlash|miasma`` and ``refkit table active``: the chosen table
is the one ``backlash``, ``cast`` and ``travel miasma`` roll on when no ``--table`` is given."""

from __future__ import annotations

from pathlib import Path

from refkit.locate import resource_path
from tests.cli.cli_helpers import assert_bad_input

DEFAULT_BACKLASHES = "Refkit default backlashes"
DEFAULT_MIASMA = "Refkit default Miasma effects"


def own_copy(cli, tmp_path: Path, shipped: str, name: str, first_text: str) -> None:
    """Import Refkit's shipped table file ``shipped`` as ``name`` with its first row reworded."""
    text = (resource_path("tables") / shipped).read_text(encoding="utf-8")
    head, rows = text.split("[[rows]]", 1)
    first, rest = rows.split("[[rows]]", 1)
    lines = [
        f'text = "{first_text}"' if line.startswith("text =") else line
        for line in first.splitlines()
    ]
    path = tmp_path / shipped
    path.write_text(head + "[[rows]]" + "\n".join(lines) + "\n[[rows]]" + rest, encoding="utf-8")
    run = cli("table", "import", str(path), "--name", name, "--json")
    assert run.code == 0, run.err


def test_active_says_refkits_defaults_until_one_is_chosen(cli) -> None:
    run = cli("table", "active", "--json")
    assert run.code == 0, run.err
    assert run.json["active"] == {
        "backlash": {"use": "backlash", "table": DEFAULT_BACKLASHES, "default": True},
        "miasma": {"use": "miasma", "table": DEFAULT_MIASMA, "default": True},
    }
    assert "Refkit's default" in cli("table", "active").out


def test_backlash_without_table_rolls_on_the_chosen_one(cli, tmp_path: Path) -> None:
    own_copy(cli, tmp_path, "backlash.toml", "Official backlashes", "Sparks fly from the page.")
    before = cli("backlash", "--rank", "0", "--dice", "10,1", "--json").json
    assert before["table"] == DEFAULT_BACKLASHES
    run = cli("table", "use", "official backlashes", "--as", "backlash", "--json")
    assert run.code == 0, run.err
    assert run.json == {"use": "backlash", "table": "Official backlashes", "default": False}
    after = cli("backlash", "--rank", "0", "--dice", "10,1", "--json").json
    assert after["table"] == "Official backlashes"
    assert after["entry"]["text"] == "Sparks fly from the page."
    cast = cli(
        "cast",
        "--mind",
        "5",
        "--rank",
        "0",
        "--book-ud",
        "1",
        "--dice",
        "1,1",
        "--ud-dice",
        "6",
        "--backlash-dice",
        "10,1",
        "--json",
    )
    assert cast.code == 0, cast.err
    assert cast.json["backlash"] is True
    assert cast.json["backlash_entry"] == "Sparks fly from the page."
    # --table still picks another table for one roll.
    given = cli(
        "backlash", "--rank", "0", "--dice", "10,1", "--table", DEFAULT_BACKLASHES, "--json"
    )
    assert given.json["table"] == DEFAULT_BACKLASHES


def test_travel_miasma_without_table_rolls_on_the_chosen_one(cli, tmp_path: Path) -> None:
    own_copy(cli, tmp_path, "miasma.toml", "Official Miasma", "A grey fog clings to you.")
    assert cli("table", "use", "Official Miasma", "--as", "miasma").code == 0
    args = (
        "travel",
        "miasma",
        "--mind",
        "0",
        "--cruelty",
        "0",
        "--dice",
        "1,1",
        "--effects-die",
        "1",
        "--json",
    )
    run = cli(*args)
    assert run.code == 0, run.err
    assert "A grey fog clings to you." in run.out


def test_a_table_with_other_dice_is_refused_and_nothing_changes(cli) -> None:
    assert_bad_input(
        cli("table", "use", "Encounters: goblin warren", "--as", "backlash"), "2d6", "d100"
    )
    assert_bad_input(cli("table", "use", DEFAULT_BACKLASHES, "--as", "miasma"), "1d10")
    assert_bad_input(cli("table", "use", "Nothing here", "--as", "miasma"), "Nothing here")
    assert all(
        entry["default"] for entry in cli("table", "active", "--json").json["active"].values()
    )


def test_deleting_the_chosen_table_says_the_default_is_used_again(cli, tmp_path: Path) -> None:
    own_copy(cli, tmp_path, "miasma.toml", "Official Miasma", "A grey fog clings to you.")
    cli("table", "use", "Official Miasma", "--as", "miasma")
    run = cli("table", "delete", "Official Miasma", "--json")
    assert run.code == 0, run.err
    assert run.json == {"deleted": "Official Miasma", "default_again": ["miasma"]}
    assert cli("table", "active", "--json").json["active"]["miasma"]["default"] is True
    own_copy(cli, tmp_path, "miasma.toml", "Official Miasma", "A grey fog clings to you.")
    cli("table", "use", "Official Miasma", "--as", "miasma")
    said = cli("table", "delete", "Official Miasma").out
    assert f"Refkit's default ({DEFAULT_MIASMA}) is used again" in said


def test_use_default_goes_back_to_refkits_table(cli, tmp_path: Path) -> None:
    own_copy(cli, tmp_path, "miasma.toml", "Official Miasma", "A grey fog clings to you.")
    cli("table", "use", "Official Miasma", "--as", "miasma")
    run = cli("table", "use", "default", "--as", "miasma", "--json")
    assert run.json == {"use": "miasma", "table": DEFAULT_MIASMA, "default": True}
