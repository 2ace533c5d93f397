"""Issue 25 item 9, a gap: ``travel journey undo`` takes back the day's meal with the day, as the
window's undo does — the rations eaten come back, a starvation wound waiting to be placed goes,
and the starvation count is the day's before — or refuses, nothing changed, when a crow was
changed since the day."""

from __future__ import annotations

import json


def _sheet(cli, name):
    return json.loads(cli("character", "export", name, "--out", "-").out)


def _rations(cli, name):
    return sum(
        i.get("count", 1) for i in _sheet(cli, name)["items"] if i["name"].lower() == "ration"
    )


def _crow(cli, name):
    (crow,) = [c for c in cli("character", "list", "--json").json["characters"]
               if c["name"] == name]  # fmt: skip
    return crow


def _starve(cli, tmp_path, name):
    sheet = _sheet(cli, name)
    sheet["items"] = [i for i in sheet["items"] if i["name"].lower() != "ration"]
    path = tmp_path / "crow.crow.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert cli("character", "import", str(path), "--replace").code == 0


DAY = ("--pace", "normal", "--slowest-speed", "5", "--no-rest")


def test_undo_takes_back_the_days_meal_with_the_day(cli, tmp_path):
    _starve(cli, tmp_path, "Hesper Quill")
    cli("travel", "journey", "start", "J", "--crow", "Wren Ashdown", "--crow", "Hesper Quill")
    wren = _sheet(cli, "Wren Ashdown")
    hesper = _sheet(cli, "Hesper Quill")
    assert cli("travel", "journey", "day", *DAY).code == 0
    assert cli("travel", "journey", "day", *DAY).code == 0
    assert _crow(cli, "Hesper Quill")["wounds_to_place"] == 2
    undone = cli("travel", "journey", "undo", "--json")
    assert undone.code == 0, undone.err
    assert undone.json["day"] == 1
    assert undone.json["meal_taken_back"] == ["Wren Ashdown", "Hesper Quill"]
    assert _crow(cli, "Hesper Quill")["wounds_to_place"] == 1
    assert cli("travel", "journey", "undo").code == 0
    assert _sheet(cli, "Wren Ashdown") == wren
    assert _sheet(cli, "Hesper Quill") == hesper
    assert _crow(cli, "Hesper Quill")["wounds_to_place"] == 0
    again = cli("travel", "journey", "day", *DAY, "--json")  # counted from 0 again, not 2
    (meal,) = [m for m in again.json["meals"] if m["character"] == "Hesper Quill"]
    assert meal["starvation_wounds"] == 1


def test_undo_refuses_when_a_crow_changed_since_the_day(cli):
    cli("travel", "journey", "start", "J", "--crow", "Wren Ashdown")
    assert cli("travel", "journey", "day", *DAY).code == 0
    rations = _rations(cli, "Wren Ashdown")
    assert cli("character", "xp", "Wren Ashdown", "--add", "1").code == 0
    refused = cli("travel", "journey", "undo")
    assert refused.code != 0
    assert "Wren Ashdown" in refused.err and "changed" in refused.err
    assert cli("travel", "journey", "status", "--json").json["day"] == 1  # nothing taken back
    assert _rations(cli, "Wren Ashdown") == rations
