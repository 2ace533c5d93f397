"""Issue 25 item 9: starvation is checked every day (L521), not only at rests. On a travel day
with no rest each crow of the journey eats a ration from its pack; one with none gains a
starvation wound, waiting to be placed, and counted for the rest that feeds it."""

from __future__ import annotations

import json


def _rations(cli, name):
    sheet = json.loads(cli("character", "export", name, "--out", "-").out)
    return sum(i.get("count", 1) for i in sheet["items"] if i["name"].lower() == "ration")


def _crow(cli, name):
    (crow,) = [c for c in cli("character", "list", "--json").json["characters"]
               if c["name"] == name]  # fmt: skip
    return crow


def _starve(cli, tmp_path, name):
    sheet = json.loads(cli("character", "export", name, "--out", "-").out)
    sheet["items"] = [i for i in sheet["items"] if i["name"].lower() != "ration"]
    path = tmp_path / "crow.crow.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert cli("character", "import", str(path), "--replace").code == 0


DAY = ("--pace", "normal", "--slowest-speed", "5", "--no-rest")


def test_a_whole_day_without_rest_feeds_each_crow_or_starves_it(cli, tmp_path):
    _starve(cli, tmp_path, "Hesper Quill")
    cli("travel", "journey", "start", "J", "--crow", "Wren Ashdown", "--crow", "Hesper Quill")
    before = _rations(cli, "Wren Ashdown")
    day = cli("travel", "journey", "day", *DAY, "--json")
    assert day.code == 0, day.err
    assert _rations(cli, "Wren Ashdown") == before - 1
    assert _crow(cli, "Wren Ashdown")["wounds_to_place"] == 0
    assert _crow(cli, "Hesper Quill")["wounds_to_place"] == 1  # a starvation wound
    meals = {m["character"]: m for m in day.json["meals"]}
    assert meals["Wren Ashdown"]["ration_eaten"] == "Ration"
    assert meals["Hesper Quill"]["starving"] and meals["Hesper Quill"]["starvation_wounds"] == 1
    assert (
        "Hesper Quill: no ration, a starvation wound" in cli("travel", "journey", "day", *DAY).out
    )  # the next day too: two starvation wounds now
    assert _crow(cli, "Hesper Quill")["wounds_to_place"] == 2


def test_a_day_with_a_rest_eats_once_at_the_rest(cli):
    cli("travel", "journey", "start", "J", "--crow", "Wren Ashdown")
    before = _rations(cli, "Wren Ashdown")
    day = cli("travel", "journey", "day", "--pace", "normal", "--slowest-speed", "5",
              "--outside-miasma", "--json")  # fmt: skip
    assert day.code == 0, day.err
    assert _rations(cli, "Wren Ashdown") == before - 1
    assert day.json.get("meals", []) == []


def test_a_day_finished_step_by_step_without_a_rest_feeds_the_crows(cli):
    cli("travel", "journey", "start", "J", "--crow", "Wren Ashdown")
    before = _rations(cli, "Wren Ashdown")
    cli("travel", "journey", "step", "begin", *DAY)
    cli("travel", "journey", "step", "encounter", "--die", "1")
    done = cli("travel", "journey", "step", "finish", "--json")
    assert done.code == 0, done.err
    assert _rations(cli, "Wren Ashdown") == before - 1
    assert [m["character"] for m in done.json["meals"]] == ["Wren Ashdown"]
