"""Everything Refkit knows about SQLite, in one place, so a server database can be added beside
it without touching a feature.

- :mod:`.engine`: the engine for a file or memory, the pragmas every connection gets (WAL,
  foreign keys, the busy timeout), switching foreign keys off around a migration, and whether
  this user can write the file and its folder.
- :mod:`.failures`: SQLite's result codes turned into Refkit's DatabaseError family (locked, full,
  read-only, damaged) — never with the SQL or its parameters.
- :mod:`.files`: what a file holds before Refkit's engine touches it (its schema revision,
  ``PRAGMA quick_check``), without changing a byte of it.
- :mod:`.backups`: the online backup API behind the copies taken before a migration.

The rules lookup's full-text cache (:mod:`refkit.store.lookup`) keeps its own small SQLite file.
"""
