"""A rest's Harvest activity puts the corpse's parts into the crow's pack as materials (Monster
part stacks), as many as the rest's roll gave."""

from __future__ import annotations

from refkit.compose import open_character_service


def test_harvested_parts_land_in_the_pack(cli, tmp_path) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    assert cli("--db", db, "dt", "start", "--dungeon", "Crypt").code == 0
    assert cli("--db", db, "dt", "rest", "start").code == 0
    wren = next(m for m in cli("--db", db, "dt", "party", "--json").json["members"] if "Wren" in m)
    with open_character_service(db, seed_samples=False) as characters:
        before = sum(i.count for i in characters.get(wren).items if i.name == "Monster part")
    done = cli(
        "--db", db, "dt", "rest", "finish", "--activity", f"{wren}=harvest:large",
        "--seed", "5", "--json",
    )  # fmt: skip
    assert done.code == 0, done.err
    (entry,) = [e for e in done.json["crows"] if e["character"] == wren]
    parts = int(entry["activity_result"].rsplit("→ ", 1)[1].split()[0])
    assert 2 <= parts <= 12
    with open_character_service(db, seed_samples=False) as characters:
        after = [i for i in characters.get(wren).items if i.name == "Monster part"]
    assert sum(i.count for i in after) == before + parts
    assert all("large" in i.notes for i in after)
