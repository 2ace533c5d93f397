"""Two programs on one database file adding wounds to place or heal at once: neither is lost.

The prompts used to be one JSON object read, changed and written back whole, so a write made by
another program between the read and the write was overwritten.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from refkit.app.character_service import CharacterService
from refkit.app.party_bridge import WoundPrompt, WoundPrompts
from refkit.store import CharacterRepository, Database
from tests.runner import run

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"


@pytest.fixture
def two_programs(tmp_path: Path) -> Iterator[tuple[Database, Database]]:
    path = tmp_path / "refkit.sqlite3"
    with Database.open(str(path)) as first, Database.open(str(path)) as second:
        CharacterService(CharacterRepository(first)).list_characters()  # the sample party
        yield first, second


def prompts_on(db: Database) -> WoundPrompts:
    return WoundPrompts(CharacterRepository(db))


def before_first_write(db: Database, action: Any) -> None:
    """Run ``action`` once, just before ``db`` sends its next write to SQLite: the moment a
    program has read the prompts and not yet written them."""
    done = False

    def hook(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        nonlocal done
        if not done and statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            done = True
            action()

    event.listen(db._engine, "before_cursor_execute", hook)  # the engine: a test's inside view


@pytest.mark.parametrize("already", [WoundPrompt(), WoundPrompt(to_place=1, to_heal=1)])
def test_a_prompt_written_by_another_program_meanwhile_is_kept(
    two_programs: tuple[Database, Database], already: WoundPrompt
) -> None:
    first_db, second_db = two_programs
    first, second = prompts_on(first_db), prompts_on(second_db)
    first.add(BRANNOC, to_place=already.to_place, to_heal=already.to_heal)
    first.add(HESPER, to_heal=1)
    before_first_write(first_db, lambda: second.add(BRANNOC, to_place=2, to_heal=1))

    first.add(BRANNOC, to_place=3)

    expected = WoundPrompt(already.to_place + 5, already.to_heal + 1)
    assert second.get(BRANNOC) == expected
    assert first.get(BRANNOC) == expected
    assert second.pending() == {BRANNOC: expected, HESPER: WoundPrompt(to_heal=1)}


def test_two_programs_adding_in_a_loop_lose_nothing(
    two_programs: tuple[Database, Database],
) -> None:
    programs = [prompts_on(db) for db in two_programs]
    rounds = 25
    start = threading.Barrier(len(programs))
    errors: list[BaseException] = []

    def keep_adding(prompts: WoundPrompts) -> None:
        try:
            start.wait()
            for _ in range(rounds):
                prompts.add(BRANNOC, to_place=1)
        except BaseException as error:  # reported below: a thread's error is otherwise lost
            errors.append(error)

    threads = [threading.Thread(target=keep_adding, args=(p,)) for p in programs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert programs[0].get(BRANNOC) == WoundPrompt(to_place=rounds * len(programs))


def test_taking_away_never_goes_below_zero_and_an_empty_prompt_is_not_pending(
    two_programs: tuple[Database, Database],
) -> None:
    prompts = prompts_on(two_programs[0])
    prompts.add(BRANNOC, to_place=2)
    assert prompts.add(BRANNOC, to_place=-5) == WoundPrompt()
    assert prompts.pending() == {}


def test_a_crow_that_is_gone_has_nothing_to_be_asked(
    two_programs: tuple[Database, Database],
) -> None:
    prompts = prompts_on(two_programs[0])
    assert prompts.add("Nobody Here", to_place=2) == WoundPrompt()
    assert prompts.pending() == {}


def test_a_refused_undo_of_a_placed_wound_leaves_the_prompt_as_it_was(
    two_programs: tuple[Database, Database],
) -> None:
    from refkit.app import character_commands as cmd
    from refkit.app.party_bridge import answering_prompt
    from refkit.app.undo import UndoConflictError

    first_db, second_db = two_programs
    characters = CharacterService(CharacterRepository(first_db), seed_samples=False)
    prompts = WoundPrompts(characters.repository)
    prompts.add(BRANNOC, to_place=3)
    place = run(
        first_db, answering_prompt(prompts, cmd.place_wounds(characters, BRANNOC, [7]), placed=1)
    )
    place.do()
    assert prompts.get(BRANNOC) == WoundPrompt(to_place=2)
    other = CharacterRepository(second_db)
    other.save(other.get(BRANNOC).with_condition("blessed"))  # another window

    with pytest.raises(UndoConflictError, match="changed since"):
        place.undo()

    assert prompts.get(BRANNOC) == WoundPrompt(to_place=2)  # not raised back for a wound kept
    assert characters.get(BRANNOC).wounds == (7,)
