"""Frozen values for the quick commands' path, without ``dataclasses``.

``refkit odds`` and ``refkit test`` make one or two small results and print them; importing
``dataclasses`` (which loads ``inspect``, ``ast`` and ``dis``) took more of such a command's time
than a bare Python start. A :class:`SlotRecord` subclass lists its fields in ``FIELDS`` (also its
``__slots__``) and sets them in a typed ``__init__`` (taking them in that order, positionally or
by name) through :meth:`SlotRecord._fill`; it then compares, hashes, prints, copies, pickles and
refuses assignment as a frozen dataclass of those fields does.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    from typing import ClassVar, TypeVar

    R = TypeVar("R")


class SlotRecord:
    """Equality and hash by the ``FIELDS`` (in order, same class only), a
    ``Name(field=value, …)`` repr, and no assignment once made."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields in their order (a subclass also sets ``__slots__ = FIELDS``)."""

    def _fill(self, *values: object) -> None:
        """Set the fields, in ``FIELDS`` order: only ``__init__`` calls this."""
        names = self.FIELDS
        if len(values) != len(names):
            raise TypeError(f"{type(self).__name__} has {len(names)} fields, got {len(values)}")
        for name, value in zip(names, values, strict=True):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __reduce__(self) -> tuple[type[SlotRecord], tuple[object, ...]]:
        return type(self), self._values()  # copy and pickle through __init__

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({fields})"


def replace(record: R, /, **changes: object) -> R:
    """A copy of ``record`` with ``changes``, as :func:`dataclasses.replace` makes one: for a
    SlotRecord through its ``__init__`` (so its checks run again; TypeError for a name that is
    not a field), and for a dataclass handed to ``dataclasses.replace`` itself."""
    if not isinstance(record, SlotRecord):
        import dataclasses

        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    unknown = sorted(set(changes) - set(record.FIELDS))
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {', '.join(map(repr, unknown))}")
    values = {name: changes.get(name, getattr(record, name)) for name in record.FIELDS}
    return type(record)(**values)
