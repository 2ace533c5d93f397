"""The lookup index: title matches first, prefixes, highlighted snippets, filters, a cache that
rebuilds when the entries change, and queries full of FTS syntax that never raise."""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.games.reference import ReferenceLibrary, load_reference, read_reference
from refkit.present.lookup_documents import card_documents
from refkit.store.lookup import (
    HIT_END,
    HIT_START,
    INDEX_FILE_NAME,
    LookupIndex,
    LookupQueryError,
    plain_snippet,
    query_tokens,
    snippet_parts,
)


def _write(root: Path, game: str, text: str, name: str = "a.toml") -> Path:
    folder = root / game
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _entry(entry_id: str, title: str, body: str, tags: str = "", section: str = "Rules") -> str:
    return (
        f'[[entry]]\nid = "{entry_id}"\ntitle = "{title}"\nsection = "{section}"\n'
        f"tags = [{tags}]\nbody = '''\n{body}\n'''\n"
    )


@pytest.fixture
def reference(tmp_path: Path) -> Path:
    root = tmp_path / "reference"
    _write(
        root,
        "crows",
        _entry("torches", "Torches", "A light to carry.")
        + _entry(
            "light",
            "Light and dark",
            "Torch light, torch smoke, torch flame: the torch burns out. See [[torches]].",
        )
        + _entry("greed", "Greed bonus", "Treasure found early is worth more.", '"gold"'),
    )
    _write(root, "warcrow", _entry("dice", "Symbol dice", "Roll the torch-coloured dice."))
    return root


@pytest.fixture
def index(reference: Path):
    with LookupIndex.in_memory(load_reference(reference)) as opened:
        yield opened


def test_a_title_match_comes_before_a_body_full_of_the_word(index: LookupIndex) -> None:
    hits = index.search("torch")
    assert [hit.id for hit in hits] == ["torches", "light", "dice"]


def test_a_title_match_wins_even_where_bm25_alone_ranks_it_lower(tmp_path: Path) -> None:
    # A long body dilutes a title hit in bm25's length normalization; a short body repeating
    # the word would win on bm25 alone. The title still comes first.
    filler = " ".join(f"word{number}" for number in range(400))
    _write(
        tmp_path,
        "crows",
        _entry("torches", "Torches", filler)
        + _entry("smoke", "Smoke", "torch torch torch torch torch torch torch torch."),
    )
    with LookupIndex.in_memory(load_reference(tmp_path)) as index:
        assert [hit.id for hit in index.search("torch")] == ["torches", "smoke"]


def test_a_prefix_finds_the_whole_word(index: LookupIndex) -> None:
    assert index.search("torc")[0].id == "torches"
    assert [hit.id for hit in index.search("gree")] == ["greed"]


def test_tags_are_searched(index: LookupIndex) -> None:
    assert [hit.id for hit in index.search("gold")] == ["greed"]


def test_entries_with_every_word_come_before_those_with_any(index: LookupIndex) -> None:
    assert [hit.id for hit in index.search("torch smoke")] == ["light", "torches", "dice"]
    # no entry has both: any word will do
    hits = [hit.id for hit in index.search("torch treasure")]
    assert sorted(hits) == ["dice", "greed", "light", "torches"]


def test_a_snippet_marks_the_hit_and_links_read_as_titles(index: LookupIndex) -> None:
    (hit,) = index.search("smoke")
    assert f"{HIT_START}smoke{HIT_END}" in hit.snippet
    assert (hit.game, hit.title, hit.section) == ("crows", "Light and dark", "Rules")
    assert "See Torches." in plain_snippet(hit.snippet)
    assert ("smoke", True) in snippet_parts(hit.snippet)


def test_the_game_filter_and_the_limit(index: LookupIndex) -> None:
    assert [hit.id for hit in index.search("torch", game="warcrow")] == ["dice"]
    assert [hit.id for hit in index.search("torch", limit=1)] == ["torches"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "the query is empty"),
        ("   ", "the query is empty"),
        ('"*-:()', "has no words to look up"),
    ],
)
def test_a_query_without_words_says_so(index: LookupIndex, query: str, message: str) -> None:
    with pytest.raises(LookupQueryError, match=message):
        index.search(query)


def test_an_unknown_game_or_limit_says_what_is_allowed(index: LookupIndex) -> None:
    with pytest.raises(LookupQueryError, match="unknown game 'chess'; games: crows, warcrow"):
        index.search("torch", game="chess")
    with pytest.raises(LookupQueryError, match="--limit must be 1 to 200, got 0"):
        index.search("torch", limit=0)


@pytest.mark.parametrize(
    "query",
    ['"torch', "torch*", "-torch", "crows:torch", "(torch", "torch)", "^torch", "torch + - '"],
)
def test_fts_syntax_in_a_query_is_read_as_words(index: LookupIndex, query: str) -> None:
    assert index.search(query)[0].id == "torches"


@pytest.mark.parametrize("query", ["OR", "torch AND", "NOT torch", "NEAR(torch", "{title}: x"])
def test_fts_operators_are_plain_words_too(index: LookupIndex, query: str) -> None:
    assert index.search(query) == index.search(" ".join(query_tokens(query)))


def test_a_game_name_narrows_the_search(index: LookupIndex) -> None:
    assert [hit.id for hit in index.search("warcrow torch")] == ["dice"]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_no_typed_text_makes_the_index_raise_anything_but_a_query_error(text: str) -> None:
    index = _shipped_index()
    try:
        index.search(text)
    except LookupQueryError:
        assert not query_tokens(text)


@cache
def _shipped_index() -> LookupIndex:
    return LookupIndex.in_memory(read_reference()[0])


# --- the cache --------------------------------------------------------------------------------


def test_the_cache_is_written_once_and_reused(reference: Path, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with LookupIndex.open_cached(folder, reference=reference) as first:
        assert first.path == folder / INDEX_FILE_NAME
        assert first.entry_count() == 4
    written = (folder / INDEX_FILE_NAME).stat().st_mtime_ns
    with LookupIndex.open_cached(folder, reference=reference) as second:
        assert [hit.id for hit in second.search("greed")] == ["greed"]
    assert (folder / INDEX_FILE_NAME).stat().st_mtime_ns == written


def test_the_cache_rebuilds_when_an_entry_changes(reference: Path, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    LookupIndex.open_cached(folder, reference=reference).close()
    _write(reference, "stworze", _entry("deck", "The deck", "Cards with icons."))
    with LookupIndex.open_cached(folder, reference=reference) as rebuilt:
        assert [hit.game for hit in rebuilt.search("deck")] == ["stworze"]
        assert rebuilt.entry_count() == 5


def test_a_damaged_cache_file_is_rebuilt(reference: Path, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / INDEX_FILE_NAME).write_bytes(b"not a database at all" * 100)
    with LookupIndex.open_cached(folder, reference=reference) as index:
        assert index.entry_count() == 4
    assert sqlite3.connect(folder / INDEX_FILE_NAME).execute("SELECT 1").fetchone() == (1,)


def test_a_folder_that_cannot_be_written_gets_an_index_in_memory(
    reference: Path, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("a file where the data folder should be", encoding="utf-8")
    with LookupIndex.open_cached(blocked / "data", reference=reference) as index:
        assert index.path is None
        assert [hit.id for hit in index.search("greed")] == ["greed"]


def test_no_temporary_file_is_left_behind(reference: Path, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    LookupIndex.open_cached(folder, reference=reference).close()
    assert sorted(path.name for path in folder.iterdir()) == [INDEX_FILE_NAME]


def test_the_shipped_entries_and_cards_are_all_indexed(tmp_path: Path) -> None:
    library: ReferenceLibrary = read_reference()[0]
    cards, problems = card_documents()
    assert problems == ()
    assert {card.kind for card in cards} == {"item", "spell", "creature", "table"}
    with LookupIndex.open_cached(tmp_path, library=library) as index:
        assert index.entry_count() == len(library) + len(cards)
        assert index.search("torc")[0].game == "crows"


# --- what people type: misspellings, questions, game names, kinds --------------------------------


def test_a_misspelling_finds_the_word_the_index_has(index: LookupIndex) -> None:
    assert [hit.id for hit in index.search("tocrhes")] == ["torches", "light", "dice"]
    assert [hit.id for hit in index.search("treasre")] == ["greed"]
    words = index.query_words(["tresure"])
    assert [word.forms for word in words] == [("treasur",)]


def test_a_word_with_nothing_near_is_dropped_and_alone_finds_nothing(index: LookupIndex) -> None:
    assert index.search("zzzzqqq") == ()
    assert [hit.id for hit in index.search("zzzzqqq greed")] == ["greed"]


def test_short_words_are_never_corrected(index: LookupIndex) -> None:
    # "gld" starts no word: at three letters a correction is a guess, so nothing is found
    assert index.search("gld") == ()
    assert [hit.id for hit in index.search("glod")] == ["greed"]


def test_filler_words_of_a_question_are_dropped(index: LookupIndex) -> None:
    assert index.search("how do I get the gold")[0].id == "greed"
    # all filler: the words themselves are looked for
    assert index.search("how") == ()


def test_the_game_in_front_wins_a_near_tie(tmp_path: Path) -> None:
    _write(tmp_path, "crows", _entry("lost-c", "Getting lost", "Wander off the road."))
    _write(tmp_path, "stworze", _entry("lost-s", "Getting lost", "Wander off the road."))
    with LookupIndex.in_memory(load_reference(tmp_path)) as index:
        assert index.search("lost", prefer="crows")[0].id == "lost-c"
        assert index.search("lost", prefer="stworze")[0].id == "lost-s"


def test_the_shipped_index_finds_each_kind_and_says_which(tmp_path: Path) -> None:
    with LookupIndex.open_cached(tmp_path) as index:
        torch = index.search("torch")[0]
        assert (torch.kind, torch.id, torch.title) == ("item", "item-torch", "Torch")
        assert index.search("fire lance")[0].kind == "spell"
        assert index.search("mire troll")[0].kind == "creature"
        assert index.search("backlash table")[0].kind == "table"
        assert index.search("usage dice")[0].id == "usage-dice"
        assert index.search("lost", prefer="crows")[0].id == "getting-lost"
        card = index.document(torch.key)
        assert card is not None and ("Slots", "1") in card.fields
        table = index.document(index.search("backlash table")[0].key)
        assert table is not None and table.rows and table.rows[0][0] == "1–2"


def test_a_snippet_is_a_window_around_the_hit_on_one_line(tmp_path: Path) -> None:
    words = " ".join(f"w{number}" for number in range(40))
    _write(
        tmp_path,
        "crows",
        _entry("long", "Long", f"{words} the lantern burns\n\n" + "x " * 30)
        + _entry("short", "Short", "A lantern,\nlit.")
        + _entry("zebra", "Zebra stripes", words),
    )
    with LookupIndex.in_memory(load_reference(tmp_path)) as index:
        hits = {hit.id: hit.snippet for hit in index.search("lantern")}
        assert hits["long"].startswith("…") and hits["long"].endswith("…")
        assert f"{HIT_START}lantern{HIT_END} burns x" in hits["long"]
        assert len(plain_snippet(hits["long"]).split()) == 14
        assert hits["short"] == f"A {HIT_START}lantern{HIT_END}, lit."
        # no hit in the body (the title matched): the body's start
        (zebra,) = index.search("zebra")
        assert plain_snippet(zebra.snippet).startswith("w0 w1 w2")


def test_every_hit_of_a_short_prefix_has_a_snippet_with_its_words_marked(tmp_path: Path) -> None:
    with LookupIndex.open_cached(tmp_path) as index:
        hits = index.search("a", limit=5)
    assert len(hits) == 5
    for hit in hits:
        marked = [text for text, is_hit in snippet_parts(hit.snippet) if is_hit]
        assert marked and all(text.casefold().startswith("a") for text in marked), hit.snippet


def test_a_huge_word_is_looked_up_as_typed_quickly(index: LookupIndex) -> None:
    assert index.search("x" * 5000) == ()
    (word,) = index.query_words(["torchx" + "x" * 40])
    assert word.forms == ("torchx" + "x" * 40,)  # not corrected, not cut back to "torch"
