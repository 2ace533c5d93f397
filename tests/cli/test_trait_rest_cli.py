"""A trait that is a rest activity, chosen at the dungeon's rest from the command line
(``--activity CROW=trait:TRAIT[:TARGET]``): done in the rest's one step, refused for a crow
without the trait with one ``error:`` line and nothing written."""

from __future__ import annotations

import pytest

from refkit.compose import open_character_service


@pytest.fixture
def resting(cli, tmp_path):
    db = str(tmp_path / "refkit.sqlite3")

    def run(*args: str):
        return cli("--db", db, *args)

    assert run("dt", "start", "--dungeon", "Crypt").code == 0
    assert run("dt", "rest", "start").code == 0
    run.db = db  # type: ignore[attr-defined]
    return run


def members(run) -> list[str]:
    return run("dt", "party", "--json").json["members"]


def stones(db: str, name: str) -> int:
    with open_character_service(db, seed_samples=False) as characters:
        crow = characters.get(name)
    return sum(
        1 for item in (*crow.items.items, *crow.items.ground) if item.name == "Alteration stone"
    )


def test_a_crow_with_the_trait_makes_an_alteration_stone_at_the_rest(resting) -> None:
    first = members(resting)[0]
    assert resting("character", "xp", first, "--add", "500").code == 0
    bought = resting("character", "advance", first, "--trait", "Alteration Stone")
    assert bought.code == 0, bought.err
    assert resting("dt", "rest", "check", "--die", "9").code == 0
    before = stones(resting.db, first)
    done = resting(
        "dt", "rest", "finish", "--activity", f"{first}=trait:Alteration Stone", "--json"
    )
    assert done.code == 0, done.err
    entry = next(e for e in done.json["crows"] if e["character"] == first)
    assert entry["activity"] == "trait"
    assert "made a new alteration stone" in entry["activity_result"]
    assert stones(resting.db, first) == max(1, before)  # a new one replaces the old


def test_a_crow_without_the_trait_is_refused_and_nothing_is_written(resting) -> None:
    first = members(resting)[0]
    assert resting("dt", "rest", "check", "--die", "9").code == 0
    log_before = resting("dt", "log", "--json").json["entries"]
    run = resting("dt", "rest", "finish", "--activity", f"{first}=trait:Hearty Meals")
    assert run.code == 2
    (line,) = run.err.strip().splitlines()
    assert line.startswith("error: dt rest finish:")
    assert "does not have the trait Hearty Meals" in line
    assert resting("dt", "status", "--json").json["state"] == "resting"
    assert resting("dt", "log", "--json").json["entries"] == log_before


def test_an_unknown_trait_names_the_rest_activity_traits(resting) -> None:
    first = members(resting)[0]
    run = resting("dt", "rest", "finish", "--activity", f"{first}=trait:Flying Kick")
    assert run.code == 2 and "not a trait that is a rest activity" in run.err
