"""Schema 1: cards, faces, card_names, meta (Spellweb 0.1 before the search columns).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cards",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(300), nullable=False, index=True),
        sa.Column("ascii_name", sa.String(300)),
        sa.Column("layout", sa.String(32), nullable=False),
        sa.Column("mana_value", sa.Float, nullable=False),
        sa.Column("color_identity", sa.JSON, nullable=False),
        sa.Column("keywords", sa.JSON, nullable=False),
        sa.Column("legalities", sa.JSON, nullable=False),
        sa.Column("flavor_names", sa.JSON, nullable=False),
        sa.Column("data_source", sa.String(64), nullable=False),
    )
    op.create_table(
        "faces",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("card_id", sa.String(64), sa.ForeignKey("cards.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("name", sa.String(300), nullable=False),
        sa.Column("side", sa.String(4)),
        sa.Column("mana_cost", sa.String(100), nullable=False),
        sa.Column("mana_value", sa.Float, nullable=False),
        sa.Column("colors", sa.JSON, nullable=False),
        sa.Column("color_indicator", sa.JSON, nullable=False),
        sa.Column("type", sa.String(300), nullable=False),
        sa.Column("supertypes", sa.JSON, nullable=False),
        sa.Column("types", sa.JSON, nullable=False),
        sa.Column("subtypes", sa.JSON, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("power", sa.String(16)),
        sa.Column("toughness", sa.String(16)),
        sa.Column("loyalty", sa.String(16)),
        sa.Column("defense", sa.String(16)),
    )
    op.create_table(
        "card_names",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("card_id", sa.String(64), sa.ForeignKey("cards.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("kind", sa.Integer, nullable=False),
        sa.Column("face_index", sa.Integer, nullable=False),
    )
    op.create_index("ix_card_names_key", "card_names", ["key"])
    op.create_table(
        "meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("meta", "card_names", "faces", "cards"):
        op.drop_table(table)
