"""Schema 5: each card's compiled profile stored beside it, with the compiler's version;
each face's own keywords (``faces.keywords``, filled by the next import).

Also drops the SQLite full-text table of schema 4 (``cards_fts`` with phrase positions): the
search builds the newer, smaller layout on first use (:mod:`analyzer.cards.db.fulltext`).
Plain ``CREATE TABLE`` / ``DROP TABLE``, never a batch table copy (see 0002).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "card_profiles",
        sa.Column("card_id", sa.String(64), primary_key=True),
        sa.Column("compiler_version", sa.Integer, nullable=False),
        sa.Column("card_hash", sa.String(64), nullable=False),
        sa.Column("profile", sa.Text, nullable=False),
    )
    op.add_column("faces", sa.Column("keywords", sa.JSON, nullable=False, server_default="[]"))
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TABLE IF EXISTS cards_fts")


def downgrade() -> None:
    op.drop_column("faces", "keywords")
    op.drop_table("card_profiles")
