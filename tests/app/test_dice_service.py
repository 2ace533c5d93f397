"""DiceService: every roll is seeded, recorded, logged and repeatable; clearing is undoable."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.app.dice_service import (
    KIND_D100,
    KIND_NOTATION,
    KIND_TEST,
    KIND_USAGE_DICE,
    ClearRollLog,
    DiceService,
)
from refkit.app.undo import Command
from refkit.dice.notation import DiceNotationError
from refkit.present.test_text import describe_test, summary_line
from refkit.rules.checks.crows_test import resolve_test
from refkit.rules.checks.odds import test_odds as exact_odds
from refkit.store.database import Database
from refkit.store.roll_log import LoggedRoll, RollLogRepository

START = datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)


class Seeds:
    """RNG factory handing out seeds 101, 102, … (or the seed asked for)."""

    def __init__(self) -> None:
        self.next = 100

    def __call__(self, seed: int | None = None) -> tuple[random.Random, int]:
        if seed is None:
            self.next += 1
            seed = self.next
        return random.Random(seed), seed


def ticking_clock() -> Callable[[], datetime]:
    ticks = iter(range(10**6))
    return lambda: START + timedelta(seconds=next(ticks))


class Recorder:
    """A RollLogListener that remembers what it heard."""

    def __init__(self) -> None:
        self.logged: list[LoggedRoll] = []
        self.replaced = 0

    def roll_logged(self, roll: LoggedRoll) -> None:
        self.logged.append(roll)

    def roll_log_replaced(self) -> None:
        self.replaced += 1


@pytest.fixture(scope="module")
def database() -> Iterator[Database]:
    db = Database.open("sqlite://")
    yield db
    db.close()


@pytest.fixture
def repository(database: Database) -> Iterator[RollLogRepository]:
    repo = RollLogRepository(database)
    repo.clear()
    yield repo
    repo.clear()


@pytest.fixture
def service(repository: RollLogRepository) -> DiceService:
    return DiceService(repository, Seeds(), ticking_clock())


def test_a_test_roll_is_resolved_logged_and_reproducible_from_its_seed(
    service: DiceService, repository: RollLogRepository
) -> None:
    rolled = service.crows_test(2, edges=1, bonuses=(1,), expertise=True)
    record = rolled.record
    assert record.kind == KIND_TEST
    assert record.expression == "2d10+2, 1 edge, bonus +1, expertise"
    assert record.seed == 101 and record.rolled_at == START
    rng = random.Random(101)
    faces = (rng.randint(1, 10), rng.randint(1, 10))
    assert record.faces == faces == rolled.result.dice
    expected = resolve_test(*faces, 2, edges=1, bonuses=(1,), expertise=True)
    assert rolled.result == expected
    assert record.total == expected.total
    assert record.detail["tier"] == expected.tier
    assert record.summary == summary_line(expected)
    assert repository.recent() == [rolled.logged]
    assert rolled.logged.source == "app"


def test_the_same_seed_gives_the_same_roll(service: DiceService) -> None:
    first = service.crows_test(0, seed=424242)
    again = service.crows_test(0, seed=424242)
    assert first.result == again.result
    assert first.record.faces == again.record.faces


def test_d100_and_usage_dice_records(service: DiceService) -> None:
    d100 = service.d100()
    assert d100.record.kind == KIND_D100
    assert d100.record.faces == (d100.result.tens, d100.result.ones)
    assert d100.record.total == d100.result.value
    usage = service.usage_dice(5)
    assert usage.record.kind == KIND_USAGE_DICE
    assert usage.record.expression == "5 usage dice"
    assert usage.record.faces == usage.result.rolled
    assert usage.record.total == usage.result.after == sum(1 for f in usage.result.rolled if f > 2)
    assert usage.record.summary.startswith(f"5 → {usage.result.after} left")


@pytest.mark.parametrize("count", [0, -1, 21, True, 2.0])
def test_usage_dice_out_of_range_are_refused(service: DiceService, count: object) -> None:
    with pytest.raises(ValueError, match="usage dice"):
        service.usage_dice(count)  # type: ignore[arg-type]
    assert service.count() == 0


def test_notation_rolls_are_logged_and_bad_notation_logs_nothing(service: DiceService) -> None:
    rolled = service.notation("3d6+2")
    assert rolled.record.kind == KIND_NOTATION
    assert len(rolled.record.faces) == 3
    assert rolled.record.total == sum(rolled.record.faces) + 2
    with pytest.raises(DiceNotationError):
        service.notation("3d")
    with pytest.raises(ValueError):
        service.notation("banana")
    assert service.count() == 1


def test_bad_test_modifiers_are_refused_before_anything_is_logged(service: DiceService) -> None:
    with pytest.raises(ValueError, match="characteristic"):
        service.crows_test(9)
    assert service.count() == 0


def test_odds_are_the_exact_rules_odds(service: DiceService) -> None:
    assert service.odds(1, banes=2, expertise=True) == exact_odds(1, banes=2, expertise=True)
    assert service.count() == 0


def test_listeners_hear_each_roll_and_each_replacement(service: DiceService) -> None:
    recorder = Recorder()
    service.add_listener(recorder)
    rolled = service.d100()
    assert recorder.logged == [rolled.logged]
    command = service.clear_log_command()
    command.do()
    command.undo()
    assert recorder.replaced == 2
    service.remove_listener(recorder)
    service.d100()
    assert len(recorder.logged) == 1


def test_clearing_is_a_command_that_undo_reverts_and_redo_repeats(service: DiceService) -> None:
    made = [service.d100(), service.crows_test(1), service.usage_dice(2)]
    before = service.recent()
    assert [logged.record for logged in before] == [m.record for m in reversed(made)]
    command = service.clear_log_command()
    assert isinstance(command, (Command, ClearRollLog))
    assert command.text == "Clear roll log (3 rolls)"
    command.do()
    assert service.count() == 0
    command.undo()
    after = service.recent()
    assert [logged.record for logged in after] == [logged.record for logged in before]
    command.do()
    assert service.count() == 0


def test_clearing_and_its_undo_read_no_roll_into_python(
    service: DiceService, repository: RollLogRepository, monkeypatch
) -> None:
    for _ in range(3):
        service.d100()
    before = service.recent()
    reads: list[int | None] = []
    real = RollLogRepository.recent

    def counted(log, limit=500, *args, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(limit)
        return real(log, limit, *args, **kwargs)

    monkeypatch.setattr(RollLogRepository, "recent", counted)
    command = service.clear_log_command()
    command.do()
    command.undo()
    assert reads == []  # a million rolls held in the step took 1.2 GB; now the database keeps them
    monkeypatch.undo()
    assert [e.record for e in service.recent()] == [e.record for e in before]


def test_a_clear_over_a_day_old_is_forgotten_when_a_window_opens(
    repository: RollLogRepository,
) -> None:
    now = [START]
    service = DiceService(repository, Seeds(), lambda: now[0])
    service.d100()
    command = service.clear_log_command()
    command.do()
    now[0] = START + timedelta(hours=23)
    assert service.forget_old_clears() == 0  # still within a day: the undo still works
    now[0] = START + timedelta(days=1, seconds=1)
    assert service.forget_old_clears() == 1
    command.undo()
    assert service.count() == 0  # nothing left to put back


@settings(max_examples=40, deadline=None)
@given(
    characteristic=st.integers(-5, 5),
    edges=st.integers(0, 4),
    banes=st.integers(0, 4),
    bonus=st.integers(-6, 6),
    expertise=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_any_logged_test_can_be_replayed_from_its_record(
    database: Database,
    characteristic: int,
    edges: int,
    banes: int,
    bonus: int,
    expertise: bool,
    seed: int,
) -> None:
    RollLogRepository(database).clear()
    service = DiceService(RollLogRepository(database), Seeds(), ticking_clock())
    rolled = service.crows_test(
        characteristic, edges=edges, banes=banes, bonuses=(bonus,), expertise=expertise, seed=seed
    )
    stored = RollLogRepository(database).recent(limit=1)[0].record
    detail = stored.detail
    replay = service.crows_test(
        detail["characteristic"],
        edges=detail["edges"],
        banes=detail["banes"],
        bonuses=tuple(detail["bonuses"]),
        expertise=detail["expertise"],
        crit_min=detail["crit_min"],
        order=detail["order"],
        seed=stored.seed,
    )
    assert replay.result == rolled.result
    assert stored.faces == rolled.record.faces


def test_describe_test_names_only_what_is_set() -> None:
    assert describe_test(0) == "2d10+0"
    assert describe_test(-2, banes=2, bonuses=(-1, -2), crit_min=18, order="net") == (
        "2d10-2, 2 banes, bonus -3, crit 18+, net shifts"
    )


def test_a_test_for_a_crow_applies_its_conditions_and_names_it_in_the_log(
    service: DiceService, repository: RollLogRepository
) -> None:
    rolled = service.crows_test(
        1, edges=1, faces=(6, 6), crow="Wren", conditions=("blessed",), tested="mind"
    )
    # the referee's edge and the blessing's make a double edge (L365)
    assert rolled.result == resolve_test(6, 6, 1, edges=2)
    detail = rolled.record.detail
    assert detail["crow"] == "Wren"
    assert detail["tested"] == "mind"
    assert detail["edges"] == 2
    assert detail["conditions"] == ["blessed: an edge"]
    assert rolled.record.summary == summary_line(rolled.result)
    assert repository.recent()[0].record.detail["crow"] == "Wren"


def test_an_unconscious_crows_strength_test_is_a_doom_in_the_log(service: DiceService) -> None:
    rolled = service.crows_test(
        3, faces=(10, 9), crow="Wren", conditions=("unconscious",), tested="strength"
    )
    assert rolled.result.doom and rolled.result.tier == 1
    assert rolled.record.detail["forced"] == "doom"
    assert rolled.record.detail["doom"] is True


def test_a_test_for_nobody_keeps_the_old_record(service: DiceService) -> None:
    rolled = service.crows_test(0, faces=(5, 5))
    assert "crow" not in rolled.record.detail
    assert "forced" not in rolled.record.detail


class _CountingLog:
    """The roll log, counting the rolls each read hands back."""

    def __init__(self, log: RollLogRepository) -> None:
        self._log = log
        self.read: list[int] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self._log, name)

    def recent(self, *args: object, **kwargs: object) -> list[LoggedRoll]:
        rolls = self._log.recent(*args, **kwargs)  # type: ignore[arg-type]
        self.read.append(len(rolls))
        return rolls


def test_catching_up_after_a_step_reads_only_the_rolls_it_has_not_shown(
    repository: RollLogRepository,
) -> None:
    """Catching up runs after every step of the window, and most steps log no roll: it must
    not read the newest 500 rolls each time to find none (issue 30 item 3)."""
    log = _CountingLog(repository)
    service = DiceService(log, Seeds(), ticking_clock())
    for _ in range(30):
        service.d100()
    newest = repository.recent(limit=1)[0].id
    heard: list[int] = []

    class Listener:
        def roll_logged(self, roll: LoggedRoll) -> None:
            heard.append(roll.id)

        def roll_log_replaced(self) -> None:
            pass

    service.add_listener(Listener())
    log.read.clear()
    assert service.catch_up(newest) == [] and log.read == [0], "nothing new: nothing read"
    service.d100()
    service.d100()
    heard.clear()
    caught = service.catch_up(newest)
    assert [roll.id for roll in caught] == [newest + 1, newest + 2], "oldest first"
    assert heard == [newest + 1, newest + 2]
