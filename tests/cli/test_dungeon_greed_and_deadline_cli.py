"""``refkit dt``: the greed bonus per dungeon and per party, and a signalled encounter's DT."""

from __future__ import annotations

from refkit.compose import open_character_service

SAMPLE_PARTY = "The Sample Party"


def test_dt_status_gives_the_due_dt_and_says_when_it_is_overdue(cli) -> None:
    assert cli("dt", "start", "--dungeon", "Crypt", "--json").code == 0
    ended = cli("dt", "end", "--die", "9", "--json").json
    assert ended["status"]["pending_encounter_due_dt"] == 2
    status = cli("dt", "status", "--json").json
    assert (status["dt"], status["pending_encounter_due_dt"]) == (2, 2)
    assert status["encounter_overdue"] is False
    assert "encounter pending (due in DT 2)" in cli("dt", "status").out

    cli("dt", "end", "--die", "1", "--json")
    status = cli("dt", "status", "--json").json
    assert (status["pending_encounter_due_dt"], status["encounter_overdue"]) == (2, True)
    assert "encounter OVERDUE (due in DT 2)" in cli("dt", "status").out
    resolved = cli("dt", "resolve", "--json").json
    assert (resolved["pending_encounter_due_dt"], resolved["encounter_overdue"]) == (None, False)


def test_leaving_and_coming_back_is_a_revisit(cli) -> None:
    assert cli("dt", "start", "--dungeon", "Crypt", "--json").json["greed_percent"] == 30
    cli("dt", "stop", "--json")
    back = cli("dt", "start", "--json").json
    assert (back["dt"], back["greed_percent"]) == (1, 0)
    cli("dt", "stop", "--json")
    assert cli("dt", "start", "--dungeon", " crypt ", "--json").json["greed_percent"] == 0


def test_another_party_entering_the_same_dungeon_gets_its_own_bonus(cli) -> None:
    with open_character_service() as characters:  # the data folder's database, sample party in
        characters.create_party("The Gravediggers")
    assert cli("dt", "party", SAMPLE_PARTY, "--json").code == 0
    assert cli("dt", "start", "--dungeon", "Crypt", "--json").json["greed_percent"] == 30
    cli("dt", "stop", "--json")
    assert cli("dt", "party", "The Gravediggers", "--json").code == 0
    first = cli("dt", "start", "--dungeon", "Crypt", "--json").json
    assert (first["dt"], first["greed_percent"]) == (1, 30)
    cli("dt", "stop", "--json")
    cli("dt", "party", SAMPLE_PARTY, "--json")
    assert cli("dt", "start", "--dungeon", "Crypt", "--json").json["greed_percent"] == 0
    log = cli("dt", "log", "--json").json["entries"]
    starts = [entry["text"] for entry in log if entry["kind"] == "dt_start"]
    assert "for The Gravediggers" in starts[1] and "first visit: greed +30%" in starts[1]
    assert "a revisit: no greed bonus" in starts[2]
