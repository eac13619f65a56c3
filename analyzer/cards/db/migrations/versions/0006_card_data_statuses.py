"""Schema 6: ``cards.is_game_changer`` (MTGJSON ``isGameChanger``, filled by the next import),
``card_profiles.produces`` (the colours a card's mana abilities add, for ``produces:``), and
``cards.legal_formats`` recomputed to hold restricted formats too (``f:vintage`` matches a
restricted card: it is legal, one copy).

Stored profiles lack ``produces``: they are marked stale (compiled again by the next
background compile or on first use, :mod:`analyzer.cards.profiles`). Plain ``ADD COLUMN``,
never a batch table copy (see 0002).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("cards", sa.Column("is_game_changer", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.add_column("card_profiles", sa.Column("produces", sa.Text, nullable=False,
                                             server_default=""))
    op.execute("UPDATE card_profiles SET compiler_version = -1")
    bind = op.get_bind()
    cards = sa.Table("cards", sa.MetaData(), autoload_with=bind)
    rows = bind.execute(sa.select(cards.c.id, cards.c.legalities).where(
        sa.cast(cards.c.legalities, sa.Text).contains('"Restricted"'))).all()
    for card_id, legalities in rows:
        values = json.loads(legalities) if isinstance(legalities, str) else legalities or {}
        formats = [k.lower() for k, v in values.items() if v in ("Legal", "Restricted")]
        bind.execute(cards.update().where(cards.c.id == card_id).values(
            legal_formats="|" + "|".join(formats) + "|" if formats else ""))


def downgrade() -> None:
    op.drop_column("card_profiles", "produces")
    op.drop_column("cards", "is_game_changer")
