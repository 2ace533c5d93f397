"""Alembic environment for the Refkit database, shipped inside the package.

Migrations are written by hand (explicit ``op`` calls, batch mode for SQLite) and run
programmatically by :class:`refkit.store.database.Database`; no ``alembic.ini`` is needed.

Adding a migration: copy the newest file in ``versions/``, give it the next number as
``revision`` and the previous number as ``down_revision`` (both as plain string literals: start-up
reads them without Alembic to see whether a file is already up to date), and write
``upgrade``/``downgrade`` with ``op`` calls.
"""

from __future__ import annotations

import re
from pathlib import Path

SCRIPT_LOCATION = Path(__file__).resolve().parent

_REVISION = re.compile(r"""^revision\s*(?::[^=]*)?=\s*["']([^"']+)["']\s*$""", re.MULTILINE)
_DOWN_REVISION = re.compile(r"^down_revision\s*(?::[^=]*)?=(.*)$", re.MULTILINE)
_QUOTED = re.compile(r"""["']([^"']+)["']""")


def declared_heads(script_location: Path = SCRIPT_LOCATION) -> frozenset[str] | None:
    """The head revision(s) of ``versions/``, read from the files' text without Alembic.

    Returns None when a file does not declare its revisions as plain literals; callers then ask
    Alembic itself.
    """
    revisions: set[str] = set()
    parents: set[str] = set()
    for script in (script_location / "versions").glob("*.py"):
        text = script.read_text(encoding="utf-8")
        revision = _REVISION.findall(text)
        down = _DOWN_REVISION.findall(text)
        if len(revision) != 1 or len(down) != 1:
            return None
        revisions.add(revision[0])
        parents.update(_QUOTED.findall(down[0]))
    heads = frozenset(revisions - parents)
    return heads or None
