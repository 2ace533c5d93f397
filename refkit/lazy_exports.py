"""Package names loaded on first use (PEP 562), so importing a light module of a package does not
pull in the heavy ones its ``__init__`` re-exports (``refkit.store.errors`` without SQLAlchemy,
``refkit.present.clock_text`` without the card faces)."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing's constant without importing typing: a quick command never needs it
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_getattr(namespace: dict[str, Any], exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``exports[name]`` (a module path) when ``name`` is
    first asked for and keeps the value in ``namespace`` (the package's ``globals()``)."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return __getattr__
