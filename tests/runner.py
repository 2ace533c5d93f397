"""A test playing the runner of a step, as the window's undo stack and the command line's
``Services`` do: each ``do()`` and ``undo()`` of the command in one unit of work of the database
(commands open none of their own). Attributes of the command pass through (``outcome``...)."""

from __future__ import annotations

from typing import Any

from refkit.app.undo import Command


class Run:
    def __init__(self, database: Any, command: Command) -> None:
        self._database = database
        self.command = command

    @property
    def text(self) -> str:
        return self.command.text

    def do(self) -> None:
        with self._database.unit_of_work():
            self.command.do()

    def undo(self) -> None:
        with self._database.unit_of_work():
            self.command.undo()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.command, name)


def run(database: Any, command: Command) -> Run:
    """``command`` with its do and undo each in one unit of work of ``database``."""
    return Run(database, command)
