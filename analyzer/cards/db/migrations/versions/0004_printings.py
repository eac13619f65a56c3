"""Schema 4: printings (set, collector number, rarity, Arena and MTGO ids) of each card.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "printings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("card_id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(300), nullable=False),
        sa.Column("face_name", sa.String(300)),
        sa.Column("side", sa.String(4)),
        sa.Column("set_code", sa.String(16), nullable=False),
        sa.Column("set_name", sa.String(300), nullable=False),
        sa.Column("set_type", sa.String(32), nullable=False),
        sa.Column("release_date", sa.String(10), nullable=False),
        sa.Column("collector_number", sa.String(16), nullable=False),
        sa.Column("rarity", sa.String(16), nullable=False),
        sa.Column("arena_id", sa.Integer),
        sa.Column("mtgo_id", sa.Integer),
        sa.Column("scryfall_id", sa.String(64)),
        sa.Column("oracle_id", sa.String(64)),
    )
    op.create_index("ix_printings_card_id", "printings", ["card_id"])
    op.create_index("ix_printings_set_code", "printings", ["set_code"])
    op.create_index("ix_printings_rarity", "printings", ["rarity"])


def downgrade() -> None:
    op.drop_table("printings")
