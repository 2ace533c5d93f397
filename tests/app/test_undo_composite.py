"""CompositeCommand: children done in order, undone in reverse, all or none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from refkit.app.undo import Command, CompositeCommand, FollowedStep, UndoConflictError


class Step:
    """A fake child that records what ran and can be told to refuse its next do or undo."""

    def __init__(self, name: str, record: list[str]) -> None:
        self.name, self.record = name, record
        self.refuse_do = self.refuse_undo = False
        self.applied = False

    @property
    def text(self) -> str:
        return self.name

    def do(self) -> None:
        if self.refuse_do:
            raise UndoConflictError(f"{self.name} refused")
        self.applied = True
        self.record.append(f"do {self.name}")

    def undo(self) -> None:
        if self.refuse_undo:
            raise UndoConflictError(f"{self.name} refused")
        self.applied = False
        self.record.append(f"undo {self.name}")


def three(record: list[str]) -> tuple[Step, Step, Step]:
    return Step("a", record), Step("b", record), Step("c", record)


def test_children_are_done_in_order_and_undone_in_reverse() -> None:
    record: list[str] = []
    composite = CompositeCommand("End DT", three(record))
    assert isinstance(composite, Command) and composite.text == "End DT"
    composite.do()
    composite.undo()
    composite.do()
    assert record == [
        "do a", "do b", "do c",
        "undo c", "undo b", "undo a",
        "do a", "do b", "do c",
    ]  # fmt: skip


def test_a_child_that_raises_on_do_undoes_the_ones_done_before_it() -> None:
    record: list[str] = []
    a, b, c = three(record)
    c.refuse_do = True
    with pytest.raises(UndoConflictError, match="c refused"):
        CompositeCommand("step", (a, b, c)).do()
    assert record == ["do a", "do b", "undo b", "undo a"]
    assert not (a.applied or b.applied or c.applied)


def test_a_child_that_refuses_its_undo_has_the_ones_undone_before_it_done_again() -> None:
    record: list[str] = []
    a, b, c = three(record)
    composite = CompositeCommand("step", (a, b, c))
    composite.do()
    record.clear()
    a.refuse_undo = True
    with pytest.raises(UndoConflictError, match="a refused"):
        composite.undo()
    assert record == ["undo c", "undo b", "do b", "do c"]
    assert a.applied and b.applied and c.applied


def test_a_refused_redo_leaves_every_child_undone() -> None:
    record: list[str] = []
    a, b, c = three(record)
    composite = CompositeCommand("step", (a, b, c))
    composite.do()
    composite.undo()
    record.clear()
    b.refuse_do = True
    with pytest.raises(UndoConflictError, match="b refused"):
        composite.do()
    assert record == ["do a", "undo a"]
    assert not (a.applied or b.applied or c.applied)


def test_the_first_error_is_raised_even_when_putting_back_fails_too() -> None:
    record: list[str] = []
    a, b, c = three(record)
    composite = CompositeCommand("step", (a, b, c))
    composite.do()
    a.refuse_undo = True
    b.refuse_do = True  # putting b back fails as well
    with pytest.raises(UndoConflictError, match="a refused") as raised:
        composite.undo()
    assert any("b refused" in note for note in raised.value.__notes__)


def test_children_added_after_the_first_do_are_undone_first() -> None:
    record: list[str] = []
    a, b, c = three(record)
    composite = CompositeCommand("End DT", (a,))
    composite.do()
    b.do()
    composite.add_done(b)
    composite.add_done(c)  # c is taken as done: the caller did it
    c.applied = True
    record.clear()
    composite.undo()
    assert record == ["undo c", "undo b", "undo a"]
    assert composite.children == (a, b, c)


class Followed(FollowedStep):
    """A step whose first do leads to two more, as a travel day leads to sheets and a rest."""

    def __init__(self, step: Step, follow_ups: list[Step]) -> None:
        super().__init__(step)
        self.follow_ups = follow_ups
        self.followed = 0

    def follow(self) -> Iterator[Command]:
        self.followed += 1
        for one in self.follow_ups:
            one.do()
            yield one


def test_a_followed_step_is_one_undo_step_and_looks_for_its_follow_ups_once() -> None:
    record: list[str] = []
    step, first, second = three(record)
    command = Followed(step, [first, second])
    with pytest.raises(RuntimeError, match="undone only after it was done"):
        command.undo()
    command.do()
    command.undo()
    command.do()  # redo: the same children, the follow-ups not looked for again
    assert record == [
        "do a", "do b", "do c", "undo c", "undo b", "undo a", "do a", "do b", "do c"
    ]  # fmt: skip
    assert command.followed == 1
    assert command.text == "a"


def test_a_follow_up_that_fails_the_first_time_is_not_joined_twice() -> None:
    record: list[str] = []
    step, first, second = three(record)
    second.refuse_do = True
    command = Followed(step, [first, second])
    with pytest.raises(UndoConflictError):
        command.do()  # the runner's unit of work keeps none of it
    second.refuse_do = False
    command.do()
    assert command.children == (step, first, second)
