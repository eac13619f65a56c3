"""Schema 3: the user's own tags and notes on cards, kept across card-data imports.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "user_card_notes",
        sa.Column("name_key", sa.String(300), primary_key=True),
        sa.Column("name", sa.String(300), nullable=False),
        sa.Column("tags", sa.JSON, nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("updated_at", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("user_card_notes")
