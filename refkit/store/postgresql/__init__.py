"""Everything Refkit knows about PostgreSQL, in one place beside :mod:`refkit.store.sqlite`:
a campaign kept on a database server, shared by several laptops.

- :mod:`.engine`: the engine on a server database (psycopg 3, libpq options passed through),
  ``lock_timeout`` and ``statement_timeout`` instead of SQLite's busy timeout, a pool that pings
  before use, the schema revision read from the server, and migrations in one transaction under
  an advisory lock.
- :mod:`.failures`: the server's SQLSTATE turned into Refkit's DatabaseError family (locked,
  lost connection, full, not allowed, damaged), never with the SQL, its values or a password.

There is no backup copy before a migration on a server, as there is beside an SQLite file: the
migration runs in one transaction, so a failure leaves the database as it was, and the server's
own tools (``pg_dump``) are how a campaign on a server is backed up. The psycopg driver comes with
the ``postgresql`` extra (``pip install 'refkit[postgresql]'``).
"""
