"""Refkit's own rollable tables, shipped as TOML in ``resources/tables``."""

from __future__ import annotations

from functools import cache

TYPE_CHECKING = False  # as typing's: a cast's path leaves typing unimported
if TYPE_CHECKING:
    from refkit.rules.tables.model import RollableTable

BACKLASH_TABLE = "Refkit default backlashes"
MIASMA_TABLE = "Refkit default Miasma effects"


@cache
def load_default_tables() -> tuple[RollableTable, ...]:
    """Refkit's own default tables from ``resources/tables/*.toml``, sorted by name.

    Raises TableImportError (a ValueError) if a shipped file does not validate. The readers
    are loaded here, on first use: a cast on a stored backlash table needs only the names above.
    """
    from refkit.locate import resource_path
    from refkit.rules.tables.import_formats import parse_table_toml

    folder = resource_path("tables")
    tables = [
        parse_table_toml(path.read_text(encoding="utf-8"), origin=path.name)
        for path in sorted(folder.glob("*.toml"))
    ]
    return tuple(sorted(tables, key=lambda table: table.name.casefold()))


def default_table(name: str) -> RollableTable:
    """The shipped default table called ``name`` (ValueError naming the choices if none is)."""
    from refkit.rules.tables.model import find_table

    return find_table(load_default_tables(), name)
