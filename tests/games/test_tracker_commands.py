"""What every game's ``tracker`` command shares (refkit/cli/games/trackers): a damaged stored
document is said, naming the game's tracker, by ``show`` and refused by a step, nothing written;
``set`` with no counter names the counters it takes."""

from __future__ import annotations

import pytest

from refkit.app.games.trackers import tracker_key
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.runner import run

GAMES = [
    ("warcrow", ("warcrow", "tracker"), ("combat",), "the Warcrow Adventures tracker"),
    ("widowers-wood", ("widowers", "tracker"), ("deck", "3"), "the Widower's Wood tracker"),
    ("warriors-of-krynn", ("krynn", "tracker"), ("key-moment",), "the Warriors of Krynn tracker"),
    ("stworze", ("stworze", "tracker"), ("next",), "the Stworze tracker"),
]


class _Store:
    """A step that stores ``text`` as a game's tracker document (a damaged database)."""

    text = "damage the tracker"

    def __init__(self, db: Database, key: str, text: str) -> None:
        self._values = CharacterRepository(db)
        self._key = key
        self._document = text

    def do(self) -> None:
        version = self._values.read_state(self._key).version
        self._values.write_state(self._key, self._document, version)

    def undo(self) -> None:
        raise AssertionError("not undone here")


@pytest.mark.parametrize(("game_id", "words", "step", "what"), GAMES)
@pytest.mark.parametrize(
    ("document", "said"), [("{not json", "stored is not JSON"), ("[]", "not ")]
)
def test_a_damaged_tracker_is_said_and_no_step_is_made_on_it(
    database: Database, game_cli, game_id, words, step, what, document, said
) -> None:
    key = tracker_key(game_id)
    run(database, _Store(database, key, document)).do()
    command = game_cli(*words)

    shown = command("show", code=2)
    assert said in shown and shown.startswith("error: the ")
    if document != "[]":
        assert what in shown
    refused = command(*step, code=2)
    assert f"{' '.join(words)}: " in refused and said in refused
    assert CharacterRepository(database).read_state(key).text == document


@pytest.mark.parametrize(
    ("words", "add", "said"),
    [
        (
            ("warcrow", "tracker"),
            ("add", "Nayra", "--initiative", "4", "--vitality", "5"),
            "error: warcrow tracker set: give --energy, --wounds, --stain or --tinge\n",
        ),
        (
            ("krynn", "tracker"),
            ("add", "Nayra", "--stress-max", "4"),
            "error: krynn tracker set: give --stress, --stress-max, --hand, --discarded or "
            "--equipment\n",
        ),
    ],
)
def test_set_without_a_counter_names_the_counters(game_cli, words, add, said) -> None:
    command = game_cli(*words)
    before = command(*add)
    assert command("set", "Nayra", code=2) == said
    assert command("show") == before
