"""The shipped rules reference loads clean, links resolve, and no body copies a rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from refkit.games.reference import (
    GAME_IDS,
    GAME_TITLES,
    BodyPart,
    EntryKey,
    ReferenceDataError,
    load_reference,
    parse_links,
    read_game_titles,
    read_reference,
    reference_fingerprint,
)

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
RUN = 12
"""The longest run of words an entry may share with a rulebook, plus one."""


@pytest.fixture(scope="module")
def library():
    return load_reference()


def test_every_shipped_entry_loads_with_unique_ids(library) -> None:
    keys = [entry.key for entry in library]
    assert len(keys) == len(set(keys))
    assert len(library) >= 40


def test_every_link_leads_to_an_entry(library) -> None:
    for entry in library:
        for link in entry.links:
            assert library.get(link) is not None, f"{entry.source}: {entry.id} -> {link}"


def test_every_game_has_entries(library) -> None:
    assert library.games() == GAME_IDS


def test_crows_entries_cover_the_rules_a_referee_looks_up(library) -> None:
    titles = " ".join(entry.title.casefold() for entry in library if entry.game == "crows")
    for topic in (
        "tests",
        "edge and bane",
        "tiers",
        "expertise",
        "blessed",
        "grabbed",
        "prone",
        "vulnerable",
        "unconscious",
        "weakened",
        "maneuvers",
        "attacks",
        "wounds",
        "dungeon turns",
        "encounter checks",
        "greed",
        "resting",
        "usage dice",
        "travel",
        "miasma",
        "spellcasting",
        "backlashes",
        "crafting",
        "inventory",
    ):
        assert topic in titles, topic


def _words(text: str) -> list[str]:
    text = text.casefold().replace("\u2019", "'").replace("\u2018", "'")
    return re.findall(r"[a-z0-9']+", text)


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def test_no_entry_copies_twelve_words_in_a_row_from_a_rulebook(library) -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"the rulebook texts are not here ({SEEDS}); the guard needs ../shared/seeds")
    seed_runs: set[tuple[str, ...]] = set()
    for path in sorted(SEEDS.glob("*.txt")):
        seed_runs |= _runs(_words(path.read_text(encoding="utf-8")))
    copied = []
    for entry in library:
        for text in (library.plain_body(entry), entry.title):
            for run in _runs(_words(text)) & seed_runs:
                copied.append(f"{entry.source} {entry.id}: {' '.join(run)}")
    assert not copied, "\n".join(copied)


def test_the_guard_catches_a_copied_sentence() -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"the rulebook texts are not here ({SEEDS})")
    booklet = (SEEDS / "crows-rules-booklet.txt").read_text(encoding="utf-8")
    line = next(line for line in booklet.splitlines() if len(_words(line)) > 20)
    assert _runs(_words(f"Refkit says: {line}")) & _runs(_words(booklet))


# --- the validator -----------------------------------------------------------------------------


def _write(root: Path, game: str, name: str, text: str) -> Path:
    folder = root / game
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _entry(entry_id: str, body: str = "Some words.", **extra: str) -> str:
    lines = [
        "[[entry]]",
        f'id = "{entry_id}"',
        f'title = "{extra.pop("title", entry_id.title())}"',
        f'section = "{extra.pop("section", "Tests")}"',
        'tags = ["a"]',
        f'body = """\n{body}\n"""',
    ]
    lines.extend(f'{key} = "{value}"' for key, value in extra.items())
    return "\n".join(lines) + "\n"


def _problems(root: Path) -> tuple[str, ...]:
    with pytest.raises(ReferenceDataError) as caught:
        load_reference(root)
    return caught.value.problems


def test_a_good_folder_loads_with_links_split_for_display(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("edge", "See [[bane]] and [[warcrow:dice]]."))
    _write(tmp_path, "crows", "b.toml", _entry("bane", title="Bane"))
    _write(tmp_path, "warcrow", "c.toml", _entry("dice", title="Symbol dice"))
    library = load_reference(tmp_path)
    edge = library.get(EntryKey("crows", "edge"))
    assert edge is not None
    assert edge.links == (EntryKey("crows", "bane"), EntryKey("warcrow", "dice"))
    assert library.body_parts(edge) == (
        BodyPart("See "),
        BodyPart("Bane", EntryKey("crows", "bane")),
        BodyPart(" and "),
        BodyPart("Symbol dice", EntryKey("warcrow", "dice")),
        BodyPart("."),
    )
    assert library.plain_body(edge) == "See Bane and Symbol dice."
    assert edge.source == "crows/a.toml"


def test_a_folder_named_with_underscores_is_the_hyphenated_game(tmp_path: Path) -> None:
    _write(tmp_path, "widowers_wood", "a.toml", _entry("boost"))
    (entry,) = load_reference(tmp_path)
    assert entry.game == "widowers-wood"


def test_a_duplicate_id_names_both_files(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("edge"))
    _write(tmp_path, "crows", "b.toml", _entry("edge"))
    assert _problems(tmp_path) == ("crows/b.toml: entry 'edge': id already used in crows/a.toml",)


def test_the_same_id_in_two_games_is_fine(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("dice"))
    _write(tmp_path, "stworze", "a.toml", _entry("dice"))
    assert len(load_reference(tmp_path)) == 2


def test_a_link_to_no_entry_is_named(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("edge", "See [[banes]] and [[nogame:x]]."))
    assert _problems(tmp_path) == (
        "crows/a.toml: entry 'edge': link [[crows:banes]] leads to no entry",
        "crows/a.toml: entry 'edge': link [[nogame:x]] names unknown game 'nogame'",
    )


def test_an_empty_title_or_body_is_named(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("edge", "   ", title=" "))
    assert _problems(tmp_path) == (
        "crows/a.toml: entry 1 ('edge'): title is missing or empty",
        "crows/a.toml: entry 1 ('edge'): body is missing or empty",
    )


def test_an_unknown_key_is_named_with_the_keys_allowed(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("edge") + _entry("bane", tag="x"))
    assert _problems(tmp_path) == (
        "crows/a.toml: entry 2 ('bane'): unknown key(s) tag (keys: id, title, section, tags, body)",
    )


def test_a_bad_id_tags_or_game_folder_is_named(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("Edge_Bane"))
    _write(tmp_path, "chess", "a.toml", _entry("pawn"))
    _write(tmp_path, "stworze", "a.toml", _entry("x").replace('["a"]', '"a"'))
    problems = _problems(tmp_path)
    assert "chess/a.toml: folder 'chess' has no game.toml naming its game" in problems[0]
    assert (
        "crows/a.toml: entry 1 ('Edge_Bane'): id 'Edge_Bane' is not lowercase-kebab"
        in (problems[1])
    )
    assert problems[2] == "stworze/a.toml: entry 1 ('x'): tags must be a list of words"


def test_a_file_that_is_not_toml_or_has_no_entries_is_named(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", "[[entry]\nid = ")
    _write(tmp_path, "crows", "b.toml", 'title = "x"\n')
    problems = _problems(tmp_path)
    assert problems[0].startswith("crows/a.toml: not valid TOML (")
    assert problems[1:] == (
        "crows/b.toml: unknown top-level key(s) title (only [[entry]])",
        "crows/b.toml: no [[entry]] tables",
    )


def test_a_control_character_in_a_body_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("edge", "bell \\u0007 here"))
    assert _problems(tmp_path) == (
        "crows/a.toml: entry 1 ('edge'): body holds a control character",
    )


def test_the_error_message_says_what_and_where(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("edge", "[[nothing]]"))
    with pytest.raises(ReferenceDataError, match=r"crows/a.toml: entry 'edge': link"):
        load_reference(tmp_path)


def test_links_are_listed_once_each_in_order() -> None:
    assert parse_links("[[b]] [[ a ]] [[b]] [[stworze: deck ]]", "crows") == (
        EntryKey("crows", "b"),
        EntryKey("crows", "a"),
        EntryKey("stworze", "deck"),
    )


def test_the_fingerprint_changes_with_any_entry(tmp_path: Path) -> None:
    path = _write(tmp_path, "crows", "a.toml", _entry("edge"))
    before = reference_fingerprint(tmp_path)
    assert reference_fingerprint(tmp_path) == before
    path.write_text(_entry("edge", "Other words."), encoding="utf-8")
    assert reference_fingerprint(tmp_path) != before


def test_the_app_reads_what_is_readable_and_lists_the_rest(tmp_path: Path) -> None:
    _write(tmp_path, "crows", "a.toml", _entry("edge", "See [[gone]].") + _entry("bane", " "))
    _write(tmp_path, "crows", "b.toml", _entry("edge", title="Second edge"))
    _write(tmp_path, "crows", "c.toml", "not toml [")
    library, problems = read_reference(tmp_path)
    (edge,) = library
    assert edge.title == "Edge"
    assert library.plain_body(edge) == "See gone."
    assert library.body_parts(edge)[1] == BodyPart("gone")
    assert len(problems) == 4
    assert any("crows/c.toml: not valid TOML" in problem for problem in problems)


def test_a_sixth_game_is_its_folder_with_a_game_file(tmp_path: Path) -> None:
    """Adding a game's reference adds its folder (``game.toml`` + entries), nothing else."""
    _write(tmp_path, "chess", "game.toml", 'title = "Chess"\norder = 9\n')
    _write(tmp_path, "chess", "a.toml", _entry("pawn"))
    library = load_reference(tmp_path)
    assert [(entry.game, entry.id) for entry in library] == [("chess", "pawn")]
    assert read_game_titles(tmp_path) == {"chess": "Chess"}


def test_a_game_file_without_a_title_is_named(tmp_path: Path) -> None:
    _write(tmp_path, "chess", "game.toml", "order = 9\n")
    with pytest.raises(ReferenceDataError) as raised:
        read_game_titles(tmp_path)
    assert raised.value.problems == ("chess/game.toml: 'title' must be the game's name",)


def test_every_shipped_game_folder_names_its_game() -> None:
    assert read_game_titles() == dict(GAME_TITLES)
    assert GAME_IDS == ("crows", "warcrow", "widowers-wood", "warriors-of-krynn", "stworze")
