"""The newest schema revision(s), read from the migration files' text with ``os`` and ``re``.

:mod:`refkit.store.migrations` re-exports :func:`declared_heads`; this module lives outside that
package so that reading the heads does not import it (and ``pathlib`` with it): the roll's lean
path (:mod:`refkit.store.sqlite.roll_append`) compares a file's revision with them.
"""

from __future__ import annotations

import os
import re

VERSIONS_FOLDER = os.path.join(os.path.dirname(os.path.realpath(__file__)), "migrations")
"""``refkit.store.migrations.SCRIPT_LOCATION`` as a string (a test pins the two equal)."""

_REVISION = re.compile(r"""^revision\s*(?::[^=]*)?=\s*["']([^"']+)["']\s*$""", re.MULTILINE)
_DOWN_REVISION = re.compile(r"^down_revision\s*(?::[^=]*)?=(.*)$", re.MULTILINE)
_QUOTED = re.compile(r"""["']([^"']+)["']""")


def declared_heads(
    script_location: str | os.PathLike[str] = VERSIONS_FOLDER,
) -> frozenset[str] | None:
    """The head revision(s) of ``versions/``, read from the files' text without Alembic.

    Returns None when a file does not declare its revisions as plain literals; callers then ask
    Alembic itself.
    """
    revisions: set[str] = set()
    parents: set[str] = set()
    folder = os.path.join(script_location, "versions")
    for name in os.listdir(folder):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as script:
            text = script.read()
        revision = _REVISION.findall(text)
        down = _DOWN_REVISION.findall(text)
        if len(revision) != 1 or len(down) != 1:
            return None
        revisions.add(revision[0])
        parents.update(_QUOTED.findall(down[0]))
    heads = frozenset(revisions - parents)
    return heads or None
