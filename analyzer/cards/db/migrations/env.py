"""Alembic environment of the card database: runs on the connection Spellweb hands it.

Spellweb calls :func:`analyzer.cards.db.migrate.upgrade` itself when it opens a database; no
``alembic.ini`` is involved.
"""

from __future__ import annotations

from alembic import context

from analyzer.cards.db.schema import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
