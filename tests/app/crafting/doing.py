"""The crafting service with each step run as the command line runs it: worked out, then done
in one unit of work through ``Services.do`` (the service itself only works steps out)."""

from __future__ import annotations

from typing import Any

from refkit.compose import Services

STEPS = frozenset({"start", "roll", "rest_roll", "complete", "harvest"})


class Doing:
    def __init__(self, services: Services) -> None:
        self._services = services

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._services.crafting, name)
        if name not in STEPS:
            return found

        def run(*args: Any, **kwargs: Any) -> Any:
            step = found(*args, **kwargs)
            self._services.do(step.command)
            return step

        return run


def doing(services: Services) -> Doing:
    return Doing(services)
