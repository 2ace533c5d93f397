"""Commands: do, undo, redo without any Qt."""

from __future__ import annotations

from refkit.app.undo import Command, FunctionCommand


class Rename:
    def __init__(self, names: dict[str, str], key: str, new: str) -> None:
        self.names, self.key, self.new = names, key, new
        self.old: str | None = None

    @property
    def text(self) -> str:
        return f"Rename to {self.new}"

    def do(self) -> None:
        self.old = self.names[self.key]
        self.names[self.key] = self.new

    def undo(self) -> None:
        assert self.old is not None
        self.names[self.key] = self.old


def test_a_class_with_text_do_and_undo_is_a_command() -> None:
    names = {"crow": "Mara"}
    command = Rename(names, "crow", "Vell")
    assert isinstance(command, Command)
    command.do()
    assert names == {"crow": "Vell"}
    command.undo()
    assert names == {"crow": "Mara"}
    command.do()
    assert names == {"crow": "Vell"}


def test_something_without_undo_is_not_a_command() -> None:
    class OnlyDo:
        text = "half"

        def do(self) -> None:
            return None

    assert not isinstance(OnlyDo(), Command)


def test_function_command_calls_its_two_functions() -> None:
    calls: list[str] = []
    command = FunctionCommand("Toggle", lambda: calls.append("on"), lambda: calls.append("off"))
    command.do()
    command.undo()
    command.do()
    assert calls == ["on", "off", "on"]
    assert command.text == "Toggle"
