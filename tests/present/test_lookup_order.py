"""The lookup's order: exact title, title beginning with the words, read lately, the rest."""

from __future__ import annotations

from dataclasses import dataclass

from refkit.present.lookup_order import RECENT_KEPT, ordered_hits, remember


@dataclass(frozen=True)
class Hit:
    title: str
    game: str = "crows"
    id: str = ""


FUZZY = Hit("Ghost ships", id="ghost")
LATER = Hit("Roads", id="roads")
PREFIX = Hit("Lost children", "stworze", "children")
EXACT = Hit("Lost!", id="lost")


def test_exact_then_prefix_then_the_rest_in_the_index_order() -> None:
    hits = [FUZZY, LATER, PREFIX, EXACT]
    assert ordered_hits(hits, "  LOST ", []) == [EXACT, PREFIX, FUZZY, LATER]


def test_read_lately_comes_before_the_rest_latest_first() -> None:
    hits = [FUZZY, LATER, PREFIX, EXACT]
    recent = [("crows", "roads"), ("crows", "ghost")]
    assert ordered_hits(hits, "lost", recent) == [EXACT, PREFIX, LATER, FUZZY]
    # Read lately does not lift a hit over an exact or a prefix one.
    assert ordered_hits(hits, "lost", [("crows", "ghost")])[:2] == [EXACT, PREFIX]


def test_the_same_id_in_another_game_is_not_recent() -> None:
    hits = [FUZZY, Hit("Roads", "warcrow", "roads")]
    assert ordered_hits(hits, "x", [("crows", "roads")]) == hits


def test_remember_puts_the_latest_first_once_and_keeps_a_few() -> None:
    recent = remember([("crows", "a"), ("crows", "b")], ("crows", "b"))
    assert recent == [("crows", "b"), ("crows", "a")]
    many: list[tuple[str, str]] = []
    for number in range(RECENT_KEPT + 5):
        many = remember(many, ("crows", str(number)))
    assert len(many) == RECENT_KEPT and many[0] == ("crows", str(RECENT_KEPT + 4))
