"""The one place that knows where Refkit's data files are.

From a checkout the folders ``resources/`` and ``sheets/`` sit beside the package; an installed
wheel carries them inside the package as ``refkit/_data/resources`` and ``refkit/_data/sheets``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


class ResourceMissingError(FileNotFoundError):
    """A data file that should ship with Refkit is not there."""


@cache
def _root(name: str) -> Path:
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise ResourceMissingError(
        f"Refkit's {name}/ folder is missing (looked in {_PACKAGE / '_data' / name} "
        f"and {_PACKAGE.parent / name}); reinstall Refkit"
    )


def resource_path(*parts: str) -> Path:
    """Path of a file under ``resources/``; raises ResourceMissingError if it is not there."""
    path = _root("resources").joinpath(*parts)
    if not path.exists():
        raise ResourceMissingError(f"missing resource: resources/{'/'.join(parts)}")
    return path


def sheet_path(*parts: str) -> Path:
    """Path of a file under ``sheets/``; raises ResourceMissingError if it is not there."""
    path = _root("sheets").joinpath(*parts)
    if not path.exists():
        raise ResourceMissingError(f"missing sheet layout: sheets/{'/'.join(parts)}")
    return path


def read_resource_text(*parts: str) -> str:
    return resource_path(*parts).read_text(encoding="utf-8")
