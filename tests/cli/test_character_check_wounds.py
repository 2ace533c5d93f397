"""``refkit character check`` on issue 9's points: speed follows conditions, and a multi-slot
item in a magic slot is refused as the move rules refuse it (``magic_slot``, exit 1)."""

from __future__ import annotations

import pytest

from tests.cli.test_character_cli import add_item, base_document, write


@pytest.mark.parametrize(
    ("conditions", "speed"),
    [([], 4), (["prone"], 2), (["grabbed"], 0), (["unconscious", "prone"], 0)],
)
def test_check_speed_follows_conditions(cli, tmp_path, conditions: list[str], speed: int) -> None:
    document = base_document()  # wound 2 under the leather armour: speed 4 before conditions
    document["conditions"] = conditions
    run = cli("--json", "character", "check", str(write(tmp_path / "x.crow.json", document)))
    assert run.code == 0 and run.json["speed"] == speed


def test_check_refuses_a_two_slot_item_in_a_magic_slot(cli, tmp_path) -> None:
    document = base_document()
    add_item(document, name="Heavy cloak", area="magic", magic_slot="neck", slots=2)
    run = cli("--json", "character", "check", str(write(tmp_path / "x.crow.json", document)))
    assert run.code == 1
    assert run.json["valid"] is False
    assert [p["code"] for p in run.json["errors"]] == ["magic_slot"]
    assert "Heavy cloak takes 2 slots" in run.json["errors"][0]["message"]
